import type { AspectJson } from './proposal.js';

/** The prefix of DataHub's system ownership type URNs (`...__system__technical_owner`). */
export const SYSTEM_TYPE_PREFIX = 'urn:li:ownershipType:__system__';

export interface OwnerRef {
  readonly owner: string;
  /** DataHub's OwnershipType (TECHNICAL_OWNER, ...); derived from `typeUrn` when that is a system type. */
  readonly type?: string | null | undefined;
  readonly typeUrn?: string | null | undefined;
}

export interface LinkRef {
  readonly url: string;
  readonly description: string;
  readonly actor?: string | undefined;
  readonly time?: number | undefined;
}

/** An Owner record of an owner reference, with its type and type URN filled in from each other. */
export function ownerRow(o: OwnerRef): AspectJson {
  const typeUrn = o.typeUrn ?? undefined;
  const system = typeUrn?.startsWith(SYSTEM_TYPE_PREFIX)
    ? typeUrn.slice(SYSTEM_TYPE_PREFIX.length).toUpperCase()
    : undefined;
  const type = o.type ?? system ?? (typeUrn ? 'CUSTOM' : 'TECHNICAL_OWNER');
  return {
    owner: o.owner,
    type,
    typeUrn: typeUrn ?? `${SYSTEM_TYPE_PREFIX}${type.toLowerCase()}`,
  };
}

/** An InstitutionalMemoryMetadata record of a link. */
export function linkRow(l: LinkRef, stamp: { time: number; actor: string }): AspectJson {
  return {
    url: l.url,
    description: l.description,
    createStamp: { time: l.time ?? stamp.time, actor: l.actor ?? stamp.actor },
  };
}

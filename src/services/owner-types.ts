import type { AspectValue, WriteHook } from './write-hooks.js';

/** The ownership type of an owner with neither a type URN nor a (deprecated) type: DataHub's default. */
export const NO_OWNERSHIP_TYPE = 'urn:li:ownershipType:__system__none';

interface OwnerValue {
  readonly owner?: unknown;
  readonly type?: unknown;
  readonly typeUrn?: unknown;
}

/** The ownership type URN an owner counts under: its `typeUrn`, else the system type of its `type`. */
function typeOf(owner: OwnerValue): string {
  if (typeof owner.typeUrn === 'string') return owner.typeUrn;
  if (typeof owner.type === 'string') return `urn:li:ownershipType:__system__${owner.type.toLowerCase()}`;
  return NO_OWNERSHIP_TYPE;
}

/**
 * `ownership.ownerTypes`, the owners grouped by ownership type, as DataHub's service computes it on every
 * write of `ownership` (whatever the client sent in it): keys are type URNs with their dots written
 * `%2E` (DataHub's map keys are search field names), each owner once per type. An empty owner list leaves
 * the value as sent, as DataHub does.
 */
export function withOwnerTypes(
  ownership: Readonly<Record<string, unknown>>,
): Readonly<Record<string, unknown>> | undefined {
  const owners = ownership.owners;
  if (!Array.isArray(owners) || !owners.length) return undefined;
  const byType = new Map<string, string[]>();
  for (const o of owners as OwnerValue[]) {
    if (typeof o.owner !== 'string') continue;
    const key = typeOf(o).replaceAll('.', '%2E');
    const list = byType.get(key) ?? [];
    if (!list.includes(o.owner)) list.push(o.owner);
    byType.set(key, list);
  }
  return { ...ownership, ownerTypes: Object.fromEntries(byType) };
}

/** The write hook that completes every `ownership` value with its `ownerTypes`, on every route. */
export const ownerTypesHook: WriteHook = {
  name: 'ownership owner types',
  complete(v: AspectValue) {
    return v.aspect === 'ownership' ? withOwnerTypes(v.value) : undefined;
  },
};

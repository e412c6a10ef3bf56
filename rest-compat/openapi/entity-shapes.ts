import type { FastifyRequest } from 'fastify';
import { BadRequestError } from '../../src/errors/index.js';
import type { AspectWrite, EntityView, EnvelopedAspect } from '../../src/services/index.js';
import { isObj, type Json } from './params.js';
import { defaultRegistry, wireValue } from '../../src/registry/index.js';

const REGISTRY = defaultRegistry();

/** The two wire forms of the versioned entity API. */
export type ApiVersion = 'v2' | 'v3';

/** An aspect as v2/v3 return it: `{value}`, plus `systemMetadata` (and in v3 `auditStamp`) when asked. */
export function aspectOut(a: EnvelopedAspect, version: ApiVersion, withSystemMetadata: boolean): Json {
  // Doubles as DataHub writes them (`30.0`).
  const value = wireValue(REGISTRY, a.name, a.value, a.defaulted) as Json;
  if (!withSystemMetadata) return { value };
  return {
    value,
    // Which of the aspect's values this is, as DataHub counts them (what `If-Version-Match` names).
    systemMetadata: { ...(a.systemMetadata ?? {}), version: revisionOf(a) },
    ...(version === 'v3' && a.created.actor ? { auditStamp: a.created } : {}),
  };
}

const revisionOf = (a: EnvelopedAspect): string => {
  const known = a.systemMetadata?.version;
  return typeof known === 'string' ? known : String(a.version || 1);
};

/** An entity: v3 `{urn, <aspect>: {...}}`, v2 `{urn, aspects: {<aspect>: {...}}}`. */
export function entityOut(view: EntityView, version: ApiVersion, withSystemMetadata: boolean): Json {
  const aspects = Object.fromEntries(
    Object.entries(view.aspects).map(([name, a]) => [name, aspectOut(a, version, withSystemMetadata)]),
  );
  return version === 'v3' ? { urn: view.urn, ...aspects } : { urn: view.urn, aspects };
}

/** The aspect writes of a list body (v3 entities with aspects as keys; v2 entities with `aspects`). */
export function writesOf(body: unknown, version: ApiVersion): AspectWrite[] {
  if (!Array.isArray(body)) return [];
  return body.flatMap((item: unknown) => {
    if (!isObj(item) || typeof item.urn !== 'string' || !item.urn)
      throw new BadRequestError('Missing `urn` field');
    const urn = item.urn;
    let entries: [string, unknown][];
    if (version === 'v2') {
      if (!isObj(item.aspects)) throw new BadRequestError('Missing `aspects` field');
      entries = Object.entries(item.aspects);
    } else entries = Object.entries(item).filter(([k]) => k !== 'urn');
    return entries.map(([aspect, a]) => {
      if (!isObj(a)) throw new BadRequestError(`Aspect ${aspect} of ${urn} must be an object with a value`);
      // Conditional writes (`If-Version-Match`) are v3's: DataHub's v2 routes take no aspect headers.
      const headers = version === 'v2' && isObj(a.headers) ? withoutConditions(a.headers) : a.headers;
      return { urn, aspect, value: a.value, systemMetadata: a.systemMetadata, headers };
    });
  });
}

const withoutConditions = (headers: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(headers).filter(([k]) => k.toLowerCase() !== 'if-version-match'));

/**
 * The written aspects grouped per entity, as the write routes answer (echoing values when async); `more`
 * gives what an aspect's answer holds besides its value (its system metadata when asked).
 */
export function echo(
  writes: readonly AspectWrite[],
  version: ApiVersion,
  more: (w: AspectWrite, index: number) => Json | undefined = () => undefined,
): Json[] {
  const byUrn = new Map<string, Json>();
  writes.forEach((w, i) => {
    const e = byUrn.get(w.urn) ?? {};
    e[w.aspect] = { value: w.value, ...more(w, i) };
    byUrn.set(w.urn, e);
  });
  return [...byUrn].map(([urn, aspects]) => (version === 'v3' ? { urn, ...aspects } : { urn, aspects }));
}

/** Whether any written aspect asked for the search index to be updated before the answer. */
export const wantsSyncIndex = (writes: readonly AspectWrite[]): boolean =>
  writes.some(
    (w) => isObj(w.headers) && String(w.headers['X-DataHub-Sync-Index-Update']).toLowerCase() === 'true',
  );

/**
 * The URN (and aspect name) after `/entity/<name>/` in a request path: the URN raw or percent-encoded;
 * a raw URN's own slashes are kept by joining segments until its parentheses balance.
 */
export function urnAndAspect(req: FastifyRequest): { urn: string; aspect?: string } {
  const path = (req.raw.url ?? req.url).split('?')[0] ?? '';
  const m = /\/openapi\/v[23]\/entity\/[^/]+\/(.+)$/.exec(path);
  if (!m?.[1]) throw new BadRequestError('Missing URN in path');
  const segments = m[1].split('/');
  let raw = segments.shift() as string;
  const depth = (s: string): number => (s.match(/\(/g)?.length ?? 0) - (s.match(/\)/g)?.length ?? 0);
  while (segments.length && depth(decode(raw)) > 0) raw += `/${segments.shift()}`;
  const urn = decode(raw);
  if (!urn.startsWith('urn:li:')) throw new BadRequestError(`Invalid urn!: ${urn}`);
  if (segments.length > 1)
    throw new BadRequestError(`Unexpected path after the aspect: /${segments.join('/')}`);
  return segments[0] ? { urn, aspect: decode(segments[0]) } : { urn };
}

function decode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    throw new BadRequestError(`Malformed percent-encoding in path: ${s}`);
  }
}

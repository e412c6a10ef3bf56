/** Small helpers the change-event generators share. */

export type Value = Readonly<Record<string, unknown>> | undefined;

export const list = (v: unknown): Record<string, unknown>[] =>
  Array.isArray(v) ? v.filter((x): x is Record<string, unknown> => typeof x === 'object' && x !== null) : [];

export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** The last part of a simple URN: `urn:li:tag:PII` -> `PII`. */
export const idOf = (urn: string): string => urn.split(':').slice(3).join(':');

/** Items by key, in the order they come. */
export function byKey<T>(items: readonly T[], key: (item: T) => string | undefined): Map<string, T> {
  const out = new Map<string, T>();
  for (const item of items) {
    const k = key(item);
    if (k !== undefined && !out.has(k)) out.set(k, item);
  }
  return out;
}

/** What is only in `after` (added), only in `before` (removed), and in both (kept: before, after). */
export function keyedDiff<T>(
  before: ReadonlyMap<string, T>,
  after: ReadonlyMap<string, T>,
): { added: [string, T][]; removed: [string, T][]; kept: [string, T, T][] } {
  const added: [string, T][] = [];
  const removed: [string, T][] = [];
  const kept: [string, T, T][] = [];
  for (const [k, v] of after) {
    const old = before.get(k);
    if (old === undefined) added.push([k, v]);
    else kept.push([k, old, v]);
  }
  for (const [k, v] of before) if (!after.has(k)) removed.push([k, v]);
  return { added, removed, kept };
}

export { schemaFieldPath, schemaFieldUrn } from '../../urn/index.js';

const V2_PREFIX = '[version=2.0]';

/**
 * A field path as people read it, as DataHub downgrades a v2 path: without its `[version=2.0]` prefix
 * and its `[...]` type parts (`[version=2.0].[type=struct].a.[type=int].b` -> `a.b`); a v1 path as it is.
 */
export const readablePath = (path: string): string =>
  path.startsWith(V2_PREFIX)
    ? path
        .slice(V2_PREFIX.length)
        .split('.')
        .filter((t) => t !== '' && !(t.startsWith('[') && t.endsWith(']')))
        .join('.')
    : path;

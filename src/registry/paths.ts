/**
 * The values at an annotation path inside an aspect value. Segments are field names; `*` walks every
 * element of an array or value of a map; arrays met without `*` are walked through. At the end, arrays are
 * flattened. With `mapEntries`, a map reached by a final `*` yields `key=value` strings (how DataHub
 * indexes `customProperties`).
 */
export function valuesAtPath(value: unknown, path: string, opts: { mapEntries?: boolean } = {}): unknown[] {
  return walk(value, path.split('/').filter(Boolean), opts.mapEntries === true);
}

function walk(value: unknown, segments: readonly string[], mapEntries: boolean): unknown[] {
  if (segments.length === 0)
    return Array.isArray(value) ? value.flatMap((v) => walk(v, [], mapEntries)) : [value];
  if (value === null || typeof value !== 'object') return [];
  const [head, ...rest] = segments as [string, ...string[]];
  if (head === '*') {
    if (Array.isArray(value)) return value.flatMap((v) => walk(v, rest, mapEntries));
    const entries = Object.entries(value as Record<string, unknown>);
    if (rest.length === 0 && mapEntries)
      return entries.map(([k, v]) => (typeof v === 'string' ? `${k}=${v}` : k));
    return entries.flatMap(([, v]) => walk(v, rest, mapEntries));
  }
  if (Array.isArray(value)) return value.flatMap((v) => walk(v, segments, mapEntries));
  return walk((value as Record<string, unknown>)[head], rest, mapEntries);
}

/** Annotation paths split once: they come from the registry, a fixed set. */
const SPLIT = new Map<string, readonly string[]>();
const MAX_SPLIT = 10_000;

/**
 * The values at an annotation path inside an aspect value. Segments are field names; `*` walks every
 * element of an array or value of a map; arrays met without `*` are walked through. At the end, arrays are
 * flattened. With `mapEntries`, a map reached by a final `*` yields `key=value` strings (how DataHub
 * indexes `customProperties`).
 */
export function valuesAtPath(value: unknown, path: string, opts: { mapEntries?: boolean } = {}): unknown[] {
  let segments = SPLIT.get(path);
  if (!segments) {
    segments = path.split('/').filter(Boolean);
    if (SPLIT.size < MAX_SPLIT) SPLIT.set(path, segments);
  }
  const out: unknown[] = [];
  collect(value, segments, 0, opts.mapEntries === true, out);
  return out;
}

/** Walks `value` from segment `at` on, pushing what it finds (one output list, no copies of the path). */
function collect(
  value: unknown,
  segments: readonly string[],
  at: number,
  mapEntries: boolean,
  out: unknown[],
): void {
  if (at === segments.length) {
    if (!Array.isArray(value)) out.push(value);
    else for (const v of value) collect(v, segments, at, mapEntries, out);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    // `*` steps into the elements; a field name walks through the array to each element's field.
    const next = segments[at] === '*' ? at + 1 : at;
    for (const v of value) collect(v, segments, next, mapEntries, out);
    return;
  }
  const head = segments[at] as string;
  if (head !== '*') {
    if (Object.hasOwn(value, head))
      collect((value as Record<string, unknown>)[head], segments, at + 1, mapEntries, out);
    return;
  }
  if (at + 1 === segments.length && mapEntries) {
    for (const [k, v] of Object.entries(value)) out.push(typeof v === 'string' ? `${k}=${v}` : k);
    return;
  }
  for (const v of Object.values(value)) collect(v, segments, at + 1, mapEntries, out);
}

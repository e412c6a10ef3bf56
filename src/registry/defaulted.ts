/**
 * The fields validation filled with their defaults, by JSON pointer. DataHub's service stores a value
 * as its client sent it and its answers leave such fields out; neohub stores the filled value (every
 * reader inside sees the defaults, as DataHub's own getters do) and the pointers beside it, and the
 * answers on the wire drop them (docs/decisions/0066).
 */

const unescape = (segment: string): string =>
  segment.includes('~') ? segment.replace(/~1/g, '/').replace(/~0/g, '~') : segment;

const segments = (pointer: string): string[] => {
  const parts = pointer.split('/');
  parts.shift();
  return pointer.includes('~') ? parts.map(unescape) : parts;
};

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function at(value: unknown, path: readonly string[]): unknown {
  let v = value;
  for (const k of path) {
    if (Array.isArray(v)) v = v[Number(k)];
    else if (isObject(v) && Object.prototype.hasOwnProperty.call(v, k)) v = v[k];
    else return undefined;
  }
  return v;
}

/** Pointers of fields filled with defaults, each with its default as JSON text. */
export type Defaulted = Readonly<Record<string, string>>;

/** The value at each pointer, as JSON text, to tell later whether something changed it. */
export function filledDefaults(value: unknown, pointers: readonly string[]): Defaulted {
  return Object.fromEntries(pointers.map((p) => [p, JSON.stringify(at(value, segments(p))) ?? '']));
}

/** Those of `filled` whose field still holds the default it was filled with (a write step may set one). */
export function stillDefaulted(value: unknown, filled: Defaulted): Defaulted {
  return Object.fromEntries(
    Object.entries(filled).filter(([p, text]) => JSON.stringify(at(value, segments(p))) === text),
  );
}

/** The pointers stored beside a value (JSON text, or absent when nothing was filled). */
export function parseDefaulted(stored: string | null | undefined): Defaulted | undefined {
  if (!stored) return undefined;
  const parsed = JSON.parse(stored) as unknown;
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
    ? (parsed as Defaulted)
    : undefined;
}

/**
 * A copy of `value` without the fields filled with defaults (only the objects on their way are copied).
 * A field goes only while it holds its default: where a list was filtered since, a pointer may name
 * another item, and a field that holds its default says nothing a reader does not know.
 */
export function withoutDefaulted<T>(value: T, defaulted: Defaulted | undefined): T {
  let out: unknown = value;
  for (const [p, text] of Object.entries(defaulted ?? {})) out = remove(out, segments(p), text);
  return out as T;
}

function remove(v: unknown, path: readonly string[], text: string): unknown {
  const [k, ...rest] = path;
  if (k === undefined) return v;
  if (Array.isArray(v)) {
    const i = Number(k);
    if (!Number.isInteger(i) || i < 0 || i >= v.length) return v;
    const inner = remove(v[i], rest, text);
    if (inner === v[i]) return v;
    const copy = v.slice();
    copy[i] = inner;
    return copy;
  }
  if (!isObject(v) || !Object.prototype.hasOwnProperty.call(v, k)) return v;
  if (rest.length) {
    const inner = remove(v[k], rest, text);
    return inner === v[k] ? v : { ...v, [k]: inner };
  }
  if (JSON.stringify(v[k]) !== text) return v;
  const copy = { ...v };
  delete copy[k];
  return copy;
}

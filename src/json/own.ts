/**
 * Plain JSON data indexed by keys that come from clients. A key such as `__proto__` must stay data: read
 * only own properties (an inherited `constructor` or `toString` is not a value of the document) and write
 * with define semantics (an assignment to `__proto__` would replace the object's prototype instead).
 */
export type Json = unknown;
export type JsonObject = Record<string, Json>;

/** Names that reach an object's prototype chain when used as keys of a walk: refused in paths. */
export const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

export const isPrototypeKey = (key: string): boolean => PROTOTYPE_KEYS.has(key);

export const isJsonObject = (v: Json): v is JsonObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The own property `key` of `obj`, or undefined (never an inherited member). */
export const getOwn = (obj: object, key: string): Json =>
  Object.hasOwn(obj, key) ? (obj as JsonObject)[key] : undefined;

/** Sets `obj[key]` as an own, enumerable data property, whatever the key. */
export function setOwn<T extends object>(obj: T, key: string, value: Json): T {
  return Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A lookup in a constant table keyed by a client's name: undefined for inherited names. */
export const lookup = <V>(table: Readonly<Record<string, V>>, key: string): V | undefined =>
  Object.hasOwn(table, key) ? table[key] : undefined;

/**
 * Keyed arrays: for patching, an array of records whose elements are identified by key fields is seen
 * as nested maps (key1 -> key2 -> ... -> element), so that a JSON Patch path like
 * `/owners/urn:li:corpuser:jdoe/DATAOWNER` addresses one element. Missing key values count as "".
 */
export interface KeyedArraySpec {
  /** Path to the array, `*` matching any map key or array element on the way. */
  readonly path: readonly string[];
  /**
   * Key fields in nesting order; a nested field is written with `␟` (or `.`) between its parts, and
   * SELF keys an array of strings by each string.
   */
  readonly keys: readonly string[];
  /** A conversion of its own, for templates that key by the members of a list (fine-grained lineage). */
  readonly toMap?: (array: readonly Json[]) => Obj;
  readonly fromMap?: (map: Obj) => Json[];
}

/** The key of an array of plain values: each value is its own key. */
export const SELF = '';

import { getOwn, isJsonObject as isObj, setOwn, type Json, type JsonObject as Obj } from '../json/index.js';

function keyOf(element: Json, field: string): string {
  if (field === SELF && !isObj(element))
    return element === undefined || element === null ? '' : String(element);
  let cur: Json = element;
  for (const part of field.split(/\u241f|\./)) cur = isObj(cur) ? getOwn(cur, part) : undefined;
  return cur === undefined || cur === null ? '' : String(cur);
}

export function arrayToKeyed(arr: readonly Json[], keys: readonly string[]): Obj {
  const root: Obj = {};
  for (const el of arr) {
    let node = root;
    keys.forEach((k, depth) => {
      const key = keyOf(el, k);
      const next = getOwn(node, key);
      if (depth === keys.length - 1) setOwn(node, key, el);
      else node = isObj(next) ? next : (setOwn(node, key, {})[key] as Obj);
    });
  }
  return root;
}

/**
 * The elements of a keyed map, outermost key first. A key that lived only in the patch path (a deep add
 * such as `/editableSchemaFieldInfo/<fieldPath>/glossaryTerms/...` on a new element) is written back into
 * an element that lacks it, as DataHub's templates restore it; only a plain field is restored (not a
 * nested one, not SELF), and never an empty key.
 */
export function keyedToArray(map: Json, keys: readonly string[]): Json[] {
  if (!isObj(map)) return Array.isArray(map) ? map : [];
  const [field, ...rest] = keys;
  return Object.entries(map).flatMap(([key, v]) => {
    const elements = rest.length ? keyedToArray(v, rest) : [v];
    if (field && key && !/\u241f|\./.test(field))
      for (const el of elements) if (isObj(el) && getOwn(el, field) === undefined) setOwn(el, field, key);
    return elements;
  });
}

/** Visits every container at `path` (wildcards expanded), calling `fn(parent, key)`. */
function visit(doc: Json, path: readonly string[], fn: (parent: Obj, key: string) => void): void {
  if (!isObj(doc) || path.length === 0) return;
  const [head, ...rest] = path as [string, ...string[]];
  const keys = head === '*' ? Object.keys(doc) : [head];
  for (const k of keys) {
    if (rest.length === 0) fn(doc, k);
    else visit(getOwn(doc, k), rest, fn);
  }
}

/** Converts the keyed arrays of `doc` to maps, outermost first (specs sorted by path length). */
export function toKeyed(doc: Json, specs: readonly KeyedArraySpec[]): void {
  for (const spec of [...specs].sort((a, b) => a.path.length - b.path.length)) {
    visit(doc, spec.path, (parent, key) => {
      const v = getOwn(parent, key);
      if (Array.isArray(v)) setOwn(parent, key, spec.toMap ? spec.toMap(v) : arrayToKeyed(v, spec.keys));
    });
  }
}

/** Converts the maps back to arrays, innermost first. */
export function fromKeyed(doc: Json, specs: readonly KeyedArraySpec[]): void {
  for (const spec of [...specs].sort((a, b) => b.path.length - a.path.length)) {
    visit(doc, spec.path, (parent, key) => {
      const v = getOwn(parent, key);
      if (isObj(v)) setOwn(parent, key, spec.fromMap ? spec.fromMap(v) : keyedToArray(v, spec.keys));
    });
  }
}

/** The spec whose array sits exactly at `path` (wildcards matching), if any. */
export function specAt(
  specs: readonly KeyedArraySpec[],
  path: readonly string[],
): KeyedArraySpec | undefined {
  return specs.find(
    (s) => s.path.length === path.length && s.path.every((p, i) => p === '*' || p === path[i]),
  );
}

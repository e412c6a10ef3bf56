import { BadRequestError, ValidationError } from '../errors/index.js';
import {
  MAX_JSON_DEPTH,
  copyJson,
  getOwn,
  isJsonObject,
  isPrototypeKey,
  setOwn,
  valueNestsDeeper,
  type Json,
  type JsonObject,
} from '../json/index.js';
import { arrayToKeyed, fromKeyed, specAt, toKeyed, type KeyedArraySpec } from './keyed-arrays.js';

export interface PatchOperation {
  readonly op: string;
  readonly path: string;
  readonly value?: unknown;
  readonly from?: string;
}

type Obj = JsonObject;
const isObj = isJsonObject;

/**
 * The segments of a JSON Pointer. A segment that would reach an object's prototype (`__proto__`,
 * `constructor`, `prototype`) is refused with a 422 naming the pointer and where it was sent (`at`).
 */
export function parsePointer(pointer: string, at = '/path'): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new BadRequestError(`Patch path must start with '/': ${pointer}`);
  const raw = pointer.slice(1).split('/', MAX_JSON_DEPTH + 1);
  if (raw.length > MAX_JSON_DEPTH)
    throw new BadRequestError(
      `Patch path at ${at} has more than ${MAX_JSON_DEPTH} segments (the limit of JSON nesting)`,
    );
  const segments = raw.map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  const bad = segments.find(isPrototypeKey);
  if (bad !== undefined)
    throw new ValidationError(`Patch path ${pointer} is refused: "${bad}" may not be a path segment`, [
      { path: at, message: `"${bad}" may not be a path segment` },
    ]);
  return segments;
}

/** A patch as read from a request; `arrayPrimaryKeys` or `forceGenericPatch` make it a generic patch. */
export interface PatchBody {
  readonly ops: PatchOperation[];
  readonly arrayPrimaryKeys: ReadonlyMap<string, readonly string[]>;
  readonly forceGenericPatch: boolean;
}

/**
 * Reads a patch body in either form DataHub clients send: a plain list of JSON Patch operations, or
 * `{patch: [...], arrayPrimaryKeys?: {field: [keys]}, forceGenericPatch?}`. A body nested deeper than
 * `MAX_JSON_DEPTH` (its values included), or whose `arrayPrimaryKeys` name more than that many field
 * segments and keys in all, is refused with a 400: applying it would overflow the stack.
 */
export function readPatchBody(body: Json): PatchBody {
  if (valueNestsDeeper(body))
    throw new BadRequestError(
      `Patch is nested deeper than ${MAX_JSON_DEPTH} levels (the limit of JSON nesting)`,
    );
  const list = Array.isArray(body) ? body : isObj(body) ? getOwn(body, 'patch') : undefined;
  if (!Array.isArray(list)) throw new BadRequestError('Missing `patch` field.');
  const ops = list.map((o: Json, i) => {
    if (!isObj(o) || typeof getOwn(o, 'op') !== 'string' || typeof getOwn(o, 'path') !== 'string') {
      throw new BadRequestError(`Invalid patch operation at /patch/${i}: needs string op and path`);
    }
    const from = getOwn(o, 'from');
    if (from !== undefined && typeof from !== 'string')
      throw new BadRequestError(`Invalid patch operation at /patch/${i}: from must be a string`);
    return o as unknown as PatchOperation;
  });
  const apk = isObj(body) ? getOwn(body, 'arrayPrimaryKeys') : undefined;
  const arrayPrimaryKeys = new Map<string, readonly string[]>();
  let names = 0;
  for (const [field, keys] of Object.entries(isObj(apk) ? apk : {})) {
    if (!Array.isArray(keys) || !keys.every((k) => typeof k === 'string')) {
      throw new BadRequestError(`arrayPrimaryKeys.${field} must be a list of field names`);
    }
    // Each key nests a keyed array one level deeper while the patch applies, each segment is a step of
    // the walks that convert them: bounded like JSON nesting.
    names += field.split(/\u241f|\//).length + keys.length;
    if (names > MAX_JSON_DEPTH)
      throw new BadRequestError(
        `arrayPrimaryKeys name more than ${MAX_JSON_DEPTH} field segments and keys (the limit of JSON nesting)`,
      );
    const bad = [field, ...keys].flatMap((k) => k.split(/\u241f|\/|\./)).find(isPrototypeKey);
    if (bad !== undefined)
      throw new ValidationError(`arrayPrimaryKeys.${field} is refused: "${bad}" may not name a field`, [
        { path: `/arrayPrimaryKeys/${field}`, message: `"${bad}" may not name a field` },
      ]);
    arrayPrimaryKeys.set(field, keys as string[]);
  }
  const forceGenericPatch = isObj(body) && getOwn(body, 'forceGenericPatch') === true;
  return { ops, arrayPrimaryKeys, forceGenericPatch };
}

/**
 * Applies JSON Patch operations to a copy of `current` with keyed arrays seen as maps. `add` creates
 * missing parents; `remove` of an absent path is a no-op and `*` in a removal path matches every key.
 * Paths walk own properties only, and values are written as own data properties, so no key of a
 * client reaches a prototype. Values are copied without recursion (`copyJson`), and a result nested
 * deeper than `MAX_JSON_DEPTH` (a deep value added at the end of a long path) is refused with a 400.
 */
export function applyPatch(
  current: Json,
  ops: readonly PatchOperation[],
  specs: readonly KeyedArraySpec[],
): Obj {
  const doc: Obj = isObj(current) ? copyJson(current) : {};
  toKeyed(doc, specs);
  ops.forEach((op, i) => applyOne(doc, op, specs, i));
  fromKeyed(doc, specs);
  if (valueNestsDeeper(doc))
    throw new BadRequestError(
      `The patched aspect would be nested deeper than ${MAX_JSON_DEPTH} levels (the limit of JSON nesting)`,
    );
  return doc;
}

function applyOne(doc: Obj, op: PatchOperation, specs: readonly KeyedArraySpec[], index: number): void {
  const path = parsePointer(op.path, `/patch/${index}/path`);
  if (path.length === 0)
    throw new ValidationError(`Patch operation ${index} may not target the whole aspect`, [
      { path: `/patch/${index}/path`, message: 'empty path' },
    ]);
  const keyedValue = (value: Json): Json => {
    const spec = specAt(specs, path);
    if (!spec || !Array.isArray(value)) return copyJson(value);
    return spec.toMap ? spec.toMap(copyJson(value)) : arrayToKeyed(copyJson(value), spec.keys);
  };
  const at = (message: string, field = 'path'): ValidationError =>
    new ValidationError(`Patch operation ${index} (${op.op}): ${message}`, [
      { path: `/patch/${index}/${field}`, message },
    ]);
  switch (op.op) {
    case 'add':
    case 'replace':
      if (!Object.hasOwn(op, 'value'))
        throw new BadRequestError(`Patch operation ${index} (${op.op}) needs a value`);
      setAt(doc, path, keyedValue(op.value), op.op === 'replace', at);
      return;
    case 'remove':
      removeAt(doc, path);
      return;
    case 'copy':
    case 'move': {
      const from = parsePointer(op.from ?? '', `/patch/${index}/from`);
      const value = getAt(doc, from);
      if (value === undefined) throw at(`nothing at ${op.from}`, 'from');
      if (op.op === 'move') removeAt(doc, from);
      setAt(doc, path, copyJson(value), false, at);
      return;
    }
    case 'test': {
      // The value tested may sit below a long path in a deep document: measured before it is serialized.
      const found = getAt(doc, path);
      if (valueNestsDeeper(found))
        throw new BadRequestError(
          `Patch operation ${index} (test): the value at ${op.path} is nested deeper than ${MAX_JSON_DEPTH} levels`,
        );
      if (JSON.stringify(found) !== JSON.stringify(op.value)) {
        throw new ValidationError(`Patch test failed at ${op.path}`, [
          { path: op.path, message: 'test failed' },
        ]);
      }
      return;
    }
    default:
      throw new BadRequestError(`Unknown patch op "${op.op}" at /patch/${index}/op`);
  }
}

/** An array index segment: digits only, without leading zeros; undefined otherwise. */
function arrayIndex(seg: string): number | undefined {
  return /^(0|[1-9][0-9]{0,8})$/.test(seg) ? Number(seg) : undefined;
}

/** The child of a container at one segment: own members and existing elements only. */
function child(cur: Json, seg: string): Json {
  if (Array.isArray(cur)) {
    const i = arrayIndex(seg);
    return i === undefined ? undefined : cur[i];
  }
  return isObj(cur) ? getOwn(cur, seg) : undefined;
}

function getAt(doc: Json, path: readonly string[]): Json {
  let cur: Json = doc;
  for (const seg of path) cur = child(cur, seg);
  return cur;
}

function setAt(
  doc: Obj,
  path: readonly string[],
  value: Json,
  replace: boolean,
  fail: (message: string) => Error,
): void {
  let cur: Json = doc;
  for (const seg of path.slice(0, -1)) {
    const next = child(cur, seg);
    if (isObj(next) || Array.isArray(next)) cur = next;
    else if (isObj(cur)) cur = setOwn(cur, seg, {})[seg];
    else throw fail(`no element ${seg} in the array on the way to the path`);
  }
  const last = path[path.length - 1] as string;
  if (Array.isArray(cur)) {
    const i = last === '-' ? cur.length : arrayIndex(last);
    if (i === undefined || i > cur.length || (replace && i >= cur.length))
      throw fail(`${last} is not an index of the array (length ${cur.length})`);
    cur.splice(i, replace ? 1 : 0, value);
  } else if (isObj(cur)) setOwn(cur, last, value);
}

function removeAt(doc: Json, path: readonly string[]): void {
  if (!isObj(doc) && !Array.isArray(doc)) return;
  const [head, ...rest] = path as [string, ...string[]];
  const keys = head === '*' && isObj(doc) ? Object.keys(doc) : [head];
  for (const k of keys) {
    if (rest.length) removeAt(child(doc, k), rest);
    else if (Array.isArray(doc)) {
      const i = arrayIndex(k);
      if (i !== undefined && i < doc.length) doc.splice(i, 1);
    } else if (Object.hasOwn(doc, k)) delete doc[k];
  }
}

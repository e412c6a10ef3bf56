import { BadRequestError, ValidationError } from '../errors/index.js';
import { arrayToKeyed, fromKeyed, specAt, toKeyed, type KeyedArraySpec } from './keyed-arrays.js';

export interface PatchOperation {
  readonly op: string;
  readonly path: string;
  readonly value?: unknown;
  readonly from?: string;
}

type Json = unknown;
type Obj = Record<string, Json>;
const isObj = (v: Json): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new BadRequestError(`Patch path must start with '/': ${pointer}`);
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * Reads a patch body in either form DataHub clients send: a plain list of JSON Patch operations, or
 * `{patch: [...], arrayPrimaryKeys?: {field: [keys]}, forceGenericPatch?}`.
 */
export function readPatchBody(body: Json): {
  ops: PatchOperation[];
  arrayPrimaryKeys: Record<string, string[]>;
} {
  const list = Array.isArray(body) ? body : isObj(body) ? body.patch : undefined;
  if (!Array.isArray(list)) throw new BadRequestError('Missing `patch` field.');
  const ops = list.map((o, i) => {
    if (!isObj(o) || typeof o.op !== 'string' || typeof o.path !== 'string') {
      throw new BadRequestError(`Invalid patch operation at /patch/${i}: needs string op and path`);
    }
    return o as unknown as PatchOperation;
  });
  const apk = isObj(body) && isObj(body.arrayPrimaryKeys) ? body.arrayPrimaryKeys : {};
  const arrayPrimaryKeys: Record<string, string[]> = {};
  for (const [field, keys] of Object.entries(apk)) {
    if (!Array.isArray(keys) || !keys.every((k) => typeof k === 'string')) {
      throw new BadRequestError(`arrayPrimaryKeys.${field} must be a list of field names`);
    }
    arrayPrimaryKeys[field] = keys as string[];
  }
  return { ops, arrayPrimaryKeys };
}

/**
 * Applies JSON Patch operations to a copy of `current` with keyed arrays seen as maps. `add` creates
 * missing parents; `remove` of an absent path is a no-op and `*` in a removal path matches every key.
 */
export function applyPatch(
  current: Json,
  ops: readonly PatchOperation[],
  specs: readonly KeyedArraySpec[],
): Obj {
  const doc: Obj = isObj(current) ? structuredClone(current) : {};
  toKeyed(doc, specs);
  ops.forEach((op, i) => applyOne(doc, op, specs, i));
  fromKeyed(doc, specs);
  return doc;
}

function applyOne(doc: Obj, op: PatchOperation, specs: readonly KeyedArraySpec[], index: number): void {
  const path = parsePointer(op.path);
  if (path.length === 0)
    throw new ValidationError(`Patch operation ${index} may not target the whole aspect`, [
      { path: `/patch/${index}/path`, message: 'empty path' },
    ]);
  const keyedValue = (value: Json): Json => {
    const spec = specAt(specs, path);
    return spec && Array.isArray(value)
      ? arrayToKeyed(structuredClone(value), spec.keys)
      : structuredClone(value);
  };
  switch (op.op) {
    case 'add':
    case 'replace':
      if (!('value' in op)) throw new BadRequestError(`Patch operation ${index} (${op.op}) needs a value`);
      setAt(doc, path, keyedValue(op.value));
      return;
    case 'remove':
      removeAt(doc, path);
      return;
    case 'copy':
    case 'move': {
      const from = parsePointer(op.from ?? '');
      const value = getAt(doc, from);
      if (value === undefined)
        throw new ValidationError(`Patch operation ${index}: nothing at ${op.from}`, [
          { path: `/patch/${index}/from`, message: 'path not found' },
        ]);
      if (op.op === 'move') removeAt(doc, from);
      setAt(doc, path, structuredClone(value));
      return;
    }
    case 'test':
      if (JSON.stringify(getAt(doc, path)) !== JSON.stringify(op.value)) {
        throw new ValidationError(`Patch test failed at ${op.path}`, [
          { path: op.path, message: 'test failed' },
        ]);
      }
      return;
    default:
      throw new BadRequestError(`Unknown patch op "${op.op}" at /patch/${index}/op`);
  }
}

function getAt(doc: Json, path: readonly string[]): Json {
  let cur: Json = doc;
  for (const seg of path) {
    if (Array.isArray(cur)) cur = cur[Number(seg)];
    else if (isObj(cur)) cur = cur[seg];
    else return undefined;
  }
  return cur;
}

function setAt(doc: Obj, path: readonly string[], value: Json): void {
  let cur: Json = doc;
  path.slice(0, -1).forEach((seg) => {
    if (Array.isArray(cur)) cur = cur[Number(seg)];
    else if (isObj(cur)) cur = isObj(cur[seg]) || Array.isArray(cur[seg]) ? cur[seg] : (cur[seg] = {});
  });
  const last = path[path.length - 1] as string;
  if (Array.isArray(cur)) {
    if (last === '-') cur.push(value);
    else cur.splice(Number(last), 0, value);
  } else if (isObj(cur)) cur[last] = value;
}

function removeAt(doc: Json, path: readonly string[]): void {
  if (!isObj(doc) && !Array.isArray(doc)) return;
  const [head, ...rest] = path as [string, ...string[]];
  const keys = head === '*' && isObj(doc) ? Object.keys(doc) : [head];
  for (const k of keys) {
    if (rest.length === 0) {
      if (Array.isArray(doc)) doc.splice(Number(k), 1);
      else delete (doc as Obj)[k];
    } else removeAt(Array.isArray(doc) ? doc[Number(k)] : (doc as Obj)[k], rest);
  }
}

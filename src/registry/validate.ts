import type { Violation } from '../errors/index.js';
import { parseUrn } from '../urn/index.js';
import { resolve, timeProblem, type RecordSchema, type Schema } from './schema.js';

/**
 * Checks a JSON value against a schema the way Rest.li does, and returns a normalized copy: record
 * fields in schema order, nulls of optional fields dropped, defaults of omitted fields filled in.
 * A record field the schema lacks is left out of the copy and listed in `dropped` (its JSON pointer),
 * as DataHub's service drops it: a newer client's field is not an error (docs/decisions/0050). Every
 * other mismatch, an unknown union member included, is a violation. The pointers of the fields filled
 * with their defaults are listed in `defaulted`: DataHub stores a value as sent, so its answers leave
 * them out (docs/decisions/0066).
 */
export function validateValue(
  value: unknown,
  schema: Schema,
  path = '',
): { value: unknown; violations: Violation[]; dropped: string[]; defaulted: string[] } {
  const out: Out = { violations: [], dropped: [], defaulted: [] };
  const normalized = check(value, schema, path, out);
  return { value: normalized, violations: out.violations, dropped: out.dropped, defaulted: out.defaulted };
}

interface Out {
  readonly violations: Violation[];
  readonly dropped: string[];
  readonly defaulted: string[];
}

type Json = unknown;

const TYPE_NAMES: Record<string, string> = {
  string: 'String',
  int: 'Integer',
  long: 'Long',
  float: 'Float',
  double: 'Double',
  boolean: 'Boolean',
  bytes: 'ByteString',
};

function describe(v: Json): string {
  const s = JSON.stringify(v);
  return s === undefined ? String(v) : s.length > 80 ? `${s.slice(0, 77)}...` : s;
}

function isObject(v: Json): v is Record<string, Json> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function check(v: Json, schema: Schema, path: string, out: Out): Json {
  const s = resolve(schema);
  const at = path === '' ? '/' : path;
  const fail = (message: string): Json => {
    out.violations.push({ path: at, message });
    return v;
  };
  switch (s.kind) {
    case 'string':
    case 'bytes':
      return typeof v === 'string' ? v : fail(`${describe(v)} cannot be coerced to ${TYPE_NAMES[s.kind]}`);
    case 'boolean':
      return typeof v === 'boolean' ? v : fail(`${describe(v)} cannot be coerced to Boolean`);
    case 'int':
    case 'long':
      if (typeof v !== 'number' || !Number.isInteger(v))
        return fail(`${describe(v)} cannot be coerced to ${TYPE_NAMES[s.kind]}`);
      if (s.kind === 'int' && (v > 2147483647 || v < -2147483648))
        return fail(`${v} is out of range for Integer`);
      // A JSON number past 2^53 has already lost digits: refused rather than stored wrong.
      if (!Number.isSafeInteger(v)) return fail(`${v} is out of range for Long (beyond ±(2^53 - 1))`);
      if (s.time) {
        const problem = timeProblem(v);
        if (problem) return fail(problem);
      }
      return v;
    case 'float':
    case 'double':
      return typeof v === 'number' && Number.isFinite(v)
        ? v
        : fail(`${describe(v)} cannot be coerced to ${TYPE_NAMES[s.kind]}`);
    case 'null':
      return v === null ? v : fail(`${describe(v)} is not null`);
    case 'urn': {
      if (typeof v !== 'string') return fail(`${describe(v)} cannot be coerced to Urn`);
      const parsed = parseUrn(v);
      if (typeof parsed === 'string') return fail(parsed);
      // A field the model types as a URN of given kinds (DatasetUrn, CorpuserUrn...) takes only those.
      if (s.entityTypes?.length && !s.entityTypes.includes(parsed.entityType))
        return fail(wrongKind(s.entityTypes, parsed.entityType, v));
      return v;
    }
    case 'enum':
      return typeof v === 'string' && s.symbols.includes(v)
        ? v
        : fail(`${describe(v)} is not an enum symbol of ${s.name}`);
    case 'array':
      if (!Array.isArray(v)) return fail(`${describe(v)} is not an array`);
      return v.map((item, i) => check(item, s.items, `${path}/${i}`, out));
    case 'map': {
      if (!isObject(v)) return fail(`${describe(v)} is not a map`);
      const res: Record<string, Json> = {};
      for (const [k, item] of Object.entries(v))
        Object.defineProperty(res, k, {
          value: check(item, s.values, `${path}/${escape(k)}`, out),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      return res;
    }
    case 'union': {
      if (!isObject(v)) return fail(`${describe(v)} is not a union: expected an object with one member key`);
      const keys = Object.keys(v);
      if (keys.length !== 1) return fail(`union must have exactly one member key, found ${keys.length}`);
      const key = keys[0] as string;
      const member = s.members[s.keys.indexOf(key)];
      if (!member) {
        const allowed = s.keys.join(', ');
        return fail(`"${key}" is not a member type of union [ ${allowed} ]`);
      }
      return { [key]: check(v[key], member, `${path}/${escape(key)}`, out) };
    }
    case 'record':
      return checkRecord(v, s, path, out);
  }
}

function checkRecord(v: Json, s: RecordSchema, path: string, out: Out): Json {
  if (!isObject(v)) {
    out.violations.push({
      path: path === '' ? '/' : path,
      message: `${describe(v)} is not a record of type ${s.name}`,
    });
    return v;
  }
  const res: Record<string, Json> = {};
  for (const field of s.fields) {
    const fv = v[field.name];
    if (fv === undefined || fv === null) {
      if (field.default !== undefined) {
        out.defaulted.push(`${path}/${field.name}`);
        res[field.name] = filledDefault(field);
      } else if (!field.optional)
        out.violations.push({
          path: `${path}/${field.name}`,
          message: 'field is required but not found and has no default value',
        });
      continue;
    }
    res[field.name] = check(fv, field.schema, `${path}/${field.name}`, out);
  }
  const names = fieldNames(s);
  for (const key in v)
    if (Object.hasOwn(v, key) && !names.has(key)) out.dropped.push(`${path}/${escape(key)}`);
  return res;
}

type Field = RecordSchema['fields'][number];

/** The names of a record's fields, once per record schema. */
const namesOf = new WeakMap<RecordSchema, ReadonlySet<string>>();
function fieldNames(s: RecordSchema): ReadonlySet<string> {
  let names = namesOf.get(s);
  if (!names) namesOf.set(s, (names = new Set(s.fields.map((f) => f.name))));
  return names;
}

/** A field's default as validation normalizes it, worked out once per field. */
const defaultsOf = new WeakMap<Field, Json>();
/**
 * The value an omitted field is filled with: its default, normalized. The default is shared by every
 * value, so an object or list is copied for each, a scalar needs no copy.
 */
function filledDefault(field: Field): Json {
  let normalized = defaultsOf.get(field);
  if (normalized === undefined) {
    normalized = check(structuredClone(field.default), field.schema, '', {
      violations: [],
      dropped: [],
      defaulted: [],
    });
    defaultsOf.set(field, normalized);
  }
  return typeof normalized === 'object' && normalized !== null ? structuredClone(normalized) : normalized;
}

/** The message of a URN whose entity kind is not one the field takes. */
export function wrongKind(expected: readonly string[], got: string, urn: string): string {
  const kinds = expected.length === 1 ? `kind ${expected[0]}` : `one of the kinds ${expected.join(', ')}`;
  return `expected a URN of ${kinds}, got one of kind ${got}: ${describe(urn)}`;
}

/** JSON-pointer escaping of one path segment. */
export const escape = (segment: string): string =>
  segment.includes('~') || segment.includes('/') ? segment.replace(/~/g, '~0').replace(/\//g, '~1') : segment;

/** Formats violations like Rest.li's validator: `ERROR :: /path :: message`. */
export function formatViolations(recordName: string, violations: readonly Violation[]): string {
  const lines = violations.map((x) => `ERROR :: ${x.path} :: ${x.message}`);
  return `Failed to validate record with class ${recordName}: ${lines.join('\n')}\n`;
}

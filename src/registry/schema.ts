/**
 * The schema language of aspects: a small algebra of PDL-like types (records, arrays, maps, unions keyed
 * by member name, enums, primitives, URNs). Validation, edge extraction, search documents, GraphQL types
 * and the OpenAPI document are all derived from values of this type.
 */
export type Schema =
  PrimitiveSchema | UrnSchema | EnumSchema | ArraySchema | MapSchema | RecordSchema | UnionSchema | RefSchema;

export interface PrimitiveSchema {
  readonly kind: 'string' | 'int' | 'long' | 'float' | 'double' | 'boolean' | 'bytes' | 'null';
  /** A long that holds a time in epoch milliseconds (DataHub's `Time` typeref): kept to TIME_WINDOW. */
  readonly time?: true;
}
/** A string that must parse as a URN; `entityTypes` narrows the allowed entity types when given. */
export interface UrnSchema {
  readonly kind: 'urn';
  readonly entityTypes?: readonly string[];
}
export interface EnumSchema {
  readonly kind: 'enum';
  readonly name: string;
  readonly symbols: readonly string[];
}
export interface ArraySchema {
  readonly kind: 'array';
  readonly items: Schema;
}
export interface MapSchema {
  readonly kind: 'map';
  readonly values: Schema;
}
export interface Field {
  readonly name: string;
  readonly schema: Schema;
  readonly optional: boolean;
  readonly default?: unknown;
  readonly doc?: string;
  readonly deprecated?: true;
}
export interface RecordSchema {
  readonly kind: 'record';
  /** Fully-qualified record name, e.g. `com.linkedin.common.Ownership`. */
  readonly name: string;
  readonly fields: readonly Field[];
  readonly doc?: string;
}
/**
 * A union is written as `{"<member key>": value}`: the member key is a record's or enum's FQN or a
 * primitive's name, or, in an aliased union (Pegasus' `union[costId: double, ...]`), the alias.
 * `keys[i]` is the key of `members[i]`.
 */
export interface UnionSchema {
  readonly kind: 'union';
  readonly members: readonly Schema[];
  readonly keys: readonly string[];
}
/** A lazy reference, for recursive records. */
export interface RefSchema {
  readonly kind: 'ref';
  readonly name: string;
  readonly get: () => Schema;
}

const prim = (kind: PrimitiveSchema['kind']): PrimitiveSchema => Object.freeze({ kind });
export const string = prim('string');
export const int = prim('int');
export const long = prim('long');
/** A time in epoch milliseconds (a long, within TIME_WINDOW). */
export const time: PrimitiveSchema = Object.freeze({ kind: 'long', time: true });

/** The times an aspect may hold: 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z, in epoch milliseconds. */
export const TIME_WINDOW = Object.freeze({ min: -62_135_596_800_000, max: 253_402_300_799_999 });

/** Why a value is not a time in epoch milliseconds within TIME_WINDOW, or undefined when it is one. */
export function timeProblem(v: unknown): string | undefined {
  if (typeof v !== 'number' || !Number.isSafeInteger(v))
    return `${String(v)} is not a time in epoch milliseconds (an integer)`;
  if (v < TIME_WINDOW.min || v > TIME_WINDOW.max)
    return `${v} is out of range for a time in epoch milliseconds (years 0001 to 9999)`;
  return undefined;
}
export const float = prim('float');
export const double = prim('double');
export const boolean = prim('boolean');
export const bytes = prim('bytes');

export const urn = (...entityTypes: string[]): UrnSchema =>
  entityTypes.length ? { kind: 'urn', entityTypes } : { kind: 'urn' };
export const enumOf = (name: string, symbols: readonly string[]): EnumSchema => ({
  kind: 'enum',
  name,
  symbols,
});
export const array = (items: Schema): ArraySchema => ({ kind: 'array', items });
export const map = (values: Schema): MapSchema => ({ kind: 'map', values });
export const union = (...members: Schema[]): UnionSchema => ({
  kind: 'union',
  members,
  keys: members.map(unionKey),
});
/** A union whose members are keyed by alias. */
export const aliasedUnion = (members: Readonly<Record<string, Schema>>): UnionSchema => ({
  kind: 'union',
  members: Object.values(members),
  keys: Object.keys(members),
});
export const ref = (name: string, get: () => Schema): RefSchema => ({ kind: 'ref', name, get });

/** Marks a field optional (absent or null allowed), optionally with the default value readers see. */
export interface OptionalMarker {
  readonly optional: true;
  readonly schema: Schema;
  readonly default?: unknown;
}
export const optional = (schema: Schema, defaultValue?: unknown): OptionalMarker =>
  defaultValue === undefined ? { optional: true, schema } : { optional: true, schema, default: defaultValue };

/**
 * Declares a record. Fields are required unless wrapped in `optional(...)`; a field with a default
 * (`withDefault`) may be omitted on write.
 */
export function record(
  name: string,
  fields: Record<string, Schema | OptionalMarker>,
  doc?: string,
): RecordSchema {
  const list: Field[] = Object.entries(fields).map(([fieldName, spec]) =>
    'optional' in spec
      ? { name: fieldName, schema: spec.schema, optional: true, default: spec.default }
      : { name: fieldName, schema: spec, optional: false },
  );
  return doc === undefined
    ? { kind: 'record', name, fields: list }
    : { kind: 'record', name, fields: list, doc };
}

/** A required field that may be omitted on write because the schema gives it a default. */
export const withDefault = (schema: Schema, defaultValue: unknown): OptionalMarker => ({
  optional: true,
  schema,
  default: defaultValue,
});

export function resolve(schema: Schema): Exclude<Schema, RefSchema> {
  let s: Schema = schema;
  while (s.kind === 'ref') s = s.get();
  return s;
}

/** The key under which a union member is written: FQN for records/enums, the type name for primitives. */
export function unionKey(member: Schema): string {
  const s = resolve(member);
  switch (s.kind) {
    case 'record':
    case 'enum':
      return s.name;
    case 'urn':
      return 'string';
    case 'array':
      return 'array';
    case 'map':
      return 'map';
    case 'union':
      return 'union';
    default:
      return s.kind;
  }
}

/** The simple name of a record, e.g. `Ownership` for `com.linkedin.common.Ownership`. */
export const simpleName = (fqn: string): string => fqn.slice(fqn.lastIndexOf('.') + 1);

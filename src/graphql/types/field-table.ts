import type { GraphQLScalarType } from 'graphql';
import {
  Field,
  InputType,
  ObjectType,
  type FieldOptions,
  type InputTypeOptions,
  type ObjectTypeOptions,
} from 'type-graphql';
import type { Check } from './input-checks.js';

/**
 * Record types declared from one table of their fields, the TypeScript type of each field derived from
 * its GraphQL type:
 *
 *     @TableObjectType()
 *     export class TagProperties extends fields({
 *       name: req(String),
 *       ...optional(String, 'description', 'colorHex'),
 *     }) {}
 *
 * A field's type is given explicitly, as with `@Field(() => String)`: a scalar, an object, input, enum
 * or union type, or a list of one (`[String]`); as an arrow (`() => CorpUser`) where the type is read
 * when the schema is built (a type declared further on, an entity class). Tables are plain objects, so
 * types that share fields spread a shared table.
 */

/** A field of a table: its GraphQL type, its options, and the checks of an input field. */
export interface FieldSpec<T = unknown, Required extends boolean = boolean> {
  readonly type: unknown;
  readonly required: Required;
  readonly options: FieldOptions;
  /** What an input field's value is checked for before a resolver runs (`./input-checks.ts`). */
  readonly checks: readonly Check[];
  /** The field's TypeScript type (for the compiler only: never set). */
  readonly value?: T;
}

/** The options of a field, and the checks of an input field. */
export type SpecOptions = FieldOptions & { readonly checks?: readonly Check[] };

/** The TypeScript type of a GraphQL type as a table gives it. */
export type TsOf<A> = [A] extends [readonly (infer E)[]]
  ? TsOf<E>[]
  : [A] extends [StringConstructor]
    ? string
    : [A] extends [BooleanConstructor]
      ? boolean
      : [A] extends [GraphQLScalarType<infer V, infer _E>]
        ? V
        : [A] extends [abstract new (...args: never[]) => infer I]
          ? I
          : [A] extends [() => infer R]
            ? TsOf<R>
            : [A] extends [Readonly<Record<string, string>>]
              ? A[keyof A]
              : A; // a union: createUnionType's value is typed as its members

type Table = Readonly<Record<string, FieldSpec>>;
type Value<S> = S extends FieldSpec<infer T> ? T : never;

/** The instance type of a table's class: required fields, then the optional ones. */
export type FieldsOf<S extends Table> = {
  [K in keyof S as S[K]['required'] extends true ? K : never]: Value<S[K]>;
} & {
  [K in keyof S as S[K]['required'] extends true ? never : K]?: Value<S[K]>;
};

const spec = <T, R extends boolean>(type: unknown, required: R, options: SpecOptions): FieldSpec<T, R> => {
  const { checks = [], ...rest } = options;
  return { type, required, options: rest, checks };
};

/** A non-null field. */
export const req = <const A>(type: A, options: SpecOptions = {}): FieldSpec<TsOf<A>, true> =>
  spec(type, true, options);

/** A nullable field (`nullable: true` unless the options say `itemsAndList`). */
export const opt = <const A>(type: A, options: SpecOptions = {}): FieldSpec<TsOf<A>, false> =>
  spec(type, false, { nullable: true, ...options });

/** Several nullable fields of one type and no other options. */
export const optional = <const A, const K extends string>(
  type: A,
  ...names: K[]
): Record<K, FieldSpec<TsOf<A>, false>> =>
  Object.fromEntries(names.map((n) => [n, opt(type)])) as Record<K, FieldSpec<TsOf<A>, false>>;

/** Several non-null fields of one type and no other options. */
export const required = <const A, const K extends string>(
  type: A,
  ...names: K[]
): Record<K, FieldSpec<TsOf<A>, true>> =>
  Object.fromEntries(names.map((n) => [n, req(type)])) as Record<K, FieldSpec<TsOf<A>, true>>;

/** An arrow gives the type when the schema is built; a class, a scalar or `String` is the type itself. */
const isArrow = (t: unknown): t is () => unknown => typeof t === 'function' && !Object.hasOwn(t, 'prototype');

/** The type as type-graphql takes it from a field's type function. */
export function graphqlType(t: unknown): unknown {
  const type = isArrow(t) ? t() : t;
  return Array.isArray(type) ? [graphqlType(type[0])] : type;
}

type Class = abstract new (...args: never[]) => object;
const TABLES = new WeakMap<Class, Table>();

/**
 * The base of a record type with the fields of a table (and those of `parent`, a type of the same kind);
 * the class that extends it is decorated `@TableObjectType()` or `@TableInputType()`.
 */
export function fields<S extends Table>(table: S): new () => FieldsOf<S>;
export function fields<S extends Table, P extends object>(
  table: S,
  parent: new () => P,
): new () => P & FieldsOf<S>;
export function fields(table: Table, parent?: new () => object): new () => object {
  const Fields = parent ? class extends parent {} : class {};
  TABLES.set(Fields, table);
  return Fields;
}

/**
 * The tables of an input's class, whose checks it is checked by: its own, then those of the input types
 * it extends, the farthest first (the order in which class-validator ran the checks of a class).
 */
export function inputTables(input: object): Table[] {
  const tables: Table[] = [];
  for (let c = input.constructor; c && c !== Function.prototype; c = Object.getPrototypeOf(c) as Class) {
    const table = TABLES.get(c as Class);
    if (table) tables.push(table);
  }
  return [...tables.slice(0, 1), ...tables.slice(1).reverse()];
}

/**
 * Declares the fields of the table a class extends on the class itself (type-graphql's inherited input
 * fields would lose their deprecation). Where the table has a parent, the table's
 * class is registered too (named after the class, a type of no schema), so that type-graphql finds the
 * parent's fields through it.
 */
function declareFields(cls: Class, register: (name: string) => ClassDecorator): void {
  const base = Object.getPrototypeOf(cls) as Class;
  const table = TABLES.get(base);
  if (!table) throw new Error(`${cls.name} does not extend fields(...)`);
  for (const [name, s] of Object.entries(table)) {
    Field(() => graphqlType(s.type) as object, s.options)(cls.prototype, name);
  }
  if (Object.getPrototypeOf(base) !== Function.prototype) register(`${cls.name}Fields`)(base);
}

/** `@ObjectType()` of a class that extends `fields(...)`. */
export const TableObjectType =
  (options: ObjectTypeOptions = {}): ClassDecorator =>
  (cls) => {
    declareFields(cls as unknown as Class, (name) => ObjectType(name));
    ObjectType(options)(cls);
  };

/** `@InputType()` of a class that extends `fields(...)`. */
export const TableInputType =
  (options: InputTypeOptions = {}): ClassDecorator =>
  (cls) => {
    declareFields(cls as unknown as Class, (name) => InputType(name));
    InputType(options)(cls);
  };

/**
 * Adds a resolver field to a class built at run time (a kind's generic object type): `resolve` runs on
 * the object (`this`), as a decorated method would.
 */
export function addResolverField<T>(
  cls: abstract new (...args: never[]) => object,
  name: string,
  type: () => unknown,
  nullable: boolean,
  resolve: (this: T) => unknown,
): void {
  const descriptor = { value: resolve, configurable: true };
  Object.defineProperty(cls.prototype, name, descriptor);
  // With its descriptor, type-graphql takes the field for a resolver method, not a property.
  Field(type as never, { nullable })(cls.prototype, name, descriptor);
}

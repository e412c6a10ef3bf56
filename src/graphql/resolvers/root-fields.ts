import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, Info, Mutation, Query } from 'type-graphql';
import type { GraphQLContext } from '../context.js';
import { graphqlType } from '../types/field-table.js';

/**
 * Root fields (queries and mutations) declared from one table: each takes one argument (`input`, or
 * as named) and answers what its resolver gives. The types are given explicitly, as with `@Field`.
 */
export interface RootField {
  readonly arg: unknown;
  readonly argName: string;
  readonly returns: unknown;
  readonly nullable: boolean;
  /** The argument may be left out (DataHub's `getEntityCounts(input: EntityCountInput)`). */
  readonly optionalArg: boolean;
  readonly resolve: (arg: never, ctx: GraphQLContext, info: GraphQLResolveInfo) => Promise<unknown>;
}

type Options = { argName?: string; nullable?: boolean; optionalArg?: boolean };
type Resolve<I> = (input: I, ctx: GraphQLContext, info: GraphQLResolveInfo) => Promise<unknown>;

/**
 * A root field whose argument (`input` unless `argName` says) is a string or of an input type, answering
 * `returns`: nullable unless `nullable` is false.
 */
export function rootField(
  input: StringConstructor,
  returns: unknown,
  resolve: Resolve<string>,
  o?: Options,
): RootField;
export function rootField<I>(
  input: new () => I,
  returns: unknown,
  resolve: Resolve<I>,
  o?: Options,
): RootField;
export function rootField(
  input: unknown,
  returns: unknown,
  resolve: Resolve<never>,
  { argName = 'input', nullable = true, optionalArg = false }: Options = {},
): RootField {
  return { arg: input, argName, returns, nullable, optionalArg, resolve };
}

/** DataHub's edits: a mutation that takes an `input`, makes the edit, and answers true (nullable). */
export const edit = <I>(
  input: new () => I,
  run: (input: I, ctx: GraphQLContext) => Promise<unknown>,
): RootField =>
  rootField(input, Boolean, async (i, ctx) => {
    await run(i, ctx);
    return true;
  });

/** DataHub's edits of one entity named by `urn`: the edit, then true (nullable). */
export const urnEdit = (run: (urn: string, ctx: GraphQLContext) => Promise<unknown>): RootField =>
  rootField(
    String,
    Boolean,
    async (urn, ctx) => {
      await run(urn, ctx);
      return true;
    },
    { argName: 'urn' },
  );

/** Declares the root fields of a table on a resolver class, as its queries or its mutations. */
export function declareRootFields(
  resolver: abstract new () => object,
  kind: typeof Query | typeof Mutation,
  fields: Readonly<Record<string, RootField>>,
): void {
  const proto = resolver.prototype as Record<string, unknown>;
  for (const [name, f] of Object.entries(fields)) {
    proto[name] = (arg: never, ctx: GraphQLContext, info: GraphQLResolveInfo) => f.resolve(arg, ctx, info);
    const descriptor = Object.getOwnPropertyDescriptor(proto, name) as PropertyDescriptor;
    Arg(f.argName, () => graphqlType(f.arg) as object, { nullable: f.optionalArg })(proto, name, 0);
    Ctx()(proto, name, 1);
    Info()(proto, name, 2);
    kind(() => graphqlType(f.returns) as object, { nullable: f.nullable })(proto, name, descriptor);
  }
}

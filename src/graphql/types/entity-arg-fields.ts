import { Arg, Ctx, Field, type ArgOptions } from 'type-graphql';
import type { GraphQLContext } from '../context.js';
import type { Entity } from './entity.js';
import { graphqlType, type FieldSpec, type FieldsOf } from './field-table.js';

type Args = Readonly<Record<string, FieldSpec>>;

/**
 * A field of an entity that computes its value (rather than showing one aspect: `aspectFields`), with
 * its arguments as a table (`start: opt(Int)`).
 */
export interface EntityArgField<A extends Args = Args> {
  /** The field's type, as a table of fields gives it (an arrow: read when the schema is built). */
  readonly type: unknown;
  /** Nullable unless false. */
  readonly nullable?: boolean;
  readonly args?: A;
  readonly resolve: (entity: Entity, ctx: GraphQLContext, args: FieldsOf<A>) => unknown;
}

/** One field of the table of `entityArgFields` (typed by its arguments). */
export const argField = <A extends Args = Record<never, never>>(f: EntityArgField<A>): EntityArgField =>
  f as unknown as EntityArgField;

/** Declares on an entity class fields that compute their value, each from its arguments. */
export function entityArgFields(
  cls: abstract new (...args: never[]) => Entity,
  table: Readonly<Record<string, EntityArgField>>,
): void {
  const proto = cls.prototype as Entity;
  for (const [name, f] of Object.entries(table)) {
    const argNames = Object.keys(f.args ?? {});
    const resolve = function (this: Entity, ...values: unknown[]): unknown {
      const args = Object.fromEntries(
        argNames.flatMap((n, i) => (values[i] === undefined || values[i] === null ? [] : [[n, values[i]]])),
      );
      return f.resolve(this, values[argNames.length] as GraphQLContext, args);
    };
    Object.defineProperty(proto, name, { value: resolve, writable: true, configurable: true });
    argNames.forEach((n, i) => {
      const spec = (f.args as Args)[n] as FieldSpec;
      Arg(n, () => graphqlType(spec.type) as object, spec.options as ArgOptions)(proto, name, i);
    });
    Ctx()(proto, name, argNames.length);
    const descriptor = Object.getOwnPropertyDescriptor(proto, name) as PropertyDescriptor;
    Field(() => graphqlType(f.type) as object, { nullable: f.nullable ?? true })(proto, name, descriptor);
  }
}

import { registerEnumType } from 'type-graphql';

/** A GraphQL enum whose values are their own names, from a list: `{A: 'A', B: 'B'}`, registered. */
export function stringEnum<const V extends readonly string[]>(
  name: string,
  values: V,
): { readonly [K in V[number]]: K } {
  const e = Object.fromEntries(values.map((v) => [v, v])) as { [K in V[number]]: K };
  registerEnumType(e, { name });
  return e;
}

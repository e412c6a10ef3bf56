import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';

/** A 64-bit integer as JSON carries it exactly: a safe integer, from a number or a string of digits. */
function toLong(value: unknown): number {
  const n = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
  if (typeof n === 'bigint' && n >= BigInt(Number.MIN_SAFE_INTEGER) && n <= BigInt(Number.MAX_SAFE_INTEGER))
    return Number(n);
  if (typeof n !== 'number' || !Number.isSafeInteger(n))
    throw new GraphQLError(
      `Long cannot represent ${JSON.stringify(typeof value === 'bigint' ? String(value) : value)}: it takes integers up to ±(2^53 - 1)`,
    );
  return n;
}

/**
 * DataHub's `Long` scalar: epoch milliseconds, versions and other 64-bit integers, accepted up to
 * ±(2^53 - 1) (what a JSON number holds exactly; a larger one has already lost digits).
 */
export const Long = new GraphQLScalarType<number, number>({
  name: 'Long',
  serialize: toLong,
  parseValue: toLong,
  parseLiteral(ast) {
    if (ast.kind !== Kind.INT && ast.kind !== Kind.STRING)
      throw new GraphQLError(`Long cannot represent a ${ast.kind} literal`, { nodes: ast });
    return toLong(ast.kind === Kind.INT ? Number(ast.value) : ast.value);
  },
});

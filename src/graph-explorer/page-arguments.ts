import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, Kind, visit, type ValueNode } from 'graphql';

const PAGE_ARGS = new Set(['limit', 'offset', 'first']);

/**
 * Page arguments (`limit`, `offset`, `first`) must not be negative: Neo4j refuses a negative LIMIT or
 * SKIP, which would surface as a server error. Checked once the operation and its variables are known.
 */
export function nonNegativePages<C extends object>(): ApolloServerPlugin<C> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ document, request }) {
          const vars = request.variables ?? {};
          const valueOf = (v: ValueNode): unknown =>
            v.kind === Kind.INT ? Number(v.value) : v.kind === Kind.VARIABLE ? vars[v.name.value] : undefined;
          visit(document, {
            Argument(node) {
              const value = valueOf(node.value);
              if (PAGE_ARGS.has(node.name.value) && typeof value === 'number' && value < 0)
                throw new GraphQLError(`${node.name.value} must not be negative (got ${value})`, {
                  extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } },
                });
            },
          });
        },
      };
    },
  };
}

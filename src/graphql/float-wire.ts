import { GraphQLScalarType, type GraphQLSchema } from 'graphql';
import { RawJson } from '../json/index.js';

const DONE = new WeakSet<GraphQLScalarType>();

/**
 * GraphQL `Float`s as DataHub's GraphQL writes them: DataHub's service (graphql-java, Jackson) writes a
 * Float of 30 as `30.0`, which a Python client reads as a float; graphql-js writes `30`, an int to it.
 * The schema's Float serializes a whole number as raw text (`RawJson`), which the answer's serializer
 * (`stringifyWithRaw`, the servers' `stringifyResult`) writes as it is. The Float type is graphql-js's one instance, so this holds
 * for every schema served in the process (the graph explorer's too), and is done once.
 */
export function floatsWithFraction(schema: GraphQLSchema): void {
  const float = schema.getType('Float');
  if (!(float instanceof GraphQLScalarType) || DONE.has(float)) return;
  DONE.add(float);
  const plain = float.serialize.bind(float);
  (float as { serialize: (v: unknown) => unknown }).serialize = (v: unknown): unknown => {
    const n = plain(v);
    return typeof n === 'number' && Number.isInteger(n) && Math.abs(n) < 1e21 ? new RawJson(`${n}.0`) : n;
  };
}

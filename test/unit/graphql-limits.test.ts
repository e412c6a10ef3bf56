import { ApolloServer } from '@apollo/server';
import {
  getIntrospectionQuery,
  parse,
  specifiedRules,
  validate,
  type GraphQLSchema,
  type ValidationRule,
} from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatError } from '../../src/graphql/errors.js';
import { limitRules, type GraphqlLimits } from '../../src/graphql/limits.js';
import { graphqlSchema } from '../../src/graphql/schema.js';

const DEFAULTS: GraphqlLimits = { maxDepth: 15, maxCost: 5000 };

let schema: GraphQLSchema;
beforeAll(async () => {
  schema = await graphqlSchema();
});

/** The messages of every validation error of a query, the limit rules added to the standard ones. */
function errors(query: string, limits: GraphqlLimits = DEFAULTS): string[] {
  const rules: ValidationRule[] = [...specifiedRules, ...limitRules(limits)];
  return validate(schema, parse(query), rules).map((e) => e.message);
}

/** One level of entity nesting, 3 fields deep: `relationships { relationships { entity { ... on Dataset { inner } } } }`. */
const rel = (inner: string): string =>
  `relationships(input: {types: ["DownstreamOf"], direction: OUTGOING}) { relationships { entity { ... on Dataset { ${inner} } } } }`;

/** LEAF[d] is a selection d fields deep. */
const LEAF = ['', 'urn', 'properties { name }', 'properties { customProperties { key } }'];

/** `dataset` with `levels` levels of relationships and a leaf `leaf` fields deep: 1 + 3 × levels + leaf deep. */
const nested = (levels: number, leaf = 1): string => {
  let inner = LEAF[leaf] as string;
  for (let i = 0; i < levels; i++) inner = rel(inner);
  return `{ dataset(urn: "urn:li:dataset:(urn:li:dataPlatform:hive,x,PROD)") { ${inner} } }`;
};

/** `{a0: __typename a1: __typename ...}`: n fields. */
const wide = (n: number): string =>
  `{ ${Array.from({ length: n }, (_, i) => `a${i}: __typename`).join(' ')} }`;

describe('GraphQL depth limit', () => {
  it('passes a query as deep as the limit and refuses one a field deeper, naming the limit', () => {
    expect(errors(nested(4, 2))).toEqual([]); // 1 + 12 + 2 = 15
    const refused = errors(nested(4, 3)); // 16
    expect(refused).toHaveLength(1);
    expect(refused[0]).toContain('nested 16 fields deep');
    expect(refused[0]).toContain('depth limit (NEOHUB_GRAPHQL_MAX_DEPTH) is 15');
  });

  it('counts the fields of fragments where they are spread', () => {
    const query = `
      query Deep { dataset(urn: "urn:li:dataset:(urn:li:dataPlatform:hive,x,PROD)") { ...T } }
      fragment T on Dataset { ${rel('...U')} }
      fragment U on Dataset { urn ${rel(rel(rel(LEAF[3] as string)))} }`;
    // dataset 1 + T's level 3 + U's three levels 9 + leaf 3 = 16
    const refused = errors(query);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatch(/^The operation Deep is nested 16 fields deep/);
    expect(errors(query, { maxDepth: 16, maxCost: 5000 })).toEqual([]);
  });

  it('follows the limit it is given', () => {
    expect(errors(nested(1), { maxDepth: 4, maxCost: 5000 })).toHaveLength(1); // 1 + 3 + 1 = 5
    expect(errors(nested(1), { maxDepth: 5, maxCost: 5000 })).toEqual([]);
  });

  it('0 turns it off', () => {
    expect(errors(nested(30), { maxDepth: 0, maxCost: 5000 })).toEqual([]);
  });

  it('measures mutations too', () => {
    const mutation = `mutation { createAccessToken(input: {type: PERSONAL, actorUrn: "urn:li:corpuser:a", duration: ONE_HOUR, name: "n"}) { metadata { urn } } }`;
    expect(errors(mutation, { maxDepth: 2, maxCost: 5000 })[0]).toContain('nested 3 fields deep');
  });
});

describe('GraphQL cost limit', () => {
  it('passes as many fields as the limit and refuses one more, naming the limit', () => {
    expect(errors(wide(5000))).toEqual([]);
    const refused = errors(wide(5001));
    expect(refused).toHaveLength(1);
    expect(refused[0]).toContain('selects 5001 fields');
    expect(refused[0]).toContain('cost limit (NEOHUB_GRAPHQL_MAX_COST) is 5000');
  });

  it('counts a fragment every time it is spread', () => {
    const fields = Array.from({ length: 100 }, (_, i) => `f${i}: __typename`).join(' ');
    const spreads = Array.from({ length: 60 }, (_, i) => `t${i}: __type(name: "Dataset") { ...F }`).join(' ');
    const query = `{ ${spreads} } fragment F on __Type { ${fields} }`;
    // 60 × (1 field + 100 in the fragment)
    expect(errors(query)[0]).toContain('selects 6060 fields');
  });

  it('measures fragments that double at each level quickly, and refuses them', () => {
    const levels = 40;
    const frags = Array.from(
      { length: levels },
      (_, i) => `fragment F${i + 1} on __Type { a: ofType { ...F${i} } b: ofType { ...F${i} } }`,
    ).join('\n');
    const query = `{ __type(name: "Dataset") { ...F${levels} } }\nfragment F0 on __Type { name }\n${frags}`;
    const started = Date.now();
    const refused = errors(query, { maxDepth: 0, maxCost: 5000 });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(refused.some((m) => m.includes('cost limit (NEOHUB_GRAPHQL_MAX_COST) is 5000'))).toBe(true);
  });

  it('0 turns it off', () => {
    expect(errors(wide(6000), { maxDepth: 15, maxCost: 0 })).toEqual([]);
  });
});

describe('introspection under the default limits', () => {
  it('passes the full standard introspection query, every option on (GraphiQL, client schema fetches)', () => {
    const full = getIntrospectionQuery({
      descriptions: true,
      specifiedByUrl: true,
      directiveIsRepeatable: true,
      schemaDescription: true,
      inputValueDeprecation: true,
      oneOf: true,
    });
    expect(errors(full)).toEqual([]);
    expect(errors(getIntrospectionQuery())).toEqual([]);
  });

  it("still refuses introspection that fans out (graphql-js's own rule) and counts its fields", () => {
    const fanOut = `{ __schema { types { ${'fields { type { '.repeat(5)}name${' } }'.repeat(5)} } } }`;
    expect(errors(fanOut).length).toBeGreaterThan(0);
    expect(errors(`{ __schema { types { name } } }`, { maxDepth: 15, maxCost: 2 })[0]).toContain(
      'selects 3 fields',
    );
  });
});

describe('the error a client gets', () => {
  it("is DataHub's BAD_REQUEST (code 400) with the message naming the limit", async () => {
    const apollo = new ApolloServer({ schema, formatError, validationRules: limitRules(DEFAULTS) });
    await apollo.start();
    try {
      const res = await apollo.executeOperation({ query: nested(4, 3) });
      expect(res.body.kind).toBe('single');
      const body = res.body.kind === 'single' ? res.body.singleResult : undefined;
      expect(body?.data).toBeUndefined();
      expect(body?.errors).toHaveLength(1);
      expect(body?.errors?.[0]?.message).toContain('depth limit (NEOHUB_GRAPHQL_MAX_DEPTH) is 15');
      expect(body?.errors?.[0]?.extensions).toMatchObject({ code: 400, type: 'BAD_REQUEST' });
    } finally {
      await apollo.stop();
    }
  });
});

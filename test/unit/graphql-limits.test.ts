import { ApolloServer } from '@apollo/server';
import {
  getIntrospectionQuery,
  Kind,
  parse,
  specifiedRules,
  validate,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { explorerCostModel, ROOT_QUERY_WEIGHT } from '../../src/graph-explorer/cost-model.js';
import { explorerSchema } from '../../src/graph-explorer/schema.js';
import {
  checkLimits,
  queryLimits,
  type CostModel,
  type GraphqlLimits,
} from '../../src/graphql-limits/index.js';
import {
  datahubCostModel,
  LINEAGE_HOP_WEIGHT,
  ROOT_WEIGHT,
  SEARCH_WEIGHT,
} from '../../src/graphql/cost-model.js';
import { formatError } from '../../src/graphql/errors.js';
import { graphqlSchema } from '../../src/graphql/schema.js';

const DEFAULTS: GraphqlLimits = { maxDepth: 15, maxCost: 100_000 };
const DATAHUB = datahubCostModel({ lineageHops: 10, maxHops: 10 });

let schema: GraphQLSchema;
let explorer: GraphQLSchema;
beforeAll(async () => {
  schema = await graphqlSchema();
  explorer = await explorerSchema();
});

/**
 * The messages a query gets from the limits (with its variables), after the standard validation rules,
 * which it must pass: [] when it is within them.
 */
function errors(
  query: string,
  limits: GraphqlLimits = DEFAULTS,
  variables: Record<string, unknown> = {},
  on: { schema: GraphQLSchema; model: CostModel } = { schema, model: DATAHUB },
): string[] {
  const document = parse(query);
  expect(validate(on.schema, document, specifiedRules).map((e) => e.message)).toEqual([]);
  const operation = document.definitions.find(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  ) as OperationDefinitionNode;
  try {
    checkLimits({ schema: on.schema, document, operation, variables }, limits, on.model);
    return [];
  } catch (err) {
    return [(err as Error).message];
  }
}
const onExplorer = (query: string, limits: GraphqlLimits = DEFAULTS): string[] =>
  errors(query, limits, {}, { schema: explorer, model: explorerCostModel });

/** One level of entity nesting, 3 fields deep: `relationships { relationships { entity { ... on Dataset { inner } } } }`. */
const rel = (inner: string, count = 1): string =>
  `relationships(input: {types: ["DownstreamOf"], direction: OUTGOING, count: ${count}}) { relationships { entity { ... on Dataset { ${inner} } } } }`;

/** LEAF[d] is a selection d fields deep. */
const LEAF = ['', 'urn', 'properties { name }', 'properties { customProperties { key } }'];
const URN = 'urn:li:dataset:(urn:li:dataPlatform:hive,x,PROD)';

/** `dataset` with `levels` levels of relationships and a leaf `leaf` fields deep: 1 + 3 × levels + leaf deep. */
const nested = (levels: number, leaf = 1): string => {
  let inner = LEAF[leaf] as string;
  for (let i = 0; i < levels; i++) inner = rel(inner);
  return `{ dataset(urn: "${URN}") { ${inner} } }`;
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
      query Deep { dataset(urn: "${URN}") { ...T } }
      fragment T on Dataset { ${rel('...U')} }
      fragment U on Dataset { urn ${rel(rel(rel(LEAF[3] as string)))} }`;
    // dataset 1 + T's level 3 + U's three levels 9 + leaf 3 = 16
    const refused = errors(query);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatch(/^The operation Deep is nested 16 fields deep/);
    expect(errors(query, { maxDepth: 16, maxCost: 100_000 })).toEqual([]);
  });

  it('follows the limit it is given; 0 turns it off', () => {
    expect(errors(nested(1), { maxDepth: 4, maxCost: 0 })).toHaveLength(1); // 1 + 3 + 1 = 5
    expect(errors(nested(1), { maxDepth: 5, maxCost: 0 })).toEqual([]);
    expect(errors(nested(30), { maxDepth: 0, maxCost: 0 })).toEqual([]);
  });

  it('measures mutations too', () => {
    const mutation = `mutation { createAccessToken(input: {type: PERSONAL, actorUrn: "urn:li:corpuser:a", duration: ONE_HOUR, name: "n"}) { metadata { urn } } }`;
    expect(errors(mutation, { maxDepth: 2, maxCost: 0 })[0]).toContain('nested 3 fields deep');
  });
});

describe('GraphQL cost limit: fields', () => {
  it('passes as many fields as the limit and refuses one more, naming the limit', () => {
    const limits = { maxDepth: 15, maxCost: 5000 };
    expect(errors(wide(5000), limits)).toEqual([]);
    const refused = errors(wide(5001), limits);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toContain('costs 5001');
    expect(refused[0]).toContain('cost limit (NEOHUB_GRAPHQL_MAX_COST) is 5000');
  });

  it('counts a fragment every time it is spread', () => {
    const fields = Array.from({ length: 100 }, (_, i) => `f${i}: __typename`).join(' ');
    const spreads = Array.from({ length: 60 }, (_, i) => `t${i}: __type(name: "Dataset") { ...F }`).join(' ');
    const query = `{ ${spreads} } fragment F on __Type { ${fields} }`;
    // 60 × (1 field + 100 in the fragment)
    expect(errors(query, { maxDepth: 15, maxCost: 5000 })[0]).toContain('costs 6060');
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
    expect(errors(nested(4, 1), { maxDepth: 15, maxCost: 0 })).toEqual([]);
  });
});

describe('GraphQL cost limit: page sizes and the work of root fields', () => {
  it('multiplies a selection by the page size asked, in arguments or through variables', () => {
    // dataset ROOT_WEIGHT + relationships (10 + 1000 × (relationships 1 + entity 1 + urn 1))
    const costs = `costs ${ROOT_WEIGHT + 3010}`;
    const query = `{ dataset(urn: "${URN}") { ${rel('urn', 1000)} } }`;
    expect(errors(query, { maxDepth: 15, maxCost: 3010 })[0]).toContain(costs);
    const withVars = `query Q($n: Int) { dataset(urn: "${URN}") { relationships(input: {types: ["DownstreamOf"], direction: OUTGOING, count: $n}) { relationships { entity { urn } } } } }`;
    expect(errors(withVars, { maxDepth: 15, maxCost: 3010 }, { n: 1000 })[0]).toContain(costs);
    const input = `query Q($in: RelationshipsInput!) { dataset(urn: "${URN}") { relationships(input: $in) { relationships { entity { urn } } } } }`;
    expect(
      errors(
        input,
        { maxDepth: 15, maxCost: 3010 },
        { in: { types: ['X'], direction: 'OUTGOING', count: 1000 } },
      )[0],
    ).toContain(costs);
  });

  it('counts the page a field uses by default when none is asked', () => {
    // relationships default to 100: ROOT_WEIGHT + 10 + 100 × 3
    expect(
      errors(`{ dataset(urn: "${URN}") { ${rel('urn').replace(', count: 1', '')} } }`, {
        maxDepth: 15,
        maxCost: 310,
      })[0],
    ).toContain(`costs ${ROOT_WEIGHT + 310}`);
  });

  it('refuses nested lineage with large pages at the default limits (the reported amplification)', () => {
    let inner = 'urn';
    for (let i = 0; i < 4; i++)
      inner = `lineage(input: {direction: DOWNSTREAM, count: 1000}) { relationships { entity { ... on Dataset { urn ${inner} } } } }`;
    const refused = errors(`{ dataset(urn: "${URN}") { ${inner} } }`);
    expect(refused[0]).toContain('cost limit (NEOHUB_GRAPHQL_MAX_COST) is 100000');
    // One level, as DataHub's UI asks it, passes.
    expect(
      errors(
        `{ dataset(urn: "${URN}") { lineage(input: {direction: UPSTREAM, start: 0, count: 100}) { total relationships { type degree entity { urn type } } } } }`,
      ),
    ).toEqual([]);
  });

  it('weighs lineage walks by the hops they may take', () => {
    const q = (hops: number): string =>
      `{ dataset(urn: "${URN}") { lineage(input: {direction: UPSTREAM, count: 1, maxHops: ${hops}}) { total } } }`;
    const cost = (hops: number): number => {
      const m = /costs (\d+)/.exec(errors(q(hops), { maxDepth: 15, maxCost: 1 })[0] ?? '');
      return Number(m?.[1]);
    };
    expect(cost(5)).toBeGreaterThan(cost(1));
    expect(cost(10) - cost(1)).toBe(9 * LINEAGE_HOP_WEIGHT);
  });

  it('refuses 300 aliased searches at the default limits, and passes a few', () => {
    const searches = (n: number): string =>
      `{ ${Array.from({ length: n }, (_, i) => `s${i}: searchAcrossEntities(input: {query: "q${i}", start: 0, count: 10}) { total searchResults { entity { urn } } facets { field } }`).join(' ')} }`;
    expect(errors(searches(300))[0]).toContain('cost limit (NEOHUB_GRAPHQL_MAX_COST) is 100000');
    // A few: each counts its matches' facets (docs/decisions/0039), 20 of them took seconds.
    expect(errors(searches(3))).toEqual([]);
    expect(errors(searches(1), { maxDepth: 15, maxCost: SEARCH_WEIGHT })[0]).toContain(
      `costs ${SEARCH_WEIGHT + 10 * (1 + 1 + 1 + 1 + 1 + 1)}`,
    );
  });

  it("passes what DataHub's clients send: a 10,000-URN scroll (get_urns_by_filter), a UI search page", () => {
    const scroll = `query scroll($input: ScrollAcrossEntitiesInput!) { scrollAcrossEntities(input: $input) { nextScrollId count total searchResults { entity { urn type } } } }`;
    expect(errors(scroll, DEFAULTS, { input: { types: ['DATASET'], query: '*', count: 10000 } })).toEqual([]);
    const fields = Array.from({ length: 150 }, (_, i) => `f${i}: __typename`).join(' ');
    const page = `{ searchAcrossEntities(input: {query: "orders", start: 0, count: 20}) { start count total searchResults { entity { urn type ... on Dataset { ${fields} } } } facets { field aggregations { value count } } } }`;
    expect(errors(page)).toEqual([]);
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
    expect(onExplorer(getIntrospectionQuery())).toEqual([]);
  });

  it('counts the fields of introspection', () => {
    expect(errors(`{ __schema { types { name } } }`, { maxDepth: 15, maxCost: 2 })[0]).toContain('costs 3');
  });
});

describe('the graph explorer (/api/graph)', () => {
  const downstream = (levels: number, limit?: number): string => {
    const args = limit === undefined ? '' : `(limit: ${limit})`;
    let inner = 'urn';
    for (let i = 0; i < levels; i++) inner = `urn downstreamOf${args} { ${inner} }`;
    return `{ datasets${args} { ${inner} } }`;
  };

  it('refuses four levels of downstreamOf at the default limits (the reported amplification)', () => {
    expect(onExplorer(downstream(4))[0]).toContain('cost limit (NEOHUB_GRAPHQL_MAX_COST) is 100000');
  });

  it('counts each list at its limit (the @limit default when none is asked)', () => {
    // datasets ROOT_QUERY_WEIGHT + 100 × (urn 1 + downstreamOf (1 + 100 × 1))
    expect(onExplorer(downstream(1), { maxDepth: 15, maxCost: 1 })[0]).toContain(
      `costs ${ROOT_QUERY_WEIGHT + 10200}`,
    );
    expect(onExplorer(downstream(4, 5))).toEqual([]);
  });

  it('limits depth too', () => {
    expect(onExplorer(downstream(20, 1))[0]).toContain('depth limit (NEOHUB_GRAPHQL_MAX_DEPTH) is 15');
  });

  it('weighs relationship filters by how deeply they nest', () => {
    const where = (depth: number): string => {
      let w = '{ urn: { eq: "x" } }';
      for (let i = 0; i < depth; i++) w = `{ downstreamOf: { some: ${w} } }`;
      return `{ datasets(limit: 1, where: ${w}) { urn } }`;
    };
    expect(onExplorer(where(1))).toEqual([]);
    expect(onExplorer(where(3))[0]).toContain('cost limit');
  });
});

describe('the error a client gets', () => {
  it("is DataHub's BAD_REQUEST (code 400) with the message naming the limit, before anything runs", async () => {
    let ran = false;
    const apollo = new ApolloServer({
      schema,
      formatError,
      plugins: [
        queryLimits(DEFAULTS, DATAHUB),
        {
          async requestDidStart() {
            return {
              async executionDidStart() {
                ran = true;
              },
            };
          },
        },
      ],
    });
    await apollo.start();
    try {
      const res = await apollo.executeOperation({ query: nested(4, 3) });
      expect(res.body.kind).toBe('single');
      const body = res.body.kind === 'single' ? res.body.singleResult : undefined;
      expect(body?.data).toBeUndefined();
      expect(body?.errors).toHaveLength(1);
      expect(body?.errors?.[0]?.message).toContain('depth limit (NEOHUB_GRAPHQL_MAX_DEPTH) is 15');
      expect(body?.errors?.[0]?.extensions).toMatchObject({ code: 400, type: 'BAD_REQUEST' });
      expect(ran).toBe(false);
    } finally {
      await apollo.stop();
    }
  });
});

describe('the cost of a selection under an interface', () => {
  /** The cost a query is refused with under a cost limit of 1 (its measured cost). */
  const costOf = (query: string, model: CostModel = DATAHUB): number => {
    const [message] = errors(query, { maxDepth: 0, maxCost: 1 }, {}, { schema, model });
    return Number(/costs (\d+)/.exec(message ?? '')?.[1]);
  };
  const domain = 'entities(input: {count: 5}) { total facets { field } }';
  const product = 'entities(input: {query: "*", count: 5}) { total facets { field } }';

  it("is the costliest object type's, not the sum over the types it selects on", () => {
    const one = costOf(`{ entity(urn: "urn:li:domain:x") { urn ... on Domain { ${domain} } } }`);
    const both = costOf(
      `{ entity(urn: "urn:li:domain:x") { urn ... on Domain { ${domain} } ... on DataProduct { ${product} } } }`,
    );
    expect(one).toBeGreaterThan(SEARCH_WEIGHT);
    expect(both).toBe(one);
  });

  it('counts only the types a lineage result can be, when the model knows them', () => {
    const query = `{ searchAcrossLineage(input: {urn: "urn:li:dataset:(urn:li:dataPlatform:x,y,PROD)", direction: UPSTREAM, count: 10}) {
      searchResults { entity { urn ... on Domain { ${domain} } } } } }`;
    const narrowed = datahubCostModel({ lineageHops: 10, maxHops: 10, lineageTypes: new Set(['Dataset']) });
    expect(costOf(query, narrowed)).toBeLessThan(costOf(query) - 10 * SEARCH_WEIGHT);
  });
});

import {
  Kind,
  parse,
  specifiedRules,
  validate,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { explorerCostModel, ROOT_QUERY_WEIGHT, SCAN_WEIGHT } from '../../src/graph-explorer/cost-model.js';
import { explorerSchema } from '../../src/graph-explorer/schema.js';
import { checkLimits, measureOperation, type CostModel } from '../../src/graphql-limits/index.js';
import {
  BROWSE_WEIGHT,
  datahubCostModel,
  ENTITY_WEIGHT,
  LINEAGE_FACETS_WEIGHT,
  LINEAGE_HOP_WEIGHT,
  ROOT_WEIGHT,
  SEARCH_WEIGHT,
  SEARCH_WITHOUT_FACETS_WEIGHT,
} from '../../src/graphql/cost-model.js';
import { graphqlSchema } from '../../src/graphql/schema.js';

/** The costs of decision 0039: weights from measured work, against the default limit. */
const LIMITS = { maxDepth: 15, maxCost: 100_000 };
const DATAHUB = datahubCostModel({ lineageHops: 1, maxHops: 10 });
const URN = 'urn:li:dataset:(urn:li:dataPlatform:hive,x,PROD)';

let datahub: GraphQLSchema;
let explorer: GraphQLSchema;
beforeAll(async () => {
  datahub = await graphqlSchema();
  explorer = await explorerSchema();
});

function operation(schema: GraphQLSchema, query: string) {
  const document = parse(query);
  expect(validate(schema, document, specifiedRules).map((e) => e.message)).toEqual([]);
  const op = document.definitions.find(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  ) as OperationDefinitionNode;
  return { schema, document, operation: op };
}

const costOn =
  (schema: () => GraphQLSchema, model: CostModel) =>
  (query: string, variables: Record<string, unknown> = {}): number => {
    const { document, operation: op } = operation(schema(), query);
    return measureOperation(schema(), document, op, variables, model).cost;
  };
const graphCost = costOn(() => explorer, explorerCostModel);
const gqlCost = costOn(() => datahub, DATAHUB);

/** The limit's message for a query, or undefined when the default limits admit it. */
const refusal = (schema: GraphQLSchema, model: CostModel, query: string, variables = {}) => {
  try {
    checkLimits({ ...operation(schema, query), variables }, LIMITS, model);
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
};
const onGraph = (query: string, variables = {}): string | undefined =>
  refusal(explorer, explorerCostModel, query, variables);
const onGql = (query: string, variables = {}): string | undefined =>
  refusal(datahub, DATAHUB, query, variables);

const aliases = (n: number, one: (i: number) => string): string =>
  `{ ${Array.from({ length: n }, (_, i) => `a${i}: ${one(i)}`).join(' ')} }`;

describe('the explorer: each root field is a statement of its own', () => {
  it('weighs a root field its round trip, and refuses the 800 aliases main admitted', () => {
    // datasets ROOT + 1 × (urn 1 + ownedBy (1 + 100 × urn 1))
    expect(graphCost('{ datasets(limit: 1) { urn ownedBy { urn } } }')).toBe(ROOT_QUERY_WEIGHT + 102);
    const small = (n: number): string => aliases(n, () => 'datasets(limit: 1) { urn ownedBy { urn } }');
    expect(onGraph(small(800))).toContain('cost limit (NEOHUB_GRAPHQL_MAX_COST) is 100000');
    expect(onGraph(small(300))).toBeUndefined();
    // A traversal below the root is no statement of its own.
    expect(graphCost('{ datasets(limit: 1) { downstreamOf(limit: 1) { urn } } }')).toBe(
      ROOT_QUERY_WEIGHT + 1 + 1,
    );
  });

  it('weighs a scan when a root list reads its label past the URNs it picks', () => {
    const one = (args: string): number => graphCost(`{ datasets(${args}) { urn } }`) - 1;
    expect(one('limit: 1')).toBe(ROOT_QUERY_WEIGHT);
    expect(one('limit: 1, where: {}')).toBe(ROOT_QUERY_WEIGHT);
    expect(one('limit: 1, offset: 0')).toBe(ROOT_QUERY_WEIGHT);
    expect(one(`where: { urn: { eq: "${URN}" }, removed: { eq: false } }`)).toBe(ROOT_QUERY_WEIGHT);
    expect(one(`where: { urn: { in: ["${URN}"] } }`)).toBe(ROOT_QUERY_WEIGHT);
    expect(one('limit: 1, where: { name: { contains: "x" } }')).toBe(ROOT_QUERY_WEIGHT + SCAN_WEIGHT);
    expect(one(`limit: 1, where: { OR: [{ urn: { eq: "${URN}" } }] }`)).toBe(ROOT_QUERY_WEIGHT + SCAN_WEIGHT);
    expect(one('limit: 1, sort: [{ name: DESC }]')).toBe(ROOT_QUERY_WEIGHT + SCAN_WEIGHT);
    expect(one('limit: 1, offset: 1000000')).toBe(ROOT_QUERY_WEIGHT + SCAN_WEIGHT);
    // A connection collects what it pages, unless its URNs are picked.
    const connection = (args: string): number =>
      graphCost(`{ datasetsConnection(${args}) { edges { node { urn } } } }`) - 3;
    expect(connection('first: 1')).toBe(ROOT_QUERY_WEIGHT + SCAN_WEIGHT);
    expect(connection(`where: { urn: { eq: "${URN}" } }`)).toBe(ROOT_QUERY_WEIGHT);
    // A relationship filter scans the label and tests each node's neighbours.
    expect(one('limit: 1, where: { downstreamOf: { some: { name: { contains: "x" } } } }')).toBe(
      ROOT_QUERY_WEIGHT + 2 * SCAN_WEIGHT + 100,
    );
  });

  it('refuses many aliased scans, and passes what the explorer tests and GraphiQL send', () => {
    const scans = (n: number): string =>
      aliases(n, (i) => `datasets(limit: 1, where: { name: { contains: "n${i}" } }) { urn }`);
    expect(onGraph(scans(50))).toContain('NEOHUB_GRAPHQL_MAX_COST');
    expect(onGraph(scans(30))).toBeUndefined();
    const owned = `query ($alice: String!, $raw: String!) {
      upstream: datasets(where: { urn: { eq: $raw } }) {
        upstreamOf(limit: 10) { urn consumedByCharts(limit: 10) { urn containedIn(limit: 10) { urn } } derivedFeatures { urn } }
      }
      owned: datasets(where: { ownedBy: { some: { urn: { eq: $alice } } } }) { urn }
      tagged: datasets(where: { taggedWith: { some: { urn: { eq: $alice } } } }) { urn }
      corpUsers(where: { urn: { eq: $alice } }) { owns { urn entityType } }
    }`;
    expect(onGraph(owned, { alice: 'urn:li:corpuser:alice', raw: URN })).toBeUndefined();
    expect(
      onGraph(`{ datasets(where: { urn: { eq: "${URN}" } }) { urn ownedBy { urn } downstreamOf { urn } } }`),
    ).toBe(undefined);
  });

  it("multiplies a connection's edges by its page; its counts and pageInfo are resolved once", () => {
    const connection = (first: number): number =>
      graphCost(
        `{ datasetsConnection(first: ${first}) { totalCount aggregate { count { nodes } } pageInfo { hasNextPage } edges { node { urn } } } }`,
      );
    // ROOT + its scan + totalCount 100 + aggregate (a scan) + count 1 + nodes 1 + pageInfo 2 + first × 3
    expect(connection(1)).toBe(ROOT_QUERY_WEIGHT + SCAN_WEIGHT + 100 + SCAN_WEIGHT + 2 + 2 + 3);
    expect(connection(50) - connection(1)).toBe(49 * 3);
    expect(
      onGraph('{ datasetsConnection { totalCount aggregate { count { nodes } } edges { node { urn } } } }'),
    ).toBeUndefined();
  });
});

describe("DataHub's GraphQL: round trips, searches and walks weigh their measured work", () => {
  it('weighs a root field its round trip, and `entities` an entity read per URN', () => {
    expect(gqlCost(`{ dataset(urn: "${URN}") { urn } }`)).toBe(ROOT_WEIGHT + 1);
    const urns = Array.from({ length: 100 }, (_, i) => `"${URN}${i}"`).join(', ');
    expect(gqlCost(`{ entities(urns: [${urns}]) { urn } }`)).toBe(ROOT_WEIGHT + 100 * ENTITY_WEIGHT + 100);
    const reads = (n: number): string =>
      aliases(n, () => `dataset(urn: "${URN}") { urn properties { name } }`);
    expect(onGql(reads(2000))).toContain('NEOHUB_GRAPHQL_MAX_COST');
    expect(onGql(reads(100))).toBeUndefined();
  });

  it('refuses the 99 aliased searches main admitted; a search skipping its facets weighs less', () => {
    const searches = (n: number, flags = '', select = 'total facets { field }'): string =>
      aliases(n, (i) => `searchAcrossEntities(input: { query: "q${i}", count: 10${flags} }) { ${select} }`);
    expect(onGql(searches(99))).toContain('cost limit (NEOHUB_GRAPHQL_MAX_COST) is 100000');
    expect(gqlCost(searches(1))).toBe(SEARCH_WEIGHT + 30);
    const skip = ', searchFlags: { skipAggregates: true }';
    expect(gqlCost(searches(1, skip))).toBe(SEARCH_WITHOUT_FACETS_WEIGHT + 30);
    // Facets not asked for are not counted, nor weighed.
    expect(gqlCost(searches(1, '', 'total'))).toBe(SEARCH_WITHOUT_FACETS_WEIGHT + 10);
    expect(gqlCost(searches(1, '', 'total ... on SearchResults { facets { field } }'))).toBe(
      SEARCH_WEIGHT + 30,
    );
    expect(onGql(searches(3))).toBeUndefined();
    expect(onGql(searches(4))).toContain('NEOHUB_GRAPHQL_MAX_COST');
    expect(onGql(searches(20, skip))).toBeUndefined();
    expect(onGql(searches(30, skip))).toContain('NEOHUB_GRAPHQL_MAX_COST');
  });

  it('weighs browsing, aggregations and lineage walks by what they do', () => {
    expect(gqlCost('{ browseV2(input: { type: DATASET, path: [], start: 0, count: 1 }) { total } }')).toBe(
      BROWSE_WEIGHT + 1,
    );
    expect(gqlCost('{ aggregateAcrossEntities(input: { query: "*" }) { facets { field } } }')).toBe(
      SEARCH_WEIGHT + 2,
    );
    const lineage = (hops: string): number =>
      gqlCost(
        `{ searchAcrossLineage(input: { urn: "${URN}", direction: DOWNSTREAM, query: "*", count: 1${hops} }) { total facets { field } } }`,
      );
    // A search over the walk's hits: its facets are counted over them only.
    const search = SEARCH_WITHOUT_FACETS_WEIGHT + LINEAGE_FACETS_WEIGHT;
    expect(lineage('')).toBe(search + 10 * LINEAGE_HOP_WEIGHT + 3);
    expect(lineage(', maxHops: 2')).toBe(search + 2 * LINEAGE_HOP_WEIGHT + 3);
    // A filter that keeps degrees 1 and 2 only needs two hops (DataHub's MCP server sends one).
    const degrees = (values: string) =>
      `, orFilters: [{ and: [{ field: "degree", condition: EQUAL, values: [${values}] }] }]`;
    expect(lineage(degrees('"1", "2"'))).toBe(search + 2 * LINEAGE_HOP_WEIGHT + 3);
    expect(lineage(degrees('"1", "2", "3+"'))).toBe(search + 10 * LINEAGE_HOP_WEIGHT + 3);
    // The `lineage` field walks one hop unless asked.
    expect(
      gqlCost(`{ dataset(urn: "${URN}") { lineage(input: { direction: UPSTREAM, count: 1 }) { total } } }`),
    ).toBe(ROOT_WEIGHT + LINEAGE_HOP_WEIGHT + 1);
  });

  it("passes what DataHub's clients send", () => {
    // get_urns_by_filter (acryl-datahub): batches of 5,000 URNs with their extra properties.
    const urns = `query scrollUrnsWithFilters($types: [EntityType!], $query: String!, $orFilters: [AndFilterInput!], $batchSize: Int!, $scrollId: String, $skipCache: Boolean!, $fetchExtraFields: [String!]) {
      scrollAcrossEntities(input: { query: $query, count: $batchSize, scrollId: $scrollId, types: $types, orFilters: $orFilters,
        searchFlags: { skipHighlighting: true, skipAggregates: true, skipCache: $skipCache, fetchExtraFields: $fetchExtraFields } }) {
        nextScrollId searchResults { entity { urn } extraProperties { name value } }
      }
    }`;
    expect(onGql(urns, { query: '*', batchSize: 5000, skipCache: false })).toBeUndefined();
    // A scroll of 10,000 with its facets, and a UI search page.
    const scroll = `query scroll($input: ScrollAcrossEntitiesInput!) { scrollAcrossEntities(input: $input) { nextScrollId count total searchResults { entity { urn type } } } }`;
    expect(onGql(scroll, { input: { types: ['DATASET'], query: '*', count: 10000 } })).toBeUndefined();
    const fields = Array.from({ length: 150 }, (_, i) => `f${i}: __typename`).join(' ');
    expect(
      onGql(
        `{ searchAcrossEntities(input: {query: "orders", start: 0, count: 20}) { start count total searchResults { entity { urn type ... on Dataset { ${fields} } } } facets { field aggregations { value count } } } }`,
      ),
    ).toBeUndefined();
    // The lineage tab: a full walk with its facets.
    expect(
      onGql(
        `{ searchAcrossLineage(input: { urn: "${URN}", direction: UPSTREAM, query: "*", start: 0, count: 100 }) { total searchResults { degree entity { urn type } } facets { field aggregations { value count } } } }`,
      ),
    ).toBeUndefined();
  });
});

/**
 * The query families of the cost-limit bench (bench/cost-limits.ts): for each, a query that grows with
 * `n` (aliases, a page size), and the largest `n` the cost limit admits, measured in process with the
 * same schemas and cost models as the server (so the bench follows whatever model the tree holds).
 */
import { Kind, parse, validate, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import type { Config } from '../src/config.js';
import { explorerCostModel } from '../src/graph-explorer/cost-model.js';
import { explorerSchema } from '../src/graph-explorer/schema.js';
import { measureOperation, type CostModel } from '../src/graphql-limits/index.js';
import { datahubCostModel } from '../src/graphql/cost-model.js';
import { graphqlSchema } from '../src/graphql/schema.js';
import { LINEAGE_FIELD_HOPS } from '../src/graphql/types/entity.js';

export type Endpoint = '/api/graph' | '/api/graphql';

/** What a family's query reads: URNs of the bench's run. */
export interface Seeded {
  readonly run: string;
  readonly datasets: readonly string[];
  /** The first layer of the layered lineage graph: 10-hop walks from them stop at the visit cap. */
  readonly lineageStarts: readonly string[];
  /** The domains of the layered graph, one per layer: each holds a layer's tables. */
  readonly domains: readonly string[];
}

export interface Family {
  readonly name: string;
  readonly endpoint: Endpoint;
  /** The largest `n` tried (a page cap of the API, or enough aliases to pass any sensible limit). */
  readonly max: number;
  /** The query of size `n`; `salt` varies what caches key on (a search's filter), not its cost. */
  readonly query: (n: number, seeded: Seeded, salt?: string) => string;
}

const aliases = (n: number, one: (i: number) => string): string =>
  `{ ${Array.from({ length: n }, (_, i) => `a${i}: ${one(i)}`).join(' ')} }`;

const pick = (s: Seeded, i: number): string => s.datasets[i % s.datasets.length] as string;

/**
 * A filter every entity passes (no entity has this tag) and no cache has seen: search results, totals
 * and facet counts are cached per query (search-sync/embedded/result-cache.ts), and a client that wants
 * work done varies its queries.
 */
const uncached = (i: number, salt = ''): string =>
  `orFilters: [{ and: [{ field: "tags", values: ["urn:li:tag:none_${salt}_${i}"], negated: true }] }]`;

export const FAMILIES: readonly Family[] = [
  {
    name: 'explorer.aliasedSmallLists',
    endpoint: '/api/graph',
    max: 5000,
    query: (n) => aliases(n, () => 'datasets(limit: 1) { urn ownedBy { urn } }'),
  },
  {
    name: 'explorer.aliasedUrnLists',
    endpoint: '/api/graph',
    max: 5000,
    query: (n) => aliases(n, () => 'datasets(limit: 1) { urn }'),
  },
  {
    name: 'explorer.aliasedByUrn',
    endpoint: '/api/graph',
    max: 5000,
    query: (n, s) =>
      aliases(
        n,
        (i) =>
          `datasets(where: { urn: { eq: "${pick(s, i)}" } }) { urn ownedBy { urn } downstreamOf { urn } }`,
      ),
  },
  {
    name: 'explorer.aliasedScans',
    endpoint: '/api/graph',
    max: 5000,
    query: (n, s) =>
      aliases(n, (i) => `datasets(limit: 1, where: { name: { contains: "none_${s.run}_${i}" } }) { urn }`),
  },
  {
    name: 'explorer.aliasedSortedLists',
    endpoint: '/api/graph',
    max: 5000,
    query: (n) => aliases(n, () => 'datasets(limit: 1, sort: [{ name: DESC }]) { urn }'),
  },
  {
    name: 'explorer.aliasedOffsets',
    endpoint: '/api/graph',
    max: 5000,
    query: (n) => aliases(n, (i) => `anyEntities(limit: 1, offset: ${1_000_000 + i}) { urn }`),
  },
  {
    name: 'explorer.aliasedCounts',
    endpoint: '/api/graph',
    max: 5000,
    query: (n) => aliases(n, () => 'anyEntitiesConnection(first: 1) { totalCount }'),
  },
  {
    name: 'explorer.aliasedFilteredCounts',
    endpoint: '/api/graph',
    max: 5000,
    query: (n, s) =>
      aliases(
        n,
        (i) =>
          `datasetsConnection(first: 1, where: { name: { contains: "none_${s.run}_${i}" } }) { totalCount }`,
      ),
  },
  {
    name: 'explorer.aliasedAggregates',
    endpoint: '/api/graph',
    max: 5000,
    query: (n) =>
      aliases(n, () => 'datasetsConnection(first: 1) { aggregate { node { name { longest } } } }'),
  },
  {
    name: 'explorer.aliasedRelationshipFilters',
    endpoint: '/api/graph',
    max: 5000,
    query: (n, s) =>
      aliases(
        n,
        (i) =>
          `datasets(limit: 1, where: { downstreamOf: { some: { name: { contains: "none_${s.run}_${i}" } } } }) { urn }`,
      ),
  },
  {
    name: 'explorer.wideList',
    endpoint: '/api/graph',
    max: 1000,
    query: (n) =>
      `{ datasets(limit: ${n}) { urn name ownedBy { urn } downstreamOf { urn } upstreamOf { urn } taggedWith { urn } } }`,
  },
  {
    name: 'explorer.nestedLists',
    endpoint: '/api/graph',
    max: 1000,
    query: (n) =>
      `{ datasets(limit: ${n}) { urn upstreamOf(limit: ${n}) { urn upstreamOf(limit: ${n}) { urn ownedBy { urn } } } } }`,
  },
  {
    // As reported (issue 35): 99 of these took 3.9 s on main.
    name: 'graphql.aliasedSearches',
    endpoint: '/api/graphql',
    max: 2000,
    query: (n, _s, salt = '') =>
      aliases(
        n,
        (i) => `searchAcrossEntities(input: { query: "q${i}${salt}", count: 10 }) { total facets { field } }`,
      ),
  },
  {
    name: 'graphql.aliasedMatchAllSearches',
    endpoint: '/api/graphql',
    max: 2000,
    query: (n, _s, salt) =>
      aliases(
        n,
        (i) =>
          `searchAcrossEntities(input: { query: "*", start: 0, count: 10, ${uncached(i, salt)} }) { total searchResults { entity { urn } } facets { field aggregations { value count } } }`,
      ),
  },
  {
    name: 'graphql.aliasedMatchAllSearchesWithoutFacets',
    endpoint: '/api/graphql',
    max: 2000,
    query: (n, _s, salt) =>
      aliases(
        n,
        (i) =>
          `searchAcrossEntities(input: { query: "*", start: 0, count: 10, searchFlags: { skipAggregates: true }, ${uncached(i, salt)} }) { total searchResults { entity { urn } } }`,
      ),
  },
  {
    // DataHub's MCP server asks, for each entity it shows, the total of its domain's members.
    name: 'graphql.aliasedMemberCounts',
    endpoint: '/api/graphql',
    max: 2000,
    query: (n, s, salt = '') =>
      aliases(
        n,
        (i) =>
          `domain(urn: "${s.domains[i % s.domains.length]}") { entities(input: { start: 0, count: 0, filters: [{ field: "tags", values: ["urn:li:tag:none_${salt}_${i}"], negated: true }] }) { total } }`,
      ),
  },
  {
    // The same totals asked by every result of a page (each preview its domain's): counted together.
    name: 'graphql.memberTotalsOfAPage',
    endpoint: '/api/graphql',
    max: 1000,
    query: (n, _s, salt = '') =>
      `{ searchAcrossEntities(input: { types: [DOMAIN], query: "*", start: 0, count: ${n} }) { searchResults { entity { ... on Domain { entities(input: { start: 0, count: 0, filters: [{ field: "tags", values: ["urn:li:tag:none_${salt}"], negated: true }] }) { total } } } } } }`,
  },
  {
    name: 'graphql.aliasedAggregations',
    endpoint: '/api/graphql',
    max: 2000,
    query: (n, _s, salt) =>
      aliases(
        n,
        (i) =>
          `aggregateAcrossEntities(input: { query: "*", ${uncached(i, salt)} }) { facets { field aggregations { value count } } }`,
      ),
  },
  {
    name: 'graphql.searchPage',
    endpoint: '/api/graphql',
    max: 10_000,
    query: (n, _s, salt) =>
      `{ searchAcrossEntities(input: { query: "*", start: 0, count: ${n}, ${uncached(0, salt)} }) { total searchResults { entity { urn type } } facets { field aggregations { value count } } } }`,
  },
  {
    name: 'graphql.scroll',
    endpoint: '/api/graphql',
    max: 10_000,
    query: (n, _s, salt) =>
      `{ scrollAcrossEntities(input: { types: [DATASET], query: "*", count: ${n}, ${uncached(0, salt)} }) { nextScrollId count total searchResults { entity { urn type } } } }`,
  },
  {
    // DataHub's client (get_urns_by_filter): no facets, URNs only.
    name: 'graphql.clientScroll',
    endpoint: '/api/graphql',
    max: 10_000,
    query: (n, _s, salt) =>
      `{ scrollAcrossEntities(input: { query: "*", count: ${n}, searchFlags: { skipHighlighting: true, skipAggregates: true }, ${uncached(0, salt)} }) { nextScrollId searchResults { entity { urn } } } }`,
  },
  {
    name: 'graphql.aliasedAutocompletes',
    endpoint: '/api/graphql',
    max: 2000,
    query: (n, s) =>
      aliases(
        n,
        (i) =>
          `autoComplete(input: { type: DATASET, query: "costbench_${s.run}_${i % 10}", limit: 10 }) { query suggestions }`,
      ),
  },
  {
    name: 'graphql.aliasedBrowse',
    endpoint: '/api/graphql',
    max: 2000,
    query: (n, _s, salt) =>
      aliases(
        n,
        (i) =>
          `browseV2(input: { type: DATASET, path: [], start: 0, count: 20, ${uncached(i, salt)} }) { total groups { name count } }`,
      ),
  },
  {
    name: 'graphql.aliasedLineageSearches',
    endpoint: '/api/graphql',
    max: 2000,
    query: (n, s, salt) =>
      aliases(
        n,
        (i) =>
          `searchAcrossLineage(input: { urn: "${pick(s, i)}", direction: DOWNSTREAM, query: "*", start: 0, count: 10, ${uncached(i, salt)} }) { total searchResults { degree entity { urn } } facets { field } }`,
      ),
  },
  {
    name: 'graphql.aliasedCappedLineageSearches',
    endpoint: '/api/graphql',
    max: 2000,
    query: (n, s, salt) =>
      aliases(
        n,
        (i) =>
          `searchAcrossLineage(input: { urn: "${s.lineageStarts[i % s.lineageStarts.length]}", direction: DOWNSTREAM, query: "*", start: 0, count: 10, ${uncached(i, salt)} }) { total searchResults { degree entity { urn } } facets { field } }`,
      ),
  },
  {
    name: 'graphql.aliasedCappedLineageSearchesWithoutFacets',
    endpoint: '/api/graphql',
    max: 2000,
    query: (n, s, salt) =>
      aliases(
        n,
        (i) =>
          `searchAcrossLineage(input: { urn: "${s.lineageStarts[i % s.lineageStarts.length]}", direction: DOWNSTREAM, query: "*", start: 0, count: 10, searchFlags: { skipAggregates: true }, ${uncached(i, salt)} }) { total searchResults { degree entity { urn } } }`,
      ),
  },
  {
    name: 'graphql.aliasedCappedLineageFields',
    endpoint: '/api/graphql',
    max: 2000,
    query: (n, s) =>
      aliases(
        n,
        (i) =>
          `dataset(urn: "${s.lineageStarts[i % s.lineageStarts.length]}") { lineage(input: { direction: DOWNSTREAM, start: 0, count: 100, maxHops: 10 }) { total relationships { type entity { urn } } } }`,
      ),
  },
  {
    name: 'graphql.aliasedLineageFields',
    endpoint: '/api/graphql',
    max: 5000,
    query: (n, s) =>
      aliases(
        n,
        (i) =>
          `dataset(urn: "${pick(s, i)}") { urn lineage(input: { direction: DOWNSTREAM, start: 0, count: 100 }) { total relationships { type entity { urn } } } }`,
      ),
  },
  {
    name: 'graphql.aliasedDatasets',
    endpoint: '/api/graphql',
    max: 5000,
    query: (n, s) =>
      aliases(
        n,
        (i) =>
          `dataset(urn: "${pick(s, i)}") { urn properties { name description } ownership { owners { owner { ... on CorpUser { urn } } } } tags { tags { tag { urn } } } }`,
      ),
  },
  {
    name: 'graphql.entities',
    endpoint: '/api/graphql',
    max: 100_000,
    query: (n, s) =>
      `{ entities(urns: [${Array.from({ length: n }, (_, i) => `"${pick(s, i)}"`).join(', ')}]) { urn ... on Dataset { properties { name } } } }`,
  },
  {
    name: 'graphql.aliasedRelationships',
    endpoint: '/api/graphql',
    max: 5000,
    query: (n, s) =>
      aliases(
        n,
        (i) =>
          `dataset(urn: "${pick(s, i)}") { relationships(input: { types: ["DownstreamOf"], direction: INCOMING, count: 100 }) { total relationships { entity { urn } } } }`,
      ),
  },
];

/** The schemas and cost models the server runs with, built in process, and its cost limit. */
export interface Meter {
  readonly maxCost: number;
  cost(endpoint: Endpoint, query: string): number;
  /** The validation errors of a query (a family's mistake, not a limit). */
  invalid(endpoint: Endpoint, query: string): string[];
}

export async function meter(config: Config): Promise<Meter> {
  const on: Record<Endpoint, { schema: GraphQLSchema; model: CostModel }> = {
    '/api/graph': { schema: await explorerSchema(), model: explorerCostModel },
    '/api/graphql': {
      schema: await graphqlSchema(),
      model: datahubCostModel({ lineageHops: LINEAGE_FIELD_HOPS, maxHops: config.lineageMaxHops }),
    },
  };
  return {
    maxCost: config.graphqlMaxCost,
    cost(endpoint, query) {
      const document = parse(query);
      const operation = document.definitions.find(
        (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
      );
      if (!operation) throw new Error('no operation');
      const { schema, model } = on[endpoint];
      return measureOperation(schema, document, operation, {}, model).cost;
    },
    invalid(endpoint, query) {
      return validate(on[endpoint].schema, parse(query)).map((e) => e.message);
    },
  };
}

/** The largest `n` (at most `family.max`) whose query the limit admits; 0 when even one is refused. */
export function largestAdmitted(family: Family, seeded: Seeded, m: Meter): number {
  const admitted = (n: number): boolean => m.cost(family.endpoint, family.query(n, seeded)) <= m.maxCost;
  if (admitted(family.max)) return family.max;
  let lo = 0;
  let hi = family.max;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (admitted(mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}

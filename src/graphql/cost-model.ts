import { getNamedType, isInputObjectType, type GraphQLField } from 'graphql';
import type { CostModel } from '../graphql-limits/index.js';
import { getOwn, isJsonObject, lookup } from '../json/index.js';

/**
 * The page size a paged field uses when the request names none: the one table the resolvers read their
 * defaults from, and the cost model too.
 */
export const DEFAULT_PAGE = Object.freeze({
  search: 10,
  searchAcrossEntities: 10,
  scrollAcrossEntities: 10,
  searchAcrossLineage: 10,
  scrollAcrossLineage: 10,
  autoComplete: 10,
  autoCompleteForMultiple: 10,
  browse: 10,
  browseV2: 20,
  listAccessTokens: 20,
  listExecutionRequests: 20,
  listTests: 20,
  listOwnershipTypes: 20,
  listQueries: 20,
  listDomains: 20,
  listUsers: 20,
  listGroups: 20,
  listViews: 20,
  listMyViews: 20,
  listGlobalViews: 20,
  /** The members of a domain, a data product or a container. */
  entities: 20,
  /** The terms and nodes under a glossary node. */
  glossaryChildrenSearch: 20,
  relatedDocuments: 10,
  /** A dataset's latest profiles and operations when the request gives no `limit`. */
  datasetProfiles: 100,
  operations: 100,
  relationships: 100,
  lineage: 100,
  assertions: 200,
  incidents: 20,
  runEvents: 100,
});

/** A paged field the table does not name is assumed to return this many. */
const OTHER_PAGE = 100;

/*
 * Weights are in the unit of both GraphQL endpoints: about 10 µs of the server's work on the bench
 * machine (2 cores) when they were measured, 6–7 µs measured again for issue 37, so that the default
 * NEOHUB_GRAPHQL_MAX_COST (150,000) is about a second at most. Measured by bench/cost-limits.ts over
 * catalogs of 23,000 to 34,000 entities (docs/decisions/0039): searches and browsing grow with what they
 * match, so a much larger catalog wants a lower limit.
 */

/**
 * Work of a root field that reads or writes the store (`dataset(urn)`, a mutation...): its own round
 * trip, 0.2–0.3 ms.
 */
export const ROOT_WEIGHT = 60;
/** Work of each URN of `entities(urns)`: an entity read (60–115 µs each in batches of 100). */
export const ENTITY_WEIGHT = 10;
/**
 * Work of one search, scroll or aggregation with its facet counts (counted over every match: 150–215 ms
 * for a match-all query over 23,000 documents, uncached, a few at a time), in fields' worth.
 */
export const SEARCH_WEIGHT = 25_000;
/**
 * Work of one search or scroll without its facet counts (`searchFlags.skipAggregates`, or no `facets`
 * selected): its total alone, 17–39 ms for a match-all query over 23,000 documents.
 */
export const SEARCH_WITHOUT_FACETS_WEIGHT = 4_000;
/**
 * Work of the members of one domain, container or data product without facet counts: a search the index
 * narrows by the parent's URN (a page of members and their total, in time with the members). The members
 * of the different parents in a page of results add up to at most the catalog, and the same parent's are
 * counted once per index version (the search's result cache). Measured: 216 such totals of 800 members
 * each, every one uncached, in 0.59 s (2.7 ms each), in a catalog of over 30,000 entities.
 */
export const MEMBER_SEARCH_WEIGHT = 300;
/** Work of one browse (groups of every match: 70–130 ms at the root of 23,000 datasets). */
export const BROWSE_WEIGHT = 15_000;
/** Work of one autocomplete query, per entity type it asks (2–20 ms). */
export const AUTOCOMPLETE_WEIGHT = 1_000;
/**
 * Work of the member totals one spot of a request asks (a domain's or a container's `entities` with
 * `count: 0` and no facets, in every result of a page): one search over the members of all the parents
 * asked together, counted per parent (one facet): at most a match-all search with one facet.
 */
export const MEMBER_TOTALS_WEIGHT = 8_000;
/** The members' totals asked alone, batched per request; the parents whose members are a field's value. */
const BATCHED_MEMBERS = new Set(['Domain', 'Container']);

/**
 * Work of the facet counts of a search across lineage: counted over the walk's hits only (at most
 * NEOHUB_LINEAGE_MAX_VISITED), not over the index. Measured at the visit cap (10,000 hits): 171 ms with
 * them, 82 ms without.
 */
export const LINEAGE_FACETS_WEIGHT = 9_000;
/**
 * Work of one hop of a lineage walk. A 10-hop walk that reaches 5,400 tables takes 28 ms as the `lineage`
 * field and 85–92 ms as a search across lineage skipping its facets (the search over its hits); at the
 * visit cap (NEOHUB_LINEAGE_MAX_VISITED, 10,000) about twice that.
 */
export const LINEAGE_HOP_WEIGHT = 2_000;
/**
 * Work of an asset's `health`: its incidents and assertions (two edge reads and their entities), and the
 * latest run of each assertion, one time-series read each (counted here as a few; not measured).
 */
export const HEALTH_WEIGHT = 4 * ROOT_WEIGHT;
/** Entity types autoCompleteForMultiple and getEntityCounts ask when none is named. */
const ALL_TYPES = 15;
const ROOT_TYPES = new Set(['Query', 'Mutation']);
/** The results of lineage searches and walks, whose `entity` is of a kind lineage reaches. */
const LINEAGE_RESULTS = new Set(['SearchAcrossLineageResult', 'LineageRelationship']);

const PAGE_ARGS = ['count', 'limit', 'first'] as const;

/** The page size a request asks in a field's arguments or in its `input`, if any. */
function askedPage(args: Readonly<Record<string, unknown>>): number | undefined {
  const input = getOwn(args, 'input');
  for (const from of [args, isJsonObject(input) ? input : {}])
    for (const name of PAGE_ARGS) {
      const v = getOwn(from, name);
      if (typeof v === 'number' && Number.isFinite(v)) return v;
    }
  return undefined;
}

/** Whether a field takes a page size (directly or in its input). */
function isPaged(field: GraphQLField<unknown, unknown>): boolean {
  return field.args.some((a) => {
    if ((PAGE_ARGS as readonly string[]).includes(a.name)) return true;
    const named = getNamedType(a.type);
    return (
      a.name === 'input' &&
      isInputObjectType(named) &&
      PAGE_ARGS.some((p) => Object.hasOwn(named.getFields(), p))
    );
  });
}

const inputOf = (args: Readonly<Record<string, unknown>>): Record<string, unknown> => {
  const input = getOwn(args, 'input');
  return isJsonObject(input) ? input : {};
};

/**
 * Whether a search counts its facets: when its selection asks for them and `searchFlags.skipAggregates`
 * does not skip them (the resolvers count nothing else).
 */
function countsFacets(args: Readonly<Record<string, unknown>>, selects: (name: string) => boolean): boolean {
  const flags = getOwn(inputOf(args), 'searchFlags');
  return selects('facets') && !(isJsonObject(flags) && getOwn(flags, 'skipAggregates') === true);
}

/** A search's work: with its facet counts, or its total alone. */
const searchWeight = (args: Readonly<Record<string, unknown>>, selects: (name: string) => boolean): number =>
  countsFacets(args, selects) ? SEARCH_WEIGHT : SEARCH_WITHOUT_FACETS_WEIGHT;

/**
 * The hops a lineage search may take: those it asks (`maxHops`), else the deepest degree its filters
 * keep (`degree` 1 and 2: two hops; `3+` keeps them all), else `fallback`; never more than `max`.
 */
function lineageHops(args: Readonly<Record<string, unknown>>, fallback: number, max: number): number {
  const input = inputOf(args);
  const asked = getOwn(input, 'maxHops');
  if (typeof asked === 'number' && asked > 0) return Math.min(max, asked);
  const deepest = deepestDegree(getOwn(input, 'orFilters'));
  return Math.min(max, deepest ?? fallback);
}

/** The deepest degree every OR group of the filters keeps, when each keeps only degrees 1 and 2. */
function deepestDegree(orFilters: unknown): number | undefined {
  if (!Array.isArray(orFilters) || !orFilters.length) return undefined;
  let deepest = 0;
  for (const group of orFilters) {
    const and = isJsonObject(group) ? getOwn(group, 'and') : undefined;
    const degree = Array.isArray(and)
      ? and.find((c) => isJsonObject(c) && getOwn(c, 'field') === 'degree' && getOwn(c, 'negated') !== true)
      : undefined;
    const values = isJsonObject(degree) ? getOwn(degree, 'values') : undefined;
    if (!Array.isArray(values) || !values.length || !values.every((v) => v === '1' || v === '2'))
      return undefined;
    deepest = Math.max(deepest, ...values.map(Number));
  }
  return deepest;
}

/**
 * The cost model of DataHub's GraphQL API: a paged field resolves its selection once per element of its
 * page; a root field weighs a round trip to the store (ROOT_WEIGHT), `entities(urns)` an entity read per
 * URN; searches, scrolls and aggregations weigh SEARCH_WEIGHT (SEARCH_WITHOUT_FACETS_WEIGHT when they skip
 * their facets), browsing BROWSE_WEIGHT, autocompletes AUTOCOMPLETE_WEIGHT per entity type, lineage
 * walks LINEAGE_HOP_WEIGHT per hop they may take (`lineageHops` when the request names none) and a
 * search across lineage a search besides.
 */
export function datahubCostModel(opts: {
  readonly lineageHops: number;
  readonly maxHops: number;
  /** The GraphQL object types of the kinds lineage reaches: what a lineage result can be. */
  readonly lineageTypes?: ReadonlySet<string>;
}): CostModel {
  const hops = (args: Readonly<Record<string, unknown>>, fallback: number): number =>
    lineageHops(args, fallback, opts.maxHops);
  /** A member total of a domain or container asked alone (no page of members, no facets): batched. */
  const memberTotal = (
    parent: string,
    field: GraphQLField<unknown, unknown>,
    args: Readonly<Record<string, unknown>>,
    selects: (name: string) => boolean,
  ): boolean =>
    field.name === 'entities' &&
    BATCHED_MEMBERS.has(parent) &&
    getOwn(inputOf(args), 'count') === 0 &&
    !selects('facets');
  return {
    batched(parent, field, args, selects) {
      if (!memberTotal(parent, field, args, selects)) return undefined;
      // The resolver batches the totals asked with the same query and filters (member-queries.ts).
      const { query, filters, orFilters } = inputOf(args);
      return { key: JSON.stringify([parent, query, filters, orFilters]), weight: MEMBER_TOTALS_WEIGHT };
    },
    types(parent, field) {
      return field.name === 'entity' && LINEAGE_RESULTS.has(parent) ? opts.lineageTypes : undefined;
    },
    size(_parent, field, args) {
      if (field.name === 'entities' && Array.isArray(getOwn(args, 'urns')))
        return (getOwn(args, 'urns') as unknown[]).length;
      if (!isPaged(field)) return 1;
      return askedPage(args) ?? lookup<number>(DEFAULT_PAGE, field.name) ?? OTHER_PAGE;
    },
    weight(parent, field, args, selects) {
      const root = ROOT_TYPES.has(parent);
      if (!root && field.name === 'health') return HEALTH_WEIGHT;
      if (!root && !field.args.length) return 1; // a result's own fields (e.g. `relationships` of a page)
      switch (field.name) {
        case 'search':
        case 'searchAcrossEntities':
        case 'scrollAcrossEntities':
          return searchWeight(args, selects);
        case 'aggregateAcrossEntities':
          return SEARCH_WEIGHT;
        case 'listOwnershipTypes':
        case 'listQueries':
        case 'listDomains':
        case 'getRootGlossaryTerms':
        case 'getRootGlossaryNodes':
        case 'relatedDocuments':
          return SEARCH_WITHOUT_FACETS_WEIGHT;
        case 'getEntityCounts': {
          const types = getOwn(inputOf(args), 'types');
          return (
            SEARCH_WITHOUT_FACETS_WEIGHT * (Array.isArray(types) && types.length ? types.length : ALL_TYPES)
          );
        }
        case 'browse':
        case 'browseV2':
          return BROWSE_WEIGHT;
        case 'autoComplete':
          return AUTOCOMPLETE_WEIGHT;
        case 'autoCompleteForMultiple': {
          const types = getOwn(inputOf(args), 'types');
          return AUTOCOMPLETE_WEIGHT * (Array.isArray(types) && types.length ? types.length : ALL_TYPES);
        }
        case 'searchAcrossLineage':
        case 'scrollAcrossLineage':
          return (
            SEARCH_WITHOUT_FACETS_WEIGHT +
            (countsFacets(args, selects) ? LINEAGE_FACETS_WEIGHT : 0) +
            LINEAGE_HOP_WEIGHT * hops(args, opts.maxHops)
          );
        case 'lineage':
          return LINEAGE_HOP_WEIGHT * hops(args, opts.lineageHops);
        case 'relationships':
        case 'assertions':
        case 'incidents':
        case 'runEvents':
          return 10;
        case 'glossaryChildrenSearch':
        case 'versionsSearch':
          return countsFacets(args, selects) ? SEARCH_WEIGHT : MEMBER_SEARCH_WEIGHT;
        case 'entities': {
          const urns = getOwn(args, 'urns');
          if (root) return ROOT_WEIGHT + ENTITY_WEIGHT * (Array.isArray(urns) ? urns.length : 0);
          // A domain's, data product's or container's members: a search narrowed by the parent's URN, or
          // (a total alone) its share of the request's batched count.
          if (memberTotal(parent, field, args, selects)) return ENTITY_WEIGHT;
          return countsFacets(args, selects) ? SEARCH_WEIGHT : MEMBER_SEARCH_WEIGHT;
        }
        default:
          return root ? ROOT_WEIGHT : 1;
      }
    },
  };
}

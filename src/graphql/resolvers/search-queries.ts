import { Query, Resolver } from 'type-graphql';
import type { LineageSearchResult } from '../../services/index.js';
import type { GraphQLContext } from '../context.js';
import { DEFAULT_PAGE } from '../cost-model.js';
import { make } from '../types/common.js';
import { EntityPath } from '../types/entity.js';
import { entityName, registryName } from '../types/entity-type.js';
import {
  AggregateAcrossEntitiesInput,
  AutoCompleteInput,
  AutoCompleteMultipleInput,
  BrowseV2Input,
  ListOwnershipTypesInput,
  ListQueriesInput,
  ScrollAcrossEntitiesInput,
  ScrollAcrossLineageInput,
  SearchAcrossEntitiesInput,
  SearchAcrossLineageInput,
  type GroupingSpec,
  type LineageSearchInputBase,
  type SearchInputBase,
} from '../types/search.js';
import {
  AggregateResults,
  AutoCompleteMultipleResults,
  AutoCompleteResultForEntity,
  AutoCompleteResults,
  BrowseResultGroupV2,
  BrowseResultMetadata,
  BrowseResultsV2,
  ListOwnershipTypesResult,
  ListQueriesResult,
  ScrollAcrossLineageResults,
  ScrollResults,
  SearchAcrossLineageResult,
  SearchAcrossLineageResults,
  SearchResults,
} from '../types/search-results.js';
import {
  decodeScrollId,
  nextScrollId,
  entityNames,
  facetFields,
  filterWith,
  present,
  selectsFacets,
  withView,
  toEntities,
  toFacets,
  toFilter,
  toSearchResult,
  toSort,
  UNSCOPED,
  unscopedTypes,
} from './search-mapping.js';
import { declareRootFields, rootField } from './root-fields.js';

/** Runs a search for the inputs every search shares; a page of `start`/`count`. */
export async function runSearch(
  ctx: GraphQLContext,
  input: SearchInputBase & { sortInput?: SearchAcrossEntitiesInput['sortInput'] },
  start: number,
  count: number,
  wanted: { facets: boolean; names?: readonly string[] | null },
) {
  const { entities, filter } = await withView(
    ctx,
    input.viewUrn,
    entityNames(input.types),
    toFilter(input.orFilters, input.filters),
  );
  const flags = input.searchFlags;
  if (!entities) return { total: 0, hits: [], facets: {} };
  const facets = wanted.facets && !flags?.skipAggregates;
  return ctx.services.search.search({
    entities,
    unscoped: UNSCOPED,
    input: input.query,
    filter,
    start,
    count,
    facets: facets ? facetFields(ctx, entities, wanted.names) : [],
    sort: toSort(input.sortInput),
    includeRemoved: flags?.includeSoftDeleted === true,
  });
}

async function runLineageSearch(
  ctx: GraphQLContext,
  input: LineageSearchInputBase,
  start: number,
  count: number,
  facets: boolean,
  scroll?: { id: string | null | undefined; keepAlive: string | null | undefined },
): Promise<LineageSearchResult> {
  const { entities, filter } = await withView(
    ctx,
    input.viewUrn,
    entityNames(input.types),
    toFilter(input.orFilters, input.filters),
  );
  if (!entities) return { total: 0, hits: [], facets: {}, partial: false };
  return ctx.services.lineageSearch.searchAcrossLineage({
    urn: input.urn,
    direction: input.direction,
    maxHops: input.maxHops ?? undefined,
    entities,
    unscoped: UNSCOPED,
    input: input.query,
    filter,
    start,
    count,
    facets: facets && !input.searchFlags?.skipAggregates ? facetFields(ctx, entities) : [],
    sort: toSort(input.sortInput),
    ...(scroll ? { scroll } : {}),
    fieldsAsDatasets: fieldsAsDatasets(input.searchFlags?.groupingSpec),
  });
}

/**
 * DataHub's grouping of a lineage search: schema fields answer as their datasets unless the search
 * flags bring a `groupingSpec` with criteria, which then replace that default (an empty list: fields
 * answer as themselves).
 */
function fieldsAsDatasets(spec: GroupingSpec | null | undefined): boolean {
  const criteria = spec?.groupingCriteria;
  if (!criteria) return true;
  return criteria.some((c) => c.baseEntityType === 'SCHEMA_FIELD' && c.groupingEntityType === 'DATASET');
}

function lineageResults(ctx: GraphQLContext, res: LineageSearchResult): SearchAcrossLineageResult[] {
  const results: SearchAcrossLineageResult[] = [];
  for (const h of res.hits) {
    const base = toSearchResult(ctx, h);
    if (!base) continue;
    // Set field by field: spreading the hit into a literal cost a page of 1,000 hits some 7 ms.
    const result = Object.assign(new LineageHitResult(), base);
    result.degree = h.degree;
    result.degrees = [h.degree];
    result.explored = true;
    result.truncatedChildren = res.partial;
    result.ignoredAsHop = false;
    result.hitPath = h.path;
    result.ctx = ctx;
    results.push(result);
  }
  return results;
}

/**
 * A hit of search across lineage whose paths are made only when asked for: a page holds up to thousands
 * of hits with paths of up to 11 entities. The getter is the prototype's, not one per hit.
 */
class LineageHitResult extends SearchAcrossLineageResult {
  hitPath: readonly string[] | undefined;
  ctx: GraphQLContext | undefined;
}
Object.defineProperty(LineageHitResult.prototype, 'paths', {
  enumerable: true,
  configurable: true,
  get(this: LineageHitResult) {
    const ctx = this.ctx as GraphQLContext;
    return [make(EntityPath, { path: (this.hitPath ?? []).map((u) => ctx.entity(u)).filter(present) })];
  },
});

/** A page of results: the hits, how many, the total, and the facets. */
export function resultsPage<R>(
  ctx: GraphQLContext,
  input: { searchFlags?: { maxAggValues?: number | null } | null },
  res: { total: number; facets: Parameters<typeof toFacets>[1] },
  results: R[],
) {
  return {
    count: results.length,
    total: res.total,
    searchResults: results,
    facets: toFacets(ctx, res.facets, input.searchFlags?.maxAggValues),
  };
}

/** DataHub's search family: search, scroll, aggregate, autocomplete, browse, and search across lineage. */
@Resolver()
export class SearchQueries {}

/** A browse path's components as the index holds the path: `/prod/hive`. */
export const browseAt = (segments: readonly string[]): string => `/${segments.join('/')}`;

declareRootFields(SearchQueries, Query, {
  searchAcrossEntities: rootField(SearchAcrossEntitiesInput, SearchResults, async (input, ctx, info) => {
    const start = input.start ?? 0;
    const count = input.count ?? DEFAULT_PAGE.searchAcrossEntities;
    const res = await runSearch(ctx, input, start, count, { facets: selectsFacets(info) });
    const results = res.hits.map((h) => toSearchResult(ctx, h)).filter(present);
    return make(SearchResults, { start, ...resultsPage(ctx, input, res, results), suggestions: [] });
  }),

  scrollAcrossEntities: rootField(ScrollAcrossEntitiesInput, ScrollResults, async (input, ctx, info) => {
    const offset = decodeScrollId(input.scrollId);
    const count = input.count ?? DEFAULT_PAGE.scrollAcrossEntities;
    const res = await runSearch(ctx, input, offset, count, { facets: selectsFacets(info) });
    const results = res.hits.map((h) => toSearchResult(ctx, h)).filter(present);
    return make(ScrollResults, {
      nextScrollId: nextScrollId(offset, res.hits.length, res.total),
      ...resultsPage(ctx, input, res, results),
    });
  }),

  aggregateAcrossEntities: rootField(AggregateAcrossEntitiesInput, AggregateResults, async (input, ctx) => {
    const flags = { ...input.searchFlags, skipAggregates: false };
    const res = await runSearch(ctx, { ...input, searchFlags: flags }, 0, 0, {
      facets: true,
      names: input.facets,
    });
    return make(AggregateResults, { facets: toFacets(ctx, res.facets, input.searchFlags?.maxAggValues) });
  }),

  autoComplete: rootField(AutoCompleteInput, AutoCompleteResults, async (input, ctx) => {
    const entities = entityNames(input.type ? [input.type] : undefined);
    if (!entities) return make(AutoCompleteResults, { query: input.query, suggestions: [], entities: [] });
    const res = await ctx.services.search.autocomplete({
      entities,
      unscoped: UNSCOPED,
      query: input.query,
      field: input.field ?? undefined,
      filter: toFilter(input.orFilters, input.filters),
      limit: input.limit ?? DEFAULT_PAGE.autoComplete,
    });
    return make(AutoCompleteResults, {
      query: input.query,
      suggestions: [...res.suggestions],
      entities: toEntities(
        ctx,
        res.entities.map((e) => e.urn),
      ),
    });
  }),

  autoCompleteForMultiple: rootField(
    AutoCompleteMultipleInput,
    AutoCompleteMultipleResults,
    async (input, ctx) => {
      const types = input.types?.length ? input.types.filter((t) => registryName(t)) : unscopedTypes(ctx);
      // Without a field, every kind in one call to the index (DataHub's web app sends this on every
      // keystroke, for every kind); a field may not be one of every kind's, so then one call per kind.
      const ask = (entities: string[]) => ({
        entities,
        query: input.query,
        filter: toFilter(input.orFilters, input.filters),
        limit: input.limit ?? DEFAULT_PAGE.autoCompleteForMultiple,
      });
      const answers = input.field
        ? await Promise.all(
            types.map((t) =>
              ctx.services.search.autocomplete({ ...ask([entityName(t)]), field: input.field }),
            ),
          )
        : await ctx.services.search.autocompleteEach(ask(types.map(entityName)));
      const perType = types.map((type, i) => {
        const res = answers[i] ?? { suggestions: [], entities: [] };
        return make(AutoCompleteResultForEntity, {
          type,
          suggestions: [...res.suggestions],
          entities: toEntities(
            ctx,
            res.entities.map((e) => e.urn),
          ),
        });
      });
      return make(AutoCompleteMultipleResults, {
        query: input.query,
        suggestions: perType.filter((r) => r.suggestions.length > 0 || r.entities.length > 0),
      });
    },
  ),

  listOwnershipTypes: rootField(
    ListOwnershipTypesInput,
    ListOwnershipTypesResult,
    async (input, ctx) => {
      const start = input.start ?? 0;
      const res = await ctx.services.search.search({
        entities: ['ownershipType'],
        input: input.query || '*',
        filter: toFilter(undefined, input.filters),
        start,
        count: Math.min(input.count ?? DEFAULT_PAGE.listOwnershipTypes, ctx.services.config.maxPageSize),
        facets: [],
      });
      const ownershipTypes = toEntities(
        ctx,
        res.hits.map((h) => h.urn),
      );
      return make(ListOwnershipTypesResult, {
        start,
        count: ownershipTypes.length,
        total: res.total,
        ownershipTypes,
      });
    },
    { nullable: false },
  ),

  listQueries: rootField(ListQueriesInput, ListQueriesResult, async (input, ctx) => {
    const start = input.start ?? 0;
    // The dataset and the source are conditions of every OR group (or the one group).
    const own = [
      ...(input.datasetUrn ? [{ field: 'entities', values: [input.datasetUrn] }] : []),
      ...(input.source ? [{ field: 'source', values: [input.source] }] : []),
    ];
    const res = await ctx.services.search.search({
      entities: ['query'],
      input: input.query || '*',
      filter: filterWith(input.orFilters, undefined, own),
      start,
      count: Math.min(input.count ?? DEFAULT_PAGE.listQueries, ctx.services.config.maxPageSize),
      facets: [],
      sort: toSort(input.sortInput),
    });
    const queries = toEntities(
      ctx,
      res.hits.map((h) => h.urn),
    );
    return make(ListQueriesResult, { start, count: queries.length, total: res.total, queries });
  }),

  browseV2: rootField(BrowseV2Input, BrowseResultsV2, async (input, ctx) => {
    const types = input.types?.length ? input.types : input.type ? [input.type] : undefined;
    const path = input.path ?? [];
    const start = input.start ?? 0;
    const count = input.count ?? DEFAULT_PAGE.browseV2;
    const { entities, filter } = await withView(
      ctx,
      input.viewUrn,
      entityNames(types),
      toFilter(input.orFilters),
    );
    // The hierarchy of browsePathsV2 (DataHub 1.x): the path is entry ids, a group is the entry after it.
    const res = entities
      ? await ctx.services.search.browseV2({ entities, unscoped: UNSCOPED, path, filter })
      : { groups: [], total: 0 };
    const groups = res.groups.slice(start, start + count).map((g) =>
      make(BrowseResultGroupV2, {
        name: g.name,
        entity: g.name.startsWith('urn:li:') ? ctx.entity(g.name) : undefined,
        count: g.count,
        hasSubGroups: g.hasSubGroups,
      }),
    );
    // DataHub answers the page asked for as `count`, whatever number of groups it holds.
    return make(BrowseResultsV2, {
      groups,
      start,
      count,
      total: res.groups.length,
      metadata: make(BrowseResultMetadata, { path, totalNumEntities: res.total }),
    });
  }),

  searchAcrossLineage: rootField(
    SearchAcrossLineageInput,
    SearchAcrossLineageResults,
    async (input, ctx, info) => {
      const start = input.start ?? 0;
      const count = input.count ?? DEFAULT_PAGE.searchAcrossLineage;
      const res = await runLineageSearch(ctx, input, start, count, selectsFacets(info));
      const results = lineageResults(ctx, res);
      return make(SearchAcrossLineageResults, {
        start,
        ...resultsPage(ctx, input, res, results),
        isPartial: res.partial,
      });
    },
  ),

  scrollAcrossLineage: rootField(
    ScrollAcrossLineageInput,
    ScrollAcrossLineageResults,
    async (input, ctx, info) => {
      const offset = decodeScrollId(input.scrollId);
      const count = input.count ?? DEFAULT_PAGE.scrollAcrossLineage;
      const scroll = { id: input.scrollId, keepAlive: input.keepAlive };
      const res = await runLineageSearch(ctx, input, offset, count, selectsFacets(info), scroll);
      const results = lineageResults(ctx, res);
      return make(ScrollAcrossLineageResults, {
        nextScrollId: res.nextScrollId,
        ...resultsPage(ctx, input, res, results),
        isPartial: res.partial,
      });
    },
  ),
});

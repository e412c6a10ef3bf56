import { Query, Resolver } from 'type-graphql';
import { DEFAULT_PAGE } from '../cost-model.js';
import { BrowsePath, browsePathsOf } from '../types/asset.js';
import { make } from '../types/common.js';
import { BrowseInput, BrowsePathsInput, SearchInput } from '../types/search.js';
import {
  BrowseResultGroup,
  BrowseResultMetadata,
  BrowseResults,
  SearchResults,
} from '../types/search-results.js';
import { declareRootFields, rootField } from './root-fields.js';
import {
  entityNames,
  present,
  selectsFacets,
  toEntities,
  toFilter,
  toSearchResult,
} from './search-mapping.js';
import { browseAt, resultsPage, runSearch } from './search-queries.js';

/**
 * DataHub's older search fields, kept for the scripts that call them: a search of one entity type, a
 * browse by browse paths, an entity's browse paths. They run as `searchAcrossEntities` and `browseV2` do.
 */
@Resolver()
export class LegacySearchQueries {}

declareRootFields(LegacySearchQueries, Query, {
  /** The older search of one entity type. */
  search: rootField(SearchInput, SearchResults, async (input, ctx, info) => {
    const start = input.start ?? 0;
    const { type, query, filters, orFilters, searchFlags } = input;
    const res = await runSearch(
      ctx,
      { types: [type], query, filters, orFilters, searchFlags },
      start,
      input.count ?? DEFAULT_PAGE.search,
      { facets: selectsFacets(info) },
    );
    const results = res.hits.map((h) => toSearchResult(ctx, h)).filter(present);
    return make(SearchResults, { start, ...resultsPage(ctx, input, res, results), suggestions: [] });
  }),

  /** The older browse of one entity type: a page of the entities at the path, and the folders below. */
  browse: rootField(BrowseInput, BrowseResults, async (input, ctx) => {
    const path = input.path ?? [];
    const start = input.start ?? 0;
    const entities = entityNames([input.type]);
    const res = entities
      ? await ctx.services.search.browse({
          entities,
          path: browseAt(path),
          filter: toFilter(input.orFilters, input.filters),
          start,
          count: input.count ?? DEFAULT_PAGE.browse,
        })
      : { entities: [], groups: [], totalEntities: 0, totalBelow: 0 };
    return make(BrowseResults, {
      entities: toEntities(
        ctx,
        res.entities.map((e) => e.urn),
      ),
      groups: res.groups.map((g) => make(BrowseResultGroup, { name: g.name, count: g.count })),
      start,
      count: res.entities.length,
      total: res.totalEntities,
      metadata: make(BrowseResultMetadata, { path, totalNumEntities: res.totalBelow }),
    });
  }),

  /** An entity's browse paths (its `browsePaths` aspect), each as its components. */
  browsePaths: rootField(
    BrowsePathsInput,
    [BrowsePath],
    async (input, ctx) => (await browsePathsOf(ctx, input.urn)) ?? [],
  ),
});

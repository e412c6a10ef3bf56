import { type SearchResult } from '../../search-sync/model/index.js';

/**
 * Rest.li's SearchResult. `entities` is the current form (`{entity, matchedFields}`, what DataHub's clients
 * read); `metadata` carries both the current `aggregations` and the older documented `urns`, `matches`
 * and `searchResultMetadatas`.
 */
export function restliSearchResult(r: SearchResult, start: number, count: number): Record<string, unknown> {
  const aggregations = Object.entries(r.facets).map(([name, counts]) => ({
    name,
    displayName: name,
    aggregations: counts,
    filterValues: Object.entries(counts).map(([value, facetCount]) => ({ value, facetCount })),
  }));
  return {
    numEntities: r.total,
    pageSize: count,
    from: start,
    entities: r.hits.map((h) => ({ entity: h.urn, matchedFields: h.matchedFields })),
    metadata: {
      aggregations,
      urns: r.hits.map((h) => h.urn),
      matches: r.hits.map((h) => ({ matchedFields: h.matchedFields })),
      searchResultMetadatas: aggregations.map((a) => ({ name: a.name, aggregations: a.aggregations })),
    },
  };
}

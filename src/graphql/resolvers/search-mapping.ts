import { BadRequestError } from '../../errors/index.js';
import type { SortCriterion as IndexSort } from '../../search-model/index.js';
import type { Criterion, Filter } from '../../services/index.js';
import type { GraphQLContext } from '../context.js';
import { make } from '../types/common.js';
import type { Entity } from '../types/entity.js';
import { defaultRegistry } from '../../registry/index.js';
import { EntityType, entityName, entityTypeName, entityTypeOf, registryName } from '../types/entity-type.js';
import { ENTITY_CLASSES } from '../types/index.js';
import { type AndFilterInput, type FacetFilterInput, type SearchSortInput } from '../types/search.js';
import { AggregationMetadata, FacetMetadata, MatchedField, SearchResult } from '../types/search-results.js';

/**
 * Types with a GraphQL object that are searched only when a query names them: definitions, and DataHub's
 * internal and Admin-only kinds (settings, secrets, policies, ingestion sources...).
 */
const NAMED_ONLY = new Set<string>([
  EntityType.STRUCTURED_PROPERTY,
  EntityType.DATA_TYPE,
  EntityType.ENTITY_TYPE,
  ...defaultRegistry()
    .allEntities()
    .filter((e) => e.category === 'internal' || e.adminOnly)
    .map((e) => entityTypeName(e.name)),
]);
/** The entity types searched when a query names none: the other types with a GraphQL object. */
export const SEARCHABLE_TYPES = (Object.keys(ENTITY_CLASSES) as EntityType[]).filter(
  (t) => !NAMED_ONLY.has(t),
);

const UNSUPPORTED = new Set(['DESCENDANTS_INCL', 'ANCESTORS_INCL', 'RELATED_INCL']);
const ENTITY_TYPE_FIELDS = new Set(['_entityType', 'entityType', '_entityType.keyword']);
/** Default number of values per facet (DataHub's default aggregation size). */
const DEFAULT_AGG_VALUES = 20;

/**
 * Registry entity names of GraphQL entity types (all searchable types when none are given). Types this
 * catalog has no entities of are left out, so a list naming only those is empty: nothing can match.
 */
export function entityNames(types: readonly EntityType[] | undefined | null): string[] {
  return (types?.length ? types : SEARCHABLE_TYPES).map(registryName).filter((n): n is string => !!n);
}

/** GraphQL filters (`orFilters`, or the deprecated `filters` as one conjunction) as a service filter. */
export function toFilter(
  orFilters: readonly AndFilterInput[] | undefined | null,
  filters?: readonly FacetFilterInput[] | null,
): Filter | undefined {
  const groups = orFilters?.length ? orFilters.map((g) => g.and ?? []) : filters?.length ? [filters] : [];
  if (!groups.length) return undefined;
  return { or: groups.map((and) => ({ and: and.map(criterion) })) };
}

function criterion(f: FacetFilterInput): Criterion {
  const condition = f.condition ?? 'EQUAL';
  if (UNSUPPORTED.has(condition))
    throw new BadRequestError(`Filter condition ${condition} is not supported by this service`);
  let values = f.values ?? (f.value !== undefined && f.value !== null ? [f.value] : []);
  // The UI filters on entity types by their GraphQL names (DATASET); the index holds registry names.
  if (ENTITY_TYPE_FIELDS.has(f.field))
    values = values.map((v) => (Object.hasOwn(EntityType, v) ? entityName(v as EntityType) : v));
  return { field: f.field, values, condition, negated: f.negated ?? false };
}

/** The sort of a `sortInput` (its list of criteria, or the deprecated single one). */
export function toSort(input: SearchSortInput | undefined | null): IndexSort[] | undefined {
  const list = input?.sortCriteria?.length
    ? input.sortCriteria
    : input?.sortCriterion
      ? [input.sortCriterion]
      : [];
  return list.length ? list.map((c) => ({ field: c.field, order: c.sortOrder })) : undefined;
}

/** The facets to count for a search: entity type first, then the filterable fields of the types. */
export function facetFields(
  ctx: GraphQLContext,
  types: readonly string[],
  requested?: readonly string[] | null,
) {
  const names = requested?.length ? requested : ['entityType', ...ctx.services.search.filterFields(types)];
  return names.map((f) => (ENTITY_TYPE_FIELDS.has(f) ? 'entityType' : f.replace(/\.keyword$/, '')));
}

/** Facet counts as DataHub's FacetMetadata: most frequent values first, at most `maxValues` each. */
export function toFacets(
  ctx: GraphQLContext,
  counts: Readonly<Record<string, Readonly<Record<string, number>>>>,
  maxValues: number | undefined | null,
): FacetMetadata[] {
  const most = maxValues ?? DEFAULT_AGG_VALUES;
  return Object.entries(counts).map(([field, values]) => {
    const isType = field === 'entityType';
    const aggregations = Object.entries(values)
      .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))
      .slice(0, most)
      .map(([value, count]) =>
        make(AggregationMetadata, {
          value: isType ? (entityTypeOf(value) ?? value) : value,
          count,
          entity: value.startsWith('urn:li:') ? ctx.entity(value) : undefined,
        }),
      );
    return make(FacetMetadata, {
      field: isType ? '_entityType' : field,
      displayName: isType ? 'Type' : field === 'degree' ? 'Degree' : ctx.services.search.displayName(field),
      aggregations,
    });
  });
}

/** One search hit as a SearchResult, or undefined when its entity kind has no GraphQL object. */
export function toSearchResult(
  ctx: GraphQLContext,
  hit: { urn: string; matchedFields: readonly { name: string; value: string }[] },
): SearchResult | undefined {
  const entity = ctx.entity(hit.urn);
  if (!entity) return undefined;
  return make(SearchResult, {
    entity,
    insights: [],
    extraProperties: [],
    matchedFields: hit.matchedFields.map((m) =>
      make(MatchedField, {
        name: m.name,
        value: m.value,
        entity: m.value.startsWith('urn:li:') ? ctx.entity(m.value) : undefined,
      }),
    ),
  });
}

export const present = <T>(v: T | undefined): v is T => v !== undefined;

/** Entities of search or autocomplete results that have a GraphQL object. */
export function toEntities(ctx: GraphQLContext, urns: readonly string[]): Entity[] {
  return urns.map((u) => ctx.entity(u)).filter(present);
}

export { decodeScrollId, nextScrollId } from '../../services/index.js';

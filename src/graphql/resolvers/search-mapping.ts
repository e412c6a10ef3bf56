import type { GraphQLResolveInfo } from 'graphql';
import { BadRequestError } from '../../errors/index.js';
import { selectsField } from '../../graphql-limits/index.js';
import type { SortCriterion as IndexSort } from '../../../search-sync/model/index.js';
import type { Criterion, Filter } from '../../services/index.js';
import type { GraphQLContext } from '../context.js';
import { make } from '../types/common.js';
import type { Entity } from '../types/entity.js';
import { EntityType, entityName, entityTypeOf, registryName } from '../types/entity-type.js';
import { ENTITY_CLASSES } from '../types/index.js';
import { type AndFilterInput, type FacetFilterInput, type SearchSortInput } from '../types/search.js';
import { AggregationMetadata, FacetMetadata, MatchedField, SearchResult } from '../types/search-results.js';

/**
 * What a GraphQL search naming no type covers: DataHub's GraphQL search family searches its searchable
 * kinds then (the search service decides which: its `Unscoped`).
 */
export const UNSCOPED = 'searchable';

const UNSUPPORTED = new Set(['DESCENDANTS_INCL', 'ANCESTORS_INCL', 'RELATED_INCL']);
const ENTITY_TYPE_FIELDS = new Set(['_entityType', 'entityType', '_entityType.keyword']);
/** Default number of values per facet (DataHub's default aggregation size). */
const DEFAULT_AGG_VALUES = 20;

/**
 * Registry entity names of the GraphQL entity types a query names: empty when it names none (the search
 * service then picks the kinds: `UNSCOPED`). Types this catalog has no entities of are left out; a list
 * naming only those gives undefined: nothing can match.
 */
export function entityNames(types: readonly EntityType[] | undefined | null): string[] | undefined {
  if (!types?.length) return [];
  const names = types.map(registryName).filter((n): n is string => !!n);
  return names.length ? names : undefined;
}

/**
 * A search's kinds and filter with a View applied (`viewUrn`): the kinds both allow (the View's when the
 * search names none), and both filters (each group of one with each group of the other). Undefined
 * kinds: none is left to search. A View that does not exist is left out, as DataHub's search does.
 */
export async function withView(
  ctx: GraphQLContext,
  viewUrn: string | null | undefined,
  entities: string[] | undefined,
  filter: Filter | undefined,
): Promise<{ entities: string[] | undefined; filter: Filter | undefined }> {
  if (!viewUrn || !entities) return { entities, filter };
  const view = await ctx.services.views.definition(viewUrn);
  if (!view) {
    ctx.services.log.warn({ viewUrn }, 'a search names a View that does not exist: searched without it');
    return { entities, filter };
  }
  const allowed = view.entityTypes;
  const kinds = !allowed.length
    ? entities
    : !entities.length
      ? [...allowed]
      : entities.filter((e) => allowed.includes(e));
  const mine = filter?.or ?? (filter?.criteria ? [{ and: filter.criteria }] : []);
  const theirs = view.filter.or ?? [];
  const or = !mine.length
    ? theirs
    : !theirs.length
      ? mine
      : mine.flatMap((a) => theirs.map((b) => ({ and: [...a.and, ...b.and] })));
  // A View of no kinds leaves the search's kinds as they are (`[]`: every kind).
  return {
    entities: !allowed.length || kinds.length ? kinds : undefined,
    filter: or.length ? { or } : undefined,
  };
}

/** The order of the GraphQL objects (hand-written ones first: datasets, charts, dashboards...). */
const OBJECT_ORDER = new Map(Object.keys(ENTITY_CLASSES).map((t, i) => [t, i]));
const rank = (t: string): number => OBJECT_ORDER.get(t) ?? OBJECT_ORDER.size;

/**
 * The types an unscoped GraphQL search covers, as the search service decides them, in the order of their
 * GraphQL objects: the order autoCompleteForMultiple's groups and the default facets come in.
 */
export function unscopedTypes(ctx: GraphQLContext): EntityType[] {
  const kinds = ctx.services.search.kinds([], UNSCOPED);
  return kinds
    .map(entityTypeOf)
    .filter(present)
    .sort((a, b) => rank(a) - rank(b));
}

/** GraphQL filters (`orFilters`, or the deprecated `filters` as one conjunction) as a service filter. */
/** Whether the field being resolved selects `facets`: a search counts them only then. */
export function selectsFacets(info: GraphQLResolveInfo): boolean {
  return info.fieldNodes.some((n) => selectsField(n.selectionSet, 'facets', (f) => info.fragments[f]));
}

export function toFilter(
  orFilters: readonly AndFilterInput[] | undefined | null,
  filters?: readonly FacetFilterInput[] | null,
): Filter | undefined {
  const groups = orFilters?.length ? orFilters.map((g) => g.and ?? []) : filters?.length ? [filters] : [];
  if (!groups.length) return undefined;
  return { or: groups.map((and) => ({ and: and.map(criterion) })) };
}

/**
 * GraphQL filters with conditions of the field's own (a domain's members, a dataset's queries) added to
 * each of their OR groups, or, without `orFilters`, to the one conjunction of `filters`.
 */
export function filterWith(
  orFilters: readonly AndFilterInput[] | undefined | null,
  filters: readonly FacetFilterInput[] | undefined | null,
  conditions: readonly FacetFilterInput[],
): Filter | undefined {
  const groups = orFilters?.length
    ? orFilters.map((g) => ({ and: [...(g.and ?? []), ...conditions] }))
    : [{ and: [...(filters ?? []), ...conditions] }];
  return toFilter(groups.filter((g) => g.and.length));
}

export function criterion(f: FacetFilterInput): Criterion {
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

/**
 * The facets to count for a search of some kinds (registry names; none: an unscoped search): entity type
 * first, then the filterable fields of the kinds.
 */
export function facetFields(
  ctx: GraphQLContext,
  types: readonly string[],
  requested?: readonly string[] | null,
) {
  const kinds = types.length ? types : unscopedTypes(ctx).map(entityName);
  const names = requested?.length ? requested : ['entityType', ...ctx.services.search.filterFields(kinds)];
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

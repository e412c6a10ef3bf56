import { Field, Int } from 'type-graphql';
import { LineageDirection } from './entity.js';
import { EntityType } from './entity-type.js';
import { stringEnum } from './enums.js';
import { Long } from './scalars.js';
import { fields, opt, optional, req, required, TableInputType } from './field-table.js';
import * as check from './input-checks.js';

export const FilterOperator = stringEnum('FilterOperator', [
  'CONTAIN',
  'EQUAL',
  'IEQUAL',
  'IN',
  'EXISTS',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL_TO',
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL_TO',
  'BETWEEN',
  'START_WITH',
  'END_WITH',
  'DESCENDANTS_INCL',
  'ANCESTORS_INCL',
  'RELATED_INCL',
]);
export type FilterOperator = keyof typeof FilterOperator;

export const SortOrder = stringEnum('SortOrder', ['ASCENDING', 'DESCENDING']);
export type SortOrder = keyof typeof SortOrder;

@TableInputType()
export class FacetFilterInput extends fields({
  field: req(String),
  value: opt(String, { deprecationReason: 'Use values' }),
  values: opt([String]),
  negated: opt(Boolean),
  condition: opt(FilterOperator),
}) {}

@TableInputType()
export class AndFilterInput extends fields({
  and: opt([FacetFilterInput]),
}) {}

@TableInputType()
export class GroupingCriterion extends fields({
  baseEntityType: opt(EntityType),
  groupingEntityType: req(EntityType),
}) {}

@TableInputType()
export class GroupingSpec extends fields({
  groupingCriteria: opt([GroupingCriterion]),
}) {}

/** An optional start, count or limit: a non-negative integer. */
export const nonNegativeInt = () => opt(Int, { checks: [check.nonNegative] });

@TableInputType()
export class SearchFlags extends fields({
  skipCache: opt(Boolean),
  maxAggValues: nonNegativeInt(),
  ...optional(Boolean, 'fulltext', 'skipHighlighting', 'skipAggregates', 'getSuggestions'),
  groupingSpec: opt(GroupingSpec),
  ...optional(Boolean, 'includeSoftDeleted', 'includeRestricted'),
  customHighlightingFields: opt([String]),
  ...optional(Boolean, 'includeStructuredPropertyFacets', 'filterNonLatestVersions'),
  fetchExtraFields: opt([String]),
  rewriteQuery: opt(Boolean),
}) {}

@TableInputType()
export class SortCriterion extends fields({ field: req(String), sortOrder: req(SortOrder) }) {}

@TableInputType()
export class SearchSortInput extends fields({
  sortCriterion: opt(SortCriterion, { deprecationReason: 'Use sortCriteria' }),
  sortCriteria: opt([SortCriterion]),
}) {}

/**
 * What every search input shares but the query: entity types, the filters, the flags. (Its subclasses'
 * fields inherited from it show no deprecation: type-graphql does not carry it over.)
 */
@TableInputType()
export class FilteredInputBase extends fields({
  types: opt([EntityType]),
  filters: opt([FacetFilterInput], { deprecationReason: 'Use orFilters' }),
  orFilters: opt([AndFilterInput]),
  viewUrn: opt(String),
  searchFlags: opt(SearchFlags),
}) {}

/** What every search input shares: entity types, the query, the filters, the flags. */
@TableInputType()
export class SearchInputBase extends fields({ query: req(String) }, FilteredInputBase) {}

/** The page of a scroll: where the last one ended, how long to keep the scroll, its size. */
const SCROLL = { ...optional(String, 'scrollId', 'keepAlive'), count: nonNegativeInt() };

@TableInputType()
export class SearchAcrossEntitiesInput extends fields(
  { start: nonNegativeInt(), count: nonNegativeInt(), sortInput: opt(SearchSortInput) },
  SearchInputBase,
) {}

@TableInputType()
export class ScrollAcrossEntitiesInput extends fields(
  { ...SCROLL, sortInput: opt(SearchSortInput) },
  SearchInputBase,
) {}

@TableInputType()
export class AggregateAcrossEntitiesInput extends fields(
  { facets: opt([String], { nullable: 'itemsAndList' }) },
  SearchInputBase,
) {}

@TableInputType()
export class EntityTypeToPlatforms extends fields({
  entityType: req(EntityType),
  platforms: opt([String]),
}) {}

@TableInputType()
export class LineageFlags extends fields({
  entitiesExploredPerHopLimit: opt(Int),
  ...optional(Long, 'startTimeMillis', 'endTimeMillis'),
  ignoreAsHops: opt([EntityTypeToPlatforms]),
}) {}

/**
 * The lineage searches. As in DataHub, `urn` and `query` are optional in the schema: a missing urn is
 * refused (BAD_REQUEST) before the resolver runs (a missing field skips every other check, not
 * `defined`), and a missing or null query reads as `*`, every entity reached. That accessor is also what
 * type-graphql prints as the field's default (`query: String = "*"`).
 */
@TableInputType()
export class LineageSearchInputBase extends fields(
  {
    urn: req(String, { nullable: true, checks: [check.defined('urn is required')] }),
    direction: req(LineageDirection),
    startTimeMillis: opt(Long, { deprecationReason: 'Use lineageFlags' }),
    endTimeMillis: opt(Long, { deprecationReason: 'Use lineageFlags' }),
    lineageFlags: opt(LineageFlags),
    sortInput: opt(SearchSortInput),
    /** neohub: hops to walk (default and most: NEOHUB_LINEAGE_MAX_HOPS). */
    maxHops: opt(Int),
  },
  FilteredInputBase,
) {
  private givenQuery?: string | null;
  @Field(() => String, { nullable: true })
  get query(): string {
    return this.givenQuery ?? '*';
  }
  set query(q: string | null | undefined) {
    this.givenQuery = q;
  }
}

@TableInputType()
export class SearchAcrossLineageInput extends fields(
  { start: nonNegativeInt(), count: nonNegativeInt() },
  LineageSearchInputBase,
) {}

@TableInputType()
export class ScrollAcrossLineageInput extends fields(SCROLL, LineageSearchInputBase) {}

/** What both autocompletes take: the query, the field to complete on, how many, the filters. */
const AUTOCOMPLETE = {
  query: req(String),
  field: opt(String),
  limit: nonNegativeInt(),
  filters: opt([FacetFilterInput]),
  orFilters: opt([AndFilterInput]),
};

@TableInputType()
export class AutoCompleteInput extends fields({ type: opt(EntityType), ...AUTOCOMPLETE }) {}

@TableInputType()
export class AutoCompleteMultipleInput extends fields({
  types: opt([EntityType]),
  ...AUTOCOMPLETE,
  viewUrn: opt(String),
}) {}

/** The older search of one entity type (`search`). */
@TableInputType()
export class SearchInput extends fields({
  type: req(EntityType),
  query: req(String),
  start: nonNegativeInt(),
  count: nonNegativeInt(),
  filters: opt([FacetFilterInput], { deprecationReason: 'Use `orFilters`- they are more expressive' }),
  orFilters: opt([AndFilterInput]),
  searchFlags: opt(SearchFlags),
}) {}

/** The older browse of one entity type by its browse paths (`browse`). */
@TableInputType()
export class BrowseInput extends fields({
  type: req(EntityType),
  path: opt([String]),
  start: nonNegativeInt(),
  count: nonNegativeInt(),
  filters: opt([FacetFilterInput], { deprecationReason: 'Use `orFilters`- they are more expressive' }),
  orFilters: opt([AndFilterInput]),
}) {}

@TableInputType()
export class BrowsePathsInput extends fields({ type: req(EntityType), urn: req(String) }) {}

@TableInputType()
export class BrowseV2Input extends fields({
  type: opt(EntityType, { deprecationReason: 'Use types' }),
  types: opt([EntityType]),
  path: opt([String]),
  start: nonNegativeInt(),
  count: nonNegativeInt(),
  orFilters: opt([AndFilterInput]),
  ...optional(String, 'viewUrn', 'query'),
  searchFlags: opt(SearchFlags),
}) {}

/** A page of the catalog's ownership types: those whose text matches `query`, through the filters. */
@TableInputType()
export class ListOwnershipTypesInput extends fields({
  ...optional(Int, 'start', 'count'),
  query: opt(String),
  filters: opt([FacetFilterInput]),
}) {}

export const QuerySource = stringEnum('QuerySource', ['MANUAL', 'SYSTEM'] as const);

@TableInputType()
export class SortQueriesInput extends fields({ sortCriterion: req(SortCriterion) }) {}

/** A page of the catalog's queries: by text, source, the dataset they touch, and filters. */
@TableInputType()
export class ListQueriesInput extends fields({
  ...optional(Int, 'start', 'count'),
  query: opt(String),
  source: opt(QuerySource),
  /** Only the queries of this dataset (their subjects). */
  datasetUrn: opt(String),
  sortInput: opt(SortQueriesInput),
  orFilters: opt([AndFilterInput]),
}) {}

/** The members of a domain or a container (DataHub's `entities` of those): text, page and filters. */
const MEMBERS = {
  query: opt(String),
  ...optional(Int, 'start', 'count'),
  filters: opt([FacetFilterInput]),
};

@TableInputType()
export class DomainEntitiesInput extends fields(MEMBERS) {}

@TableInputType()
export class ContainerEntitiesInput extends fields(MEMBERS) {}

/** A page of domains: those under `parentDomain`, or the top ones when it is absent. */
@TableInputType()
export class ListDomainsInput extends fields({
  ...optional(Int, 'start', 'count'),
  ...optional(String, 'query', 'parentDomain'),
}) {}

/** A page of the glossary's top entries (terms or nodes under no node). */
@TableInputType()
export class GetRootGlossaryEntitiesInput extends fields(required(Int, 'start', 'count')) {}

/** How many entities of each kind there are (of every kind searched when `types` is absent). */
@TableInputType()
export class EntityCountInput extends fields({ types: opt([EntityType]), viewUrn: opt(String) }) {}

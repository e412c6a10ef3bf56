import { Float, Int } from 'type-graphql';
import { Entity, EntityPath } from './entity.js';
import { entityClass } from './entity-classes.js';
import { EntityType } from './entity-type.js';
import { Long } from './scalars.js';
import { fields, opt, req, required, TableObjectType } from './field-table.js';

/** DataHub's search result types: hits, facets, suggestions, browse groups, lineage search hits. */

/** A page's place in the whole: where it starts, its size, and the total. */
export const PAGE = required(Int, 'start', 'count', 'total');
/** A scroll's page: the id of the next page, its size, and the total. */
const SCROLL_PAGE = { nextScrollId: opt(String), ...required(Int, 'count', 'total') };

@TableObjectType()
export class MatchedField extends fields({ ...required(String, 'name', 'value'), entity: opt(Entity) }) {}

@TableObjectType()
export class SearchInsight extends fields({ text: req(String), icon: opt(String) }) {}

@TableObjectType()
export class ExtraProperty extends fields(required(String, 'name', 'value')) {}

/** What every search hit has: the entity and why it matched. */
const HIT = { entity: req(Entity), insights: opt([SearchInsight]), matchedFields: req([MatchedField]) };

@TableObjectType()
export class SearchResult extends fields({ ...HIT, extraProperties: opt([ExtraProperty]) }) {}

@TableObjectType()
export class AggregationMetadata extends fields({
  value: req(String),
  count: req(Long),
  entity: opt(Entity),
  displayName: opt(String),
}) {}

@TableObjectType()
export class FacetMetadata extends fields({
  field: req(String),
  displayName: opt(String),
  entity: opt(Entity),
  aggregations: req([AggregationMetadata]),
}) {}

/** A page of hits of one type, and the facets of all the hits. */
const hits = <const H>(hit: H) => ({ searchResults: req([hit]), facets: opt([FacetMetadata]) });

@TableObjectType()
export class SearchSuggestion extends fields({ text: req(String), score: opt(Float), frequency: opt(Int) }) {}

@TableObjectType()
export class SearchResults extends fields({
  ...PAGE,
  ...hits(SearchResult),
  suggestions: opt([SearchSuggestion]),
}) {}

@TableObjectType()
export class ScrollResults extends fields({ ...SCROLL_PAGE, ...hits(SearchResult) }) {}

@TableObjectType()
export class AggregateResults extends fields({ facets: opt([FacetMetadata]) }) {}

/** An autocomplete's answers: the completed strings and the entities they name. */
const COMPLETIONS = { suggestions: req([String]), entities: req([Entity]) };

@TableObjectType()
export class AutoCompleteResults extends fields({ query: req(String), ...COMPLETIONS }) {}

@TableObjectType()
export class AutoCompleteResultForEntity extends fields({ type: req(EntityType), ...COMPLETIONS }) {}

@TableObjectType()
export class AutoCompleteMultipleResults extends fields({
  query: req(String),
  suggestions: req([AutoCompleteResultForEntity]),
}) {}

@TableObjectType()
export class BrowseResultGroupV2 extends fields({
  name: req(String),
  entity: opt(Entity),
  count: req(Long),
  hasSubGroups: req(Boolean),
}) {}

@TableObjectType()
export class BrowseResultMetadata extends fields({ path: req([String]), totalNumEntities: req(Long) }) {}

@TableObjectType()
export class BrowseResultsV2 extends fields({
  groups: req([BrowseResultGroupV2]),
  ...PAGE,
  metadata: req(BrowseResultMetadata),
}) {}

/** The older browse (`browse`): the entities at a path, a page of them, and the folders below it. */
@TableObjectType()
export class BrowseResultGroup extends fields({ name: req(String), count: req(Long) }) {}

@TableObjectType()
export class BrowseResults extends fields({
  entities: req([Entity]),
  groups: req([BrowseResultGroup]),
  ...PAGE,
  metadata: req(BrowseResultMetadata),
}) {}

@TableObjectType()
export class SearchAcrossLineageResult extends fields({
  ...HIT,
  paths: opt([EntityPath], { nullable: 'itemsAndList' }),
  degree: req(Int),
  degrees: opt([Int]),
  ...required(Boolean, 'explored', 'truncatedChildren', 'ignoredAsHop'),
}) {}

@TableObjectType()
export class SearchAcrossLineageResults extends fields({
  ...PAGE,
  ...hits(SearchAcrossLineageResult),
  /** The lineage walk hit the visit cap: more entities may be reachable. */
  isPartial: opt(Boolean),
}) {}

@TableObjectType()
export class ScrollAcrossLineageResults extends fields({
  ...SCROLL_PAGE,
  ...hits(SearchAcrossLineageResult),
  isPartial: opt(Boolean),
}) {}

@TableObjectType()
export class ListOwnershipTypesResult extends fields({
  ...PAGE,
  ownershipTypes: req(() => [entityClass(EntityType.CUSTOM_OWNERSHIP_TYPE)]),
}) {}

@TableObjectType()
export class ListQueriesResult extends fields({
  ...PAGE,
  queries: req(() => [entityClass(EntityType.QUERY)]),
}) {}

@TableObjectType()
export class ListDomainsResult extends fields({
  ...PAGE,
  domains: req(() => [entityClass(EntityType.DOMAIN)]),
}) {}

@TableObjectType()
export class GetRootGlossaryTermsResult extends fields({
  terms: req(() => [entityClass(EntityType.GLOSSARY_TERM)]),
  ...PAGE,
}) {}

@TableObjectType()
export class GetRootGlossaryNodesResult extends fields({
  nodes: req(() => [entityClass(EntityType.GLOSSARY_NODE)]),
  ...PAGE,
}) {}

@TableObjectType()
export class EntityCountResult extends fields({ entityType: req(EntityType), count: req(Int) }) {}

@TableObjectType()
export class EntityCountResults extends fields({ counts: opt([EntityCountResult]) }) {}

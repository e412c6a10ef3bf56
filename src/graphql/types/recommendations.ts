import { Int } from 'type-graphql';
import { Entity } from './entity.js';
import { EntityType } from './entity-type.js';
import { stringEnum } from './enums.js';
import { fields, opt, req, TableInputType, TableObjectType } from './field-table.js';
import * as check from './input-checks.js';
import { Long } from './scalars.js';
import { FacetFilterInput } from './search.js';
import { FacetFilter } from './views.js';

// DataHub's recommendations (`listRecommendations`): the modules of its home and search pages.

export const ScenarioType = stringEnum('ScenarioType', [
  'HOME',
  'SEARCH_RESULTS',
  'ENTITY_PROFILE',
  'SEARCH_BAR',
] as const);
export const RecommendationRenderType = stringEnum('RecommendationRenderType', [
  'ENTITY_NAME_LIST',
  'PLATFORM_SEARCH_LIST',
  'TAG_SEARCH_LIST',
  'SEARCH_QUERY_LIST',
  'GLOSSARY_TERM_SEARCH_LIST',
  'DOMAIN_SEARCH_LIST',
] as const);
export const RecommendationModuleID = stringEnum('RecommendationModuleID', [
  'DOMAINS',
  'PLATFORMS',
  'HIGH_USAGE_ENTITIES',
  'TOP_TERMS',
  'TOP_TAGS',
  'RECENTLY_EDITED_ENTITIES',
  'RECENTLY_VIEWED_ENTITIES',
  'RECENT_SEARCHES',
] as const);

@TableInputType()
export class SearchRequestContext extends fields({ query: req(String), filters: opt([FacetFilterInput]) }) {}

@TableInputType()
export class EntityRequestContext extends fields({ type: req(EntityType), urn: req(String) }) {}

@TableInputType()
export class RecommendationRequestContext extends fields({
  scenario: req(ScenarioType),
  modules: opt([RecommendationModuleID]),
  searchRequestContext: opt(SearchRequestContext),
  entityRequestContext: opt(EntityRequestContext),
}) {}

@TableInputType()
export class ListRecommendationsInput extends fields({
  userUrn: req(String),
  requestContext: opt(RecommendationRequestContext),
  limit: opt(Int, { checks: [check.nonNegative] }),
  viewUrn: opt(String),
}) {}

@TableObjectType()
export class SearchParams extends fields({
  types: opt([EntityType]),
  query: req(String),
  filters: opt([FacetFilter]),
}) {}

@TableObjectType()
export class EntityProfileParams extends fields({ urn: req(String), type: req(EntityType) }) {}

@TableObjectType()
export class ContentParams extends fields({ count: opt(Long) }) {}

@TableObjectType()
export class RecommendationParams extends fields({
  searchParams: opt(SearchParams),
  entityProfileParams: opt(EntityProfileParams),
  contentParams: opt(ContentParams),
}) {}

@TableObjectType()
export class RecommendationContent extends fields({
  value: req(String),
  entity: opt(Entity),
  params: opt(RecommendationParams),
}) {}

@TableObjectType()
export class RecommendationModule extends fields({
  title: req(String),
  moduleId: req(String),
  renderType: req(RecommendationRenderType),
  content: req([RecommendationContent]),
}) {}

@TableObjectType()
export class ListRecommendationsResult extends fields({ modules: req([RecommendationModule]) }) {}

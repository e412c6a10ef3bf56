import { Field, Float, Int, ObjectType } from 'type-graphql';
import { Entity, EntityPath } from './entity.js';
import { EntityType } from './entity-type.js';
import { Long } from './scalars.js';

/** DataHub's search result types: hits, facets, suggestions, browse groups, lineage search hits. */
@ObjectType()
export class MatchedField {
  @Field(() => String) name!: string;
  @Field(() => String) value!: string;
  @Field(() => Entity, { nullable: true }) entity?: Entity;
}

@ObjectType()
export class SearchInsight {
  @Field(() => String) text!: string;
  @Field(() => String, { nullable: true }) icon?: string;
}

@ObjectType()
export class ExtraProperty {
  @Field(() => String) name!: string;
  @Field(() => String) value!: string;
}

@ObjectType()
export class SearchResult {
  @Field(() => Entity) entity!: Entity;
  @Field(() => [SearchInsight], { nullable: true }) insights?: SearchInsight[];
  @Field(() => [MatchedField]) matchedFields!: MatchedField[];
  @Field(() => [ExtraProperty], { nullable: true }) extraProperties?: ExtraProperty[];
}

@ObjectType()
export class AggregationMetadata {
  @Field(() => String) value!: string;
  @Field(() => Long) count!: number;
  @Field(() => Entity, { nullable: true }) entity?: Entity;
  @Field(() => String, { nullable: true }) displayName?: string;
}

@ObjectType()
export class FacetMetadata {
  @Field(() => String) field!: string;
  @Field(() => String, { nullable: true }) displayName?: string;
  @Field(() => Entity, { nullable: true }) entity?: Entity;
  @Field(() => [AggregationMetadata]) aggregations!: AggregationMetadata[];
}

@ObjectType()
export class SearchSuggestion {
  @Field(() => String) text!: string;
  @Field(() => Float, { nullable: true }) score?: number;
  @Field(() => Int, { nullable: true }) frequency?: number;
}

@ObjectType()
export class SearchResults {
  @Field(() => Int) start!: number;
  @Field(() => Int) count!: number;
  @Field(() => Int) total!: number;
  @Field(() => [SearchResult]) searchResults!: SearchResult[];
  @Field(() => [FacetMetadata], { nullable: true }) facets?: FacetMetadata[];
  @Field(() => [SearchSuggestion], { nullable: true }) suggestions?: SearchSuggestion[];
}

@ObjectType()
export class ScrollResults {
  @Field(() => String, { nullable: true }) nextScrollId?: string;
  @Field(() => Int) count!: number;
  @Field(() => Int) total!: number;
  @Field(() => [SearchResult]) searchResults!: SearchResult[];
  @Field(() => [FacetMetadata], { nullable: true }) facets?: FacetMetadata[];
}

@ObjectType()
export class AggregateResults {
  @Field(() => [FacetMetadata], { nullable: true }) facets?: FacetMetadata[];
}

@ObjectType()
export class AutoCompleteResults {
  @Field(() => String) query!: string;
  @Field(() => [String]) suggestions!: string[];
  @Field(() => [Entity]) entities!: Entity[];
}

@ObjectType()
export class AutoCompleteResultForEntity {
  @Field(() => EntityType) type!: EntityType;
  @Field(() => [String]) suggestions!: string[];
  @Field(() => [Entity]) entities!: Entity[];
}

@ObjectType()
export class AutoCompleteMultipleResults {
  @Field(() => String) query!: string;
  @Field(() => [AutoCompleteResultForEntity]) suggestions!: AutoCompleteResultForEntity[];
}

@ObjectType()
export class BrowseResultGroupV2 {
  @Field(() => String) name!: string;
  @Field(() => Entity, { nullable: true }) entity?: Entity;
  @Field(() => Long) count!: number;
  @Field(() => Boolean) hasSubGroups!: boolean;
}

@ObjectType()
export class BrowseResultMetadata {
  @Field(() => [String]) path!: string[];
  @Field(() => Long) totalNumEntities!: number;
}

@ObjectType()
export class BrowseResultsV2 {
  @Field(() => [BrowseResultGroupV2]) groups!: BrowseResultGroupV2[];
  @Field(() => Int) start!: number;
  @Field(() => Int) count!: number;
  @Field(() => Int) total!: number;
  @Field(() => BrowseResultMetadata) metadata!: BrowseResultMetadata;
}

@ObjectType()
export class SearchAcrossLineageResult {
  @Field(() => Entity) entity!: Entity;
  @Field(() => [SearchInsight], { nullable: true }) insights?: SearchInsight[];
  @Field(() => [MatchedField]) matchedFields!: MatchedField[];
  @Field(() => [EntityPath], { nullable: 'itemsAndList' }) paths?: EntityPath[];
  @Field(() => Int) degree!: number;
  @Field(() => [Int], { nullable: true }) degrees?: number[];
  @Field(() => Boolean) explored!: boolean;
  @Field(() => Boolean) truncatedChildren!: boolean;
  @Field(() => Boolean) ignoredAsHop!: boolean;
}

@ObjectType()
export class SearchAcrossLineageResults {
  @Field(() => Int) start!: number;
  @Field(() => Int) count!: number;
  @Field(() => Int) total!: number;
  @Field(() => [SearchAcrossLineageResult]) searchResults!: SearchAcrossLineageResult[];
  @Field(() => [FacetMetadata], { nullable: true }) facets?: FacetMetadata[];
  /** The lineage walk hit the visit cap: more entities may be reachable. */
  @Field(() => Boolean, { nullable: true }) isPartial?: boolean;
}

@ObjectType()
export class ScrollAcrossLineageResults {
  @Field(() => String, { nullable: true }) nextScrollId?: string;
  @Field(() => Int) count!: number;
  @Field(() => Int) total!: number;
  @Field(() => [SearchAcrossLineageResult]) searchResults!: SearchAcrossLineageResult[];
  @Field(() => [FacetMetadata], { nullable: true }) facets?: FacetMetadata[];
  @Field(() => Boolean, { nullable: true }) isPartial?: boolean;
}

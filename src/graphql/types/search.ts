import { IsDefined, IsInt, IsOptional, Min } from 'class-validator';
import { Field, InputType, Int } from 'type-graphql';
import { LineageDirection } from './entity.js';
import { EntityType } from './entity-type.js';
import { stringEnum } from './enums.js';
import { Long } from './scalars.js';

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

@InputType()
export class FacetFilterInput {
  @Field(() => String) field!: string;
  @Field(() => String, { nullable: true, deprecationReason: 'Use values' }) value?: string;
  @Field(() => [String], { nullable: true }) values?: string[];
  @Field(() => Boolean, { nullable: true }) negated?: boolean;
  @Field(() => FilterOperator, { nullable: true }) condition?: FilterOperator;
}

@InputType()
export class AndFilterInput {
  @Field(() => [FacetFilterInput], { nullable: true }) and?: FacetFilterInput[];
}

@InputType()
export class GroupingCriterion {
  @Field(() => EntityType, { nullable: true }) baseEntityType?: EntityType;
  @Field(() => EntityType) groupingEntityType!: EntityType;
}

@InputType()
export class GroupingSpec {
  @Field(() => [GroupingCriterion], { nullable: true }) groupingCriteria?: GroupingCriterion[];
}

@InputType()
export class SearchFlags {
  @Field(() => Boolean, { nullable: true }) skipCache?: boolean;
  @Field(() => Int, { nullable: true })
  @IsOptional()
  @IsInt()
  @Min(0)
  maxAggValues?: number;
  @Field(() => Boolean, { nullable: true }) fulltext?: boolean;
  @Field(() => Boolean, { nullable: true }) skipHighlighting?: boolean;
  @Field(() => Boolean, { nullable: true }) skipAggregates?: boolean;
  @Field(() => Boolean, { nullable: true }) getSuggestions?: boolean;
  @Field(() => GroupingSpec, { nullable: true }) groupingSpec?: GroupingSpec;
  @Field(() => Boolean, { nullable: true }) includeSoftDeleted?: boolean;
  @Field(() => Boolean, { nullable: true }) includeRestricted?: boolean;
  @Field(() => [String], { nullable: true }) customHighlightingFields?: string[];
  @Field(() => Boolean, { nullable: true }) includeStructuredPropertyFacets?: boolean;
  @Field(() => Boolean, { nullable: true }) filterNonLatestVersions?: boolean;
  @Field(() => [String], { nullable: true }) fetchExtraFields?: string[];
  @Field(() => Boolean, { nullable: true }) rewriteQuery?: boolean;
}

@InputType()
export class SortCriterion {
  @Field(() => String) field!: string;
  @Field(() => SortOrder) sortOrder!: SortOrder;
}

@InputType()
export class SearchSortInput {
  @Field(() => SortCriterion, { nullable: true, deprecationReason: 'Use sortCriteria' })
  sortCriterion?: SortCriterion;
  @Field(() => [SortCriterion], { nullable: true }) sortCriteria?: SortCriterion[];
}

/** What every search input shares but the query: entity types, the filters, the flags. */
@InputType()
export class FilteredInputBase {
  @Field(() => [EntityType], { nullable: true }) types?: EntityType[];
  @Field(() => [FacetFilterInput], { nullable: true, deprecationReason: 'Use orFilters' })
  filters?: FacetFilterInput[];
  @Field(() => [AndFilterInput], { nullable: true }) orFilters?: AndFilterInput[];
  @Field(() => String, { nullable: true }) viewUrn?: string;
  @Field(() => SearchFlags, { nullable: true }) searchFlags?: SearchFlags;
}

/** What every search input shares: entity types, the query, the filters, the flags. */
@InputType()
export class SearchInputBase extends FilteredInputBase {
  @Field(() => String) query!: string;
}

@InputType()
export class SearchAcrossEntitiesInput extends SearchInputBase {
  @Field(() => Int, { nullable: true })
  @IsOptional()
  @IsInt()
  @Min(0)
  start?: number;
  @Field(() => Int, { nullable: true })
  @IsOptional()
  @IsInt()
  @Min(0)
  count?: number;
  @Field(() => SearchSortInput, { nullable: true }) sortInput?: SearchSortInput;
}

@InputType()
export class ScrollAcrossEntitiesInput extends SearchInputBase {
  @Field(() => String, { nullable: true }) scrollId?: string;
  @Field(() => String, { nullable: true }) keepAlive?: string;
  @Field(() => Int, { nullable: true })
  @IsOptional()
  @IsInt()
  @Min(0)
  count?: number;
  @Field(() => SearchSortInput, { nullable: true }) sortInput?: SearchSortInput;
}

@InputType()
export class AggregateAcrossEntitiesInput extends SearchInputBase {
  @Field(() => [String], { nullable: 'itemsAndList' }) facets?: string[];
}

@InputType()
export class EntityTypeToPlatforms {
  @Field(() => EntityType) entityType!: EntityType;
  @Field(() => [String], { nullable: true }) platforms?: string[];
}

@InputType()
export class LineageFlags {
  @Field(() => Int, { nullable: true }) entitiesExploredPerHopLimit?: number;
  @Field(() => Long, { nullable: true }) startTimeMillis?: number;
  @Field(() => Long, { nullable: true }) endTimeMillis?: number;
  @Field(() => [EntityTypeToPlatforms], { nullable: true }) ignoreAsHops?: EntityTypeToPlatforms[];
}

/**
 * The lineage searches. As in DataHub, `urn` and `query` are optional in the schema: a missing urn is
 * refused (BAD_REQUEST) before the resolver runs (type-graphql skips other checks on missing fields, not
 * `IsDefined`), and a missing or null query reads as `*`, every entity reached. That accessor is also what
 * type-graphql prints as the field's default (`query: String = "*"`).
 */
@InputType()
export class LineageSearchInputBase extends FilteredInputBase {
  @Field(() => String, { nullable: true })
  @IsDefined({ message: 'urn is required' })
  urn!: string;
  private givenQuery?: string | null;
  @Field(() => String, { nullable: true })
  get query(): string {
    return this.givenQuery ?? '*';
  }
  set query(q: string | null | undefined) {
    this.givenQuery = q;
  }
  @Field(() => LineageDirection) direction!: LineageDirection;
  @Field(() => Long, { nullable: true, deprecationReason: 'Use lineageFlags' }) startTimeMillis?: number;
  @Field(() => Long, { nullable: true, deprecationReason: 'Use lineageFlags' }) endTimeMillis?: number;
  @Field(() => LineageFlags, { nullable: true }) lineageFlags?: LineageFlags;
  @Field(() => SearchSortInput, { nullable: true }) sortInput?: SearchSortInput;
  /** neohub: hops to walk (default and most: NEOHUB_LINEAGE_MAX_HOPS). */
  @Field(() => Int, { nullable: true }) maxHops?: number;
}

@InputType()
export class SearchAcrossLineageInput extends LineageSearchInputBase {
  @Field(() => Int, { nullable: true })
  @IsOptional()
  @IsInt()
  @Min(0)
  start?: number;
  @Field(() => Int, { nullable: true })
  @IsOptional()
  @IsInt()
  @Min(0)
  count?: number;
}

@InputType()
export class ScrollAcrossLineageInput extends LineageSearchInputBase {
  @Field(() => String, { nullable: true }) scrollId?: string;
  @Field(() => String, { nullable: true }) keepAlive?: string;
  @Field(() => Int, { nullable: true })
  @IsOptional()
  @IsInt()
  @Min(0)
  count?: number;
}

@InputType()
export class AutoCompleteInput {
  @Field(() => EntityType, { nullable: true }) type?: EntityType;
  @Field(() => String) query!: string;
  @Field(() => String, { nullable: true }) field?: string;
  @Field(() => Int, { nullable: true })
  @IsOptional()
  @IsInt()
  @Min(0)
  limit?: number;
  @Field(() => [FacetFilterInput], { nullable: true }) filters?: FacetFilterInput[];
  @Field(() => [AndFilterInput], { nullable: true }) orFilters?: AndFilterInput[];
}

@InputType()
export class AutoCompleteMultipleInput {
  @Field(() => [EntityType], { nullable: true }) types?: EntityType[];
  @Field(() => String) query!: string;
  @Field(() => String, { nullable: true }) field?: string;
  @Field(() => Int, { nullable: true })
  @IsOptional()
  @IsInt()
  @Min(0)
  limit?: number;
  @Field(() => [FacetFilterInput], { nullable: true }) filters?: FacetFilterInput[];
  @Field(() => [AndFilterInput], { nullable: true }) orFilters?: AndFilterInput[];
  @Field(() => String, { nullable: true }) viewUrn?: string;
}

@InputType()
export class BrowseV2Input {
  @Field(() => EntityType, { nullable: true, deprecationReason: 'Use types' }) type?: EntityType;
  @Field(() => [EntityType], { nullable: true }) types?: EntityType[];
  @Field(() => [String], { nullable: true }) path?: string[];
  @Field(() => Int, { nullable: true })
  @IsOptional()
  @IsInt()
  @Min(0)
  start?: number;
  @Field(() => Int, { nullable: true })
  @IsOptional()
  @IsInt()
  @Min(0)
  count?: number;
  @Field(() => [AndFilterInput], { nullable: true }) orFilters?: AndFilterInput[];
  @Field(() => String, { nullable: true }) viewUrn?: string;
  @Field(() => String, { nullable: true }) query?: string;
  @Field(() => SearchFlags, { nullable: true }) searchFlags?: SearchFlags;
}

import { Field, Float, InputType } from 'type-graphql';
import { stringEnum } from './enums.js';
import { PropertyCardinality } from './structured-properties.js';

/** Accepted for DataHub compatibility (it is deprecated there); neohub ignores it. */
export const StructuredPropertyFilterStatus = stringEnum('StructuredPropertyFilterStatus', [
  'ENABLED',
  'DISABLED',
] as const);
export type StructuredPropertyFilterStatus = keyof typeof StructuredPropertyFilterStatus;

@InputType()
export class PropertyValueInput {
  @Field(() => String, { nullable: true }) stringValue?: string;
  @Field(() => Float, { nullable: true }) numberValue?: number;
}

@InputType()
export class AllowedValueInput {
  @Field(() => String, { nullable: true }) stringValue?: string;
  @Field(() => Float, { nullable: true }) numberValue?: number;
  @Field(() => String, { nullable: true }) description?: string;
}

@InputType()
export class TypeQualifierInput {
  @Field(() => [String], { nullable: true }) allowedTypes?: string[];
}

@InputType()
export class UpdateTypeQualifierInput {
  @Field(() => [String], { nullable: true }) newAllowedTypes?: string[];
}

@InputType()
export class StructuredPropertySettingsInput {
  @Field(() => Boolean, { nullable: true }) isHidden?: boolean;
  @Field(() => Boolean, { nullable: true }) showInSearchFilters?: boolean;
  @Field(() => Boolean, { nullable: true }) showInAssetSummary?: boolean;
  @Field(() => Boolean, { nullable: true }) showAsAssetBadge?: boolean;
  @Field(() => Boolean, { nullable: true }) showInColumnsTable?: boolean;
}

@InputType()
export class CreateStructuredPropertyInput {
  @Field(() => String, { nullable: true }) id?: string;
  @Field(() => String, { nullable: true }) qualifiedName?: string;
  @Field(() => String, { nullable: true }) displayName?: string;
  @Field(() => String, { nullable: true }) description?: string;
  @Field(() => Boolean, { nullable: true }) immutable?: boolean;
  @Field(() => String) valueType!: string;
  @Field(() => TypeQualifierInput, { nullable: true }) typeQualifier?: TypeQualifierInput;
  @Field(() => [AllowedValueInput], { nullable: true }) allowedValues?: AllowedValueInput[];
  @Field(() => PropertyCardinality, { nullable: true }) cardinality?: PropertyCardinality;
  @Field(() => [String]) entityTypes!: string[];
  @Field(() => StructuredPropertySettingsInput, { nullable: true })
  settings?: StructuredPropertySettingsInput;
  @Field(() => StructuredPropertyFilterStatus, { nullable: true })
  filterStatus?: StructuredPropertyFilterStatus;
}

@InputType()
export class UpdateStructuredPropertyInput {
  @Field(() => String) urn!: string;
  @Field(() => String, { nullable: true }) displayName?: string;
  @Field(() => String, { nullable: true }) description?: string;
  @Field(() => Boolean, { nullable: true }) immutable?: boolean;
  @Field(() => UpdateTypeQualifierInput, { nullable: true }) typeQualifier?: UpdateTypeQualifierInput;
  @Field(() => [AllowedValueInput], { nullable: true }) newAllowedValues?: AllowedValueInput[];
  @Field(() => Boolean, { nullable: true }) setCardinalityAsMultiple?: boolean;
  @Field(() => [String], { nullable: true }) newEntityTypes?: string[];
  @Field(() => StructuredPropertySettingsInput, { nullable: true })
  settings?: StructuredPropertySettingsInput;
  @Field(() => StructuredPropertyFilterStatus, { nullable: true })
  filterStatus?: StructuredPropertyFilterStatus;
}

@InputType()
export class DeleteStructuredPropertyInput {
  @Field(() => String) urn!: string;
}

@InputType()
export class StructuredPropertyInputParams {
  @Field(() => String) structuredPropertyUrn!: string;
  @Field(() => [PropertyValueInput]) values!: PropertyValueInput[];
}

@InputType()
export class UpsertStructuredPropertiesInput {
  @Field(() => String) assetUrn!: string;
  @Field(() => [StructuredPropertyInputParams])
  structuredPropertyInputParams!: StructuredPropertyInputParams[];
}

@InputType()
export class RemoveStructuredPropertiesInput {
  @Field(() => String) assetUrn!: string;
  @Field(() => [String]) structuredPropertyUrns!: string[];
}

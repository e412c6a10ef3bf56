import { Field, Float, InputType } from 'type-graphql';
import { stringEnum } from './enums.js';
import { PropertyCardinality } from './structured-properties.js';
import { fields, opt, optional, req, TableInputType } from './field-table.js';

/** Accepted for DataHub compatibility (it is deprecated there); neohub ignores it. */
export const StructuredPropertyFilterStatus = stringEnum('StructuredPropertyFilterStatus', [
  'ENABLED',
  'DISABLED',
] as const);
export type StructuredPropertyFilterStatus = keyof typeof StructuredPropertyFilterStatus;

@TableInputType()
export class PropertyValueInput extends fields({
  stringValue: opt(String),
  numberValue: opt(Float),
}) {}

@TableInputType()
export class AllowedValueInput extends fields({
  stringValue: opt(String),
  numberValue: opt(Float),
  description: opt(String),
}) {}

@TableInputType()
export class TypeQualifierInput extends fields({
  allowedTypes: opt([String]),
}) {}

@TableInputType()
export class UpdateTypeQualifierInput extends fields({
  newAllowedTypes: opt([String]),
}) {}

@TableInputType()
export class StructuredPropertySettingsInput extends fields({
  ...optional(
    Boolean,
    'isHidden',
    'showInSearchFilters',
    'showInAssetSummary',
    'showAsAssetBadge',
    'showInColumnsTable',
  ),
}) {}

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

@TableInputType()
export class DeleteStructuredPropertyInput extends fields({
  urn: req(String),
}) {}

@TableInputType()
export class StructuredPropertyInputParams extends fields({
  structuredPropertyUrn: req(String),
  values: req([PropertyValueInput]),
}) {}

@InputType()
export class UpsertStructuredPropertiesInput {
  @Field(() => String) assetUrn!: string;
  @Field(() => [StructuredPropertyInputParams])
  structuredPropertyInputParams!: StructuredPropertyInputParams[];
}

@TableInputType()
export class RemoveStructuredPropertiesInput extends fields({
  assetUrn: req(String),
  structuredPropertyUrns: req([String]),
}) {}

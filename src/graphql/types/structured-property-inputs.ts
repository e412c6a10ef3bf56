import { Float } from 'type-graphql';
import { PROPERTY_SETTINGS } from '../../services/index.js';
import { stringEnum } from './enums.js';
import { PropertyCardinality } from './structured-properties.js';
import { fields, opt, optional, req, TableInputType } from './field-table.js';

/** Accepted for DataHub compatibility (it is deprecated there); neohub ignores it. */
export const StructuredPropertyFilterStatus = stringEnum('StructuredPropertyFilterStatus', [
  'ENABLED',
  'DISABLED',
] as const);
export type StructuredPropertyFilterStatus = keyof typeof StructuredPropertyFilterStatus;

/** A value: a string or a number. */
const VALUE = { stringValue: opt(String), numberValue: opt(Float) };

@TableInputType()
export class PropertyValueInput extends fields(VALUE) {}

@TableInputType()
export class AllowedValueInput extends fields({ ...VALUE, description: opt(String) }) {}

@TableInputType()
export class TypeQualifierInput extends fields({ allowedTypes: opt([String]) }) {}

@TableInputType()
export class UpdateTypeQualifierInput extends fields({ newAllowedTypes: opt([String]) }) {}

@TableInputType()
export class StructuredPropertySettingsInput extends fields(optional(Boolean, ...PROPERTY_SETTINGS)) {}

/** What a create and an update may both set: the description, immutability, the settings. */
const DEFINITION = {
  ...optional(String, 'displayName', 'description'),
  immutable: opt(Boolean),
  settings: opt(StructuredPropertySettingsInput),
  filterStatus: opt(StructuredPropertyFilterStatus),
};

@TableInputType()
export class CreateStructuredPropertyInput extends fields({
  ...optional(String, 'id', 'qualifiedName'),
  ...DEFINITION,
  valueType: req(String),
  typeQualifier: opt(TypeQualifierInput),
  allowedValues: opt([AllowedValueInput]),
  cardinality: opt(PropertyCardinality),
  entityTypes: req([String]),
}) {}

@TableInputType()
export class UpdateStructuredPropertyInput extends fields({
  urn: req(String),
  ...DEFINITION,
  typeQualifier: opt(UpdateTypeQualifierInput),
  newAllowedValues: opt([AllowedValueInput]),
  setCardinalityAsMultiple: opt(Boolean),
  newEntityTypes: opt([String]),
}) {}

@TableInputType()
export class DeleteStructuredPropertyInput extends fields({ urn: req(String) }) {}

@TableInputType()
export class StructuredPropertyInputParams extends fields({
  structuredPropertyUrn: req(String),
  values: req([PropertyValueInput]),
}) {}

@TableInputType()
export class UpsertStructuredPropertiesInput extends fields({
  assetUrn: req(String),
  structuredPropertyInputParams: req([StructuredPropertyInputParams]),
}) {}

@TableInputType()
export class RemoveStructuredPropertiesInput extends fields({
  assetUrn: req(String),
  structuredPropertyUrns: req([String]),
}) {}

// Schemas of the structured-properties records, transcribed from DataHub's published aspect models (field names, types,
// optionality and defaults are wire facts). Generated once by a throwaway script; edit by hand from now on.
import {
  array,
  boolean,
  double,
  enumOf,
  map,
  optional,
  record,
  string,
  union,
  urn,
  withDefault,
} from '../schema.js';
import { AuditStamp, MetadataAttribution } from './common.js';
import { DataHubSearchConfig } from './search-config.js';

export const PropertyCardinality = enumOf('com.linkedin.structured.PropertyCardinality', [
  'SINGLE',
  'MULTIPLE',
]);

export const PropertyValue = record('com.linkedin.structured.PropertyValue', {
  value: union(string, double),
  description: optional(string),
});

export const StructuredPropertyValueAssignment = record(
  'com.linkedin.structured.StructuredPropertyValueAssignment',
  {
    propertyUrn: urn(),
    values: array(union(string, double)),
    created: optional(AuditStamp),
    lastModified: optional(AuditStamp),
    attribution: optional(MetadataAttribution),
  },
);

export const StructuredProperties = record('com.linkedin.structured.StructuredProperties', {
  properties: array(StructuredPropertyValueAssignment),
});

export const StructuredPropertyDefinition = record('com.linkedin.structured.StructuredPropertyDefinition', {
  qualifiedName: string,
  displayName: optional(string),
  valueType: urn(),
  typeQualifier: optional(map(array(string))),
  allowedValues: optional(array(PropertyValue)),
  cardinality: withDefault(PropertyCardinality, 'SINGLE'),
  entityTypes: array(urn('entityType')),
  allowedPlatforms: optional(array(urn())),
  description: optional(string),
  searchConfiguration: optional(DataHubSearchConfig),
  immutable: withDefault(boolean, false),
  version: optional(string),
  created: optional(AuditStamp),
  lastModified: optional(AuditStamp),
});

export const StructuredPropertyKey = record('com.linkedin.structured.StructuredPropertyKey', {
  id: string,
});

export const StructuredPropertySettings = record('com.linkedin.structured.StructuredPropertySettings', {
  isHidden: withDefault(boolean, false),
  showInSearchFilters: withDefault(boolean, false),
  showInAssetSummary: withDefault(boolean, false),
  hideInAssetSummaryWhenEmpty: withDefault(boolean, false),
  showAsAssetBadge: withDefault(boolean, false),
  showInColumnsTable: withDefault(boolean, false),
  lastModified: optional(AuditStamp),
});

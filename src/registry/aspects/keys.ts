// Schemas of the keys records, transcribed from DataHub's published aspect models (field names, types,
// optionality and defaults are wire facts). Generated once by a throwaway script; edit by hand from now on.
import { record, string, urn } from '../schema.js';
import { FabricType } from './common.js';

export const DataTypeKey = record('com.linkedin.datatype.DataTypeKey', {
  id: string,
});

export const EntityTypeKey = record('com.linkedin.entitytype.EntityTypeKey', {
  id: string,
});

export const ChartKey = record('com.linkedin.metadata.key.ChartKey', {
  dashboardTool: string,
  chartId: string,
});

export const CorpGroupKey = record('com.linkedin.metadata.key.CorpGroupKey', {
  name: string,
});

export const CorpUserKey = record('com.linkedin.metadata.key.CorpUserKey', {
  username: string,
});

export const DashboardKey = record('com.linkedin.metadata.key.DashboardKey', {
  dashboardTool: string,
  dashboardId: string,
});

export const DataPlatformKey = record('com.linkedin.metadata.key.DataPlatformKey', {
  platformName: string,
});

export const SchemaFieldKey = record('com.linkedin.metadata.key.SchemaFieldKey', {
  parent: urn(),
  fieldPath: string,
});

export const DatasetKey = record('com.linkedin.metadata.key.DatasetKey', {
  platform: urn(),
  name: string,
  origin: FabricType,
});

export const GlossaryTermKey = record('com.linkedin.metadata.key.GlossaryTermKey', {
  name: string,
});

export const MLFeatureKey = record('com.linkedin.metadata.key.MLFeatureKey', {
  featureNamespace: string,
  name: string,
});

export const MLFeatureTableKey = record('com.linkedin.metadata.key.MLFeatureTableKey', {
  platform: urn('dataPlatform'),
  name: string,
});

export const MLModelGroupKey = record('com.linkedin.metadata.key.MLModelGroupKey', {
  platform: urn(),
  name: string,
  origin: FabricType,
});

export const MLModelKey = record('com.linkedin.metadata.key.MLModelKey', {
  platform: urn(),
  name: string,
  origin: FabricType,
});

export const MLPrimaryKeyKey = record('com.linkedin.metadata.key.MLPrimaryKeyKey', {
  featureNamespace: string,
  name: string,
});

export const TagKey = record('com.linkedin.metadata.key.TagKey', {
  name: string,
});

export const TelemetryKey = record('com.linkedin.metadata.key.TelemetryKey', {
  name: string,
});

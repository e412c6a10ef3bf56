// Schemas of the dataset records, transcribed from DataHub's published aspect models (field names, types,
// optionality and defaults are wire facts). Generated once by a throwaway script; edit by hand from now on.
import {
  array,
  enumOf,
  float,
  int,
  long,
  time,
  map,
  optional,
  record,
  string,
  urn,
  withDefault,
} from '../schema.js';
import { AuditStamp, TimeStamp, UNKNOWN_STAMP } from './common.js';
import { PartitionSpec, TimeWindowSize } from './timeseries.js';

export const Histogram = record('com.linkedin.dataset.Histogram', {
  boundaries: array(string),
  heights: array(float),
});

export const Quantile = record('com.linkedin.dataset.Quantile', {
  quantile: string,
  value: string,
});

export const ValueFrequency = record('com.linkedin.dataset.ValueFrequency', {
  value: string,
  frequency: long,
});

export const DatasetFieldProfile = record('com.linkedin.dataset.DatasetFieldProfile', {
  fieldPath: string,
  uniqueCount: optional(long),
  uniqueProportion: optional(float),
  nullCount: optional(long),
  nullProportion: optional(float),
  min: optional(string),
  max: optional(string),
  mean: optional(string),
  median: optional(string),
  stdev: optional(string),
  quantiles: optional(array(Quantile)),
  distinctValueFrequencies: optional(array(ValueFrequency)),
  histogram: optional(Histogram),
  sampleValues: optional(array(string)),
});

export const DatasetFieldUsageCounts = record('com.linkedin.dataset.DatasetFieldUsageCounts', {
  fieldPath: string,
  count: int,
});

export const DatasetLineageType = enumOf('com.linkedin.dataset.DatasetLineageType', [
  'COPY',
  'TRANSFORMED',
  'VIEW',
]);

export const DatasetProfile = record('com.linkedin.dataset.DatasetProfile', {
  timestampMillis: time,
  eventGranularity: optional(TimeWindowSize),
  partitionSpec: withDefault(PartitionSpec, {
    partition: 'FULL_TABLE_SNAPSHOT',
    type: 'FULL_TABLE',
  }),
  messageId: optional(string),
  rowCount: optional(long),
  columnCount: optional(long),
  fieldProfiles: optional(array(DatasetFieldProfile)),
  sizeInBytes: optional(long),
});

export const DatasetProperties = record('com.linkedin.dataset.DatasetProperties', {
  customProperties: withDefault(map(string), {}),
  externalUrl: optional(string),
  name: optional(string),
  qualifiedName: optional(string),
  description: optional(string),
  uri: optional(string),
  created: optional(TimeStamp),
  lastModified: optional(TimeStamp),
  tags: withDefault(array(string), []),
});

export const DatasetUserUsageCounts = record('com.linkedin.dataset.DatasetUserUsageCounts', {
  user: urn(),
  count: int,
  userEmail: optional(string),
});

export const DatasetUsageStatistics = record('com.linkedin.dataset.DatasetUsageStatistics', {
  timestampMillis: time,
  eventGranularity: optional(TimeWindowSize),
  partitionSpec: withDefault(PartitionSpec, {
    partition: 'FULL_TABLE_SNAPSHOT',
    type: 'FULL_TABLE',
  }),
  messageId: optional(string),
  uniqueUserCount: optional(int),
  totalSqlQueries: optional(int),
  topSqlQueries: optional(array(string)),
  userCounts: optional(array(DatasetUserUsageCounts)),
  fieldCounts: optional(array(DatasetFieldUsageCounts)),
});

export const EditableDatasetProperties = record('com.linkedin.dataset.EditableDatasetProperties', {
  created: withDefault(AuditStamp, UNKNOWN_STAMP),
  lastModified: withDefault(AuditStamp, UNKNOWN_STAMP),
  deleted: optional(AuditStamp),
  description: optional(string),
  name: optional(string),
});

export const FineGrainedLineageDownstreamType = enumOf(
  'com.linkedin.dataset.FineGrainedLineageDownstreamType',
  ['FIELD', 'FIELD_SET'],
);

export const FineGrainedLineageUpstreamType = enumOf('com.linkedin.dataset.FineGrainedLineageUpstreamType', [
  'FIELD_SET',
  'DATASET',
  'NONE',
]);

export const LineageMatchType = enumOf('com.linkedin.dataset.LineageMatchType', [
  'EXACT',
  'NORMALIZED',
  'UNRESOLVED',
]);

export const FineGrainedLineage = record('com.linkedin.dataset.FineGrainedLineage', {
  upstreamType: FineGrainedLineageUpstreamType,
  upstreams: optional(array(urn('dataset', 'schemaField'))),
  downstreamType: FineGrainedLineageDownstreamType,
  downstreams: optional(array(urn())),
  transformOperation: optional(string),
  confidenceScore: withDefault(float, 1.0),
  query: optional(urn()),
  matchType: optional(LineageMatchType),
});

export const Upstream = record('com.linkedin.dataset.Upstream', {
  auditStamp: withDefault(AuditStamp, UNKNOWN_STAMP),
  created: optional(AuditStamp),
  dataset: urn('dataset'),
  type: DatasetLineageType,
  properties: optional(map(string)),
  query: optional(urn()),
  matchType: optional(LineageMatchType),
});

export const UpstreamLineage = record('com.linkedin.dataset.UpstreamLineage', {
  upstreams: array(Upstream),
  fineGrainedLineages: optional(array(FineGrainedLineage)),
});

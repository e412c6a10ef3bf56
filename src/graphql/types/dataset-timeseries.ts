import { Int } from 'type-graphql';
import { DEFAULT_PAGE } from '../cost-model.js';
import { Dataset } from './dataset.js';
import { argField, entityArgFields } from './entity-arg-fields.js';
import { stringEnum } from './enums.js';
import { fields, opt, optional, req, required, TableObjectType } from './field-table.js';
import { obj, str, type Json } from './json.js';
import { Long } from './scalars.js';
import { stringMap, StringMapEntry } from './string-map.js';
import { FilterInput, timeseriesValues } from './timeseries.js';

// A dataset's profiles and operations: its time-series aspects, newest first, in a range. The records
// mirror the aspects', so they are served as stored (an operation's partition and properties aside).

export const PartitionType = stringEnum('PartitionType', ['FULL_TABLE', 'QUERY', 'PARTITION'] as const);

@TableObjectType()
export class TimeWindow extends fields(required(Long, 'startTimeMillis', 'durationMillis')) {}

@TableObjectType()
export class PartitionSpec extends fields({
  type: req(PartitionType),
  partition: opt(String),
  timePartition: opt(TimeWindow),
}) {}

@TableObjectType()
export class Quantile extends fields(required(String, 'quantile', 'value')) {}

@TableObjectType()
export class ValueFrequency extends fields({ value: req(String), frequency: req(Long) }) {}

@TableObjectType()
export class DatasetFieldProfile extends fields({
  fieldPath: req(String),
  ...optional(Long, 'uniqueCount', 'nullCount'),
  ...optional(Number, 'uniqueProportion', 'nullProportion'),
  ...optional(String, 'min', 'max', 'mean', 'median', 'stdev'),
  sampleValues: opt([String]),
  quantiles: opt([Quantile]),
  distinctValueFrequencies: opt([ValueFrequency]),
}) {}

@TableObjectType()
export class DatasetProfile extends fields({
  timestampMillis: req(Long),
  ...optional(Long, 'rowCount', 'columnCount', 'sizeInBytes'),
  fieldProfiles: opt([DatasetFieldProfile]),
  partitionSpec: opt(PartitionSpec),
}) {}

export const OperationType = stringEnum('OperationType', [
  'INSERT',
  'UPDATE',
  'DELETE',
  'CREATE',
  'ALTER',
  'DROP',
  'UNKNOWN',
  'CUSTOM',
] as const);
export const OperationSourceType = stringEnum('OperationSourceType', [
  'DATA_PROCESS',
  'DATA_PLATFORM',
] as const);

@TableObjectType()
export class Operation extends fields({
  timestampMillis: req(Long),
  actor: opt(String),
  operationType: req(OperationType),
  customOperationType: opt(String),
  sourceType: opt(OperationSourceType),
  numAffectedRows: opt(Long),
  affectedDatasets: opt([String]),
  lastUpdatedTimestamp: req(Long),
  partition: opt(String),
  customProperties: opt([StringMapEntry]),
}) {}

/** The arguments of a time-series field: its range, criteria on the values, and how many. */
const RANGE = {
  ...optional(Long, 'startTimeMillis', 'endTimeMillis'),
  filter: opt(FilterInput),
  limit: opt(Int),
};

/** A field of a dataset's time-series aspect: its values in the range, each as `show` makes it. */
const series = (type: unknown, aspect: string, defaultLimit: number, show: (v: Json) => unknown = (v) => v) =>
  argField({
    type: [type],
    args: RANGE,
    resolve: async (entity, ctx, { startTimeMillis, endTimeMillis, filter, limit }) =>
      (
        await timeseriesValues(ctx, entity.urn, aspect, {
          startTimeMillis,
          endTimeMillis,
          limit: limit ?? defaultLimit,
          and: filter?.and,
        })
      ).map((t) => show(t.value)),
  });

entityArgFields(Dataset, {
  datasetProfiles: series(DatasetProfile, 'datasetProfile', DEFAULT_PAGE.datasetProfiles),
  operations: series(Operation, 'operation', DEFAULT_PAGE.operations, (v) => ({
    ...v,
    partition: str(obj(v.partitionSpec)?.partition),
    customProperties: stringMap(v.customProperties),
  })),
});

import { Int } from 'type-graphql';
import type { GraphQLContext } from '../context.js';
import {
  AuditStamp,
  customProperties,
  CustomPropertiesEntry,
  list,
  make,
  num,
  obj,
  str,
  strings,
  type Json,
} from './common.js';
import { fieldDataType, SchemaFieldDataType } from './dataset.js';
import { stringEnum } from './enums.js';
import { fields, opt, optional, req, required, TableObjectType } from './field-table.js';
import { keyOf } from './kind-types.js';
import { Long } from './scalars.js';
import { stringMap, StringMapEntry } from './string-map.js';
/* The definition of an assertion (`assertionInfo`): DataHub's types of each kind of assertion, read from the
 * stored record (served as stored, but for URNs shown as `{urn, path}`, `entityUrn`, string maps as entries). */

export const AssertionType = stringEnum('AssertionType', [
  'DATASET',
  'FRESHNESS',
  'VOLUME',
  'SQL',
  'FIELD',
  'DATA_SCHEMA',
  'CUSTOM',
] as const);
export type AssertionType = keyof typeof AssertionType;

const AssertionSourceType = stringEnum('AssertionSourceType', ['NATIVE', 'EXTERNAL', 'INFERRED'] as const);
export const AssertionStdParameterType = stringEnum('AssertionStdParameterType', [
  'STRING',
  'NUMBER',
  'LIST',
  'SET',
  'UNKNOWN',
] as const);
export const DatasetAssertionScope = stringEnum('DatasetAssertionScope', [
  'DATASET_COLUMN',
  'DATASET_ROWS',
  'DATASET_STORAGE_SIZE',
  'DATASET_SCHEMA',
  'UNKNOWN',
] as const);
export const AssertionStdAggregation = stringEnum('AssertionStdAggregation', [
  'IDENTITY',
  'MEAN',
  'MEDIAN',
  'UNIQUE_COUNT',
  'UNIQUE_PROPOTION',
  'NULL_COUNT',
  'NULL_PROPORTION',
  'STDDEV',
  'MIN',
  'MAX',
  'SUM',
  'COLUMNS',
  'COLUMN_COUNT',
  'ROW_COUNT',
  '_NATIVE_',
] as const);
export const AssertionStdOperator = stringEnum('AssertionStdOperator', [
  'BETWEEN',
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL_TO',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL_TO',
  'EQUAL_TO',
  'NOT_EQUAL_TO',
  'NULL',
  'NOT_NULL',
  'CONTAIN',
  'END_WITH',
  'START_WITH',
  'REGEX_MATCH',
  'IN',
  'NOT_IN',
  'IS_TRUE',
  'IS_FALSE',
  '_NATIVE_',
] as const);
const FreshnessAssertionType = stringEnum('FreshnessAssertionType', [
  'DATASET_CHANGE',
  'DATA_JOB_RUN',
] as const);
const FreshnessAssertionScheduleType = stringEnum('FreshnessAssertionScheduleType', [
  'CRON',
  'FIXED_INTERVAL',
  'SINCE_THE_LAST_CHECK',
] as const);
const DateInterval = stringEnum('DateInterval', [
  'SECOND',
  'MINUTE',
  'HOUR',
  'DAY',
  'WEEK',
  'MONTH',
  'YEAR',
] as const);
const DatasetFilterType = stringEnum('DatasetFilterType', ['SQL'] as const);
const VolumeAssertionType = stringEnum('VolumeAssertionType', [
  'ROW_COUNT_TOTAL',
  'ROW_COUNT_CHANGE',
  'INCREMENTING_SEGMENT_ROW_COUNT_TOTAL',
  'INCREMENTING_SEGMENT_ROW_COUNT_CHANGE',
] as const);
const AssertionValueChangeType = stringEnum('AssertionValueChangeType', ['ABSOLUTE', 'PERCENTAGE'] as const);
const IncrementingSegmentFieldTransformerType = stringEnum('IncrementingSegmentFieldTransformerType', [
  'TIMESTAMP_MS_TO_MINUTE',
  'TIMESTAMP_MS_TO_HOUR',
  'TIMESTAMP_MS_TO_DATE',
  'TIMESTAMP_MS_TO_MONTH',
  'TIMESTAMP_MS_TO_YEAR',
  'FLOOR',
  'CEILING',
  'NATIVE',
] as const);
const SqlAssertionType = stringEnum('SqlAssertionType', ['METRIC', 'METRIC_CHANGE'] as const);
const FieldAssertionType = stringEnum('FieldAssertionType', ['FIELD_VALUES', 'FIELD_METRIC'] as const);
const FieldTransformType = stringEnum('FieldTransformType', ['LENGTH'] as const);
const FieldValuesFailThresholdType = stringEnum('FieldValuesFailThresholdType', [
  'COUNT',
  'PERCENTAGE',
] as const);
const FieldMetricType = stringEnum('FieldMetricType', [
  'UNIQUE_COUNT',
  'UNIQUE_PERCENTAGE',
  'NULL_COUNT',
  'NULL_PERCENTAGE',
  'MIN',
  'MAX',
  'MEAN',
  'MEDIAN',
  'STDDEV',
  'NEGATIVE_COUNT',
  'NEGATIVE_PERCENTAGE',
  'ZERO_COUNT',
  'ZERO_PERCENTAGE',
  'MIN_LENGTH',
  'MAX_LENGTH',
  'EMPTY_COUNT',
  'EMPTY_PERCENTAGE',
] as const);
const SchemaAssertionCompatibility = stringEnum('SchemaAssertionCompatibility', [
  'EXACT_MATCH',
  'SUPERSET',
  'SUBSET',
] as const);
const AssertionActionType = stringEnum('AssertionActionType', [
  'RAISE_INCIDENT',
  'RESOLVE_INCIDENT',
] as const);

// ---- The definitions (assertionInfo) ----

@TableObjectType()
export class AssertionStdParameter extends fields({
  value: req(String),
  type: req(AssertionStdParameterType),
}) {}

@TableObjectType()
export class AssertionStdParameters extends fields(
  optional(AssertionStdParameter, 'value', 'maxValue', 'minValue'),
) {}

/** A column an assertion names: its schemaField URN and the column's path in it. */
@TableObjectType()
export class SchemaFieldRef extends fields(required(String, 'urn', 'path')) {}

@TableObjectType()
export class SchemaFieldSpec extends fields(required(String, 'path', 'type', 'nativeType')) {}

@TableObjectType()
export class DatasetFilter extends fields({ type: req(DatasetFilterType), sql: opt(String) }) {}

/** The conditions of the standard assertions: an operator and its parameters. */
const CONDITION = { operator: req(AssertionStdOperator), parameters: req(AssertionStdParameters) };

/** What DatasetAssertionInfo and CustomAssertionInfo share (after their own first fields). */
const NATIVE = {
  nativeType: opt(String),
  nativeParameters: opt([StringMapEntry]),
  logic: opt(String),
};

@TableObjectType()
export class DatasetAssertionInfo extends fields({
  datasetUrn: req(String),
  scope: req(DatasetAssertionScope),
  fields: opt([SchemaFieldRef]),
  aggregation: opt(AssertionStdAggregation),
  operator: req(AssertionStdOperator),
  parameters: opt(AssertionStdParameters),
  ...NATIVE,
}) {}

@TableObjectType()
export class FreshnessCronSchedule extends fields({
  ...required(String, 'cron', 'timezone'),
  windowStartOffsetMs: opt(Long),
}) {}

@TableObjectType()
export class FixedIntervalSchedule extends fields({ unit: req(DateInterval), multiple: req(Int) }) {}

@TableObjectType()
export class FreshnessAssertionSchedule extends fields({
  type: req(FreshnessAssertionScheduleType),
  cron: opt(FreshnessCronSchedule),
  fixedInterval: opt(FixedIntervalSchedule),
}) {}

@TableObjectType()
export class FreshnessAssertionInfo extends fields({
  entityUrn: req(String),
  type: req(FreshnessAssertionType),
  schedule: req(FreshnessAssertionSchedule),
  filter: opt(DatasetFilter),
}) {}

@TableObjectType()
export class RowCountTotal extends fields(CONDITION) {}

@TableObjectType()
export class RowCountChange extends fields({ type: req(AssertionValueChangeType), ...CONDITION }) {}

@TableObjectType()
export class IncrementingSegmentFieldTransformer extends fields({
  type: req(IncrementingSegmentFieldTransformerType),
  nativeType: opt(String),
}) {}

@TableObjectType()
export class IncrementingSegmentSpec extends fields({
  field: req(SchemaFieldSpec),
  transformer: opt(IncrementingSegmentFieldTransformer),
}) {}

@TableObjectType()
export class IncrementingSegmentRowCountTotal extends fields({
  segment: req(IncrementingSegmentSpec),
  ...CONDITION,
}) {}

@TableObjectType()
export class IncrementingSegmentRowCountChange extends fields({
  segment: req(IncrementingSegmentSpec),
  type: req(AssertionValueChangeType),
  ...CONDITION,
}) {}

@TableObjectType()
export class VolumeAssertionInfo extends fields({
  entityUrn: req(String),
  type: req(VolumeAssertionType),
  rowCountTotal: opt(RowCountTotal),
  rowCountChange: opt(RowCountChange),
  incrementingSegmentRowCountTotal: opt(IncrementingSegmentRowCountTotal),
  incrementingSegmentRowCountChange: opt(IncrementingSegmentRowCountChange),
  filter: opt(DatasetFilter),
}) {}

@TableObjectType()
export class SqlAssertionInfo extends fields({
  type: req(SqlAssertionType),
  entityUrn: req(String),
  statement: req(String),
  changeType: opt(AssertionValueChangeType),
  ...CONDITION,
}) {}

@TableObjectType()
export class FieldTransform extends fields({ type: req(FieldTransformType) }) {}

@TableObjectType()
export class FieldValuesFailThreshold extends fields({
  type: req(FieldValuesFailThresholdType),
  value: req(Long),
}) {}

@TableObjectType()
export class FieldValuesAssertion extends fields({
  field: req(SchemaFieldSpec),
  transform: opt(FieldTransform),
  operator: req(AssertionStdOperator),
  parameters: opt(AssertionStdParameters),
  failThreshold: req(FieldValuesFailThreshold),
  excludeNulls: req(Boolean),
}) {}

@TableObjectType()
export class FieldMetricAssertion extends fields({
  field: req(SchemaFieldSpec),
  metric: req(FieldMetricType),
  operator: req(AssertionStdOperator),
  parameters: opt(AssertionStdParameters),
}) {}

@TableObjectType()
export class FieldAssertionInfo extends fields({
  type: req(FieldAssertionType),
  entityUrn: req(String),
  fieldValuesAssertion: opt(FieldValuesAssertion),
  fieldMetricAssertion: opt(FieldMetricAssertion),
  filter: opt(DatasetFilter),
}) {}

@TableObjectType()
export class SchemaAssertionField extends fields({
  path: req(String),
  type: req(SchemaFieldDataType),
  nativeType: opt(String),
}) {}

@TableObjectType()
export class SchemaAssertionInfo extends fields({
  entityUrn: req(String),
  fields: req([SchemaAssertionField]),
  compatibility: req(SchemaAssertionCompatibility),
}) {}

@TableObjectType()
export class CustomAssertionInfo extends fields({
  ...required(String, 'type', 'entityUrn'),
  field: opt(SchemaFieldRef),
  fields: opt([SchemaFieldRef]),
  scope: opt(DatasetAssertionScope),
  aggregation: opt(AssertionStdAggregation),
  operator: opt(AssertionStdOperator),
  parameters: opt(AssertionStdParameters),
  ...NATIVE,
}) {}

@TableObjectType()
export class AssertionSource extends fields({
  type: req(AssertionSourceType),
  created: opt(AuditStamp),
}) {}

@TableObjectType()
export class AssertionInfo extends fields({
  type: req(AssertionType),
  /** The asset the assertion is about, when the aspect names it. */
  entityUrn: opt(String),
  datasetAssertion: opt(DatasetAssertionInfo),
  freshnessAssertion: opt(FreshnessAssertionInfo),
  volumeAssertion: opt(VolumeAssertionInfo),
  sqlAssertion: opt(SqlAssertionInfo),
  fieldAssertion: opt(FieldAssertionInfo),
  schemaAssertion: opt(SchemaAssertionInfo),
  customAssertion: opt(CustomAssertionInfo),
  ...optional(String, 'description', 'note', 'externalUrl'),
  customProperties: opt([CustomPropertiesEntry]),
  source: opt(AssertionSource),
  lastUpdated: opt(AuditStamp),
}) {}

@TableObjectType()
export class AssertionAction extends fields({ type: req(AssertionActionType) }) {}

@TableObjectType()
export class AssertionActions extends fields(required([AssertionAction], 'onSuccess', 'onFailure')) {}

// ---- Reading the stored definition ----

/** A schemaField URN as a SchemaFieldRef (the path is the URN's second key part). */
function fieldRef(ctx: GraphQLContext, urn: string): SchemaFieldRef {
  let path: string | undefined;
  try {
    path = keyOf(ctx, urn).fieldPath;
  } catch {
    // Not a URN the registry knows: the path stays empty.
  }
  return make(SchemaFieldRef, { urn, path: path ?? '' });
}

/** The model's aggregation UNIQUE_PROPORTION under DataHub's GraphQL spelling of it. */
const aggregation = (v: unknown): string | undefined => {
  const a = str(v);
  return a === 'UNIQUE_PROPORTION' ? 'UNIQUE_PROPOTION' : a;
};

/** A fixed interval; the model's QUARTER (which DateInterval lacks) as three months. */
function fixedInterval(v: unknown): Json | undefined {
  const f = obj(v);
  if (!f || f.unit !== 'QUARTER') return f;
  return { unit: 'MONTH', multiple: (num(f.multiple) ?? 1) * 3 };
}

/** What each kind's definition shows of its stored record, by the name of its field in AssertionInfo. */
const DEFINITIONS: Readonly<Record<string, (ctx: GraphQLContext, v: Json) => Json>> = {
  datasetAssertion: (ctx, v) => ({
    ...v,
    datasetUrn: str(v.dataset) ?? '',
    fields: strings(v.fields).map((u) => fieldRef(ctx, u)),
    aggregation: aggregation(v.aggregation),
    nativeParameters: stringMap(v.nativeParameters) ?? [],
  }),
  freshnessAssertion: (_, v) => {
    const schedule = obj(v.schedule) ?? {};
    return {
      ...v,
      entityUrn: str(v.entity),
      schedule: { ...schedule, fixedInterval: fixedInterval(schedule.fixedInterval) },
    };
  },
  volumeAssertion: (_, v) => ({ ...v, entityUrn: str(v.entity) }),
  sqlAssertion: (_, v) => ({ ...v, entityUrn: str(v.entity) }),
  fieldAssertion: (_, v) => ({ ...v, entityUrn: str(v.entity) }),
  schemaAssertion: (_, v) => ({
    entityUrn: str(v.entity),
    compatibility: str(v.compatibility) ?? 'EXACT_MATCH',
    fields: list(obj(v.schema)?.fields).map((f) => ({
      path: str(f.fieldPath) ?? '',
      type: fieldDataType(f),
      nativeType: str(f.nativeDataType),
    })),
  }),
  customAssertion: (ctx, v) => {
    const field = str(v.field);
    return {
      ...v,
      entityUrn: str(v.entity),
      field: field ? fieldRef(ctx, field) : undefined,
      fields: Array.isArray(v.fields) ? strings(v.fields).map((u) => fieldRef(ctx, u)) : undefined,
      aggregation: aggregation(v.aggregation),
      nativeParameters: stringMap(v.nativeParameters),
    };
  },
};

/** The `assertionInfo` aspect as AssertionInfo; its note is the `assertionNote` aspect's when there is one. */
export function assertionInfo(
  ctx: GraphQLContext,
  v: Json,
  urn: string,
  note: Json | undefined,
): AssertionInfo {
  const definitions = Object.fromEntries(
    Object.entries(DEFINITIONS).flatMap(([name, read]) => {
      const d = obj(v[name]);
      return d ? [[name, read(ctx, d)]] : [];
    }),
  );
  return {
    ...v,
    ...definitions,
    note: str(note?.content) ?? str(obj(v.note)?.content),
    customProperties: customProperties(v.customProperties, urn),
  } as unknown as AssertionInfo;
}

/** The URN of the asset an assertion is about: the aspect's `entityUrn`, or its definition's entity. */
export function asserteeOf(v: Json): string | undefined {
  return (
    str(v.entityUrn) ??
    str(obj(v.datasetAssertion)?.dataset) ??
    [
      'freshnessAssertion',
      'volumeAssertion',
      'sqlAssertion',
      'fieldAssertion',
      'schemaAssertion',
      'customAssertion',
    ]
      .map((k) => str(obj(v[k])?.entity))
      .find((u) => u !== undefined)
  );
}

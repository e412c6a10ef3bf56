import { Float, Int } from 'type-graphql';
import type { GraphQLContext } from '../context.js';
import { obj, str, type Json } from './common.js';
import { PartitionSpec } from './dataset-timeseries.js';
import { stringEnum } from './enums.js';
import { fields, opt, optional, req, required, TableObjectType } from './field-table.js';
import { Long } from './scalars.js';
import { stringMap, StringMapEntry } from './string-map.js';
import { timeseriesValues } from './timeseries.js';
/* The runs of an assertion (the `assertionRunEvent` time series) as DataHub's AssertionRunEvent. */
export const AssertionRunStatus = stringEnum('AssertionRunStatus', ['COMPLETE'] as const);
export const AssertionResultType = stringEnum('AssertionResultType', [
  'INIT',
  'SUCCESS',
  'FAILURE',
  'ERROR',
] as const);
export const AssertionResultErrorType = stringEnum('AssertionResultErrorType', [
  'SOURCE_CONNECTION_ERROR',
  'SOURCE_QUERY_FAILED',
  'INVALID_PARAMETERS',
  'INSUFFICIENT_DATA',
  'INVALID_SOURCE_TYPE',
  'UNSUPPORTED_PLATFORM',
  'CUSTOM_SQL_ERROR',
  'FIELD_ASSERTION_ERROR',
  'UNKNOWN_ERROR',
] as const);
export const AssertionResultSeverity = stringEnum('AssertionResultSeverity', [
  'LOW',
  'MEDIUM',
  'HIGH',
] as const);

/** Our words for each kind of evaluation error (the field a newer DataHub has). */
const ERROR_MESSAGES: Readonly<Record<string, string>> = {
  SOURCE_CONNECTION_ERROR: 'The data source could not be reached.',
  SOURCE_QUERY_FAILED: 'A query against the data source failed.',
  INVALID_PARAMETERS: 'The assertion has invalid parameters.',
  INSUFFICIENT_DATA: 'There was not enough data to evaluate the assertion.',
  INVALID_SOURCE_TYPE: 'The assertion source type does not suit this asset.',
  UNSUPPORTED_PLATFORM: 'The data platform does not support this assertion.',
  CUSTOM_SQL_ERROR: 'The custom SQL of the assertion failed.',
  FIELD_ASSERTION_ERROR: 'The column assertion could not be evaluated.',
  UNKNOWN_ERROR: 'The assertion could not be evaluated.',
};

@TableObjectType()
export class AssertionResultError extends fields({
  type: req(AssertionResultErrorType),
  properties: opt([StringMapEntry]),
  /** A sentence saying what the error type means. */
  displayMessage: opt(String),
}) {}

@TableObjectType()
export class AssertionResult extends fields({
  type: req(AssertionResultType),
  ...optional(Long, 'rowCount', 'missingCount', 'unexpectedCount'),
  actualAggValue: opt(Float),
  externalUrl: opt(String),
  nativeResults: opt([StringMapEntry]),
  error: opt(AssertionResultError),
  severity: opt(AssertionResultSeverity),
}) {}

@TableObjectType()
export class BatchSpec extends fields({
  ...optional(String, 'nativeBatchId', 'query'),
  limit: opt(Int),
  customProperties: opt([StringMapEntry]),
}) {}

@TableObjectType()
export class AssertionRunEvent extends fields({
  timestampMillis: req(Long),
  lastObservedMillis: opt(Long),
  ...required(String, 'assertionUrn', 'asserteeUrn', 'runId'),
  status: req(AssertionRunStatus),
  batchSpec: opt(BatchSpec),
  partitionSpec: opt(PartitionSpec),
  runtimeContext: opt([StringMapEntry]),
  result: opt(AssertionResult),
}) {}

@TableObjectType()
export class AssertionRunEventsResult extends fields({
  ...required(Int, 'total', 'failed', 'succeeded', 'errored'),
  runEvents: req([AssertionRunEvent]),
}) {}

/** A stored run event as AssertionRunEvent: its string maps as entries. */
export function runEvent(e: Json, lastObserved: number | undefined): AssertionRunEvent {
  const result = obj(e.result);
  const error = obj(result?.error);
  const batch = obj(e.batchSpec);
  const partition = obj(e.partitionSpec);
  return {
    ...e,
    lastObservedMillis: lastObserved,
    batchSpec: batch && { ...batch, customProperties: stringMap(batch.customProperties) },
    partitionSpec: partition && { type: partition.type, partition: partition.partition },
    runtimeContext: stringMap(e.runtimeContext),
    result: result && {
      ...result,
      nativeResults: stringMap(result.nativeResults),
      error: error && {
        ...error,
        properties: stringMap(error.properties),
        displayMessage: ERROR_MESSAGES[str(error.type) ?? ''],
      },
    },
  } as unknown as AssertionRunEvent;
}

export const RUN_EVENT = 'assertionRunEvent';

/**
 * The latest complete run of an assertion on `assertee`, if any: the newest run, or (when that one is
 * about another asset) the newest of those about it.
 */
export async function latestRun(
  ctx: GraphQLContext,
  assertion: string,
  assertee: string,
): Promise<AssertionRunEvent | undefined> {
  const about = (e: Json) => e.asserteeUrn === assertee && e.status === AssertionRunStatus.COMPLETE;
  const [newest] = await timeseriesValues(ctx, assertion, RUN_EVENT, { limit: 1 });
  if (!newest) return undefined;
  if (about(newest.value)) return runEvent(newest.value, newest.lastObserved);
  const [found] = await timeseriesValues(ctx, assertion, RUN_EVENT, {
    limit: 1,
    and: [
      { field: 'asserteeUrn', values: [assertee] },
      { field: 'status', values: [AssertionRunStatus.COMPLETE] },
    ],
  });
  return found && runEvent(found.value, found.lastObserved);
}

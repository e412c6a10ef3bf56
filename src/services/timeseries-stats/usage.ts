import { BadRequestError } from '../../errors/index.js';
import type { Proposal } from '../proposal.js';
import type { AggregationSpec, GenericTable, GroupingBucket } from './aggregate.js';
import type { CalendarInterval } from './calendar.js';

/** The entity kind and aspect DataHub's usage resource reads and writes. */
export const USAGE_ENTITY = 'dataset';
export const USAGE_ASPECT = 'datasetUsageStatistics';

/** DataHub's `WindowDuration`: a usage bucket's length. */
export const WINDOW_DURATIONS = ['YEAR', 'MONTH', 'WEEK', 'DAY', 'HOUR'] as const;
export type WindowDuration = (typeof WINDOW_DURATIONS)[number];
/** The ranges of DataHub's GraphQL `TimeRange`; its Rest.li `UsageTimeRange` has an hour too. */
export const TIME_RANGES = ['DAY', 'WEEK', 'MONTH', 'QUARTER', 'HALF_YEAR', 'YEAR', 'ALL'] as const;
/** DataHub's `UsageTimeRange`: how far back from now `queryRange` reads. */
export const USAGE_TIME_RANGES = ['HOUR', ...TIME_RANGES] as const;
export type UsageTimeRange = (typeof USAGE_TIME_RANGES)[number];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/**
 * How far before now each range starts, as DataHub reckons it: one interval more than the range and a
 * millisecond, so the bucket the range starts in is read whole (ALL: from the epoch).
 */
const RANGE_BACK: Readonly<Record<UsageTimeRange, number | undefined>> = {
  HOUR: 2 * HOUR + 1,
  DAY: 2 * DAY + 1,
  WEEK: 8 * DAY + 1,
  MONTH: 31 * DAY + 1,
  QUARTER: 92 * DAY + 1,
  HALF_YEAR: 183 * DAY + 1,
  YEAR: 366 * DAY + 1,
  ALL: undefined,
};

export const rangeStart = (range: UsageTimeRange, now: number): number => {
  const back = RANGE_BACK[range];
  return back === undefined ? 0 : now - back;
};

/** A usage query's three aggregations, as DataHub asks them of the usage time series. */
export function usageQueries(
  duration: WindowDuration,
  zone: string,
): Record<'buckets' | 'users' | 'fields', { metrics: AggregationSpec[]; buckets: GroupingBucket[] }> {
  const latest = (fieldPath: string): AggregationSpec => ({ fieldPath, aggregationType: 'LATEST' });
  const sum = (fieldPath: string): AggregationSpec => ({ fieldPath, aggregationType: 'SUM' });
  const byString = (key: string): GroupingBucket[] => [{ type: 'STRING_GROUPING_BUCKET', key }];
  return {
    buckets: {
      metrics: [latest('uniqueUserCount'), latest('totalSqlQueries'), latest('topSqlQueries')],
      buckets: [
        { type: 'DATE_GROUPING_BUCKET', key: 'timestampMillis', unit: duration as CalendarInterval, zone },
      ],
    },
    users: {
      metrics: [sum('userCounts.count'), latest('userCounts.userEmail')],
      buckets: byString('userCounts.user'),
    },
    fields: { metrics: [sum('fieldCounts.count')], buckets: byString('fieldCounts.fieldPath') },
  };
}

/** DataHub's `UsageQueryResult` as its Rest.li resource answers it. */
export interface UsageQueryResult {
  readonly buckets: readonly {
    readonly bucket: number;
    readonly duration: WindowDuration;
    readonly resource: string;
    readonly metrics: {
      readonly uniqueUserCount?: number;
      readonly totalSqlQueries?: number;
      readonly topSqlQueries?: unknown;
    };
  }[];
  readonly aggregations: {
    readonly users: readonly { readonly user: string; readonly count: number; readonly userEmail?: string }[];
    readonly uniqueUserCount: number;
    readonly fields: readonly { readonly fieldName: string; readonly count: number }[];
    readonly totalSqlQueries?: number;
  };
}

const cellOf = (row: readonly string[], i: number): string | undefined => {
  const v = row[i];
  return v === undefined || v === 'NULL' ? undefined : v;
};

function int(v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? Math.trunc(n) : undefined;
}

/**
 * DataHub's `UsageQueryResult` from the three tables: the buckets with the latest unique user count,
 * query count and top queries of each; the users and fields with their summed counts; the query count
 * summed over the buckets (absent when no bucket has one).
 */
export function usageResult(
  resource: string,
  duration: WindowDuration,
  t: Record<'buckets' | 'users' | 'fields', GenericTable>,
): UsageQueryResult {
  let totalSqlQueries: number | undefined;
  const buckets = t.buckets.rows.map((row) => {
    const uniqueUserCount = int(cellOf(row, 1));
    const queries = int(cellOf(row, 2));
    const top = cellOf(row, 3);
    if (queries !== undefined) totalSqlQueries = (totalSqlQueries ?? 0) + queries;
    return {
      bucket: Number(row[0]),
      duration,
      resource,
      metrics: {
        ...(uniqueUserCount !== undefined ? { uniqueUserCount } : {}),
        ...(queries !== undefined ? { totalSqlQueries: queries } : {}),
        ...(top !== undefined ? { topSqlQueries: JSON.parse(top) as unknown } : {}),
      },
    };
  });
  const users = t.users.rows.map((row) => {
    const email = cellOf(row, 2);
    return {
      user: row[0] as string,
      count: int(cellOf(row, 1)) ?? 0,
      ...(email !== undefined ? { userEmail: email } : {}),
    };
  });
  const fields = t.fields.rows.map((row) => ({
    fieldName: row[0] as string,
    count: int(cellOf(row, 1)) ?? 0,
  }));
  return {
    buckets,
    aggregations: {
      users,
      uniqueUserCount: users.length,
      fields,
      ...(totalSqlQueries !== undefined ? { totalSqlQueries } : {}),
    },
  };
}

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** DataHub's `CalendarInterval` of a bucket's duration (the same names). */
const intervalOf = (d: WindowDuration): CalendarInterval => d;

/**
 * The `datasetUsageStatistics` values DataHub's `usageStats` `batchIngest` makes of `UsageAggregation`
 * buckets (the deprecated way of its Python emitter's `emit_usage`), as proposals for the write path:
 * the bucket's start as the time, its duration as the granularity, users and fields as counts (a user's
 * email is not kept, as DataHub does not keep it).
 */
export function usageProposals(buckets: unknown): Proposal[] {
  if (!Array.isArray(buckets))
    throw new BadRequestError("Parameter 'buckets' must be a list of UsageAggregation");
  return buckets.map((b, i) => {
    const where = `buckets[${i}]`;
    if (!isObj(b)) throw new BadRequestError(`${where} must be a UsageAggregation`);
    if (typeof b.bucket !== 'number' || !Number.isSafeInteger(b.bucket))
      throw new BadRequestError(`${where}.bucket must be a time in epoch milliseconds`);
    if (typeof b.resource !== 'string' || !b.resource)
      throw new BadRequestError(`${where}.resource must be a URN`);
    const duration = windowDuration(b.duration, `${where}.duration`);
    if (!isObj(b.metrics)) throw new BadRequestError(`${where}.metrics must be a UsageAggregationMetrics`);
    const m = b.metrics;
    const list = (v: unknown, name: string): Record<string, unknown>[] => {
      if (!Array.isArray(v) || !v.every(isObj))
        throw new BadRequestError(`${where}.metrics.${name} must be a list of records`);
      return v;
    };
    const value: Record<string, unknown> = {
      timestampMillis: b.bucket,
      eventGranularity: { unit: intervalOf(duration), multiple: 1 },
      ...(m.uniqueUserCount !== undefined ? { uniqueUserCount: m.uniqueUserCount } : {}),
      ...(m.totalSqlQueries !== undefined ? { totalSqlQueries: m.totalSqlQueries } : {}),
      ...(m.topSqlQueries !== undefined ? { topSqlQueries: m.topSqlQueries } : {}),
      ...(m.users !== undefined
        ? { userCounts: list(m.users, 'users').map((u) => ({ user: u.user, count: u.count })) }
        : {}),
      ...(m.fields !== undefined
        ? { fieldCounts: list(m.fields, 'fields').map((f) => ({ fieldPath: f.fieldName, count: f.count })) }
        : {}),
    };
    return {
      entityUrn: b.resource,
      changeType: 'UPSERT',
      aspectName: USAGE_ASPECT,
      aspect: { value: JSON.stringify(value), contentType: 'application/json' },
    };
  });
}

export function windowDuration(v: unknown, name = 'duration'): WindowDuration {
  if (typeof v !== 'string' || !(WINDOW_DURATIONS as readonly string[]).includes(v))
    throw new BadRequestError(
      `Parameter '${name}' must be one of ${WINDOW_DURATIONS.join(', ')}${v === undefined ? '' : `, not ${JSON.stringify(v)}`}`,
    );
  return v as WindowDuration;
}

export function usageTimeRange(v: unknown): UsageTimeRange {
  if (typeof v !== 'string' || !(USAGE_TIME_RANGES as readonly string[]).includes(v))
    throw new BadRequestError(
      `Parameter 'rangeFromEnd' must be one of ${USAGE_TIME_RANGES.join(', ')}${v === undefined ? '' : `, not ${JSON.stringify(v)}`}`,
    );
  return v as UsageTimeRange;
}

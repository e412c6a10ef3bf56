import { Int } from 'type-graphql';
import type { GraphQLContext } from '../context.js';
import { list, make, num, str } from './common.js';
import { Dataset } from './dataset.js';
import { argField, entityArgFields } from './entity-arg-fields.js';
import { stringEnum } from './enums.js';
import { fields, opt, optional, TableObjectType } from './field-table.js';
import { CorpUser } from './people.js';
import { Long } from './scalars.js';
import { timeseriesValues } from './timeseries.js';

// A dataset's usage as DataHub's `usageStats` answers it, from its `datasetUsageStatistics` time series.

export const TimeRange = stringEnum('TimeRange', [
  'DAY',
  'WEEK',
  'MONTH',
  'QUARTER',
  'HALF_YEAR',
  'YEAR',
  'ALL',
] as const);
export type TimeRange = keyof typeof TimeRange;
export const WindowDuration = stringEnum('WindowDuration', ['DAY', 'WEEK', 'MONTH', 'YEAR'] as const);
type WindowDuration = keyof typeof WindowDuration;
/** A bucket's duration: its granularity's unit when DataHub has it, else a day. */
export const durationOf = (unit: string | undefined): WindowDuration =>
  unit !== undefined && Object.hasOwn(WindowDuration, unit) ? (unit as WindowDuration) : 'DAY';

@TableObjectType()
export class UserUsageCounts extends fields({
  user: opt(() => CorpUser),
  count: opt(Int),
  userEmail: opt(String),
}) {}

@TableObjectType()
export class FieldUsageCounts extends fields({ fieldName: opt(String), count: opt(Int) }) {}

@TableObjectType()
export class UsageAggregationMetrics extends fields({
  uniqueUserCount: opt(Int),
  users: opt([UserUsageCounts]),
  totalSqlQueries: opt(Int),
  topSqlQueries: opt([String]),
  fields: opt([FieldUsageCounts]),
}) {}

@TableObjectType()
export class UsageAggregation extends fields({
  bucket: opt(Long),
  duration: opt(WindowDuration),
  resource: opt(String),
  metrics: opt(UsageAggregationMetrics),
}) {}

@TableObjectType()
export class UsageQueryResultAggregations extends fields({
  uniqueUserCount: opt(Int),
  users: opt([UserUsageCounts]),
  fields: opt([FieldUsageCounts]),
  totalSqlQueries: opt(Int),
}) {}

@TableObjectType()
export class UsageQueryResult extends fields({
  buckets: opt([UsageAggregation]),
  aggregations: opt(UsageQueryResultAggregations),
}) {}

export const DAY_MS = 86_400_000;
/** How far back each range reaches, in days (ALL: from the beginning). */
const RANGE_DAYS: Readonly<Record<TimeRange, number | undefined>> = {
  DAY: 1,
  WEEK: 7,
  MONTH: 30,
  QUARTER: 90,
  HALF_YEAR: 180,
  YEAR: 365,
  ALL: undefined,
};
/** The most usage buckets read (a year of days, and more). */
export const MAX_BUCKETS = 1_000;

/** Counts of the same key summed, largest first. */
export function summed<K>(rows: readonly { key: K | undefined; count: number }[]): [K, number][] {
  const out = new Map<K, number>();
  for (const { key, count } of rows) if (key !== undefined) out.set(key, (out.get(key) ?? 0) + count);
  return [...out].sort((a, b) => b[1] - a[1]);
}

const users = (ctx: GraphQLContext, counts: readonly [string, number, string | undefined][]) =>
  counts.map(([user, count, email]) =>
    make(UserUsageCounts, { user: new CorpUser(ctx, user), count, userEmail: email }),
  );

/** The usage of a dataset in a range: each bucket as stored, and their sums. */
async function usage(
  ctx: GraphQLContext,
  urn: string,
  range: TimeRange | undefined,
  startTimeMillis: number | undefined,
): Promise<UsageQueryResult> {
  const days = RANGE_DAYS[range ?? 'ALL'];
  const since = startTimeMillis ?? (days === undefined ? undefined : Date.now() - days * DAY_MS);
  const rows = await timeseriesValues(ctx, urn, 'datasetUsageStatistics', {
    startTimeMillis: since,
    limit: MAX_BUCKETS,
  });
  const emails = new Map<string, string>();
  const buckets = rows.map(({ value: v }) => {
    const userCounts = list(v.userCounts).map((u) => {
      const user = str(u.user);
      const email = str(u.userEmail);
      if (user && email) emails.set(user, email);
      return [user, num(u.count) ?? 0, email] as const;
    });
    return make(UsageAggregation, {
      bucket: num(v.timestampMillis),
      duration: durationOf(str((v.eventGranularity as Record<string, unknown> | undefined)?.unit)),
      resource: urn,
      metrics: make(UsageAggregationMetrics, {
        uniqueUserCount: num(v.uniqueUserCount),
        users: users(
          ctx,
          userCounts
            .filter((u): u is readonly [string, number, string | undefined] => u[0] !== undefined)
            .map((u) => [...u]),
        ),
        totalSqlQueries: num(v.totalSqlQueries),
        topSqlQueries: Array.isArray(v.topSqlQueries)
          ? v.topSqlQueries.filter((q): q is string => typeof q === 'string')
          : undefined,
        fields: list(v.fieldCounts).map((f) =>
          make(FieldUsageCounts, { fieldName: str(f.fieldPath), count: num(f.count) }),
        ),
      }),
    });
  });
  const byUser = summed(
    rows.flatMap(({ value: v }) =>
      list(v.userCounts).map((u) => ({ key: str(u.user), count: num(u.count) ?? 0 })),
    ),
  );
  const byField = summed(
    rows.flatMap(({ value: v }) =>
      list(v.fieldCounts).map((f) => ({ key: str(f.fieldPath), count: num(f.count) ?? 0 })),
    ),
  );
  return make(UsageQueryResult, {
    buckets,
    aggregations: make(UsageQueryResultAggregations, {
      uniqueUserCount: byUser.length,
      users: users(
        ctx,
        byUser.map(([u, n]) => [u, n, emails.get(u)]),
      ),
      fields: byField.map(([fieldName, count]) => make(FieldUsageCounts, { fieldName, count })),
      totalSqlQueries: rows.reduce((n, { value: v }) => n + (num(v.totalSqlQueries) ?? 0), 0),
    }),
  });
}

entityArgFields(Dataset, {
  /** Usage in a range (or since `startTimeMillis`): the stored buckets, and their sums. */
  usageStats: argField({
    type: UsageQueryResult,
    args: {
      resource: opt(String),
      range: opt(TimeRange),
      ...optional(Long, 'startTimeMillis'),
      timeZone: opt(String),
    },
    resolve: (entity, ctx, { range, startTimeMillis }) =>
      usage(ctx, entity.urn, range ?? undefined, startTimeMillis ?? undefined),
  }),
});

import { Int } from 'type-graphql';
import type { GraphQLContext } from '../context.js';
import { TIME_RANGES } from '../../services/index.js';
import { make } from './common.js';
import { Dataset } from './dataset.js';
import { argField, entityArgFields } from './entity-arg-fields.js';
import { stringEnum } from './enums.js';
import { fields, opt, optional, TableObjectType } from './field-table.js';
import { CorpUser } from './people.js';
import { Long } from './scalars.js';
import { datasetUsage } from './usage-query.js';

// A dataset's usage as DataHub's `usageStats` answers it, from its `datasetUsageStatistics` time series.

export const TimeRange = stringEnum('TimeRange', TIME_RANGES);
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
/** The most usage buckets read (a year of days, and more). */
export const MAX_BUCKETS = 1_000;

/** Counts of the same key summed, largest first. */
export function summed<K>(rows: readonly { key: K | undefined; count: number }[]): [K, number][] {
  const out = new Map<K, number>();
  for (const { key, count } of rows) if (key !== undefined) out.set(key, (out.get(key) ?? 0) + count);
  return [...out].sort((a, b) => b[1] - a[1]);
}

const strings = (v: unknown): string[] | undefined =>
  Array.isArray(v) ? v.filter((q): q is string => typeof q === 'string') : undefined;

/** The usage of a dataset as GraphQL types: the buckets' metrics, the users as entities. */
async function usage(
  ctx: GraphQLContext,
  urn: string,
  range: TimeRange | undefined,
  startTimeMillis: number | undefined,
  timeZone: string | undefined,
): Promise<UsageQueryResult> {
  const r = await datasetUsage(ctx, urn, range, startTimeMillis, timeZone);
  return make(UsageQueryResult, {
    buckets: r.buckets.map((b) =>
      make(UsageAggregation, {
        bucket: b.bucket,
        duration: durationOf(b.duration),
        resource: b.resource,
        metrics: make(UsageAggregationMetrics, {
          uniqueUserCount: b.metrics.uniqueUserCount,
          totalSqlQueries: b.metrics.totalSqlQueries,
          topSqlQueries: strings(b.metrics.topSqlQueries),
        }),
      }),
    ),
    aggregations: make(UsageQueryResultAggregations, {
      uniqueUserCount: r.aggregations.uniqueUserCount,
      users: r.aggregations.users.map((u) =>
        make(UserUsageCounts, { user: new CorpUser(ctx, u.user), count: u.count, userEmail: u.userEmail }),
      ),
      fields: r.aggregations.fields.map((f) =>
        make(FieldUsageCounts, { fieldName: f.fieldName, count: f.count }),
      ),
      totalSqlQueries: r.aggregations.totalSqlQueries,
    }),
  });
}

entityArgFields(Dataset, {
  /** Usage in a range (or since `startTimeMillis`): DataHub's day buckets and their aggregations. */
  usageStats: argField({
    type: UsageQueryResult,
    args: {
      resource: opt(String),
      range: opt(TimeRange),
      ...optional(Long, 'startTimeMillis'),
      timeZone: opt(String),
    },
    resolve: (entity, ctx, { range, startTimeMillis, timeZone }) =>
      usage(ctx, entity.urn, range ?? undefined, startTimeMillis ?? undefined, timeZone ?? undefined),
  }),
});

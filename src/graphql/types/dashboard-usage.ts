import { Int } from 'type-graphql';
import type { GraphQLContext } from '../context.js';
import { Chart, Dashboard } from './chart-dashboard.js';
import { list, make, num, obj, str } from './common.js';
import { DAY_MS, durationOf, MAX_BUCKETS, summed, WindowDuration } from './dataset-usage.js';
import { argField, entityArgFields } from './entity-arg-fields.js';
import { fields, opt, optional, req, TableObjectType } from './field-table.js';
import { CorpUser } from './people.js';
import { Long } from './scalars.js';
import { timeseriesValues, type TimeseriesValue } from './timeseries.js';

// A dashboard's usage as DataHub's `usageStats` and `statsSummary` answer it, from its
// `dashboardUsageStatistics` time series: values with an `eventGranularity` are usage buckets (a day's
// views and users), those without are absolute figures (total views and favourites at a time).

@TableObjectType()
export class DashboardUsageMetrics extends fields({
  timestampMillis: req(Long),
  ...optional(Int, 'favoritesCount', 'viewsCount', 'executionsCount'),
  lastViewed: opt(Long),
}) {}

@TableObjectType()
export class DashboardUsageAggregationMetrics extends fields(
  optional(Int, 'uniqueUserCount', 'viewsCount', 'executionsCount'),
) {}

@TableObjectType()
export class DashboardUsageAggregation extends fields({
  bucket: opt(Long),
  duration: opt(WindowDuration),
  resource: opt(String),
  metrics: opt(DashboardUsageAggregationMetrics),
}) {}

@TableObjectType()
export class DashboardUserUsageCounts extends fields({
  user: opt(() => CorpUser),
  ...optional(Int, 'viewsCount', 'executionsCount', 'usageCount'),
}) {}

@TableObjectType()
export class DashboardUsageQueryResultAggregations extends fields({
  uniqueUserCount: opt(Int),
  users: opt([DashboardUserUsageCounts]),
  ...optional(Int, 'viewsCount', 'executionsCount'),
}) {}

@TableObjectType()
export class DashboardUsageQueryResult extends fields({
  buckets: opt([DashboardUsageAggregation]),
  aggregations: opt(DashboardUsageQueryResultAggregations),
  metrics: opt([DashboardUsageMetrics]),
}) {}

/** Usage in the last 30 days, and the latest total of views (DataHub's statsSummary of dashboards and charts). */
const STATS_FIELDS = {
  ...optional(Int, 'viewCount', 'viewCountLast30Days', 'uniqueUserCountLast30Days'),
  topUsersLast30Days: opt(() => [CorpUser]),
};

@TableObjectType()
export class DashboardStatsSummary extends fields(STATS_FIELDS) {}

@TableObjectType()
export class ChartStatsSummary extends fields(STATS_FIELDS) {}

/** The most users a summary names (DataHub's). */
const MAX_TOP_USERS = 5;
const isBucket = (v: Record<string, unknown>): boolean => obj(v.eventGranularity) !== undefined;

/** A user's counts summed over buckets, most used first (by views where no usage count is kept: charts). */
function perUser(ctx: GraphQLContext, buckets: readonly TimeseriesValue[]): DashboardUserUsageCounts[] {
  const rows = buckets.flatMap(({ value: v }) => list(v.userCounts));
  const sum = (key: string) =>
    new Map(summed(rows.map((u) => ({ key: str(u.user), count: num(u[key]) ?? 0 }))));
  const views = sum('viewsCount');
  const executions = sum('executionsCount');
  return summed(
    rows.map((u) => ({ key: str(u.user), count: num(u.usageCount) ?? num(u.viewsCount) ?? 0 })),
  ).map(([user, usage]) =>
    make(DashboardUserUsageCounts, {
      user: new CorpUser(ctx, user),
      viewsCount: views.get(user),
      executionsCount: executions.get(user),
      usageCount: usage,
    }),
  );
}

/** A dashboard's usage between two times: its buckets, their sums, and its absolute figures (latest first). */
async function dashboardUsage(
  ctx: GraphQLContext,
  urn: string,
  a: { startTimeMillis?: number | null; endTimeMillis?: number | null; limit?: number | null },
): Promise<DashboardUsageQueryResult> {
  const rows = await timeseriesValues(ctx, urn, 'dashboardUsageStatistics', {
    startTimeMillis: a.startTimeMillis ?? undefined,
    endTimeMillis: a.endTimeMillis ?? undefined,
    limit: MAX_BUCKETS,
  });
  const buckets = rows.filter((r) => isBucket(r.value));
  const absolute = rows.filter((r) => !isBucket(r.value)).slice(0, a.limit ?? MAX_BUCKETS);
  const total = (key: string) => buckets.reduce<number>((n, { value: v }) => n + (num(v[key]) ?? 0), 0);
  const users = perUser(ctx, buckets);
  return make(DashboardUsageQueryResult, {
    buckets: buckets.map(({ value: v }) =>
      make(DashboardUsageAggregation, {
        bucket: num(v.timestampMillis),
        duration: durationOf(str(obj(v.eventGranularity)?.unit)),
        resource: urn,
        metrics: make(DashboardUsageAggregationMetrics, {
          uniqueUserCount: num(v.uniqueUserCount),
          viewsCount: num(v.viewsCount),
          executionsCount: num(v.executionsCount),
        }),
      }),
    ),
    aggregations: make(DashboardUsageQueryResultAggregations, {
      uniqueUserCount: users.length,
      users,
      viewsCount: total('viewsCount'),
      executionsCount: total('executionsCount'),
    }),
    metrics: absolute.map(({ value: v }) =>
      make(DashboardUsageMetrics, {
        timestampMillis: num(v.timestampMillis) ?? 0,
        favoritesCount: num(v.favoritesCount),
        viewsCount: num(v.viewsCount),
        executionsCount: num(v.executionsCount),
        lastViewed: num(v.lastViewedAt),
      }),
    ),
  });
}

/**
 * A dashboard's or chart's summary: its latest total of views, and the last 30 days' views and users from
 * its usage buckets (`aspect`: `dashboardUsageStatistics` or `chartUsageStatistics`); none without usage.
 */
async function statsSummary<T extends DashboardStatsSummary | ChartStatsSummary>(
  ctx: GraphQLContext,
  urn: string,
  aspect: string,
  cls: new () => T,
): Promise<T | undefined> {
  const rows = await timeseriesValues(ctx, urn, aspect, { limit: MAX_BUCKETS });
  if (!rows.length) return undefined;
  const since = Date.now() - 30 * DAY_MS;
  const latest = rows.find((r) => !isBucket(r.value));
  const recent = rows.filter((r) => isBucket(r.value) && (num(r.value.timestampMillis) ?? 0) >= since);
  const users = perUser(ctx, recent);
  return make(cls, {
    viewCount: latest ? num(latest.value.viewsCount) : undefined,
    viewCountLast30Days: recent.reduce<number>((n, { value: v }) => n + (num(v.viewsCount) ?? 0), 0),
    uniqueUserCountLast30Days: users.length,
    topUsersLast30Days: users.slice(0, MAX_TOP_USERS).flatMap((u) => (u.user ? [u.user] : [])),
  } as Partial<T>);
}

entityArgFields(Dashboard, {
  /** Usage between two times (all of it when none is given): buckets, their sums, absolute figures. */
  usageStats: argField({
    type: DashboardUsageQueryResult,
    args: { ...optional(Long, 'startTimeMillis', 'endTimeMillis'), limit: opt(Int) },
    resolve: (entity, ctx, a) => dashboardUsage(ctx, entity.urn, a),
  }),
});

entityArgFields(Dashboard, {
  statsSummary: {
    type: DashboardStatsSummary,
    resolve: (entity, ctx) =>
      statsSummary(ctx, entity.urn, 'dashboardUsageStatistics', DashboardStatsSummary),
  },
});
entityArgFields(Chart, {
  statsSummary: {
    type: ChartStatsSummary,
    resolve: (entity, ctx) => statsSummary(ctx, entity.urn, 'chartUsageStatistics', ChartStatsSummary),
  },
});

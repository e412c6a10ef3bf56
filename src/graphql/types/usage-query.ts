import type { UsageQueryAnswer } from '../../services/index.js';
import type { GraphQLContext } from '../context.js';

/**
 * A dataset's usage as DataHub's GraphQL resolvers read it: the usage service's day buckets (in a time
 * zone) over a range before now (`ALL` when none), or from a time to now, with its aggregations.
 */
export function datasetUsage(
  ctx: GraphQLContext,
  urn: string,
  range: string | undefined,
  startTimeMillis: number | undefined,
  timeZone?: string,
): Promise<UsageQueryAnswer> {
  const stats = ctx.services.timeseriesStats;
  return startTimeMillis !== undefined
    ? stats.usage({
        resource: urn,
        duration: 'DAY',
        startTime: startTimeMillis,
        endTime: Date.now(),
        timeZone,
      })
    : stats.usageRange({ resource: urn, duration: 'DAY', range: range ?? 'ALL', timeZone });
}

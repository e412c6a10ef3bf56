import type { FastifyInstance } from 'fastify';
import type { Services } from '../../src/services/index.js';
import { actionRoutes, optionalInt, writeContext } from './context.js';

/**
 * `/usageStats` (DataHub's usage resource): `query` and `queryRange` answer its UsageQueryResult from the
 * `datasetUsageStatistics` time series; `batchIngest` writes UsageAggregation buckets as that aspect
 * (what DataHub's Python emitter's `emit_usage` sends).
 */
export function usageRoutes(app: FastifyInstance, s: Services): void {
  actionRoutes(app, '/usageStats', {
    query: (b) => {
      optionalInt(b.maxBuckets, 'maxBuckets'); // DataHub takes it and answers every bucket all the same
      return s.timeseriesStats.usage({
        resource: b.resource,
        duration: b.duration,
        startTime: optionalInt(b.startTime, 'startTime'),
        endTime: optionalInt(b.endTime, 'endTime'),
        timeZone: b.timeZone,
      });
    },
    queryRange: (b) =>
      s.timeseriesStats.usageRange({
        resource: b.resource,
        duration: b.duration,
        range: b.rangeFromEnd,
        timeZone: b.timeZone,
      }),
    batchIngest: async (b, req) => {
      await s.timeseriesStats.ingestUsage(b.buckets, writeContext(req));
      return undefined;
    },
  });
}

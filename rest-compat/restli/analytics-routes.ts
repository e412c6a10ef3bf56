import type { FastifyInstance } from 'fastify';
import type { Services } from '../../src/services/index.js';
import { actionRoutes } from './context.js';

/** `/analytics` (DataHub's analytics resource): `getTimeseriesStats`, aggregations over a time-series aspect. */
export function analyticsRoutes(app: FastifyInstance, s: Services): void {
  actionRoutes(app, '/analytics', {
    getTimeseriesStats: (b) =>
      s.timeseriesStats.aggregatedStats({
        entityName: b.entityName,
        aspectName: b.aspectName,
        metrics: b.metrics,
        filter: b.filter,
        buckets: b.buckets,
      }),
  });
}

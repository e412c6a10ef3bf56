import type { FastifyInstance } from 'fastify';
import { BadRequestError } from '../../src/errors/index.js';
import type { Services } from '../../src/services/index.js';
import { actionRoutes, bool, optionalInt, requiredString, writeContext } from './context.js';

const optString = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/**
 * `/operations`: restoreIndices, getEsTaskStatus, getIndexSizes, truncateTimeseriesAspect, and neohub's
 * getStructuredPropertyMappings (the structured-property fields the search index maps, per entity type).
 */
export function operationsRoutes(app: FastifyInstance, s: Services): void {
  actionRoutes(app, '/operations', {
    restoreIndices: (b) =>
      s.operations.restoreIndices({
        urn: optString(b.urn),
        urnLike: optString(b.urnLike),
        aspect: optString(b.aspect),
        start: optionalInt(b.start, 'start') ?? 0,
        batchSize: optionalInt(b.batchSize, 'batchSize') ?? 10,
      }),
    getEsTaskStatus: (b) => s.operations.taskStatus({ task: b.task, nodeId: b.nodeId, taskId: b.taskId }),
    getIndexSizes: () => s.operations.indexSizes(),
    getStructuredPropertyMappings: () => s.search.mappings(),
    truncateTimeseriesAspect: (b, req) => {
      const endTimeMillis = optionalInt(b.endTimeMillis, 'endTimeMillis');
      if (endTimeMillis === undefined) throw new BadRequestError("Parameter 'endTimeMillis' is required");
      return s.operations.truncateTimeseries(
        {
          entityType: requiredString(b, 'entityType'),
          aspect: requiredString(b, 'aspect'),
          endTimeMillis,
          dryRun: bool(b.dryRun, 'dryRun', true),
          batchSize: optionalInt(b.batchSize, 'batchSize') ?? 10000,
          timeoutSeconds: optionalInt(b.timeoutSeconds, 'timeoutSeconds'),
          forceDeleteByQuery: bool(b.forceDeleteByQuery, 'forceDeleteByQuery', undefined),
          forceReindex: bool(b.forceReindex, 'forceReindex', undefined),
        },
        writeContext(req),
      );
    },
  });
}

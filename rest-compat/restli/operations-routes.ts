import type { FastifyInstance } from 'fastify';
import { BadRequestError } from '../../src/errors/index.js';
import type { Services } from '../../src/services/index.js';
import { action, body, ok, optionalInt, requiredString, writeContext } from './context.js';

const bool = (v: unknown, name: string, fallback: boolean | undefined): boolean | undefined => {
  if (v === undefined || v === null) return fallback;
  if (typeof v === 'boolean') return v;
  if (v === 'true' || v === 'false') return v === 'true';
  throw new BadRequestError(`${name} must be a boolean`);
};
const optString = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/**
 * `/operations`: restoreIndices, getEsTaskStatus, getIndexSizes, truncateTimeseriesAspect, and neohub's
 * getStructuredPropertyMappings (the structured-property fields the search index maps, per entity type).
 */
export function operationsRoutes(app: FastifyInstance, s: Services): void {
  app.post('/operations', async (req, reply) => {
    const b = body(req);
    switch (action(req)) {
      case 'restoreIndices':
        return ok(
          reply,
          await s.operations.restoreIndices({
            urn: optString(b.urn),
            urnLike: optString(b.urnLike),
            aspect: optString(b.aspect),
            start: optionalInt(b.start, 'start') ?? 0,
            batchSize: optionalInt(b.batchSize, 'batchSize') ?? 10,
          }),
        );
      case 'getEsTaskStatus':
        return ok(reply, await s.operations.taskStatus({ task: b.task, nodeId: b.nodeId, taskId: b.taskId }));
      case 'getIndexSizes':
        return ok(reply, await s.operations.indexSizes());
      case 'getStructuredPropertyMappings':
        return ok(reply, await s.search.mappings());
      case 'truncateTimeseriesAspect': {
        const endTimeMillis = optionalInt(b.endTimeMillis, 'endTimeMillis');
        if (endTimeMillis === undefined) throw new BadRequestError("Parameter 'endTimeMillis' is required");
        const result = await s.operations.truncateTimeseries(
          {
            entityType: requiredString(b, 'entityType'),
            aspect: requiredString(b, 'aspect'),
            endTimeMillis,
            dryRun: bool(b.dryRun, 'dryRun', true) as boolean,
            batchSize: optionalInt(b.batchSize, 'batchSize') ?? 10000,
            timeoutSeconds: optionalInt(b.timeoutSeconds, 'timeoutSeconds'),
            forceDeleteByQuery: bool(b.forceDeleteByQuery, 'forceDeleteByQuery', undefined),
            forceReindex: bool(b.forceReindex, 'forceReindex', undefined),
          },
          writeContext(req),
        );
        return ok(reply, result);
      }
      default:
        throw new BadRequestError(`Unsupported action on /operations: ${String(action(req))}`);
    }
  });
}

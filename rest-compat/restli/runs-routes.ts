import type { FastifyInstance } from 'fastify';
import type { Services } from '../../src/services/index.js';
import { actionRoutes, bool, optionalInt, requiredString, writeContext } from './context.js';

/** `/runs` (DataHub's BatchIngestionRunResource): list, describe and roll back ingestion runs. */
export function runsRoutes(app: FastifyInstance, s: Services): void {
  actionRoutes(app, '/runs', {
    list: (b) =>
      s.runs.list({
        pageOffset: optionalInt(b.pageOffset, 'pageOffset'),
        pageSize: optionalInt(b.pageSize, 'pageSize'),
        includeSoft: bool(b.includeSoft, 'includeSoft', false),
      }),
    describe: (b) =>
      s.runs.describe({
        runId: requiredString(b, 'runId'),
        start: optionalInt(b.start, 'start'),
        count: optionalInt(b.count, 'count'),
        includeSoft: bool(b.includeSoft, 'includeSoft', false),
        includeAspect: bool(b.includeAspect, 'includeAspect', false),
      }),
    rollback: (b, req) => {
      // DataHub's `hardDelete` is the deprecated inverse of `safe`; `safe` wins when both are given.
      const hardDelete = bool(b.hardDelete, 'hardDelete', undefined);
      const safe = bool(b.safe, 'safe', hardDelete === undefined ? true : !hardDelete);
      const dryRun = bool(b.dryRun, 'dryRun', false);
      return s.runs.rollback({ runId: requiredString(b, 'runId'), dryRun, safe }, writeContext(req));
    },
  });
}

import { Mutation, Query, Resolver } from 'type-graphql';
import { DEFAULT_PAGE } from '../cost-model.js';
import {
  IngestionSourceExecutionRequests,
  ListExecutionRequestsInput,
  RollbackIngestionInput,
} from '../types/execution-requests.js';
import { make } from '../types/json.js';
import { toEntities, toFilter } from './search-mapping.js';
import { declareRootFields, rootField } from './root-fields.js';

/**
 * DataHub's ingestion runs as its UI lists them: the execution requests (what DataHub's CLI reports a
 * run as, one per run id), newest first, and `rollbackIngestion` of a run, with neohub's dry run first.
 * Both are an Admin's (DataHub's manage-ingestion privilege; the kind is hidden from anyone else).
 */
@Resolver()
export class IngestionResolvers {}

declareRootFields(IngestionResolvers, Query, {
  listExecutionRequests: rootField(
    ListExecutionRequestsInput,
    IngestionSourceExecutionRequests,
    async (input, ctx) => {
      const start = input.start ?? 0;
      const res = await ctx.services.search.search({
        entities: ['dataHubExecutionRequest'],
        input: input.query?.trim() || '*',
        filter: toFilter(undefined, input.filters),
        start,
        count: Math.min(input.count ?? DEFAULT_PAGE.listExecutionRequests, ctx.services.config.maxPageSize),
        facets: [],
        sort: [
          input.sort
            ? { field: input.sort.field, order: input.sort.sortOrder }
            : { field: 'requestTimeMs', order: 'DESCENDING' },
        ],
      });
      return make(IngestionSourceExecutionRequests, {
        start,
        count: res.hits.length,
        total: res.total,
        executionRequests: toEntities(
          ctx,
          res.hits.map((h) => h.urn),
        ),
      });
    },
  ),
});

declareRootFields(IngestionResolvers, Mutation, {
  /**
   * Rolls a run back (what DataHub's UI does from a run's page), or with `dryRun` plans it: the answer is
   * the rollback's figures as JSON (`entitiesAffected`, `aspectsReverted`, `aspectsAffected`,
   * `entitiesDeleted`, `unsafeEntitiesCount`), where DataHub answers a bare acknowledgement.
   */
  rollbackIngestion: rootField(RollbackIngestionInput, String, async (input, ctx) => {
    const r = await ctx.services.runs.rollback(
      { runId: input.runId, dryRun: input.dryRun ?? false },
      ctx.writer,
    );
    return JSON.stringify({
      runId: input.runId,
      dryRun: input.dryRun ?? false,
      entitiesAffected: r.entitiesAffected,
      entitiesDeleted: r.entitiesDeleted,
      aspectsReverted: r.aspectsReverted,
      aspectsAffected: r.aspectsAffected,
      unsafeEntitiesCount: r.unsafeEntitiesCount,
    });
  }),
});

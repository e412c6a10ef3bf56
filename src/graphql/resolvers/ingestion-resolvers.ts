import { Mutation, Resolver } from 'type-graphql';
import { RollbackIngestionInput } from '../types/execution-requests.js';
import { declareRootFields, rootField } from './root-fields.js';

/**
 * DataHub's `rollbackIngestion` of a run (the runs themselves are listed by `listExecutionRequests`, in
 * list-queries.ts), with neohub's dry run first. An Admin's (DataHub's manage-ingestion privilege).
 */
@Resolver()
export class IngestionResolvers {}

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

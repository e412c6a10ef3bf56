import { requirePrivilege } from '../auth/index.js';
import { BadRequestError } from '../errors/index.js';
import type { Registry } from '../registry/index.js';
import {
  NO_RUN_ID,
  type EntityStore,
  type RunAspectRow,
  type RunEntity,
  type RunStore,
} from '../store/index.js';
import type { IngestService, Revert } from './ingest-service.js';
import { checkPage } from '../page.js';
import { redactionOf, type Redaction } from '../auth/index.js';
import { SYSTEM_ACTOR, type WriteContext } from './proposal.js';

/** DataHub's IngestionRunSummary. */
export interface RunSummary {
  readonly runId: string;
  readonly rows: number;
  readonly timestamp: number;
}

/** DataHub's AspectRowSummary: an aspect whose current value a run wrote. */
export interface AspectRowSummary {
  readonly runId: string;
  readonly aspectName: string;
  readonly urn: string;
  readonly timestamp: number;
  readonly metadata: string;
  readonly version: number;
  readonly keyAspect: boolean;
  readonly aspect?: Record<string, unknown>;
}

/** DataHub's RollbackResponse. */
export interface RollbackResult {
  readonly aspectRowSummaries: AspectRowSummary[];
  readonly entitiesAffected: number;
  readonly entitiesDeleted: number;
  readonly aspectsReverted: number;
  readonly aspectsAffected: number;
  readonly unsafeEntitiesCount: number;
  readonly unsafeEntities: { urn: string }[];
}

const EXECUTION_RESULT = 'dataHubExecutionRequestResult';
/** The kind of task a large rollback runs as. */
export const ROLLBACK_TASK = 'rollbackRun';

/** Starting a task and waiting for its end (OperationsService). */
export interface RollbackTasks {
  start(type: string, params: Record<string, unknown>): Promise<string>;
  waitFor(id: string): Promise<void>;
}
/** How many entities one rollback transaction takes (each entity is reverted whole in one). */
const ROLLBACK_BATCH = 200;
/** The rows a rollback answers with, as DataHub does. */
const SUMMARY_ROWS = 100;
/** Aspects that do not make an entity unsafe to delete: its key and its status (DataHub's rule). */
const NOT_UNSAFE = new Set(['status']);

/**
 * Ingestion runs: every aspect version keeps the run that wrote it (its system metadata's `runId`), so
 * a run is the set of aspects whose current value it wrote. Lists runs, describes one, and rolls one
 * back through the one write path (IngestService.revert), an entity at a time in batches.
 */
export class RunsService {
  private readonly redaction: Redaction;

  constructor(
    private readonly registry: Registry,
    private readonly runs: RunStore,
    private readonly store: EntityStore,
    private readonly ingest: IngestService,
    private readonly maxPageSize: number,
    /** Where large rollbacks run as tasks (none: every rollback runs in the request). */
    private readonly tasks?: RollbackTasks,
    private readonly taskAspects = 10_000,
  ) {
    this.redaction = redactionOf(registry);
  }

  /** Runs, newest first. */
  async list(q: { pageOffset?: number; pageSize?: number; includeSoft?: boolean }): Promise<RunSummary[]> {
    const page = checkPage(q.pageOffset ?? 0, q.pageSize ?? 100, this.maxPageSize, 'pageSize');
    const unseen = this.redaction.unseenKinds();
    return this.runs.list(page.start, page.count, q.includeSoft ?? false, unseen);
  }

  /**
   * The aspects whose current value a run wrote, optionally with each value: as the caller may see them
   * (no entity of a hidden kind, secrets redacted).
   */
  async describe(q: {
    runId: string;
    start?: number;
    count?: number;
    includeSoft?: boolean;
    includeAspect?: boolean;
  }): Promise<AspectRowSummary[]> {
    const runId = checkRunId(q.runId);
    const page = checkPage(q.start ?? 0, q.count ?? 100, this.maxPageSize);
    const rows = await this.runs.rows({
      runId,
      start: page.start,
      count: page.count,
      includeSoft: q.includeSoft ?? false,
      withValue: q.includeAspect ?? false,
      unseen: this.redaction.unseenKinds(),
    });
    return rows.map((r) => {
      const row = this.summary(runId, r);
      return row.aspect ? { ...row, aspect: this.redaction.value(row.aspectName, row.aspect) } : row;
    });
  }

  /**
   * Rolls a run back. For each entity it wrote to: when the run created the entity (its key aspect) and
   * no other run wrote to it, the entity is removed; when others did too, the entity is unsafe: `safe`
   * keeps it and reverts only the run's aspects, `safe: false` removes it. Every other aspect whose
   * current value the run wrote goes back to the version before, or goes when the run created it. A dry
   * run changes nothing and answers the same figures. Entities are reverted whole, a batch of them per
   * transaction; a rollback stopped midway resumes when asked again, since what is undone no longer
   * belongs to the run.
   */
  async rollback(
    q: { runId: string; dryRun?: boolean; safe?: boolean },
    ctx: WriteContext,
  ): Promise<RollbackResult> {
    const runId = checkRunId(q.runId);
    const safe = q.safe ?? true;
    // A dry run names every entity of the run: as in DataHub, it needs the privilege the rollback needs.
    requirePrivilege(
      'admin',
      q.dryRun ? 'plan the rollback of an ingestion run' : 'roll back an ingestion run',
    );
    if (q.dryRun ?? false) return this.walk(runId, safe);
    let figures: RollbackResult;
    if (this.tasks && (await this.runs.size(runId)) > this.taskAspects) {
      // A large rollback runs as a task (another process resumes it if this one stops); its figures
      // are the plan's, worked out first.
      figures = await this.walk(runId, safe);
      const id = await this.tasks.start(ROLLBACK_TASK, { runId, safe, actor: ctx.actor });
      await this.tasks.waitFor(id);
    } else figures = await this.walk(runId, safe, ctx);
    await this.markRolledBack(runId, ctx);
    return figures;
  }

  /** The rollback task's work (started by `rollback`, resumed after a stop): what is left of the run. */
  async rollbackTask(
    params: Record<string, unknown>,
    progress: (delta: { updated: number; batches: number }) => Promise<void>,
  ): Promise<void> {
    const runId = checkRunId(params.runId);
    const actor = typeof params.actor === 'string' ? params.actor : SYSTEM_ACTOR;
    await this.walk(runId, params.safe !== false, { actor }, progress);
  }

  /**
   * Walks the run's entities a batch at a time and works out what the rollback does to each; with a
   * write context it also does it, a batch per transaction. Answers the figures.
   */
  private async walk(
    runId: string,
    safe: boolean,
    ctx?: WriteContext,
    progress?: (delta: { updated: number; batches: number }) => Promise<void>,
  ): Promise<RollbackResult> {
    const summaries: AspectRowSummary[] = [];
    const unsafe: { urn: string }[] = [];
    let entitiesAffected = 0;
    let entitiesDeleted = 0;
    let aspectsReverted = 0;
    let aspectsAffected = 0;
    let after = '';
    for (;;) {
      const batch = await this.runs.entities(runId, after, ROLLBACK_BATCH);
      if (!batch.length) break;
      after = batch[batch.length - 1]?.urn ?? after;
      const reverts: Revert[] = [];
      const deletes: string[] = [];
      let undoneHere = 0;
      for (const e of batch) {
        const plan = this.plan(e, safe);
        if (plan.unsafe) {
          unsafe.push({ urn: e.urn });
          aspectsAffected += plan.others;
        }
        if (plan.remove) {
          deletes.push(e.urn);
          entitiesDeleted++;
        } else reverts.push(...plan.reverts);
        const undone = plan.remove
          ? e.rows
          : e.rows.filter((r) => plan.reverts.some((x) => x.aspect === r.aspect));
        if (undone.length) entitiesAffected++;
        undoneHere += undone.length;
        for (const r of undone) if (summaries.length < SUMMARY_ROWS) summaries.push(this.summary(runId, r));
      }
      aspectsReverted += undoneHere;
      if (ctx && (reverts.length || deletes.length)) await this.ingest.revert(runId, reverts, deletes, ctx);
      await progress?.({ updated: undoneHere, batches: 1 });
    }
    return {
      aspectRowSummaries: summaries,
      entitiesAffected,
      entitiesDeleted,
      aspectsReverted,
      aspectsAffected,
      unsafeEntitiesCount: unsafe.length,
      unsafeEntities: unsafe,
    };
  }

  /**
   * The run's execution request (what DataHub's CLI reports a run as, keyed by its run id) gets the
   * status ROLLED_BACK, as DataHub's rollback sets it.
   */
  private async markRolledBack(runId: string, ctx: WriteContext): Promise<void> {
    const urn = `urn:li:dataHubExecutionRequest:${runId}`;
    const [result] = await this.store.latest([urn], [EXECUTION_RESULT]);
    if (!result) return;
    const value = { ...(JSON.parse(result.value) as Record<string, unknown>), status: 'ROLLED_BACK' };
    await this.ingest.ingest([{ entityUrn: urn, aspectName: EXECUTION_RESULT, aspect: { value } }], ctx);
  }

  /** What a rollback does to one entity. */
  private plan(
    e: RunEntity,
    safe: boolean,
  ): { remove: boolean; unsafe: boolean; others: number; reverts: Revert[] } {
    const key = this.keyAspectOf(e.urn);
    const created = key !== undefined && e.rows.some((r) => r.aspect === key);
    const others = created ? e.others.filter((a) => a !== key && !NOT_UNSAFE.has(a)).length : 0;
    const unsafe = others > 0;
    const remove = created && (!unsafe || !safe);
    const reverts = remove
      ? []
      : e.rows
          .filter((r) => r.aspect !== key)
          .map((r) => ({
            urn: e.urn,
            aspect: r.aspect,
            maxVersion: r.maxVersion,
            previous: r.previous,
          }));
    return { remove, unsafe, others, reverts };
  }

  private keyAspectOf(urn: string): string | undefined {
    const kind = this.registry.entityOfUrnType(urn.split(':')[2] ?? '');
    return kind ? this.registry.keyAspectOf(kind).name : undefined;
  }

  private summary(runId: string, r: RunAspectRow): AspectRowSummary {
    return {
      runId,
      aspectName: r.aspect,
      urn: r.urn,
      timestamp: r.timestamp,
      metadata: r.systemMetadata ?? '{}',
      version: 0,
      keyAspect: r.aspect === this.keyAspectOf(r.urn),
      ...(r.value !== undefined ? { aspect: JSON.parse(r.value) as Record<string, unknown> } : {}),
    };
  }
}

function checkRunId(runId: unknown): string {
  if (typeof runId !== 'string' || !runId) throw new BadRequestError('runId is required');
  if (runId === NO_RUN_ID)
    throw new BadRequestError(
      `${NO_RUN_ID} is the run id DataHub gives writes that name no run; it cannot be listed or rolled back as a run`,
    );
  return runId;
}

import { BadRequestError } from '../src/errors/index.js';
import type { Logger } from '../src/logger.js';
import type { Registry } from '../src/registry/index.js';
import type { IngestService, WriteContext } from '../src/services/index.js';
import {
  readRestoreUrns,
  readTimeseriesCounts,
  readTimeseriesSizes,
  readTimeseriesUrns,
  type Executor,
  type TaskStore,
} from '../src/store/index.js';
import type { SearchSyncWorker } from './worker.js';

const TASK_FORM = /^[a-zA-Z0-9-_]+:[0-9]+$/;

export interface RestoreParams {
  readonly urn?: string | undefined;
  readonly urnLike?: string | undefined;
  readonly aspect?: string | undefined;
  readonly start: number;
  readonly batchSize: number;
}

export interface TruncateParams {
  readonly entityType: string;
  readonly aspect: string;
  readonly endTimeMillis: number;
  readonly dryRun: boolean;
  readonly batchSize: number;
  readonly timeoutSeconds?: number | undefined;
  readonly forceDeleteByQuery?: boolean | undefined;
  readonly forceReindex?: boolean | undefined;
}

/** `%` (any run) and `_` (any one character) of SQL LIKE, as an anchored regular expression. */
export function likeToRegex(like: string): string {
  return `^${like
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/%/g, '.*')
    .replace(/_/g, '.')}$`;
}

/** The maintenance operations: index restore, task status, time-series sizes and truncation. */
export class OperationsService {
  constructor(
    private readonly exec: Executor,
    private readonly registry: Registry,
    private readonly worker: SearchSyncWorker,
    private readonly ingest: IngestService,
    private readonly tasks: TaskStore,
    private readonly log: Logger,
  ) {}

  /** Rebuilds the search documents of the selected entities from the store, as a background task. */
  async restoreIndices(p: RestoreParams): Promise<string> {
    if (p.start < 0 || p.batchSize <= 0) throw new BadRequestError('start must be >= 0 and batchSize > 0');
    const aspect = p.aspect ? this.registry.findAspect(p.aspect)?.name : undefined;
    if (p.aspect && !aspect) throw new BadRequestError(`Unknown aspect ${p.aspect}`);
    const urns = await this.exec.read((tx) =>
      readRestoreUrns(tx, {
        urn: p.urn,
        urnRegex: p.urnLike ? likeToRegex(p.urnLike) : undefined,
        aspect,
        start: p.start,
        count: p.batchSize,
      }),
    );
    const id = await this.tasks.create('restoreIndices', p);
    this.background(id, async () => {
      for (let i = 0; i < urns.length; i += 100) {
        const chunk = urns.slice(i, i + 100);
        await this.worker.reindex(chunk);
        await this.tasks.progress(id, { total: chunk.length, updated: chunk.length, batches: 1 });
      }
    });
    return JSON.stringify({
      taskId: id,
      entitiesMatched: urns.length,
      start: p.start,
      batchSize: p.batchSize,
      aspect: aspect ?? null,
    });
  }

  /** DataHub's getEsTaskStatus: a JSON string, or a JSON string with an error naming the task. */
  async taskStatus(p: { task?: unknown; nodeId?: unknown; taskId?: unknown }): Promise<string> {
    const hasTask = typeof p.task === 'string' && p.task !== '';
    const hasParts =
      p.nodeId !== undefined && p.nodeId !== null && p.taskId !== undefined && p.taskId !== null;
    if (!hasTask && !hasParts)
      throw new BadRequestError('Please specify either Node ID + task ID OR composite task parameters');
    const fromParts = hasParts ? `${String(p.nodeId)}:${String(p.taskId)}` : undefined;
    if (hasTask && fromParts !== undefined && fromParts !== p.task) {
      throw new BadRequestError('Please specify only one of Node ID + task ID OR composite task parameters');
    }
    const id = hasTask ? String(p.task) : (fromParts as string);
    if (!TASK_FORM.test(id) || Number(id.split(':')[1]) === 0) {
      throw new BadRequestError(
        `Task should be in the form nodeId:taskId e.g. aB1cdEf2GHIJKLMnoPQr3S:123456 (got ${id})`,
      );
    }
    const t = await this.tasks.get(id);
    if (!t) return JSON.stringify({ error: `Could not get task status for ${id}` });
    const runTimeNanos = ((t.finishedAt ?? Date.now()) - t.startedAt) * 1_000_000;
    const status = {
      ...t.status,
      version_conflicts: 0,
      noops: 0,
      retries: { bulk: 0, search: 0 },
      throttled_millis: 0,
      requests_per_second: -1,
      throttled_until_millis: 0,
    };
    const body = JSON.stringify({
      completed: t.completed,
      taskId: t.id,
      runTimeNanos,
      status,
      ...(t.error ? { error: t.error } : {}),
    });
    return body.replace('"requests_per_second":-1', '"requests_per_second":-1.0');
  }

  /** The time-series stores with their sizes, named as DataHub's indices are. */
  async indexSizes(): Promise<{
    indexSizes: { aspectName: string; sizeMb: number; indexName: string; entityName: string }[];
  }> {
    const rows = await this.exec.read((tx) => readTimeseriesSizes(tx));
    return {
      indexSizes: rows.map((r) => ({
        aspectName: r.aspect.toLowerCase(),
        sizeMb: Math.round((r.bytes / (1024 * 1024)) * 1000) / 1000,
        indexName: `${r.entityType.toLowerCase()}_${r.aspect.toLowerCase()}aspect_v1`,
        entityName: r.entityType,
      })),
    };
  }

  /** Deletes time-series values at or before `endTimeMillis`; a dry run only says what it would do. */
  async truncateTimeseries(p: TruncateParams, ctx: WriteContext): Promise<string> {
    const entity = this.registry.entity(p.entityType);
    const spec = this.registry.findAspect(p.aspect);
    if (!spec || !spec.timeseries || !entity.aspects.includes(spec.name)) {
      throw new BadRequestError(`${p.aspect} is not a time-series aspect of ${entity.name}`);
    }
    if (p.forceDeleteByQuery !== undefined && p.forceDeleteByQuery === p.forceReindex) {
      return 'please only set forceReindex OR forceDeleteByQuery flags';
    }
    if (p.batchSize <= 0) throw new BadRequestError('batchSize must be > 0');
    const { total, old } = await this.exec.read((tx) =>
      readTimeseriesCounts(tx, entity.name, spec.name, p.endTimeMillis),
    );
    const pct = total === 0 ? 0 : (100 * old) / total;
    const reindex = !p.forceDeleteByQuery && (p.forceReindex === true || old > total / 2);
    const summary =
      `Delete ${old} out of ${total} rows (${pct.toFixed(2)}%). ` +
      (reindex
        ? 'Reindexing the aspect without the deleted records. '
        : 'Issuing a delete by query request. ');
    if (p.dryRun) return `${summary}This was a dry run. Run with dryRun = false to execute.`;
    const id = await this.tasks.create('truncateTimeseriesAspect', p);
    const deadline = p.timeoutSeconds ? Date.now() + p.timeoutSeconds * 1000 : Number.POSITIVE_INFINITY;
    this.background(id, async () => {
      await this.tasks.progress(id, { total: old });
      for (;;) {
        if (Date.now() > deadline) throw new Error(`timed out after ${p.timeoutSeconds} s`);
        const urns = await this.exec.read((tx) =>
          readTimeseriesUrns(
            tx,
            entity.name,
            spec.name,
            p.endTimeMillis,
            Math.max(1, Math.min(p.batchSize, 1000)),
          ),
        );
        if (!urns.length) break;
        let deleted = 0;
        for (const urn of urns)
          deleted += await this.ingest.deleteTimeseries(urn, spec.name, undefined, p.endTimeMillis, ctx);
        await this.tasks.progress(id, { deleted, batches: 1 });
      }
    });
    return id;
  }

  private background(id: string, work: () => Promise<void>): void {
    void work()
      .then(() => this.tasks.finish(id))
      .catch(async (err: unknown) => {
        this.log.error({ err, task: id }, 'background task failed');
        await this.tasks.finish(id, err instanceof Error ? err.message : String(err)).catch(() => undefined);
      });
  }
}

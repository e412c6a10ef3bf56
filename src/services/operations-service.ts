import { asSystem } from '../auth/index.js';
import { BadRequestError } from '../errors/index.js';
import type { Logger } from '../logger.js';
import type { Registry } from '../registry/index.js';
import type { IngestService } from './ingest-service.js';
import type { WriteContext } from './proposal.js';
import { type MaintenanceStore, type TaskStatus, type TaskStore } from '../store/index.js';
import type { SyncControl } from '../../search-sync/model/index.js';

/** Runs one background task from its parameters, reporting progress as it goes; must be idempotent. */
export type TaskRunner = (
  params: Record<string, unknown>,
  progress: (delta: Partial<TaskStatus>) => Promise<void>,
) => Promise<void>;

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

/** The maintenance operations: index restore, task status, time-series sizes and truncation. */
export class OperationsService {
  constructor(
    private readonly maintenance: MaintenanceStore,
    private readonly registry: Registry,
    private readonly worker: SyncControl,
    private readonly ingest: IngestService,
    private readonly tasks: TaskStore,
    private readonly log: Logger,
    /** A task whose heartbeat is older than this is taken to be abandoned and is resumed. */
    private readonly staleMs = 60_000,
  ) {}

  private resumer: NodeJS.Timeout | undefined;
  private readonly runners = new Map<string, TaskRunner>();

  /** Adds a kind of background task other services start (and this service resumes after a crash). */
  register(type: string, runner: TaskRunner): void {
    this.runners.set(type, runner);
  }

  /** Starts a registered kind of task; returns its id, for `getEsTaskStatus`. */
  async start(type: string, params: Record<string, unknown>): Promise<string> {
    const runner = this.runners.get(type);
    if (!runner) throw new Error(`No runner for tasks of type ${type}`);
    const id = await this.tasks.create(type, params);
    this.background(id, () => runner(params, (delta) => this.tasks.progress(id, delta)));
    return id;
  }

  /** Waits until a task has finished (polling its record); throws its error, if it failed. */
  async waitFor(id: string, pollMs = 250): Promise<void> {
    for (;;) {
      const t = await this.tasks.get(id);
      if (!t) throw new Error(`task ${id} is gone`);
      if (t.completed) {
        if (t.error) throw new Error(`task ${id} failed: ${t.error}`);
        return;
      }
      await new Promise((r) => setTimeout(r, pollMs));
    }
  }

  /** Rebuilds the search documents of the selected entities from the store, as a background task. */
  async restoreIndices(p: RestoreParams): Promise<string> {
    if (p.start < 0 || p.batchSize <= 0) throw new BadRequestError('start must be >= 0 and batchSize > 0');
    const aspect = p.aspect ? this.registry.findAspect(p.aspect)?.name : undefined;
    if (p.aspect && !aspect) throw new BadRequestError(`Unknown aspect ${p.aspect}`);
    const params: RestoreParams = { ...p, aspect };
    const urns = await this.restoreUrns(params);
    const id = await this.tasks.create('restoreIndices', params);
    this.background(id, () => this.runRestore(id, urns));
    return JSON.stringify({
      taskId: id,
      entitiesMatched: urns.length,
      start: p.start,
      batchSize: p.batchSize,
      aspect: aspect ?? null,
    });
  }

  private restoreUrns(p: RestoreParams): Promise<{ urn: string; entityType: string }[]> {
    return this.maintenance.restoreUrns({
      urn: p.urn,
      urnLike: p.urnLike,
      aspect: p.aspect,
      start: p.start,
      count: p.batchSize,
    });
  }

  private async runRestore(id: string, urns: readonly { urn: string; entityType: string }[]): Promise<void> {
    for (let i = 0; i < urns.length; i += 100) {
      const chunk = urns.slice(i, i + 100);
      await this.worker.reindex(chunk);
      await this.tasks.progress(id, { total: chunk.length, updated: chunk.length, batches: 1 });
    }
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
    const rows = await this.maintenance.timeseriesSizes();
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
    const { total, old } = await this.maintenance.timeseriesCounts(entity.name, spec.name, p.endTimeMillis);
    const pct = total === 0 ? 0 : (100 * old) / total;
    const reindex = !p.forceDeleteByQuery && (p.forceReindex === true || old > total / 2);
    const summary =
      `Delete ${old} out of ${total} rows (${pct.toFixed(2)}%). ` +
      (reindex
        ? 'Reindexing the aspect without the deleted records. '
        : 'Issuing a delete by query request. ');
    if (p.dryRun) return `${summary}This was a dry run. Run with dryRun = false to execute.`;
    const params: TruncateParams & { actor: string } = { ...p, actor: ctx.actor };
    const id = await this.tasks.create('truncateTimeseriesAspect', params);
    await this.tasks.progress(id, { total: old });
    this.background(id, () => this.runTruncate(id, params, Date.now()));
    return id;
  }

  private async runTruncate(
    id: string,
    p: TruncateParams & { actor: string },
    startedAt: number,
  ): Promise<void> {
    const deadline = p.timeoutSeconds ? startedAt + p.timeoutSeconds * 1000 : Number.POSITIVE_INFINITY;
    const entity = this.registry.entity(p.entityType);
    const aspect = this.registry.aspectOf(entity, p.aspect).name;
    for (;;) {
      if (Date.now() > deadline) throw new Error(`timed out after ${p.timeoutSeconds} s`);
      const urns = await this.maintenance.timeseriesUrns(
        entity.name,
        aspect,
        p.endTimeMillis,
        Math.max(1, Math.min(p.batchSize, 1000)),
      );
      if (!urns.length) break;
      let deleted = 0;
      for (const urn of urns)
        deleted += await this.ingest.deleteTimeseries(urn, aspect, undefined, p.endTimeMillis, {
          actor: p.actor,
        });
      await this.tasks.progress(id, { deleted, batches: 1 });
    }
  }

  /**
   * Resumes the tasks of processes that died before finishing them (their heartbeat went stale): a
   * restore goes on after the entities it had already rebuilt, a truncation deletes what is left.
   * Returns the ids of the tasks this call took over.
   */
  async resumeStale(): Promise<string[]> {
    const taken: string[] = [];
    for (const candidate of await this.tasks.stale(this.staleMs)) {
      const t = await this.tasks.claim(candidate, this.staleMs);
      if (!t) continue;
      taken.push(t.id);
      this.log.warn({ task: t.id, type: t.type }, 'resuming a task left unfinished by a stopped process');
      const params = JSON.parse(t.params) as Record<string, unknown>;
      if (t.type === 'restoreIndices') {
        const p = params as unknown as RestoreParams;
        this.background(t.id, async () =>
          this.runRestore(t.id, (await this.restoreUrns(p)).slice(t.status.updated)),
        );
      } else if (t.type === 'truncateTimeseriesAspect') {
        const p = params as unknown as TruncateParams & { actor: string };
        this.background(t.id, () => this.runTruncate(t.id, p, t.startedAt));
      } else if (this.runners.has(t.type)) {
        const runner = this.runners.get(t.type) as TaskRunner;
        this.background(t.id, () => runner(params, (delta) => this.tasks.progress(t.id, delta)));
      } else {
        await this.tasks.finish(t.id, `unknown task type ${t.type}`);
      }
    }
    return taken;
  }

  /** Looks for stale tasks now and then every `staleMs / 2` until `stop`. */
  startResuming(): void {
    const tick = (): void => {
      void this.resumeStale().catch((err: unknown) => this.log.error({ err }, 'task resume failed'));
    };
    tick();
    this.resumer = setInterval(tick, Math.max(1000, this.staleMs / 2));
    this.resumer.unref();
  }

  stop(): void {
    if (this.resumer) clearInterval(this.resumer);
    this.resumer = undefined;
  }

  /** Runs a task's work as the system (the request that started it was authorized already). */
  private background(id: string, work: () => Promise<void>): void {
    const alive = setInterval(
      () => {
        void this.tasks.heartbeat(id).catch(() => undefined);
      },
      Math.max(250, this.staleMs / 4),
    );
    alive.unref();
    void asSystem(work)
      .finally(() => clearInterval(alive))
      .then(() => this.tasks.finish(id))
      .catch(async (err: unknown) => {
        this.log.error({ err, task: id }, 'background task failed');
        await this.tasks.finish(id, err instanceof Error ? err.message : String(err)).catch(() => undefined);
      });
  }
}

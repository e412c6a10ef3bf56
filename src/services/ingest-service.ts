import { authorizeWrites, requirePrivilege } from '../auth/index.js';
import { ValidationError } from '../errors/index.js';
import type { Logger } from '../logger.js';
import type { Registry } from '../registry/index.js';
import {
  runIdOf,
  type ApplyResult,
  type EntityRow,
  type EntityStore,
  type InTransaction,
  type WriteBatch,
  type WriteOp,
} from '../store/index.js';
import { buildOp, entityRowOf, inBatch, upsertOp } from './build-ops.js';
import { clearedProjections } from './projections.js';
import type { Proposal, WriteContext } from './proposal.js';
import { prepareWrite, valueSteps, type ValueSteps, type WriteHook, type WriteKind } from './write-hooks.js';

/** One aspect of a run's rollback: the run's version (checked still current) and the one before it. */
export interface Revert {
  readonly urn: string;
  readonly aspect: string;
  readonly maxVersion: number;
  readonly previous: { readonly value: string; readonly systemMetadata: string | null } | null;
}

/** What a write did: per proposal, the change log, and the background tasks it started. */
export interface IngestResult extends ApplyResult {
  readonly tasks: readonly string[];
}

/** An item of a batch written item by item that a write-time check refused, and why. */
export interface FailedItem {
  readonly index: number;
  readonly urn: string;
  readonly aspect: string;
  readonly message: string;
}

/**
 * The one write path. Every write of neohub (Rest.li, snapshots, OpenAPI, GraphQL, CLI, background
 * jobs) becomes proposals handed to `ingest`: all are validated first, then applied as one batch in
 * one Neo4j transaction that also records the change log. A bad proposal writes nothing. The checks and
 * side effects of a write are its `hooks` (write-hooks.ts), run in their order.
 */
export class IngestService {
  private readonly steps: ValueSteps | undefined;

  constructor(
    private readonly registry: Registry,
    private readonly store: EntityStore,
    private readonly log: Logger,
    private readonly hooks: readonly WriteHook[] = [],
  ) {
    this.steps = valueSteps(hooks);
  }

  async ingest(proposals: readonly Proposal[], ctx: WriteContext): Promise<IngestResult> {
    requirePrivilege('write', 'write metadata');
    const created = { time: ctx.now ?? Date.now(), actor: ctx.actor };
    const ops: WriteOp[] = [];
    const entities = new Map<string, EntityRow>();
    proposals.forEach((p, i) => {
      try {
        const built = buildOp(this.registry, p, created, ctx, this.steps);
        ops.push(built.op);
        if (built.entity && !entities.has(built.entity.urn)) entities.set(built.entity.urn, built.entity);
      } catch (err) {
        throw inBatch(err, i, proposals.length);
      }
    });
    this.authorize(ops);
    if (!ops.length) return { results: [], changeLog: [], tasks: [] };
    const write = await prepareWrite(this.hooks, ops);
    const result = await this.commit(
      'ingest',
      {
        entities: [...entities.values()],
        ops: write.ops,
        traceId: ctx.traceId,
        ...(ctx.existingOnly ? { existingOnly: true } : {}),
      },
      write.inTransaction,
    );
    const tasks = await write.after(result);
    this.log.debug({ proposals: proposals.length, changes: result.changeLog.length }, 'ingested');
    // One result per proposal; those of the ops the hooks added are left out (their changes are logged).
    const results = result.results.length > ops.length ? result.results.slice(0, ops.length) : result.results;
    return { results, changeLog: result.changeLog, tasks };
  }

  /**
   * A batch as DataHub's asynchronous ingestion takes it (`async` batches: its service checks each item
   * when it writes it, so the good ones land and the bad ones are dropped). A proposal that is malformed
   * as such (shape, schema, kind) refuses the whole batch, as DataHub refuses it on request; otherwise
   * the batch is written in one transaction, and when a write-time check refuses it (a ValidationError)
   * the proposals are written again one by one in order: each that passes lands, each that fails is
   * answered in `failed` with why.
   */
  async ingestEach(
    proposals: readonly Proposal[],
    ctx: WriteContext,
  ): Promise<{ readonly tasks: readonly string[]; readonly failed: readonly FailedItem[] }> {
    try {
      return { tasks: (await this.ingest(proposals, ctx)).tasks, failed: [] };
    } catch (err) {
      if (!(err instanceof ValidationError) || proposals.length < 2) throw err;
      const created = { time: ctx.now ?? Date.now(), actor: ctx.actor };
      // Request-level problems refuse the batch (buildOp throws for them before any hook runs).
      for (const p of proposals) buildOp(this.registry, p, created, ctx, this.steps);
    }
    const tasks: string[] = [];
    const failed: FailedItem[] = [];
    for (const [index, p] of proposals.entries()) {
      try {
        tasks.push(...(await this.ingest([p], ctx)).tasks);
      } catch (err) {
        if (!(err instanceof ValidationError)) throw err;
        failed.push({ index, urn: p.entityUrn ?? '', aspect: p.aspectName ?? '', message: err.message });
      }
    }
    if (failed.length)
      this.log.warn(
        { proposals: proposals.length, failed: failed.slice(0, 50) },
        'items of an asynchronous batch were refused; the others were written',
      );
    return { tasks, failed };
  }

  /**
   * Undoes what a run wrote (its rollback), through the same store batch as every write: each aspect
   * whose latest version the run wrote goes back to the version before (or goes, when the run created
   * it), and each entity of `deletes` is hard deleted. Applied as one transaction.
   */
  async revert(
    runId: string,
    reverts: readonly Revert[],
    deletes: readonly string[],
    ctx: WriteContext,
  ): Promise<ApplyResult> {
    requirePrivilege('write', 'roll back a run');
    const created = { time: ctx.now ?? Date.now(), actor: ctx.actor };
    const entities = new Map<string, EntityRow>();
    const entityOf = (urn: string, sm: string): EntityRow => {
      const row =
        entities.get(urn) ?? entityRowOf(this.registry, this.registry.parseEntityUrn(urn), created, sm);
      entities.set(urn, row);
      return row;
    };
    const ops: WriteOp[] = [];
    for (const r of reverts) {
      const sm = r.previous?.systemMetadata ?? JSON.stringify({ lastObserved: created.time, runId });
      const e = entityOf(r.urn, sm);
      const base = { urn: e.urn, entityType: e.entityType, created, systemMetadata: sm };
      const spec = this.registry.findAspect(r.aspect);
      const restore =
        r.previous === null
          ? null
          : {
              upsert: spec
                ? upsertOp(this.registry, spec, base, JSON.parse(r.previous.value), true, this.steps)
                : {
                    ...base,
                    kind: 'upsert' as const,
                    aspect: r.aspect,
                    value: r.previous.value,
                    edges: [],
                    projections: {},
                  },
              runId: runIdOf(sm),
            };
      ops.push({
        ...base,
        kind: 'revert',
        aspect: r.aspect,
        runId,
        maxVersion: r.maxVersion,
        restore,
        projections: clearedProjections(r.aspect),
      });
    }
    for (const urn of deletes) {
      const sm = JSON.stringify({
        lastObserved: created.time,
        runId,
      });
      const e = entityOf(urn, sm);
      ops.push({ urn: e.urn, entityType: e.entityType, created, systemMetadata: sm, kind: 'deleteEntity' });
    }
    this.authorize(ops);
    if (!ops.length) return { results: [], changeLog: [] };
    return this.commit('rollback', { entities: [...entities.values()], ops, traceId: ctx.traceId });
  }

  /** Applies a batch in one transaction, then tells the hooks that observe commits what it did. */
  private async commit(kind: WriteKind, batch: WriteBatch, during?: InTransaction): Promise<ApplyResult> {
    const result = await this.store.apply(batch, during);
    for (const hook of this.hooks) {
      try {
        hook.committed?.({ kind, result });
      } catch (err) {
        this.log.warn({ err, hook: hook.name }, 'a write hook failed after its write committed');
      }
    }
    return result;
  }

  /** What a batch needs beyond `write`, decided on what the registry resolved each operation to. */
  private authorize(ops: readonly WriteOp[]): void {
    authorizeWrites(
      ops.map((o) => ({
        kind: o.kind,
        entityType: o.entityType,
        // Admin-only: DataHub's system kinds, and any aspect that holds a secret (credentials).
        adminOnly:
          this.registry.entityOfUrnType(o.entityType)?.adminOnly === true ||
          ('aspect' in o && !!o.aspect && (this.registry.findAspect(o.aspect)?.secretPaths?.length ?? 0) > 0),
      })),
    );
  }

  /** Hard delete of an entity: all its aspects, versions, time-series values and outgoing edges. */
  async deleteEntity(
    urn: string,
    ctx: WriteContext,
  ): Promise<{ rows: number; timeseriesRows: number; tasks: readonly string[] }> {
    const res = await this.ingest([{ entityUrn: urn, changeType: 'DELETE' }], ctx);
    const r = res.results[0];
    return { rows: r?.rows ?? 0, timeseriesRows: r?.timeseriesRows ?? 0, tasks: res.tasks };
  }

  /** Deletes time-series values of an entity, optionally of one aspect and in a time range. */
  async deleteTimeseries(
    urn: string,
    aspect: string | undefined,
    startTimeMillis: number | undefined,
    endTimeMillis: number | undefined,
    ctx: WriteContext,
  ): Promise<number> {
    requirePrivilege('write', 'delete time-series values');
    const { entity, parsed } = this.registry.parseEntityUrn(urn);
    const created = { time: ctx.now ?? Date.now(), actor: ctx.actor };
    const spec = aspect === undefined ? undefined : this.registry.aspectOf(entity, aspect);
    const op: WriteOp = {
      kind: 'deleteTimeseries',
      urn: parsed.urn,
      entityType: entity.name,
      created,
      systemMetadata: JSON.stringify({ lastObserved: created.time, runId: 'no-run-id-provided' }),
      aspect: spec?.name,
      startTimeMillis,
      endTimeMillis,
    };
    const res = await this.commit('timeseries_delete', { entities: [], ops: [op] });
    return res.results[0]?.timeseriesRows ?? 0;
  }
}

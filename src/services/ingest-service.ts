import { authorizeWrites, requirePrivilege } from '../auth/index.js';
import type { Logger } from '../logger.js';
import type { Registry } from '../registry/index.js';
import type { ApplyResult, EntityRow, EntityStore, WriteOp } from '../store/index.js';
import { buildOp, inBatch } from './build-ops.js';
import type { Proposal, WriteContext } from './proposal.js';
import type { StructuredPropertyRules } from './structured-properties/index.js';

/** What a write did: per proposal, the change log, and the background tasks it started. */
export interface IngestResult extends ApplyResult {
  readonly tasks: readonly string[];
}

/**
 * The one write path. Every write of neohub (Rest.li, snapshots, OpenAPI, GraphQL, CLI, background
 * jobs) becomes proposals handed to `ingest`: all are validated first, then applied as one batch in
 * one Neo4j transaction that also records the change log. A bad proposal writes nothing.
 */
export class IngestService {
  constructor(
    private readonly registry: Registry,
    private readonly store: EntityStore,
    private readonly log: Logger,
    private readonly rules?: StructuredPropertyRules,
  ) {}

  async ingest(proposals: readonly Proposal[], ctx: WriteContext): Promise<IngestResult> {
    requirePrivilege('write', 'write metadata');
    const created = { time: ctx.now ?? Date.now(), actor: ctx.actor };
    const ops: WriteOp[] = [];
    const entities = new Map<string, EntityRow>();
    proposals.forEach((p, i) => {
      try {
        const built = buildOp(this.registry, p, created, ctx.traceId);
        ops.push(built.op);
        if (built.entity && !entities.has(built.entity.urn)) entities.set(built.entity.urn, built.entity);
      } catch (err) {
        throw inBatch(err, i, proposals.length);
      }
    });
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
    if (!ops.length) return { results: [], changeLog: [], tasks: [] };
    const prepared = this.rules ? await this.rules.prepare(ops) : undefined;
    const result = await this.store.apply({
      entities: [...entities.values()],
      ops: prepared?.ops ?? ops,
      traceId: ctx.traceId,
    });
    const tasks = prepared ? await prepared.after(result) : [];
    this.log.debug({ proposals: proposals.length, changes: result.changeLog.length }, 'ingested');
    return { ...result, tasks };
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
    const res = await this.store.apply({ entities: [], ops: [op] });
    return res.results[0]?.timeseriesRows ?? 0;
  }
}

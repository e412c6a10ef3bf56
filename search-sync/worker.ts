import { randomUUID } from 'node:crypto';
import { assignments, loadStates } from '../src/services/structured-properties/index.js';
import { structuredFields } from './structured-fields.js';
import type { Logger } from '../src/logger.js';
import type { Registry } from '../src/registry/index.js';
import { readChangedEntities, type EntityStore, type Executor } from '../src/store/index.js';
import { buildDocument, type SearchDocument } from './document.js';
import type { PendingWrite, SearchIndex } from './search-index.js';

export interface SyncStatus {
  readonly checkpoint: number;
  readonly head: number;
  readonly lag: number;
  readonly active: boolean;
}

export interface WorkerOptions {
  /** Change-log nodes (one per write transaction) read per round. */
  readonly batchSize?: number;
  readonly idleMs?: number;
  readonly leaseMs?: number;
}

/**
 * Mirrors the latest state of changed entities into the search index. It reads the change log after its
 * durable checkpoint, coalesces the changes of each entity, rebuilds their documents from the store,
 * writes them, and only then moves the checkpoint: at-least-once and idempotent, so a crash at any point
 * loses nothing. A lease in Neo4j keeps exactly one worker active among neohub instances.
 */
export class SearchSyncWorker {
  private readonly id = randomUUID();
  private running = false;
  private loop: Promise<void> | undefined;
  private holdsLease = false;
  private readonly batchSize: number;
  private readonly idleMs: number;
  private readonly leaseMs: number;

  constructor(
    private readonly exec: Executor,
    private readonly store: EntityStore,
    private readonly index: SearchIndex,
    private readonly registry: Registry,
    private readonly log: Logger,
    opts: WorkerOptions = {},
  ) {
    this.batchSize = opts.batchSize ?? 200;
    this.idleMs = opts.idleMs ?? 100;
    this.leaseMs = opts.leaseMs ?? 15_000;
  }

  /** One lease per index: the workers of different indexes (embedded, Meilisearch) run side by side. */
  private get lease(): string {
    return `search-sync:${this.index.checkpoint}`;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.loop;
    if (this.holdsLease) {
      await this.exec.write((tx) =>
        tx.run('MATCH (l:Lease {name: $lease, holder: $me}) SET l.expiresAt = 0', {
          me: this.id,
          lease: this.lease,
        }),
      );
      this.holdsLease = false;
    }
  }

  private async run(): Promise<void> {
    while (this.running) {
      try {
        this.holdsLease = await this.acquireLease();
        if (!this.holdsLease) this.discardInFlight();
        const n = this.holdsLease ? await this.step(MAX_IN_FLIGHT) : 0;
        if (n === 0) await sleep(this.holdsLease ? this.idleMs : this.leaseMs / 3);
      } catch (err) {
        this.discardInFlight();
        this.log.error({ err }, 'search sync failed; retrying');
        await sleep(1000);
      }
    }
    await this.settle(0).catch((err: unknown) => this.log.error({ err }, 'search sync failed at stop'));
  }

  private async acquireLease(): Promise<boolean> {
    return this.exec.write(async (tx) => {
      const res = await tx.run<{ mine: boolean }>(
        `MERGE (l:Lease {name: $lease})
         WITH l, (l.holder IS NULL OR l.holder = $me OR coalesce(l.expiresAt, 0) < timestamp()) AS mine
         SET l.holder = CASE WHEN mine THEN $me ELSE l.holder END,
             l.expiresAt = CASE WHEN mine THEN timestamp() + $ttl ELSE l.expiresAt END
         RETURN mine`,
        { me: this.id, ttl: this.leaseMs, lease: this.lease },
      );
      return res.records[0]?.get('mine') === true;
    });
  }

  /** Processes one batch of the change log, durably; returns how many entries it consumed. */
  async runOnce(): Promise<number> {
    return this.step(1);
  }

  /** Writes started but not yet durable, oldest first, with the change-log position each one reaches. */
  private inFlight: { seq: number; done: PendingWrite }[] = [];
  /** Where the next batch is read from: past the durable checkpoint by what is in flight. */
  private cursor: number | undefined;

  /**
   * Reads the next batch after what is in flight and starts writing its documents, then waits for the
   * oldest writes until fewer than `depth` remain (all of them when the log has nothing new), moving the
   * durable checkpoint past each as it completes. With an index that works through a task queue, the next
   * batch is read and built while the index applies the last ones.
   */
  private async step(depth: number): Promise<number> {
    const from = this.cursor ?? (await this.checkpoint());
    const { entities, lastSeq, entries } = await this.exec.read((tx) =>
      readChangedEntities(tx, from, this.batchSize),
    );
    if (lastSeq !== from) {
      this.inFlight.push({ seq: lastSeq, done: await this.startReindex(entities) });
      this.cursor = lastSeq;
    }
    await this.settle(lastSeq === from ? 0 : depth - 1);
    return lastSeq === from ? 0 : Math.max(entries, 1);
  }

  /** Waits for the oldest writes in flight until at most `keep` remain, moving the checkpoint past each. */
  private async settle(keep: number): Promise<void> {
    while (this.inFlight.length > keep) {
      const oldest = this.inFlight[0] as { seq: number; done: PendingWrite };
      await oldest.done();
      this.inFlight.shift();
      await this.exec.write((tx) =>
        tx.run(
          'MERGE (c:SyncCheckpoint {name: $name}) SET c.seq = CASE WHEN coalesce(c.seq, 0) < $seq THEN $seq ELSE c.seq END',
          { seq: oldest.seq, name: this.index.checkpoint },
        ),
      );
    }
    if (!this.inFlight.length) this.cursor = undefined;
  }

  /** Forgets the writes in flight: the next batch is read again from the durable checkpoint. */
  private discardInFlight(): void {
    this.inFlight = [];
    this.cursor = undefined;
  }

  /** Rebuilds the documents of these entities from the store (also what restoreIndices uses). */
  async reindex(entities: readonly { urn: string; entityType: string }[]): Promise<void> {
    await (
      await this.startReindex(entities)
    )();
  }

  /** Builds the documents of these entities and starts writing them; the wait for all of it. */
  private async startReindex(
    entities: readonly { urn: string; entityType: string }[],
  ): Promise<PendingWrite> {
    const waits: PendingWrite[] = [];
    for (let i = 0; i < entities.length; i += 500)
      waits.push(await this.reindexChunk(entities.slice(i, i + 500)));
    return async () => {
      for (const w of waits) await w();
    };
  }

  private async reindexChunk(
    entities: readonly { urn: string; entityType: string }[],
  ): Promise<PendingWrite> {
    const aspects = await this.store.latest(entities.map((e) => e.urn));
    const propertyUrns = aspects
      .filter((a) => a.name === 'structuredProperties')
      .flatMap((a) => assignments(JSON.parse(a.value) as Record<string, unknown>).map((x) => x.propertyUrn));
    const states = propertyUrns.length ? await loadStates(this.store, propertyUrns) : new Map();
    const docs: SearchDocument[] = [];
    const gone: string[] = [];
    for (const { urn, entityType } of entities) {
      const mine = aspects
        .filter((a) => a.urn === urn)
        .map((a) => ({ name: a.name, value: JSON.parse(a.value) as Record<string, unknown> }));
      const key = this.registry.findEntity(entityType)?.keyAspect;
      if (!mine.some((a) => a.name === key)) gone.push(urn);
      else docs.push(buildDocument(this.registry, urn, entityType, mine, structuredFields(mine, states)));
    }
    return this.index.write(docs, gone);
  }

  private async checkpoint(): Promise<number> {
    return this.exec.read(async (tx) => {
      const res = await tx.run<{ seq: number }>(
        'MATCH (c:SyncCheckpoint {name: $name}) RETURN c.seq AS seq',
        { name: this.index.checkpoint },
      );
      return res.records[0]?.get('seq') ?? 0;
    });
  }

  async status(): Promise<SyncStatus> {
    const [checkpoint, head] = await Promise.all([
      this.checkpoint(),
      this.exec.read(async (tx) => {
        const res = await tx.run<{ v: number | null }>(
          'MATCH (c:Counter {name: "changelog"}) RETURN c.value AS v',
        );
        return res.records[0]?.get('v') ?? 0;
      }),
    ]);
    return { checkpoint, head, lag: Math.max(0, head - checkpoint), active: this.holdsLease };
  }

  /** Resolves once the index has caught up with change-log entry `seq` (or the time runs out). */
  async waitFor(seq: number, timeoutMs = 10_000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if ((await this.checkpoint()) >= seq) return true;
      await sleep(25);
    }
    return false;
  }
}

/** Batches a worker keeps in flight (written but not yet durable) while it reads the next. */
const MAX_IN_FLIGHT = 8;

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

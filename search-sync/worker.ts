import { randomUUID } from 'node:crypto';
import { assignments, loadStates } from '../src/services/structured-properties/index.js';
import { structuredFields } from './structured-fields.js';
import type { Logger } from '../src/logger.js';
import type { Registry } from '../src/registry/index.js';
import { readChangedEntities, type EntityStore, type Executor } from '../src/store/index.js';
import { buildDocument, type SearchDocument } from './document.js';
import type { SearchIndex } from './search-index.js';

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
        tx.run('MATCH (l:Lease {name: "search-sync", holder: $me}) SET l.expiresAt = 0', { me: this.id }),
      );
      this.holdsLease = false;
    }
  }

  private async run(): Promise<void> {
    while (this.running) {
      try {
        this.holdsLease = await this.acquireLease();
        const n = this.holdsLease ? await this.runOnce() : 0;
        if (n === 0) await sleep(this.holdsLease ? this.idleMs : this.leaseMs / 3);
      } catch (err) {
        this.log.error({ err }, 'search sync failed; retrying');
        await sleep(1000);
      }
    }
  }

  private async acquireLease(): Promise<boolean> {
    return this.exec.write(async (tx) => {
      const res = await tx.run<{ mine: boolean }>(
        `MERGE (l:Lease {name: 'search-sync'})
         WITH l, (l.holder IS NULL OR l.holder = $me OR coalesce(l.expiresAt, 0) < timestamp()) AS mine
         SET l.holder = CASE WHEN mine THEN $me ELSE l.holder END,
             l.expiresAt = CASE WHEN mine THEN timestamp() + $ttl ELSE l.expiresAt END
         RETURN mine`,
        { me: this.id, ttl: this.leaseMs },
      );
      return res.records[0]?.get('mine') === true;
    });
  }

  /** Processes one batch of the change log; returns how many entries it consumed. */
  async runOnce(): Promise<number> {
    const checkpoint = await this.checkpoint();
    const { entities, lastSeq, entries } = await this.exec.read((tx) =>
      readChangedEntities(tx, checkpoint, this.batchSize),
    );
    if (lastSeq === checkpoint) return 0;
    await this.reindex(entities);
    await this.exec.write((tx) =>
      tx.run(
        'MERGE (c:SyncCheckpoint {name: $name}) SET c.seq = CASE WHEN coalesce(c.seq, 0) < $seq THEN $seq ELSE c.seq END',
        { seq: lastSeq, name: this.index.checkpoint },
      ),
    );
    return Math.max(entries, 1);
  }

  /** Rebuilds the documents of these entities from the store (also what restoreIndices uses). */
  async reindex(entities: readonly { urn: string; entityType: string }[]): Promise<void> {
    for (let i = 0; i < entities.length; i += 500) await this.reindexChunk(entities.slice(i, i + 500));
  }

  private async reindexChunk(entities: readonly { urn: string; entityType: string }[]): Promise<void> {
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
    await this.index.upsert(docs);
    await this.index.remove(gone);
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

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

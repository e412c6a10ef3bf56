import { randomUUID } from 'node:crypto';
import { LoopFailures } from '../src/errors/index.js';
import type { Logger } from '../src/logger.js';
import type {
  DocumentSource,
  EntityRef,
  Fence,
  PendingWrite,
  SearchIndex,
  SyncControl,
  SyncStatus,
} from '../src/search-model/index.js';
import { LeaseLostError, type LeaseToken, type SyncStateStore } from '../src/store/index.js';

export interface WorkerOptions {
  /** Change-log nodes (one per write transaction) read per round. */
  readonly batchSize?: number;
  readonly idleMs?: number;
  readonly leaseMs?: number;
  /** How often a held lease is renewed (a third of its time unless a test says otherwise). */
  readonly renewMs?: number;
  /** How the running loop gathers changes into larger batches (`false`: each round takes what is there). */
  readonly coalesce?: CoalesceOptions | false;
}

/**
 * The running loop's debounce. Every index transaction has a fixed cost (the full-text index refreshes
 * its readers at each commit, and the change-log read, lease fence and checkpoint move come with every
 * round), so the loop lets new changes gather and indexes them together: once `entries` of them wait,
 * once the change log has not grown for `quietMs` (a writer paused or stopped), or at the latest
 * `maxWaitMs` after the first of them was seen. The first change after `quietMs` without any is indexed
 * at once, and a caller waiting for the index in this process (`waitFor`) ends the wait.
 */
export interface CoalesceOptions {
  readonly entries: number;
  readonly quietMs: number;
  readonly maxWaitMs: number;
}

/**
 * Under a steady stream of writes a round gathers up to three seconds of them (fewer, larger index
 * transactions leave more of the machine to the writes); once the writes stop, 400 ms of quiet start
 * the last round, so the index is current well under two seconds after the last write.
 */
const DEFAULT_COALESCE: CoalesceOptions = { entries: 10_000, quietMs: 400, maxWaitMs: 3_000 };

/**
 * Mirrors the latest state of changed entities into the search index. It reads the change log after its
 * durable checkpoint, coalesces the changes of each entity, rebuilds their documents from the store,
 * writes them, and only then moves the checkpoint: at-least-once and idempotent, so a crash at any point
 * loses nothing. A lease in Neo4j keeps exactly one worker active per index among neohub instances, and
 * its term fences every index write and checkpoint move of a worker that lost it.
 */
export class SearchSyncWorker implements SyncControl {
  private readonly id = randomUUID();
  private running = false;
  private loop: Promise<void> | undefined;
  /** The lease while this worker holds it; the renewal timer drops it when another holder has it. */
  private token: LeaseToken | undefined;
  private renewer: NodeJS.Timeout | undefined;
  /** The durable checkpoint, known while the lease is held (no read per idle round). */
  private durable: number | undefined;
  private readonly batchSize: number;
  private readonly idleMs: number;
  private readonly leaseMs: number;
  private readonly renewMs: number;
  private readonly coalesce: CoalesceOptions | false;
  /** Failures of the loop: an outage of the index or the store is logged once. */
  private readonly failures: LoopFailures;
  /** Changes waiting to be gathered into a batch: when first seen, and the head and when it last moved. */
  private gathering: { since: number; head: number; movedAt: number } | undefined;
  /** Since when the loop has found nothing new (undefined while there are changes). */
  private idleFrom: number | undefined;
  /** The highest change-log position a caller of `waitFor` in this process waits for. */
  private wanted = 0;

  constructor(
    private readonly state: SyncStateStore,
    private readonly documents: DocumentSource,
    private readonly index: SearchIndex,
    private readonly log: Logger,
    opts: WorkerOptions = {},
  ) {
    this.batchSize = opts.batchSize ?? 200;
    this.idleMs = opts.idleMs ?? 100;
    this.leaseMs = opts.leaseMs ?? 15_000;
    this.renewMs = opts.renewMs ?? this.leaseMs / 3;
    this.coalesce = opts.coalesce ?? DEFAULT_COALESCE;
    this.failures = new LoopFailures(log, 'search sync');
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
    const token = this.token;
    this.drop();
    if (token) await this.state.release(token);
  }

  /**
   * The loop: while another instance holds the lease, try again every third of its time; while holding
   * it, process the change log, and when there is nothing new, sleep (an idle round reads the log and
   * writes nothing; the renewal timer extends the lease every third of its time).
   */
  private async run(): Promise<void> {
    while (this.running) {
      try {
        const token = this.token ?? (await this.claim());
        if (!token) {
          await sleep(this.leaseMs / 3);
          continue;
        }
        const n = await this.step(token, MAX_IN_FLIGHT, this.coalesce);
        this.failures.succeeded();
        if (n === 0) await sleep(this.idleMs);
      } catch (err) {
        this.discardInFlight();
        if (err instanceof LeaseLostError) {
          this.log.warn({ lease: this.lease }, 'search sync lease passed to another instance');
          this.drop();
          continue;
        }
        this.failures.failed(err);
        await sleep(1000);
      }
    }
    if (this.token)
      await this.settle(this.token, 0).catch((err: unknown) =>
        this.log.error({ err }, 'search sync failed at stop'),
      );
  }

  /** Takes the lease if it is free, and renews it from then on; undefined if another holds it. */
  private async claim(): Promise<LeaseToken | undefined> {
    const token = await this.state.claim(this.lease, this.id, this.leaseMs);
    if (!token) return undefined;
    this.token = token;
    this.renewer = setInterval(() => void this.renew(token), this.renewMs);
    this.renewer.unref();
    try {
      const checkpoint = await this.state.checkpoint(this.index.checkpoint);
      this.durable = (await this.state.compactedPast(checkpoint)) ? await this.rebuild(token) : checkpoint;
    } catch (err) {
      // Not synced from a known place: let the lease go, so that the next claim starts over.
      this.drop();
      await this.state.release(token).catch(() => undefined);
      throw err;
    }
    return token;
  }

  /**
   * Fills the index from the store when the change log cannot: the retention compacted entries this
   * index has not read (a new index, or one reset to rebuild). Every entity is indexed as it is now,
   * and the checkpoint moves to the head taken before, so what is written meanwhile is read again.
   */
  private async rebuild(token: LeaseToken): Promise<number> {
    const head = await this.state.head();
    this.log.info(
      { index: this.index.checkpoint, head },
      'search sync: change log compacted; rebuilding from the store',
    );
    let after = '';
    for (;;) {
      const page = await this.state.entitiesAfter(after, REBUILD_PAGE);
      if (!page.length) break;
      await (
        await this.startReindex(page, this.fence(token))
      )();
      after = (page.at(-1) as EntityRef).urn;
    }
    await this.state.moveCheckpoint(this.index.checkpoint, head, token);
    return head;
  }

  private async renew(token: LeaseToken): Promise<void> {
    try {
      if (!(await this.state.renew(token, this.leaseMs)) && this.token === token) this.drop();
    } catch (err) {
      this.log.warn({ err }, 'search sync lease renewal failed');
    }
  }

  /** Forgets the lease (lost or released): writes in flight are fenced by its term and fail. */
  private drop(): void {
    clearInterval(this.renewer);
    this.renewer = undefined;
    this.token = undefined;
    this.durable = undefined;
  }

  /**
   * Processes one batch of the change log, durably, holding the lease for it (and letting it go after,
   * unless the running loop holds it); returns how many entries it consumed. Throws when another instance
   * holds the lease.
   */
  async runOnce(): Promise<number> {
    const held = this.token;
    const token = held ?? (await this.claim());
    if (!token) throw new Error(`The search sync lease ${this.lease} is held by another instance`);
    try {
      return await this.step(token, 1, false);
    } finally {
      if (!held && !this.running) {
        this.drop();
        await this.state.release(token);
      }
    }
  }

  /** Writes started but not yet durable, oldest first, with the change-log position each one reaches. */
  private inFlight: { seq: number; done: PendingWrite }[] = [];
  /** Where the next batch is read from: past the durable checkpoint by what is in flight. */
  private cursor: number | undefined;

  /**
   * Reads the next batch after what is in flight and starts writing its documents, then waits for the
   * oldest writes until fewer than `depth` remain (all of them when the log has nothing new), moving the
   * durable checkpoint past each as it completes. With an index that works through a task queue, the next
   * batch is read and built while the index applies the last ones. Every index write and checkpoint move
   * is fenced by the lease's term. With `coalesce`, new changes are left to gather first (see
   * `CoalesceOptions`); a round that leaves them returns 0, like one that found none.
   */
  private async step(token: LeaseToken, depth: number, coalesce: CoalesceOptions | false): Promise<number> {
    const from = this.cursor ?? this.durable ?? (await this.state.checkpoint(this.index.checkpoint));
    if (coalesce && !(await this.gathered(from, coalesce))) {
      await this.settle(token, 0);
      return 0;
    }
    const { entities, lastSeq, entries } = await this.state.changedSince(from, this.batchSize);
    if (lastSeq !== from) {
      this.inFlight.push({ seq: lastSeq, done: await this.startReindex(entities, this.fence(token)) });
      this.cursor = lastSeq;
    }
    await this.settle(token, lastSeq === from ? 0 : depth - 1);
    return lastSeq === from ? 0 : Math.max(entries, 1);
  }

  /**
   * Whether the changes after `from` are to be indexed now, read from the change log's head alone (one
   * counter read per idle round): false while there are none, or while they are still gathering.
   */
  private async gathered(from: number, c: CoalesceOptions): Promise<boolean> {
    const head = await this.state.head();
    const now = Date.now();
    if (head <= from) {
      this.gathering = undefined;
      this.idleFrom ??= now;
      return false;
    }
    // The first change after a quiet spell is indexed at once (a lone write waits for nothing).
    const leading = !this.gathering && this.idleFrom !== undefined && now - this.idleFrom >= c.quietMs;
    this.idleFrom = undefined;
    const g = this.gathering ?? { since: now, head, movedAt: now };
    if (head !== g.head) Object.assign(g, { head, movedAt: now });
    const ready =
      leading ||
      head - from >= c.entries ||
      now - g.movedAt >= c.quietMs ||
      now - g.since >= c.maxWaitMs ||
      this.wanted > from;
    this.gathering = ready ? undefined : g;
    return ready;
  }

  private fence(token: LeaseToken): Fence {
    return {
      token,
      check: async () => {
        if (!(await this.state.holds(token))) throw new LeaseLostError(token);
      },
    };
  }

  /** Waits for the oldest writes in flight until at most `keep` remain, moving the checkpoint past each. */
  private async settle(token: LeaseToken, keep: number): Promise<void> {
    while (this.inFlight.length > keep) {
      const oldest = this.inFlight[0] as { seq: number; done: PendingWrite };
      await oldest.done();
      this.inFlight.shift();
      await this.state.moveCheckpoint(this.index.checkpoint, oldest.seq, token);
      if (this.token === token) this.durable = oldest.seq;
    }
    if (!this.inFlight.length) this.cursor = undefined;
  }

  /** Forgets the writes in flight: the next batch is read again from the durable checkpoint. */
  private discardInFlight(): void {
    this.inFlight = [];
    this.cursor = undefined;
    this.durable = undefined;
  }

  /** Rebuilds the documents of these entities from the store (also what restoreIndices uses). */
  async reindex(entities: readonly EntityRef[]): Promise<void> {
    await (
      await this.startReindex(entities, undefined)
    )();
  }

  /** Builds the documents of these entities and starts writing them; the wait for all of it. */
  private async startReindex(
    entities: readonly EntityRef[],
    fence: Fence | undefined,
  ): Promise<PendingWrite> {
    const waits: PendingWrite[] = [];
    for (let i = 0; i < entities.length; i += DOCS_PER_WRITE)
      waits.push(await this.reindexChunk(entities.slice(i, i + DOCS_PER_WRITE), fence));
    return async () => {
      for (const w of waits) await w();
    };
  }

  private async reindexChunk(
    entities: readonly EntityRef[],
    fence: Fence | undefined,
  ): Promise<PendingWrite> {
    const { docs, removed } = await this.documents.documents(entities);
    return this.index.write(docs, removed, fence);
  }

  async status(): Promise<SyncStatus> {
    const [checkpoint, head] = await Promise.all([
      this.state.checkpoint(this.index.checkpoint),
      this.state.head(),
    ]);
    return { checkpoint, head, lag: Math.max(0, head - checkpoint), active: this.token !== undefined };
  }

  /** Whether this worker holds its lease (is the one syncing the index). */
  get active(): boolean {
    return this.token !== undefined;
  }

  /** A caller waits for change-log entry `seq`: the running loop stops gathering changes before it. */
  want(seq: number): void {
    this.wanted = Math.max(this.wanted, seq);
  }

  /** Resolves once the index has caught up with change-log entry `seq` (or the time runs out). */
  async waitFor(seq: number, timeoutMs = 10_000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    this.want(seq);
    while (Date.now() < deadline) {
      if ((await this.state.checkpoint(this.index.checkpoint)) >= seq) return true;
      await sleep(25);
    }
    return false;
  }
}

/**
 * Entities whose documents are built and written together: large enough that the fixed cost of a commit
 * to the full-text index is spread thin (at 200 per transaction it was about half of the write's cost).
 * The index adapter splits very large documents into more transactions (the embedded one at 16 MB).
 */
const DOCS_PER_WRITE = 5000;

/** Entities read and indexed per round of a rebuild from the store. */
const REBUILD_PAGE = 500;

/** Batches a worker keeps in flight (written but not yet durable) while it reads the next. */
const MAX_IN_FLIGHT = 8;

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

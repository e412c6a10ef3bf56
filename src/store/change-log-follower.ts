import { randomUUID } from 'node:crypto';
import { LoopFailures } from '../errors/index.js';
import type { Logger } from '../logger.js';
import { followerLease, LeaseLostError, type LeaseToken, type SyncStateStore } from './sync-state.js';

/** An entity named by the change log: what a follower is told changed. */
export interface ChangedEntity {
  readonly urn: string;
  readonly entityType: string;
}

/** Waits until work a handler started is durable (throws if it failed). */
export type PendingWork = () => Promise<void>;

/**
 * The lease a follower works under. A handler that writes in Neo4j checks `token` inside its write
 * transaction (`fenceLease`); one that writes elsewhere calls `check` just before it sends a write. Either
 * way a follower that lost the lease (a paused process) cannot write after the one that took it.
 */
export interface Fence {
  readonly token: LeaseToken;
  check(): Promise<void>;
}

/**
 * The change-log positions of a batch: the entries after `after` up to `last`, in commit order (a handler
 * that needs the entries themselves, such as a publisher, reads them; the others need the entities).
 */
export interface LogRange {
  readonly after: number;
  readonly last: number;
}

/** What a follower does with the changes it reads: the search sync, the test results, a publisher. */
export interface ChangeHandler {
  /**
   * Starts on the entities changed in a batch of the log and resolves to a wait for that work to be
   * durable; the checkpoint moves past the batch once the wait resolves. Called again with the same
   * entities after a failure or a restart (at least once): the work must be idempotent. `range` says
   * which entries the batch is; a fill from the store (the log compacted) passes none.
   */
  apply(entities: readonly ChangedEntity[], fence: Fence, range?: LogRange): Promise<PendingWork>;
  /**
   * Gap recovery: the retention compacted entries after the checkpoint, so the log cannot say what
   * changed; brings the handler's state up to the store's. Without it, the follower passes every entity
   * of the store to `apply`, a page at a time.
   */
  fill?(fence: Fence): Promise<void>;
}

export interface FollowerOptions {
  /** The follower's lease and checkpoint (one follower of a name is active among neohub processes). */
  readonly name: string;
  /** What logs call it. */
  readonly label: string;
  /**
   * Where a follower that never ran starts: at the beginning of the log (filled from the store when the
   * log was compacted), or at its head (the past is someone else's job, a sweep say).
   */
  readonly startAt?: 'beginning' | 'head';
  /** Change-log nodes (one per write transaction) read per round. */
  readonly batchSize?: number;
  /** The pause when the log has nothing new. */
  readonly idleMs?: number;
  readonly leaseMs?: number;
  /** How often a held lease is renewed (a third of its time unless a test says otherwise). */
  readonly renewMs?: number;
  /** How the running loop gathers changes into larger batches (`false`: each round takes what is there). */
  readonly coalesce?: CoalesceOptions | false;
  /** Batches the running loop keeps in flight (started but not yet durable) while it reads the next. */
  readonly inFlight?: number;
}

/**
 * The running loop's debounce. Every round has a fixed cost (the change-log read, the lease fence and
 * the checkpoint move, and a handler's own, such as a full-text index refreshing its readers at each
 * commit), so the loop lets new changes gather and hands them over together: once `entries` of them
 * wait, once the change log has not grown for `quietMs` (a writer paused or stopped), or at the latest
 * `maxWaitMs` after the first of them was seen. The first change after `quietMs` without any is handed
 * over at once, and a caller waiting in this process (`waitFor`) ends the wait.
 */
export interface CoalesceOptions {
  readonly entries: number;
  readonly quietMs: number;
  readonly maxWaitMs: number;
}

/** Where a follower stands: its durable checkpoint and the change log's head. */
export interface FollowerStatus {
  readonly checkpoint: number;
  readonly head: number;
  readonly lag: number;
  /** Whether this process's follower holds the lease (another process may be the one following). */
  readonly active: boolean;
}

/** Entities read and handed over per round of a fill from the store. */
const FILL_PAGE = 500;

/**
 * The one loop that follows the change log for a handler: it reads the log after its durable
 * checkpoint, hands the changed entities of each batch to the handler, and moves the checkpoint only once
 * the handler's work is durable: at-least-once, so a crash at any point loses nothing. A named lease in
 * Neo4j keeps one follower of a name active among neohub processes; its term fences every checkpoint
 * move (and the handler's own writes, through the fence it is given) of a follower that lost it. When the
 * retention compacted entries the checkpoint had not reached, the handler fills from the store.
 */
export class ChangeLogFollower {
  private readonly id = randomUUID();
  private running = false;
  private loop: Promise<void> | undefined;
  /** The lease while this follower holds it; the renewal timer drops it when another holder has it. */
  private token: LeaseToken | undefined;
  private renewer: NodeJS.Timeout | undefined;
  /** The durable checkpoint, known while the lease is held (no read per idle round). */
  private durable: number | undefined;
  private readonly name: string;
  private readonly label: string;
  private readonly startAt: 'beginning' | 'head';
  private readonly batchSize: number;
  private readonly idleMs: number;
  private readonly leaseMs: number;
  private readonly renewMs: number;
  private readonly coalesce: CoalesceOptions | false;
  private readonly depth: number;
  /** Failures of the loop: an outage of the store or of the handler's target is logged once. */
  private readonly failures: LoopFailures;
  /** Changes waiting to be gathered into a batch: when first seen, and the head and when it last moved. */
  private gathering: { since: number; head: number; movedAt: number } | undefined;
  /** Since when the loop has found nothing new (undefined while there are changes). */
  private idleFrom: number | undefined;
  /** The highest change-log position a caller of `waitFor` in this process waits for. */
  private wanted = 0;
  /** Work started but not yet durable, oldest first, with the change-log positions each one covers. */
  private inFlight: { from: number; seq: number; done: PendingWork }[] = [];
  /** Where the next batch is read from: past the durable checkpoint by what is in flight. */
  private cursor: number | undefined;
  /** Ends the loop's wait between rounds at once: a stop does not sit out a standby's wait for the lease. */
  private wake: (() => void) | undefined;

  constructor(
    private readonly state: SyncStateStore,
    private readonly handler: ChangeHandler,
    private readonly log: Logger,
    opts: FollowerOptions,
  ) {
    this.name = opts.name;
    this.label = opts.label;
    this.startAt = opts.startAt ?? 'beginning';
    this.batchSize = opts.batchSize ?? 200;
    this.idleMs = opts.idleMs ?? 100;
    this.leaseMs = opts.leaseMs ?? 15_000;
    this.renewMs = opts.renewMs ?? this.leaseMs / 3;
    this.coalesce = opts.coalesce ?? false;
    this.depth = opts.inFlight ?? 1;
    this.failures = new LoopFailures(log, opts.label);
  }

  /** The follower's lease, as stored. */
  get lease(): string {
    return followerLease(this.name);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Finishes the round under way, then stops and lets the lease go (another process takes over). */
  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    this.loop = undefined;
    const token = this.token;
    this.drop();
    if (token) await this.state.release(token).catch(() => undefined);
  }

  /**
   * The loop: while another process holds the lease, try again every third of its time; while holding
   * it, follow the change log, and when there is nothing new, sleep (an idle round reads the head and
   * writes nothing; the renewal timer extends the lease every third of its time).
   */
  private async run(): Promise<void> {
    while (this.running) {
      try {
        const token = this.token ?? (await this.claim());
        if (!token) {
          await this.pause(this.leaseMs / 3);
          continue;
        }
        const n = await this.step(token, this.depth, this.coalesce);
        this.failures.succeeded();
        if (n === 0) await this.pause(this.idleMs);
      } catch (err) {
        this.discardInFlight();
        if (err instanceof LeaseLostError) {
          this.log.warn({ lease: this.lease }, `${this.label}: lease passed to another process`);
          this.drop();
          continue;
        }
        this.failures.failed(err);
        await this.pause(1000);
      }
    }
    if (this.token)
      await this.settle(this.token, 0).catch((err: unknown) =>
        this.log.error({ err }, `${this.label} failed at stop`),
      );
  }

  /**
   * Takes the lease if it is free, and renews it from then on; undefined if another holds it. Then finds
   * where to start: the checkpoint; the head for a follower that starts there and never ran; after a fill
   * from the store when the log was compacted past the checkpoint.
   */
  private async claim(): Promise<LeaseToken | undefined> {
    const token = await this.state.claim(this.lease, this.id, this.leaseMs);
    if (!token) return undefined;
    this.token = token;
    this.renewer = setInterval(() => void this.renew(token), this.renewMs);
    this.renewer.unref();
    try {
      const checkpoint = await this.state.storedCheckpoint(this.name);
      if (checkpoint === undefined && this.startAt === 'head') {
        const head = await this.state.head();
        await this.state.moveCheckpoint(this.name, head, token);
        this.durable = head;
      } else if (await this.state.compactedPast(checkpoint ?? 0)) this.durable = await this.fill(token);
      else this.durable = checkpoint ?? 0;
    } catch (err) {
      // Not following from a known place: let the lease go, so that the next claim starts over.
      this.drop();
      await this.state.release(token).catch(() => undefined);
      throw err;
    }
    return token;
  }

  /**
   * Gap recovery: the handler's fill, or every entity of the store handed over as it is now. The
   * checkpoint then moves to the head taken before, so what is written meanwhile is read again.
   */
  private async fill(token: LeaseToken): Promise<number> {
    const head = await this.state.head();
    this.log.info(
      { follower: this.name, head },
      `${this.label}: change log compacted; filling from the store`,
    );
    const fence = this.fence(token);
    if (this.handler.fill) await this.handler.fill(fence);
    else
      for (let after = ''; ;) {
        const page = await this.state.entitiesAfter(after, FILL_PAGE);
        if (!page.length) break;
        await (
          await this.handler.apply(page, fence)
        )();
        after = (page.at(-1) as ChangedEntity).urn;
      }
    await this.state.moveCheckpoint(this.name, head, token);
    return head;
  }

  private async renew(token: LeaseToken): Promise<void> {
    try {
      if (!(await this.state.renew(token, this.leaseMs)) && this.token === token) this.drop();
    } catch (err) {
      this.log.warn({ err }, `${this.label}: lease renewal failed`);
    }
  }

  /** Forgets the lease (lost or released): work in flight is fenced by its term and fails. */
  private drop(): void {
    clearInterval(this.renewer);
    this.renewer = undefined;
    this.token = undefined;
    this.durable = undefined;
  }

  /**
   * Processes one batch of the change log, durably, holding the lease for it (and letting it go after,
   * unless the running loop holds it); returns how many entries it consumed. Throws when another process
   * holds the lease.
   */
  async runOnce(): Promise<number> {
    const held = this.token;
    const token = held ?? (await this.claim());
    if (!token) throw new Error(`The lease ${this.lease} is held by another process`);
    try {
      return await this.step(token, 1, false);
    } finally {
      if (!held && !this.running) {
        this.drop();
        await this.state.release(token);
      }
    }
  }

  /**
   * Reads the next batch after what is in flight and hands it to the handler, then waits for the oldest
   * work until fewer than `depth` remain (all of it when the log has nothing new), moving the durable
   * checkpoint past each as it completes. With a handler whose target works through a task queue, the
   * next batch is read while the target applies the last ones. With `coalesce`, new changes are left to
   * gather first (see `CoalesceOptions`); a round that leaves them returns 0, like one that found none.
   */
  private async step(token: LeaseToken, depth: number, coalesce: CoalesceOptions | false): Promise<number> {
    const from = this.cursor ?? this.durable ?? (await this.state.checkpoint(this.name));
    const waiting = coalesce ? !(await this.gathered(from, coalesce)) : (await this.state.head()) <= from;
    if (waiting) {
      await this.settle(token, 0);
      return 0;
    }
    const { entities, lastSeq, entries } = await this.state.changedSince(from, this.batchSize);
    if (lastSeq !== from) {
      this.inFlight.push({
        from,
        seq: lastSeq,
        done: await this.handler.apply(entities, this.fence(token), { after: from, last: lastSeq }),
      });
      this.cursor = lastSeq;
    }
    await this.settle(token, lastSeq === from ? 0 : depth - 1);
    return lastSeq === from ? 0 : Math.max(entries, 1);
  }

  /**
   * Whether the changes after `from` are to be handed over now, read from the change log's head alone
   * (one counter read per idle round): false while there are none, or while they are still gathering.
   */
  private async gathered(from: number, c: CoalesceOptions): Promise<boolean> {
    const head = await this.state.head();
    const now = Date.now();
    if (head <= from) {
      this.gathering = undefined;
      this.idleFrom ??= now;
      return false;
    }
    // The first change after a quiet spell is handed over at once (a lone write waits for nothing).
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

  /** Waits for the oldest work in flight until at most `keep` remain, moving the checkpoint past each. */
  private async settle(token: LeaseToken, keep: number): Promise<void> {
    while (this.inFlight.length > keep) {
      const oldest = this.inFlight[0] as { from: number; seq: number; done: PendingWork };
      await oldest.done();
      this.inFlight.shift();
      await this.state.moveCheckpoint(this.name, oldest.seq, token, oldest.seq - oldest.from);
      if (this.token === token) this.durable = oldest.seq;
    }
    if (!this.inFlight.length) this.cursor = undefined;
  }

  /** Forgets the work in flight: the next batch is read again from the durable checkpoint. */
  private discardInFlight(): void {
    this.inFlight = [];
    this.cursor = undefined;
    this.durable = undefined;
  }

  async status(): Promise<FollowerStatus> {
    const [checkpoint, head] = await Promise.all([this.state.checkpoint(this.name), this.state.head()]);
    return { checkpoint, head, lag: Math.max(0, head - checkpoint), active: this.token !== undefined };
  }

  /** The wait between two rounds of the loop, cut short by `stop`. */
  private pause(ms: number): Promise<void> {
    if (!this.running) return Promise.resolve();
    return new Promise((resolve) => {
      const end = (): void => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
      const timer = setTimeout(end, ms);
      this.wake = end;
    });
  }

  /** Whether this follower holds its lease (is the one following). */
  get active(): boolean {
    return this.token !== undefined;
  }

  /** A caller waits for change-log entry `seq`: the running loop stops gathering changes before it. */
  want(seq: number): void {
    this.wanted = Math.max(this.wanted, seq);
  }

  /** Resolves once the checkpoint has reached change-log entry `seq` (false when the time runs out). */
  async waitFor(seq: number, timeoutMs = 10_000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    this.want(seq);
    while (Date.now() < deadline) {
      if ((await this.state.checkpoint(this.name)) >= seq) return true;
      await sleep(25);
    }
    return false;
  }
}

/**
 * A handler that owns its follower (the search sync, the test results): the wiring starts and stops it,
 * and a test runs one round of it.
 */
export abstract class FollowingWorker implements ChangeHandler {
  protected readonly follower: ChangeLogFollower;

  protected constructor(state: SyncStateStore, log: Logger, opts: FollowerOptions) {
    this.follower = new ChangeLogFollower(state, this, log, opts);
  }

  abstract apply(entities: readonly ChangedEntity[], fence: Fence, range?: LogRange): Promise<PendingWork>;

  /** Starts following the change log (once: a second call changes nothing). */
  start(): void {
    this.follower.start();
  }

  /** Finishes the round under way, then stops and lets the lease go (another process takes over). */
  stop(): Promise<void> {
    return this.follower.stop();
  }

  /** One round under the lease, durably: how many change-log entries it consumed. */
  runOnce(): Promise<number> {
    return this.follower.runOnce();
  }
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

import type { Logger } from '../../src/logger.js';
import type {
  DocumentSource,
  EntityRef,
  Fence,
  PendingWrite,
  SearchIndex,
  SyncControl,
  SyncStatus,
} from '../model/index.js';
import { FollowingWorker, type CoalesceOptions, type SyncStateStore } from '../../src/store/index.js';

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
 * Under a steady stream of writes a round gathers up to three seconds of them (fewer, larger index
 * transactions leave more of the machine to the writes); once the writes stop, 400 ms of quiet start
 * the last round, so the index is current well under two seconds after the last write.
 */
const DEFAULT_COALESCE: CoalesceOptions = { entries: 10_000, quietMs: 400, maxWaitMs: 3_000 };

/** Batches the running sync keeps in flight (written but not yet durable) while it reads the next. */
const MAX_IN_FLIGHT = 8;

/**
 * Mirrors the latest state of changed entities into the search index: a handler of the change-log
 * follower (its lease and checkpoint are named after the index, so the workers of different indexes run
 * side by side). For each batch it rebuilds the documents of the changed entities from the store and
 * writes them, fenced by the follower's lease; the follower moves the checkpoint once they are durable,
 * so a crash at any point loses nothing. When the log was compacted past the checkpoint (a new index, or
 * one reset to rebuild), the follower hands over every entity of the store.
 */
export class SearchSyncWorker extends FollowingWorker implements SyncControl {
  constructor(
    state: SyncStateStore,
    private readonly documents: DocumentSource,
    private readonly index: SearchIndex,
    log: Logger,
    opts: WorkerOptions = {},
  ) {
    super(state, log, {
      name: index.checkpoint,
      label: 'search sync',
      batchSize: opts.batchSize ?? 200,
      idleMs: opts.idleMs ?? 100,
      ...(opts.leaseMs !== undefined ? { leaseMs: opts.leaseMs } : {}),
      ...(opts.renewMs !== undefined ? { renewMs: opts.renewMs } : {}),
      coalesce: opts.coalesce ?? DEFAULT_COALESCE,
      inFlight: MAX_IN_FLIGHT,
    });
  }

  /** Builds the documents of the changed entities and starts writing them; the wait for all of it. */
  apply(entities: readonly EntityRef[], fence: Fence): Promise<PendingWrite> {
    return this.startReindex(entities, fence);
  }

  /** Rebuilds the documents of these entities from the store (also what restoreIndices uses). */
  async reindex(entities: readonly EntityRef[]): Promise<void> {
    await (
      await this.startReindex(entities, undefined)
    )();
  }

  private async startReindex(
    entities: readonly EntityRef[],
    fence: Fence | undefined,
  ): Promise<PendingWrite> {
    const waits: PendingWrite[] = [];
    for (let i = 0; i < entities.length; i += DOCS_PER_WRITE) {
      const { docs, removed } = await this.documents.documents(entities.slice(i, i + DOCS_PER_WRITE));
      waits.push(await this.index.write(docs, removed, fence));
    }
    return async () => {
      for (const w of waits) await w();
    };
  }

  status(): Promise<SyncStatus> {
    return this.follower.status();
  }

  /** Whether this worker holds its lease (is the one syncing the index). */
  get active(): boolean {
    return this.follower.active;
  }

  /** A caller waits for change-log entry `seq`: the running loop stops gathering changes before it. */
  want(seq: number): void {
    this.follower.want(seq);
  }

  /** Resolves once the index has caught up with change-log entry `seq` (or the time runs out). */
  waitFor(seq: number, timeoutMs = 10_000): Promise<boolean> {
    return this.follower.waitFor(seq, timeoutMs);
  }
}

/**
 * Entities whose documents are built and written together: large enough that the fixed cost of a commit
 * to the full-text index is spread thin (at 200 per transaction it was about half of the write's cost).
 * The index adapter splits very large documents into more transactions (the embedded one at 16 MB).
 */
const DOCS_PER_WRITE = 5000;

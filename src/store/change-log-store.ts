import type { Executor, Tx } from './executor.js';
import { FOLLOWER_LEASE_PREFIX } from './sync-state.js';
import { readChangeLog, readHead, readRecentUrns, type LoggedChange } from './read-change-log.js';

/** Change-log nodes deleted per transaction by a compaction. */
const COMPACT_BATCH = 1000;

/**
 * The change log as its readers outside the write path see it: the events API reads it by position,
 * and the retention compacts it. Positions are entry numbers; they follow commit order.
 */
export class ChangeLogStore {
  constructor(private readonly exec: Executor) {}

  /** The last position written (0 before any write). */
  async head(): Promise<number> {
    return this.exec.read(readHead);
  }

  /** The URNs of the last `max` entries, newest first (values are not read). */
  async recentUrns(max: number): Promise<string[]> {
    return this.exec.read((tx) => readRecentUrns(tx, max));
  }

  /** Up to `max` entries after `after`, in order, with their values. */
  async read(after: number, max: number): Promise<LoggedChange[]> {
    return this.exec.read((tx) => readChangeLog(tx, after, max));
  }

  /**
   * The position just before the first transaction logged at or after `time` (epoch millis): reading
   * after it gives what was logged since. The head when nothing was.
   */
  async positionAt(time: number): Promise<number> {
    return this.exec.read(async (tx) => {
      const res = await tx.run<{ seq: number }>(
        `MATCH (c:ChangeLog) WHERE c.loggedAt >= $time
         RETURN c.seq AS seq ORDER BY c.loggedAt LIMIT 1`,
        { time },
      );
      const seq = res.records[0]?.get('seq');
      return seq === undefined ? readHead(tx) : seq - 1;
    });
  }

  /**
   * Deletes the transactions logged before `before` (epoch millis), but none that a change-log follower
   * has still to read: the named checkpoints (a checkpoint never taken keeps everything) and that of any
   * follower whose lease is held now (another process's index, the test results, a publisher). A
   * follower whose entries did go (it was down) fills from the store when it starts again. Concurrent compactions (several
   * processes) take turns on one lock. Returns how many entries went.
   */
  async compact(before: number, checkpoints: readonly string[]): Promise<number> {
    let removed = 0;
    for (;;) {
      const n = await this.exec.write((tx) => compactBatch(tx, before, checkpoints, COMPACT_BATCH));
      removed += n.entries;
      if (n.nodes < COMPACT_BATCH) return removed;
    }
  }
}

/**
 * One batch of a compaction: deletes up to `batch` change-log nodes logged before `before` that no
 * follower has still to read (see `ChangeLogStore.compact`), under the retention's lock. Returns how many
 * nodes went and how many entries they held.
 */
export async function compactBatch(
  tx: Tx,
  before: number,
  checkpoints: readonly string[],
  batch: number,
): Promise<{ entries: number; nodes: number }> {
  // The batch is taken in a subquery so that its `LIMIT` stops the read of the loggedAt index at the batch:
  // after the write above it, a `WITH c LIMIT` was planned as `ExhaustiveLimit`, each batch reading every old entry.
  const res = await tx.run<{ entries: number; nodes: number }>(
    `MERGE (l:Counter {name: 'changelog-retention'}) SET l.value = timestamp()
     WITH l
     OPTIONAL MATCH (k:SyncCheckpoint) WHERE k.name IN $checkpoints
     WITH count(k) AS found, min(k.seq) AS named
     OPTIONAL MATCH (k:SyncCheckpoint), (l:Lease)
     WHERE l.name = $prefix + k.name AND l.expiresAt > timestamp()
     WITH found, named, min(k.seq) AS live
     WITH CASE WHEN found < size($checkpoints) THEN 0
               WHEN live IS NOT NULL AND live < named THEN live
               ELSE coalesce(named, 0) END AS bound
     CALL (bound) {
       MATCH (c:ChangeLog) WHERE c.loggedAt < $before AND coalesce(c.last, c.seq) <= bound
       RETURN c LIMIT $batch
     }
     WITH c, coalesce(c.last, c.seq) - c.seq + 1 AS entries
     DELETE c
     RETURN sum(entries) AS entries, count(*) AS nodes`,
    { before, checkpoints: [...checkpoints], batch, prefix: FOLLOWER_LEASE_PREFIX },
  );
  const rec = res.records[0];
  return { entries: rec?.get('entries') ?? 0, nodes: rec?.get('nodes') ?? 0 };
}

import type { Executor, Tx } from './executor.js';
import { readChangedEntities, readHead, readOldestSeq } from './read-change-log.js';

/**
 * A held lease: its name, its holder and its term. The term grows each time the lease changes hands, so
 * it fences the writes of a holder that lost the lease without knowing it (a paused process): a write
 * carrying an older term is refused.
 */
export interface LeaseToken {
  readonly name: string;
  readonly holder: string;
  readonly term: number;
}

/** Followers' leases are named after their checkpoints, under this prefix (retention reads it too). */
export const FOLLOWER_LEASE_PREFIX = 'follower:';

/** The lease of the change-log follower named `name` (its checkpoint has the same name). */
export const followerLease = (name: string): string => `${FOLLOWER_LEASE_PREFIX}${name}`;

/** The write of a holder whose lease has passed to another (or whose term is gone) was refused. */
export class LeaseLostError extends Error {
  constructor(readonly token: LeaseToken) {
    super(`Lease ${token.name} (term ${token.term}) is no longer held by ${token.holder}`);
    this.name = 'LeaseLostError';
  }
}

/**
 * Inside a write transaction: refuses it unless `token` still holds its lease, and locks the lease node,
 * so that a takeover waits for this transaction and this transaction never commits after a takeover.
 */
export async function fenceLease(tx: Tx, token: LeaseToken): Promise<void> {
  const res = await tx.run(
    `MATCH (l:Lease {name: $name, holder: $holder, term: $term})
     SET l.fencedAt = timestamp()
     RETURN 1 AS held`,
    { ...token },
  );
  if (!res.records.length) throw new LeaseLostError(token);
}

/** Who hears of the followers' progress (the service's metrics, through the wiring). */
export interface FollowerProgress {
  /** A follower's checkpoint moved past `entries` change-log entries it applied. */
  applied(follower: string, entries: number): void;
}

/**
 * The state of the change-log followers in Neo4j: the leases that keep one follower of a name active,
 * their durable checkpoints in the change log, and the change log's head. `ChangeLogFollower`'s only way
 * to it; `progress` hears of each checkpoint moved past applied entries.
 */
export class SyncStateStore {
  constructor(
    private readonly exec: Executor,
    private readonly progress?: FollowerProgress,
  ) {}

  /**
   * Takes the lease when it is free, expired or already this holder's, for `ttlMs` on Neo4j's clock;
   * undefined when another holder has it. A new holder gets the next term.
   */
  async claim(name: string, holder: string, ttlMs: number): Promise<LeaseToken | undefined> {
    return this.exec.write(async (tx) => {
      const res = await tx.run<{ mine: boolean; term: number }>(
        `MERGE (l:Lease {name: $name})
         WITH l, (l.holder IS NULL OR l.holder = $holder OR coalesce(l.expiresAt, 0) < timestamp()) AS mine
         WITH l, mine, mine AND coalesce(l.holder, '') <> $holder AS takeover
         SET l.term = CASE WHEN takeover THEN coalesce(l.term, 0) + 1 ELSE coalesce(l.term, 0) END,
             l.holder = CASE WHEN mine THEN $holder ELSE l.holder END,
             l.expiresAt = CASE WHEN mine THEN timestamp() + $ttl ELSE l.expiresAt END
         RETURN mine, l.term AS term`,
        { name, holder, ttl: ttlMs },
      );
      const rec = res.records[0];
      return rec?.get('mine') === true ? { name, holder, term: rec.get('term') } : undefined;
    });
  }

  /** Extends a held lease by `ttlMs`; false when it has passed to another holder (a new term). */
  async renew(token: LeaseToken, ttlMs: number): Promise<boolean> {
    return this.exec.write(async (tx) => {
      const res = await tx.run(
        `MATCH (l:Lease {name: $name, holder: $holder, term: $term})
         SET l.expiresAt = timestamp() + $ttl RETURN 1 AS held`,
        { ...token, ttl: ttlMs },
      );
      return res.records.length > 0;
    });
  }

  /** Lets the lease go at once (a stopping worker), if still held. */
  async release(token: LeaseToken): Promise<void> {
    await this.exec.write((tx) =>
      tx.run('MATCH (l:Lease {name: $name, holder: $holder, term: $term}) SET l.expiresAt = 0', {
        ...token,
      }),
    );
  }

  /** Whether `token` still holds its lease (a read: for writes outside Neo4j, just before they start). */
  async holds(token: LeaseToken): Promise<boolean> {
    return this.exec.read(async (tx) => {
      const res = await tx.run(
        'MATCH (l:Lease {name: $name, holder: $holder, term: $term}) RETURN 1 AS held',
        { ...token },
      );
      return res.records.length > 0;
    });
  }

  /** A lease as stored: its holder, term and expiry in epoch millis (undefined when never taken). */
  async lease(name: string): Promise<{ holder: string; term: number; expiresAt: number } | undefined> {
    return this.exec.read(async (tx) => {
      const res = await tx.run<{ holder: string; term: number; expiresAt: number }>(
        'MATCH (l:Lease {name: $name}) RETURN l.holder AS holder, l.term AS term, l.expiresAt AS expiresAt',
        { name },
      );
      return res.records[0]?.toObject();
    });
  }

  /** The change-log position an index has durably reached (0 before its first batch). */
  async checkpoint(name: string): Promise<number> {
    return this.exec.read(async (tx) => {
      const res = await tx.run<{ seq: number }>(
        'MATCH (c:SyncCheckpoint {name: $name}) RETURN c.seq AS seq',
        { name },
      );
      return res.records[0]?.get('seq') ?? 0;
    });
  }

  /** The stored checkpoint, or undefined when the follower of that name never moved it. */
  async storedCheckpoint(name: string): Promise<number | undefined> {
    return this.exec.read(async (tx) => {
      const res = await tx.run<{ seq: number | null }>(
        'MATCH (c:SyncCheckpoint {name: $name}) RETURN c.seq AS seq',
        { name },
      );
      return res.records[0]?.get('seq') ?? undefined;
    });
  }

  /**
   * Moves a checkpoint forward to `seq` (never back), fenced by the lease: throws `LeaseLostError` when
   * `token` no longer holds it, and then nothing moves. `applied`: the change-log entries the follower
   * applied to get there (none for a start at the head or a fill), which `progress` hears of once moved.
   */
  async moveCheckpoint(name: string, seq: number, token: LeaseToken, applied = 0): Promise<void> {
    await this.exec.write(async (tx) => {
      await fenceLease(tx, token);
      await tx.run(
        `MERGE (c:SyncCheckpoint {name: $name})
         SET c.seq = CASE WHEN c.seq IS NULL OR c.seq < $seq THEN $seq ELSE c.seq END, c.term = $term`,
        { name, seq, term: token.term },
      );
    });
    if (applied > 0) this.progress?.applied(name, applied);
  }

  /** Starts a checkpoint over from the beginning of the change log (an index rebuilt from scratch). */
  async resetCheckpoint(name: string): Promise<void> {
    await this.exec.write((tx) => tx.run('MATCH (c:SyncCheckpoint {name: $name}) SET c.seq = 0', { name }));
  }

  /** Every follower's checkpoint, by name (0 for one that never moved it). */
  async checkpoints(): Promise<{ name: string; seq: number }[]> {
    return this.exec.read(async (tx) => {
      const res = await tx.run<{ name: string; seq: number | null }>(
        'MATCH (c:SyncCheckpoint) RETURN c.name AS name, c.seq AS seq ORDER BY name',
      );
      return res.records.map((r) => ({ name: r.get('name'), seq: r.get('seq') ?? 0 }));
    });
  }

  /** The last change-log position written (the head the sync catches up with). */
  async head(): Promise<number> {
    return this.exec.read(readHead);
  }

  /**
   * Whether the change log no longer holds everything after `checkpoint` (retention compacted entries an
   * index starting at it would need: a new index, or one reset to rebuild).
   */
  async compactedPast(checkpoint: number): Promise<boolean> {
    return this.exec.read(async (tx) => {
      const oldest = (await readOldestSeq(tx)) ?? (await readHead(tx)) + 1;
      return oldest > checkpoint + 1;
    });
  }

  /** A page of the entities the store holds (not stubs), in URN order after `after`. */
  async entitiesAfter(after: string, limit: number): Promise<{ urn: string; entityType: string }[]> {
    return this.exec.read(async (tx) => {
      const res = await tx.run<{ urn: string; entityType: string }>(
        `MATCH (n:Entity) WHERE n.urn > $after AND n.hasKey
         RETURN n.urn AS urn, n.entityType AS entityType ORDER BY n.urn LIMIT $limit`,
        { after, limit },
      );
      return res.records.map((r) => r.toObject());
    });
  }

  /** The entities changed after `from`, coalesced, up to `limit` change-log entries. */
  async changedSince(from: number, limit: number): Promise<Awaited<ReturnType<typeof readChangedEntities>>> {
    return this.exec.read((tx) => readChangedEntities(tx, from, limit));
  }
}

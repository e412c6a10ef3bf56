/**
 * The one change-log follower (issue 36) with a handler of the test's own: a follower that stalls and
 * loses its lease moves no checkpoint after the one that took over; one that starts at the head sees only
 * what comes after; a second follower of the same name waits while the first holds the lease, and stops at
 * once when told to. The compacted log (gap recovery) is in the retention test of `http/events.test.ts`,
 * which compacts.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { defaultRegistry } from '../../src/registry/index.js';
import { IngestService, SYSTEM_ACTOR } from '../../src/services/index.js';
import {
  ChangeLogFollower,
  ChangeLogStore,
  createDriver,
  Executor,
  followerLease,
  LeaseLostError,
  Neo4jStore,
  SyncStateStore,
  type ChangedEntity,
  type ChangeHandler,
  type PendingWork,
} from '../../src/store/index.js';
import { checkpointAtHead } from '../support/sync.js';
import { asSystemView, datasetUrn, graphTarget, mcp, unique } from '../support/runtime.js';

const g = graphTarget();
const exec = new Executor(createDriver(g.uri, g.user, g.password), createLogger('error'), undefined);
afterAll(() => exec.close());
const log = createLogger('silent');
const state = new SyncStateStore(exec);
const ingest = asSystemView(new IngestService(defaultRegistry(), new Neo4jStore(exec), log));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const write = (urn: string, name: string) =>
  ingest.ingest([mcp(urn, 'datasetProperties', { name })], { actor: SYSTEM_ACTOR });

/** Records the URNs it is handed; can be held back before its work is durable. */
class Recorder implements ChangeHandler {
  readonly seen: string[] = [];
  gate: Promise<void> | undefined;
  stalled: (() => void) | undefined;
  async apply(entities: readonly ChangedEntity[]): Promise<PendingWork> {
    if (this.gate) {
      this.stalled?.();
      await this.gate;
    }
    this.seen.push(...entities.map((e) => e.urn));
    return async () => undefined;
  }
}

describe('the change-log follower', () => {
  it('fences a follower that stalled past its lease: its checkpoint move is refused, the new holder keeps its place', async () => {
    const name = await checkpointAtHead(state, 'follower-test');
    const urn = datasetUrn(`follower_stall_${unique()}`);
    await write(urn, 'one');

    const a = new Recorder();
    let release!: () => void;
    a.gate = new Promise((r) => (release = r));
    const stalled = new Promise<void>((r) => (a.stalled = r));
    const fa = new ChangeLogFollower(state, a, log, { name, label: 'a', leaseMs: 800, renewMs: 3_600_000 });
    const aRun = fa.runOnce();
    aRun.catch(() => undefined);
    await stalled;
    await write(urn, 'two');
    await sleep(1000);

    const b = new Recorder();
    const fb = new ChangeLogFollower(state, b, log, { name, label: 'b' });
    while ((await fb.runOnce()) > 0);
    expect(b.seen).toContain(urn);
    const reached = (await fb.status()).checkpoint;
    expect(reached).toBe(await state.head());

    release();
    await expect(aRun).rejects.toBeInstanceOf(LeaseLostError);
    expect(await state.checkpoint(name)).toBe(reached);
    expect((await state.lease(followerLease(name)))?.term).toBeGreaterThan(0);
  });

  it('starts at the head when it never ran and starts there; one of the same name waits while it holds the lease', async () => {
    const name = `follower-head-${unique()}`;
    const before = datasetUrn(`follower_before_${unique()}`);
    await write(before, 'before');
    const handler = new Recorder();
    const follower = new ChangeLogFollower(state, handler, log, {
      name,
      label: 'head',
      startAt: 'head',
      idleMs: 20,
    });
    follower.start();
    try {
      for (let i = 0; i < 100 && !follower.active; i++) await sleep(20);
      expect(follower.active).toBe(true);
      const after = datasetUrn(`follower_after_${unique()}`);
      const res = await write(after, 'after');
      const seq = Math.max(...res.changeLog.map((c) => c.seq));
      expect(await follower.waitFor(seq, 10_000)).toBe(true);
      expect(handler.seen).toContain(after);
      expect(handler.seen).not.toContain(before);

      const other = new ChangeLogFollower(state, new Recorder(), log, { name, label: 'other' });
      await expect(other.runOnce()).rejects.toThrow(/held by another process/);

      // A standby waits a third of its lease between tries (here 200 s); told to stop, it stops at once.
      const standby = new ChangeLogFollower(state, new Recorder(), log, {
        name,
        label: 'standby',
        leaseMs: 600_000,
      });
      standby.start();
      await sleep(200);
      expect(standby.active).toBe(false);
      const stopped = standby.stop().then(() => 'stopped');
      expect(await Promise.race([stopped, sleep(5_000).then(() => 'still waiting')])).toBe('stopped');
    } finally {
      await follower.stop();
    }
    // Stopped, it let the lease go: another follower of the name takes it at once.
    const next = new Recorder();
    await new ChangeLogFollower(state, next, log, { name, label: 'next' }).runOnce();
    expect((await state.lease(followerLease(name)))?.holder).not.toBe(undefined);
  });
});

describe('the change log read newest first', () => {
  it("gives the last entries' URNs, newest first, without their values, across transactions", async () => {
    const [a, b, c] = ['a', 'b', 'c'].map((n) => datasetUrn(`recent_${n}_${unique()}`)) as [
      string,
      string,
      string,
    ];
    await ingest.ingest(
      [mcp(a, 'datasetProperties', { name: 'a' }), mcp(b, 'datasetProperties', { name: 'b' })],
      {
        actor: SYSTEM_ACTOR,
      },
    );
    await write(c, 'c');
    const recent = await new ChangeLogStore(exec).recentUrns(50);
    expect([...new Set(recent.filter((u) => [a, b, c].includes(u)))]).toEqual([c, b, a]);
    expect(await new ChangeLogStore(exec).recentUrns(1)).toHaveLength(1);
  });
});

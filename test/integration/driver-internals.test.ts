import neo4j, { type Driver, type Record as Neo4jRecord } from 'neo4j-driver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { subscribeWithFlow, withoutCallerStack, type DriverFlow } from '../../src/store/driver-internals.js';
import { Executor } from '../../src/store/index.js';
import { graphTarget } from '../support/runtime.js';

/**
 * The flow control of a result (`Result._subscribe` and its stream observer's `pause` and `resume`,
 * `src/store/driver-internals.ts`) on the pinned neo4j-driver against a real Neo4j: a paused stream stops
 * asking for batches, and a resumed one reads to the end. A driver upgrade that moves or changes it fails
 * here (the socket channel's internals: test/unit/driver-internals.test.ts). And the driver's capture of
 * each statement's caller, which the executor turns off, and the stack a failed statement gets instead.
 */

let driver: Driver;
const FETCH = 100;
const ROWS = 5_000;

beforeAll(() => {
  const g = graphTarget();
  driver = neo4j.driver(g.uri, neo4j.auth.basic(g.user, g.password));
});
afterAll(async () => {
  await driver?.close();
});

const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('flow control of a result (neo4j-driver as pinned)', () => {
  it('a paused stream stops after its batch; resumed, it reads every record', async () => {
    const session = driver.session({ fetchSize: FETCH, defaultAccessMode: neo4j.session.READ });
    try {
      let count = 0;
      const held: { flow?: DriverFlow } = {};
      let done!: () => void;
      let failed!: (err: Error) => void;
      const completed = new Promise<void>((resolve, reject) => ((done = resolve), (failed = reject)));
      const result = session.run<{ i: number }>('UNWIND range(1, $n) AS i RETURN i', { n: ROWS });
      const subscribed = subscribeWithFlow(result, {
        onNext: (_rec: Neo4jRecord<{ i: number }>) => {
          if (count++ === 0) held.flow?.pause();
        },
        onCompleted: () => done(),
        onError: (err) => failed(err),
      });
      expect(subscribed).toBeDefined();
      const flow = await subscribed;
      held.flow = flow;
      expect(typeof flow?.pause).toBe('function');
      expect(typeof flow?.resume).toBe('function');
      flow?.pause();
      await settle(300);
      const read = count;
      await settle(300);
      expect(count).toBe(read);
      expect(read).toBeGreaterThan(0);
      expect(read).toBeLessThan(ROWS);
      expect(read % FETCH).toBe(0);
      flow?.resume();
      await completed;
      expect(count).toBe(ROWS);
    } finally {
      await session.close();
    }
  });

  it('answers no flow for a handle without the driver’s _subscribe', () => {
    const plain = Promise.resolve({ records: [], summary: undefined }) as never;
    expect(subscribeWithFlow(plain, { onNext: () => undefined })).toBeUndefined();
  });
});

describe("the driver's capture of a statement's caller (neo4j-driver as pinned)", () => {
  /** The error of a failed statement, run by `start` in a function named for this test. */
  async function failedWith(start: (s: ReturnType<Driver['session']>) => Promise<unknown>): Promise<Error> {
    const session = driver.session();
    try {
      return await start(session).then(
        () => new Error('the statement did not fail'),
        (err: Error) => err,
      );
    } finally {
      await session.close();
    }
  }

  it("puts the caller's stack on a failed statement's error, and none when turned off", async () => {
    const kept = await failedWith(function startedHere(s) {
      return s.run('RETURN 1 / $zero', { zero: neo4j.int(0) });
    });
    expect(kept.message).toMatch(/by zero/);
    expect(kept.stack).toContain('startedHere');
    const off = await failedWith(function startedHere(s) {
      return withoutCallerStack(() => s.run('RETURN 1 / $zero', { zero: neo4j.int(0) }));
    });
    expect(off.message).toMatch(/by zero/);
    expect(off.stack).not.toContain('startedHere');
    expect(off.stack).not.toContain('driver-internals.test.ts');
    expect(Error.stackTraceLimit).toBeGreaterThan(0);
  });

  it('gives a statement that failed through the executor the stack of its callers', async () => {
    const g = graphTarget();
    const exec = new Executor(
      neo4j.driver(g.uri, neo4j.auth.basic(g.user, g.password)),
      createLogger('error'),
      undefined,
    );
    try {
      const err = await exec
        .read((tx) => tx.run('RETURN 1 / $zero', { zero: 0 }))
        .then(
          () => new Error('the statement did not fail'),
          (e: Error) => e,
        );
      expect(err.message).toMatch(/by zero/);
      expect(err.stack).toContain('driver-internals.test.ts');
    } finally {
      await exec.close();
    }
  });
});

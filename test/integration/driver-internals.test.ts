import neo4j, { type Driver, type Record as Neo4jRecord } from 'neo4j-driver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscribeWithFlow, type DriverFlow } from '../../src/store/driver-internals.js';
import { graphTarget } from '../support/runtime.js';

/**
 * The flow control of a result (`Result._subscribe` and its stream observer's `pause` and `resume`,
 * `src/store/driver-internals.ts`) on the pinned neo4j-driver against a real Neo4j: a paused stream stops
 * asking for batches, and a resumed one reads to the end. A driver upgrade that moves or changes it fails
 * here (the socket channel's internals: test/unit/driver-internals.test.ts).
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

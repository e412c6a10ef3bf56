import { afterAll, describe, expect, it } from 'vitest';
import { post } from '../support/http.js';
import { datasetUrn, mcp, unique } from '../support/runtime.js';
import { eventually, startNeohub, type NeohubProcess } from '../support/processes.js';

// neohub as `npm start` runs it: the search sync on a thread of its own (the in-process test servers,
// loaded as TypeScript, run it on the request thread).
let server: NeohubProcess | undefined;
afterAll(async () => {
  await server?.stop();
});

const SYNC = { 'X-DataHub-Sync-Index-Update': 'true' };

describe('the search sync on its own thread (a neohub process)', () => {
  it('holds the lease, indexes every write, answers a wait for the index, and stops cleanly', async () => {
    server = await startNeohub(
      { NEOHUB_AUTH: 'off', NEOHUB_TEST_RESULTS_SYNC: 'false' },
      { timeoutMs: 60_000 },
    );
    const { base } = server;
    // The thread takes the lease (a test server killed before this one may hold it for its 15 s).
    const active = async (): Promise<boolean> =>
      ((await (await fetch(`${base}/health/search`)).json()) as { active: boolean }).active;
    expect(await eventually(active, 60_000)).toBe(true);
    expect(server.output()).toContain('search sync started on its own thread');

    const word = `thread${unique()}`;
    const proposals = Array.from({ length: 30 }, (_, i) =>
      mcp(datasetUrn(`${word}.t${i}`), 'datasetProperties', { description: `${word} table ${i}` }),
    );
    // Answered only once the index has the writes: the wait is told to the thread, which stops
    // gathering changes; the search right after finds all of them.
    const written = await post(
      base,
      '/aspects?action=ingestProposalBatch',
      { proposals, async: 'false' },
      SYNC,
    );
    expect(written.status).toBe(200);
    const query = { entity: 'dataset', input: word, start: 0, count: 50 };
    const found = await post(base, '/entities?action=search', query);
    expect([found.status, found.body.value.numEntities]).toEqual([200, 30]);

    const lag = (await (await fetch(`${base}/health/search`)).json()) as { lag: number };
    expect(lag.lag).toBe(0);
    // The thread's progress is counted in the process's metrics: the thread posts it to this side.
    const counted = async (): Promise<boolean> =>
      /^neohub_follower_applied_total\{follower="[^"]+"\} [1-9]/m.test(
        await (await fetch(`${base}/actuator/prometheus`)).text(),
      );
    expect(await eventually(counted, 10_000, 100)).toBe(true);

    // SIGTERM: the thread finishes its round and lets the lease go; the process exits by itself.
    await server.stop();
    expect(await server.exited).toBe(0);
    expect(server.output()).not.toContain('search sync thread failed');
    server = undefined;
  });
});

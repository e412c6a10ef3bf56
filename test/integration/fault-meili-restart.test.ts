import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { defaultRegistry } from '../../src/registry/index.js';
import type { Runtime } from '../../src/runtime.js';
import { createDriver, Executor, followerLease, SyncStateStore } from '../../src/store/index.js';
import { MeiliSearchIndex } from '../../search-sync/index.js';
import { datasetUrn, graphTarget, mcp, post, startTestServer, unique } from '../support/runtime.js';
import { eventually, freePort } from '../support/processes.js';

/** The Meilisearch build for tests beside the project; without it this suite is skipped (and says so). */
const BIN = path.resolve('..', 'shared', 'tools', 'meilisearch', 'meilisearch');
const dir = mkdtempSync(path.join(os.tmpdir(), 'neohub-fault-meili-'));
const key = randomBytes(24).toString('hex');
const g = graphTarget();
const exec = new Executor(createDriver(g.uri, g.user, g.password), createLogger('error'), undefined);
let meili: ChildProcess | undefined;
let runtime: Runtime | undefined;
afterAll(async () => {
  await runtime?.stop();
  await stopMeili();
  await exec.close();
  rmSync(dir, { recursive: true, force: true });
});

async function startMeili(port: number): Promise<void> {
  const child = spawn(
    BIN,
    ['--db-path', path.join(dir, 'db'), '--http-addr', `127.0.0.1:${port}`, '--master-key', key],
    { cwd: dir, stdio: 'ignore', env: { ...process.env, MEILI_NO_ANALYTICS: 'true' } },
  );
  meili = child;
  const up = await eventually(async () => (await fetch(`http://127.0.0.1:${port}/health`)).ok, 120_000);
  if (!up) throw new Error('Meilisearch did not start');
}

async function stopMeili(): Promise<void> {
  const child = meili;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** The tagged datasets search finds, through Rest.li search. */
async function found(base: string, token: string): Promise<{ status: number; total: number }> {
  const res = await post(base, '/entities?action=search', {
    input: token,
    entity: 'dataset',
    start: 0,
    count: 0,
  });
  return { status: res.status, total: res.status === 200 ? res.body.value.numEntities : -1 };
}

describe.skipIf(!existsSync(BIN))('fault: Meilisearch is stopped and started again', () => {
  it('keeps writes going, answers search with 503 while it is down, and catches up after', async () => {
    const port = await freePort();
    await startMeili(port);
    const host = `http://127.0.0.1:${port}`;
    const uid = `fault_${unique()}`;
    // This index follows the change log from its head: the test's writes are all it has to sync.
    const checkpoint = new MeiliSearchIndex({ host, apiKey: key, index: uid }, defaultRegistry()).checkpoint;
    const state = new SyncStateStore(exec);
    const setup = await state.claim(followerLease(checkpoint), 'setup', 60_000);
    if (!setup) throw new Error('lease not free');
    await state.moveCheckpoint(checkpoint, await state.head(), setup);
    await state.release(setup);
    runtime = await startTestServer({ MEILI_HOST: host, MEILI_MASTER_KEY: key, MEILI_INDEX: uid });
    const base = runtime.url;

    const token = `meilifault${unique()}`;
    const write = async (from: number, to: number): Promise<number> => {
      const proposals = Array.from({ length: to - from }, (_, i) =>
        mcp(datasetUrn(`${token}_${from + i}`), 'datasetProperties', { description: `${token} row` }),
      );
      return (await post(base, '/aspects?action=ingestProposalBatch', { proposals })).status;
    };
    expect(await write(0, 10)).toBe(200);
    expect(await eventually(async () => (await found(base, token)).total === 10, 30_000)).toBe(true);

    await stopMeili();
    // Writes keep succeeding; search says the index is unavailable, and when to try again.
    expect(await write(10, 20)).toBe(200);
    const down = await post(base, '/entities?action=search', {
      input: token,
      entity: 'dataset',
      start: 0,
      count: 1,
    });
    expect(down.status).toBe(503);
    expect(Number(down.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await eventually(async () => (await fetch(`${base}/health`)).status === 503, 5_000)).toBe(true);
    const health = await fetch(`${base}/health`);
    expect(await health.json()).toMatchObject({ graphStore: 'up', searchIndex: 'down' });
    expect(await write(20, 30)).toBe(200);

    // Back on the same port and data: the worker catches up with what was written meanwhile.
    await startMeili(port);
    expect(await eventually(async () => (await found(base, token)).total === 30, 60_000, 500)).toBe(true);
    expect(await eventually(async () => (await fetch(`${base}/health`)).status === 200, 5_000)).toBe(true);
  }, 300_000);
});

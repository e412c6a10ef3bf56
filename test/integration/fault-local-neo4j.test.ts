import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { datasetUrn, mcp, unique } from '../support/runtime.js';
import { eventually, startNeohub, type NeohubProcess } from '../support/processes.js';
import { startWriteLoad, storedCounts } from '../support/write-load.js';

const home = mkdtempSync(path.join(os.tmpdir(), 'neohub-fault-neo4j-'));
let server: NeohubProcess | undefined;
afterAll(async () => {
  await server?.stop();
  rmSync(home, { recursive: true, force: true });
});

/** The pid of the JVM local mode runs now (it writes it beside the store). */
const neo4jPid = (): number =>
  Number(readFileSync(path.join(home, 'neo4j', 'run', 'neohub-neo4j.pid'), 'utf8').trim());

describe('fault: the embedded Neo4j is killed under load (local mode)', () => {
  it('is started again; no acknowledged write is lost, no failed write is stored in part', async () => {
    server = await startNeohub(
      { NEOHUB_HOME: home, NEOHUB_AUTH: 'off', NEOHUB_NEO4J_HEAP: '512m', NEOHUB_NEO4J_PAGECACHE: '128m' },
      { local: true, timeoutMs: 150_000 },
    );
    const base = server.base;
    const load = startWriteLoad({ base: () => base, prefix: `fault_neo4j_${unique()}` });
    expect(await eventually(async () => load.acked() >= 10, 60_000)).toBe(true);

    const killed = neo4jPid();
    process.kill(killed, 'SIGKILL');
    const killedAt = Date.now();
    // While it is down: /health says so (503 with Retry-After), /config still answers.
    expect(await eventually(async () => (await fetch(`${base}/health`)).status === 503, 10_000, 50)).toBe(
      true,
    );
    const health = await fetch(`${base}/health`);
    if (health.status === 503) {
      expect(Number(health.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await health.json()).toMatchObject({ graphStore: 'down' });
    }
    expect((await fetch(`${base}/config`)).status).toBe(200);
    // The JVM's exit reaches the supervisor a moment after the kill (on a busy machine, after the calls
    // above); a request sent before that goes to the driver, which retries it until the server is back.
    const noticed = async (): Promise<boolean> => server?.output().includes('exited unexpectedly') === true;
    expect(await eventually(noticed, 10_000, 20)).toBe(true);
    // A new request is refused at once, with when to come back (writes already under way are retried
    // inside the driver, and go through if the server is back in time).
    const refused = await fetch(`${base}/aspects?action=ingestProposal`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-RestLi-Protocol-Version': '2.0.0' },
      body: JSON.stringify({
        proposal: mcp(datasetUrn(`refused_${unique()}`), 'status', { removed: false }),
      }),
    });
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    // neohub brings it back by itself: writes are acknowledged again.
    const ackedAfter = (): number =>
      load.sent.filter((b) => b.outcome.kind === 'ok' && b.at > killedAt).length;
    expect(await eventually(async () => ackedAfter() >= 5, 150_000, 500)).toBe(true);
    await load.stop();
    expect(neo4jPid()).not.toBe(killed);
    expect((await fetch(`${base}/health`)).status).toBe(200);
    expect(server.output()).toMatch(/the local Neo4j is up again/);

    // Writes of the load that were refused were told when to come back.
    for (const r of load.sent.flatMap((b) => (b.outcome.kind === 'status' ? [b.outcome] : []))) {
      expect(r.status).toBe(503);
      expect(Number(r.retryAfter)).toBeGreaterThan(0);
    }
    // Every acknowledged batch is stored whole; every other batch whole or not at all.
    const counts = await storedCounts(base, load.sent);
    load.sent.forEach((b, i) => {
      const stored = counts[i] as number;
      if (b.outcome.kind === 'ok') expect(stored, b.marker).toBe(b.urns.length);
      else expect([0, b.urns.length], b.marker).toContain(stored);
    });

    await server.stop();
    expect(await server.exited).toBe(0);
  }, 330_000);
});

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { datasetUrn, enc, mcp, post, unique } from '../support/runtime.js';
import { freePort, MAIN as main, startNeohub, type NeohubProcess } from '../support/processes.js';

const home = mkdtempSync(path.join(os.tmpdir(), 'neohub-local-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

/** A JVM option for a server that lives seconds (no C2 compiles), passed as a user would pass one. */
const JVM_FLAG = '-XX:TieredStopAtLevel=1';

/** `npm start` as a user runs it: no NEO4J_URI, so neohub provisions and runs its own Neo4j. */
const startLocal = (port: number): Promise<NeohubProcess> =>
  startNeohub(
    { NEOHUB_HOME: home, NEOHUB_NEO4J_JVM_FLAGS: JVM_FLAG },
    { port, local: true, timeoutMs: 120_000 },
  );

function boltPort(output: string): number {
  const m = /bolt:\/\/127\.0\.0\.1:(\d+)/.exec(output);
  if (!m) throw new Error(`no Bolt address in the log: ${output}`);
  return Number(m[1]);
}

const portOpen = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });

describe('local mode (npm start with nothing configured)', () => {
  it('runs its own Neo4j, stops it on SIGTERM, and keeps the data across a restart', async () => {
    expect(existsSync(main)).toBe(true);
    const urn = datasetUrn(`local_${unique()}`);
    const port = await freePort();
    const first = await startLocal(port);
    const base = `http://127.0.0.1:${port}`;
    // NEOHUB_NEO4J_JVM_FLAGS reaches the JVM, after neohub's own options.
    const jvmArgs = readFileSync(path.join(home, 'neo4j', 'conf', 'jvm.args'), 'utf8').split('\n');
    expect(jvmArgs.indexOf(`"${JVM_FLAG}"`)).toBeGreaterThan(jvmArgs.indexOf('"-XX:+UseG1GC"'));
    // Authentication is on: the root token was generated into the home folder (0600), logged by path only.
    const tokenFile = path.join(home, 'root-token');
    const token = readFileSync(tokenFile, 'utf8').trim();
    expect(statSync(tokenFile).mode & 0o777).toBe(0o600);
    expect(first.output()).toContain(tokenFile);
    expect(first.output()).not.toContain(token);
    const write = { proposal: mcp(urn, 'datasetProperties', { description: 'kept' }) };
    expect((await post(base, '/aspects?action=ingestProposal', write)).status).toBe(401);
    const auth = { Authorization: `Bearer ${token}` };
    expect((await post(base, '/aspects?action=ingestProposal', write, auth)).status).toBe(200);
    // A second neohub on the same home refuses at once, and leaves the first one's server alone.
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(await freePort()), NEOHUB_HOME: home };
    delete env.NEO4J_URI;
    const again = spawnSync(process.execPath, [main], { env, encoding: 'utf8', timeout: 60_000 });
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/Another neohub \(pid \d+\) is already running on /);
    expect(again.stderr).toMatch(/NEOHUB_HOME/);
    expect(again.stderr).not.toMatch(/\n\s+at /);
    expect((await fetch(`${base}/health`)).status).toBe(200);
    const bolt = boltPort(first.output());
    expect(await portOpen(bolt)).toBe(true);
    first.child.kill('SIGTERM');
    const code = await new Promise((r) => first.child.once('exit', r));
    expect(code).toBe(0);
    expect(await portOpen(bolt)).toBe(false);
    expect(existsSync(path.join(home, 'neo4j', 'data'))).toBe(true);

    const second = await startLocal(port);
    expect(readFileSync(tokenFile, 'utf8').trim()).toBe(token);
    const read = await fetch(`${base}/aspects/${enc(urn)}?aspect=datasetProperties&version=0`, {
      headers: auth,
    });
    const body = (await read.json()) as { aspect: Record<string, { description: string }> };
    expect(body.aspect['com.linkedin.dataset.DatasetProperties']?.description).toBe('kept');
    second.child.kill('SIGINT');
    expect(await new Promise((r) => second.child.once('exit', r))).toBe(0);
  }, 240_000);

  it('exits with one clear message when there is no Java', () => {
    const env: NodeJS.ProcessEnv = { PATH: '/nonexistent', NEOHUB_HOME: home, PORT: '0' };
    const res = spawnSync(process.execPath, [main], { env, encoding: 'utf8', timeout: 60_000 });
    expect(res.status).toBe(1);
    expect(res.stderr).toMatch(/Java 17 or newer/);
    expect(res.stderr).toMatch(/docker compose up/);
    expect(res.stderr).not.toMatch(/\n\s+at /);
  });
});

// The test command's steps (scripts/run-tests.mjs): a command run with its output kept in a log of its
// own, the vitest runs and their counts, a free loopback port, a wait for a server to answer, and the
// run's tally (what passed, what failed, what to stop at the end).
import { spawn } from 'node:child_process';
import { appendFileSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
export const home = path.join(root, '.neohub', 'test');
export const logs = path.join(home, 'logs');
const began = Date.now();

/**
 * The run's tally. `failures` names what failed: printed again just before the last line, where a CI
 * log's tail shows it. `cleanups` run at the end, last first.
 */
export const tally = { passed: 0, failed: 0, failures: [], cleanups: [] };

export const secs = (from = began) => `${Math.round((Date.now() - from) / 1000)} s`;
export const log = (msg) => process.stdout.write(`\n== ${msg}\n`);
export const fail = (what) => {
  tally.failed++;
  tally.failures.push(what);
};

/**
 * Runs a command with its output kept in a log of its own, printed under `name` when it ends. Resolves
 * with whether it exited 0 (never rejects).
 */
export function run(name, cmd, args, opts = {}) {
  const started = Date.now();
  mkdirSync(logs, { recursive: true });
  const file = path.join(logs, `${name.replace(/[^\w.-]+/g, '_')}.log`);
  const fd = openSync(file, 'w');
  process.stdout.write(`-- ${name}: started at +${secs()}\n`);
  return new Promise((resolve) => {
    const { timeout, ...rest } = opts;
    const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', fd, fd], ...rest });
    const timer = timeout ? setTimeout(() => child.kill('SIGKILL'), timeout) : undefined;
    const done = (ok) => {
      if (timer) globalThis.clearTimeout(timer);
      closeSync(fd);
      log(`${name} (${ok ? '' : 'FAILED, '}${secs(started)}, ended at +${secs()})`);
      process.stdout.write(readFileSync(file, 'utf8'));
      resolve(ok);
    };
    child.once('error', (err) => {
      appendFileSync(file, `${err.stack ?? err}\n`);
      done(false);
    });
    child.once('exit', (code, signal) => {
      if (signal) appendFileSync(file, `\n(ended by ${signal})\n`);
      done(code === 0);
    });
  });
}

/** A counted step: one pass or one failure. */
export async function step(name, cmd, args, opts) {
  if (await run(name, cmd, args, opts)) tally.passed++;
  else fail(name);
}

export const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

/** Stops a child process (SIGTERM) and resolves once it has exited. */
export const stopChild = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });

/** Waits until `url` answers 2xx (every 500 ms, `tries` times, while `alive()`): whether it did. */
export async function waitUntilUp(url, tries, alive = () => true) {
  for (let i = 0; i < tries && alive(); i++) {
    try {
      if ((await fetch(url)).ok) return true;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

/**
 * vitest with these arguments (projects or files), counted from its JSON report under `name`; a run that
 * failed with nothing failed in its report (no test files, a global setup that threw) is one failure.
 */
export async function vitest(name, args, env = process.env) {
  const report = path.join(home, `vitest-${name.replace(/[^\w-]+/g, '_')}.json`);
  rmSync(report, { force: true });
  const argv = [
    'vitest',
    'run',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ];
  const { FORCE_COLOR: _, ...plain } = env;
  const ok = await run(`vitest: ${name}`, 'npx', argv, { env: { ...plain, NO_COLOR: '1' } });
  const before = tally.failed;
  countVitest(name, report);
  if (!ok && tally.failed === before) fail(`${name}: vitest failed (its log: .neohub/test/logs)`);
}

/** Adds a vitest JSON report's counts to the totals (a missing report or a failed suite is a failure). */
function countVitest(tier, report) {
  if (!existsSync(report)) return fail(`${tier}: no report (vitest did not finish)`);
  const r = JSON.parse(readFileSync(report, 'utf8'));
  tally.passed += r.numPassedTests;
  const suiteFailed = r.numTotalTestSuites > 0 && r.success === false && r.numFailedTests === 0;
  tally.failed += r.numFailedTests + (suiteFailed ? 1 : 0);
  const before = tally.failures.length;
  for (const file of r.testResults ?? []) {
    const where = path.relative(root, file.name);
    for (const t of file.assertionResults ?? [])
      if (t.status === 'failed') tally.failures.push(`${tier}: ${where} > ${t.fullName}`);
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'))
      tally.failures.push(`${tier}: ${where}: ${String(file.message ?? 'failed').split('\n')[0]}`);
  }
  if (suiteFailed && tally.failures.length === before)
    tally.failures.push(`${tier}: the run failed outside any test (an unhandled error or a teardown)`);
}

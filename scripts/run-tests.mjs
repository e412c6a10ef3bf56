#!/usr/bin/env node
// The test command (`npm test`, also what .ci/run calls). On a fresh clone it installs what it needs:
// npm packages, the Neo4j jars (Maven), the Python virtualenvs (pip). Then: static checks, unit and
// integration tests against a real Neo4j it starts, the fault tests, and DataHub's Python client and
// schemathesis against a real neohub. It ends with one line: `N passed, N failed`. With a tier (`unit`,
// `int`, `e2e`: the scripts test:unit, test:int, test:e2e) it runs only that tier, with the Neo4j it needs.
//
// The whole run goes in two lanes, one per core of a small machine (see LANES below); each step's output
// is kept in .neohub/test/logs and printed whole when the step ends, with how long it took.
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import {
  appendFileSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const home = path.join(root, '.neohub', 'test');
const logs = path.join(home, 'logs');
const began = Date.now();
let passed = 0;
let failed = 0;
/** What failed, by name: printed again just before the last line, where a CI log's tail shows it. */
const failures = [];
const cleanups = [];

const secs = (from) => `${Math.round((Date.now() - from) / 1000)} s`;
const log = (msg) => process.stdout.write(`\n== ${msg}\n`);
const fail = (what) => {
  failed++;
  failures.push(what);
};

/**
 * Runs a command with its output kept in a log of its own, printed under `name` when it ends. Resolves
 * with whether it exited 0 (never rejects).
 */
function run(name, cmd, args, opts = {}) {
  const started = Date.now();
  mkdirSync(logs, { recursive: true });
  const file = path.join(logs, `${name.replace(/[^\w.-]+/g, '_')}.log`);
  const fd = openSync(file, 'w');
  process.stdout.write(`-- ${name}: started at +${secs(began)}\n`);
  return new Promise((resolve) => {
    const { timeout, ...rest } = opts;
    const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', fd, fd], ...rest });
    const timer = timeout ? setTimeout(() => child.kill('SIGKILL'), timeout) : undefined;
    const done = (ok) => {
      if (timer) globalThis.clearTimeout(timer);
      closeSync(fd);
      log(`${name} (${ok ? '' : 'FAILED, '}${secs(started)}, ended at +${secs(began)})`);
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
async function step(name, cmd, args, opts) {
  if (await run(name, cmd, args, opts)) passed++;
  else fail(name);
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

/** The vitest tiers: unit (no database), int (store and services against Neo4j), e2e (over HTTP). */
const TIERS = ['unit', 'int', 'e2e'];
const only = process.argv[2];

/**
 * LANES. The run is CPU-bound on a two-core machine, so it goes in two lanes of about a core each, on
 * two Neo4j databases (the tests of one lane never see the other's writes, leases or change log):
 *   node:   the static checks, then the vitest tiers unit, int and e2e (files one after another, sharing
 *           their modules), then the Meilisearch half;
 *   python: the virtualenvs, then DataHub's Python client and schemathesis against a neohub server on
 *           the second database, then the fault tests (each with processes of its own).
 */
async function main() {
  if (only !== undefined && !TIERS.includes(only))
    throw new Error(
      `Unknown tier ${only}: run the whole suite with no argument, or one of ${TIERS.join(', ')}`,
    );
  if (!existsSync(path.join(root, 'node_modules', '.package-lock.json'))) {
    log('npm install');
    if (!(await run('npm install', 'npm', ['install', '--no-audit', '--no-fund'])))
      throw new Error('npm install failed');
  }
  mkdirSync(logs, { recursive: true });
  if (only !== undefined) return tier(only);

  // From the start, beside each other: pip (the virtualenvs) and the one compiler run, which writes
  // dist (what Neo4j's start and the Python suites' server run) and type-checks everything, tests included.
  const venvs = pythonVenvs();
  const typed = await run('build and typecheck', 'npx', ['tsc', '-p', 'tsconfig.json']);
  if (!existsSync(path.join(root, 'dist', 'src', 'main.js'))) throw new Error('build failed');
  if (typed) passed++;
  else fail('typecheck');
  const meili = startMeili();
  // The second database starts once the first is up: a new machine fetches the jars once.
  const first = neo4jEnv('neo4j');
  const second = first.then(() => neo4jEnv('neo4j-2'));

  const nodeLane = (async () => {
    await step('lint', 'npx', ['eslint', '--cache', '--cache-location', 'node_modules/.cache/eslint/', '.']);
    await step('format', 'npx', ['prettier', '--check', '--cache', '.']);
    // The unit tier checks the committed registry against the pinned model, read from the virtualenv.
    if (!(await venvs.conformance)) throw new Error('could not create .venv from test/conformance');
    await vitest('unit', ['--project', 'unit', '--fileParallelism']);
    const env = await first;
    await vitest('int', ['--project', 'int'], env);
    await vitest('e2e', ['--project', 'e2e'], env);
    await meiliHalf(env, await meili);
  })();
  const pythonLane = (async () => {
    const env = await second;
    await pythonSuites(env, venvs);
    await vitest('fault', ['--project', 'fault'], env);
  })();
  const ended = await Promise.allSettled([nodeLane, pythonLane]);
  const broken = ended.find((e) => e.status === 'rejected');
  if (broken) throw broken.reason;
}

/** One tier on its own (`npm run test:<tier>`): the int tier brings its fault tests along. */
async function tier(name) {
  if (!(await run('build', 'npm', ['run', '--silent', 'build']))) throw new Error('build failed');
  if (name === 'unit') {
    if (!(await pythonVenvs().conformance)) throw new Error('could not create .venv from test/conformance');
    return vitest('unit', ['--project', 'unit', '--fileParallelism']);
  }
  const env = await neo4jEnv('neo4j');
  await vitest(name, ['--project', name, ...(name === 'int' ? ['--project', 'fault'] : [])], env);
}

/**
 * A local Neo4j started for this run in .neohub/test/<dir> (never a configured NEO4J_URI: tests write,
 * and a database named in the environment may be someone's catalog); the environment that points at it.
 */
async function neo4jEnv(dir) {
  const started = Date.now();
  process.stdout.write(`-- Neo4j (${dir}): starting at +${secs(began)}\n`);
  const { startLocalNeo4j } = await import(path.join(root, 'dist/src/local-neo4j/index.js'));
  const out = [];
  const neo4j = await startLocalNeo4j({
    dataDir: path.join(home, dir),
    log: (m) => out.push(m),
    heap: '1g',
    pageCache: '256m',
  });
  cleanups.push(() => neo4j.stop());
  log(`Neo4j (${dir}) (${secs(started)}, up at +${secs(began)})`);
  process.stdout.write(`${out.join('\n')}\n`);
  return {
    ...process.env,
    NEO4J_URI: neo4j.uri,
    NEO4J_USER: neo4j.user,
    NEO4J_PASSWORD: neo4j.password,
  };
}

/**
 * vitest with these arguments (projects or files), counted from its JSON report under `name`; a run that
 * failed with nothing failed in its report (no test files, a global setup that threw) is one failure.
 */
async function vitest(name, args, env = process.env) {
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
  const before = failed;
  countVitest(name, report);
  if (!ok && failed === before) fail(`${name}: vitest failed (its log: .neohub/test/logs)`);
}

/**
 * The Meilisearch build for tests beside the project (`../shared/tools`), on a free loopback port: its
 * address and key once it answers, or why not.
 */
async function startMeili() {
  const bin = path.resolve(root, '..', 'shared', 'tools', 'meilisearch', 'meilisearch');
  if (!existsSync(bin)) return { skipped: `no Meilisearch build for tests at ${bin}` };
  const port = await freePort();
  // Hex: a base64url key may begin with '-', which Meilisearch's argument parser takes for a flag.
  const key = randomBytes(24).toString('hex');
  const dir = path.join(home, 'meilisearch');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const args = ['--db-path', path.join(dir, 'db'), '--http-addr', `127.0.0.1:${port}`, '--master-key', key];
  const meili = spawn(bin, [...args, '--log-level', 'WARN'], {
    cwd: dir,
    stdio: ['ignore', 'ignore', openSync(path.join(dir, 'meilisearch.log'), 'w')],
  });
  cleanups.push(
    () =>
      new Promise((resolve) => {
        if (meili.exitCode !== null) return resolve();
        meili.once('exit', resolve);
        meili.kill('SIGTERM');
      }),
  );
  const host = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240 && meili.exitCode === null; i++) {
    try {
      if ((await fetch(`${host}/health`)).ok) return { host, key };
    } catch {
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  return { failed: `Meilisearch did not start at ${host}` };
}

/**
 * The Meilisearch half: the Meilisearch contract suite with the HTTP search, browse, autocomplete and
 * structured-property tests against it. Without the build for tests, the run says why it is skipped.
 */
const MEILI_SUITES = [
  'test/integration/meili-search.test.ts',
  'test/http/restli-search.test.ts',
  'test/http/graphql-search.test.ts',
  'test/http/structured-properties.test.ts',
  'test/http/graphql-structured-properties.test.ts',
];
async function meiliHalf(env, meili) {
  if (meili.skipped) return void log(`Meilisearch half skipped: ${meili.skipped}`);
  if (meili.failed) return fail(meili.failed);
  await vitest('meilisearch', MEILI_SUITES, { ...env, MEILI_HOST: meili.host, MEILI_MASTER_KEY: meili.key });
}

/** Adds a vitest JSON report's counts to the totals (a missing report or a failed suite is a failure). */
function countVitest(tier, report) {
  if (!existsSync(report)) return fail(`${tier}: no report (vitest did not finish)`);
  const r = JSON.parse(readFileSync(report, 'utf8'));
  passed += r.numPassedTests;
  const suiteFailed = r.numTotalTestSuites > 0 && r.success === false && r.numFailedTests === 0;
  failed += r.numFailedTests + (suiteFailed ? 1 : 0);
  const before = failures.length;
  for (const file of r.testResults ?? []) {
    const where = path.relative(root, file.name);
    for (const t of file.assertionResults ?? [])
      if (t.status === 'failed') failures.push(`${tier}: ${where} > ${t.fullName}`);
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'))
      failures.push(`${tier}: ${where}: ${String(file.message ?? 'failed').split('\n')[0]}`);
  }
  if (suiteFailed && failures.length === before)
    failures.push(`${tier}: the run failed outside any test (an unhandled error or a teardown)`);
}

/** A neohub server on a free port for the Python suites: its URL once it answers, and its stop. */
async function startServer(env) {
  const port = await freePort();
  const out = openSync(path.join(logs, 'python-suites-server.log'), 'w');
  const server = spawn('node', [path.join(root, 'dist/src/main.js')], {
    cwd: root,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', NEOHUB_HOME: home, LOG_LEVEL: 'warn' },
    stdio: ['ignore', out, out],
  });
  const stop = () =>
    new Promise((resolve) => {
      if (server.exitCode !== null) return resolve();
      server.once('exit', resolve);
      server.kill('SIGTERM');
    });
  cleanups.push(stop);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return { url, stop };
}

/**
 * The two virtualenvs under .venv, one after the other (pip): DataHub's pinned client, CLI and ingestion
 * framework (.venv), and schemathesis (.venv/schemathesis: it needs a newer pytest than the client pins).
 * Each is a promise of its bin folder, or undefined.
 */
function pythonVenvs() {
  const venv = (name, dir, req) => async () => {
    const py = path.join(dir, 'bin', 'python');
    if (!existsSync(py) && !(await run(`${name} (venv)`, 'python3', ['-m', 'venv', dir]))) return undefined;
    const pip = [py, ['-m', 'pip', 'install', '-q', '--disable-pip-version-check', '-r', req]];
    return (await run(`${name} (pip install)`, ...pip)) ? path.join(dir, 'bin') : undefined;
  };
  const conformance = venv(
    'conformance virtualenv',
    path.join(root, '.venv'),
    path.join(root, 'test', 'conformance', 'requirements.txt'),
  )();
  const schemathesis = conformance.then(
    venv(
      'schemathesis virtualenv',
      path.join(root, '.venv', 'schemathesis'),
      path.join(root, 'test', 'schemathesis', 'requirements.txt'),
    ),
  );
  return { conformance, schemathesis };
}

/** The Python suites run against a server with authentication on, as its users do, with its root token. */
async function pythonSuites(env, venvs) {
  const token = `nh_${randomBytes(32).toString('base64url')}`;
  const { url, stop } = await startServer({ ...env, NEOHUB_AUTH: 'on', NEOHUB_ROOT_TOKEN: token });
  await conformance({ ...env, NEOHUB_TOKEN: token }, url, await venvs.conformance);
  await schemathesis(url, token, await venvs.schemathesis);
  // The fault tests that follow on this database start neohubs of their own, which follow its change log.
  await stop();
}

async function conformance(env, url, bin) {
  if (!bin) return fail('conformance: no virtualenv');
  const junit = path.join(home, 'conformance.xml');
  rmSync(junit, { force: true });
  await run(
    'conformance: DataHub Python client against neohub',
    path.join(bin, 'python'),
    ['-m', 'pytest', 'test/conformance', '-q', `--junitxml=${junit}`],
    { env: { ...env, NEOHUB_GMS_URL: url } },
  );
  if (!existsSync(junit)) return fail('conformance: no report (pytest did not finish)');
  const xml = readFileSync(junit, 'utf8');
  const attr = (name) => Number((new RegExp(`<testsuite[^>]*\\s${name}="(\\d+)"`).exec(xml) ?? [])[1] ?? 0);
  const total = attr('tests');
  const bad = attr('failures') + attr('errors');
  passed += total - bad - attr('skipped');
  failed += bad;
  for (const m of xml.matchAll(
    /<testcase [^>]*?classname="([^"]*)" name="([^"]*)"[^>]*>\s*<(failure|error)/g,
  ))
    failures.push(`conformance: ${m[1]}::${m[2]}`);
}

/**
 * The entity kinds whose paths schemathesis fuzzes: every route shape, on kinds that cover the model's
 * variety (the largest kind, time-series aspects, an optional key field, a URN key part, a key-only kind,
 * an Admin-only kind). NEOHUB_SCHEMATHESIS_ALL=1 fuzzes every kind (about four times as long).
 */
const FUZZED_KINDS = [
  'dataset',
  'container',
  'dataJob',
  'dataProcessInstance',
  'corpuser',
  'schemaField',
  'dataHubSecret',
  'dataHubAction',
];

/** The served OpenAPI document with the per-kind paths of other kinds left out, written to `file`. */
async function fuzzedDocument(url, token, file) {
  const res = await fetch(`${url}/openapi/v3/api-docs`, { headers: { authorization: `Bearer ${token}` } });
  const doc = await res.json();
  const { defaultRegistry } = await import('../dist/src/registry/index.js');
  const kinds = new Set(
    defaultRegistry()
      .allEntities()
      .map((e) => e.name.toLowerCase()),
  );
  const keep = new Set(FUZZED_KINDS.map((k) => k.toLowerCase()));
  const all = Object.keys(doc.paths).length;
  for (const p of Object.keys(doc.paths)) {
    const kind = /^\/openapi\/v[23]\/entity\/([^/{]+)/.exec(p)?.[1]?.toLowerCase();
    if (kind !== undefined && kinds.has(kind) && !keep.has(kind)) delete doc.paths[p];
  }
  // A long poll with nothing to read waits out its timeout (up to 60 s): fuzz it with short waits only.
  for (const param of doc.paths['/openapi/v1/events/poll']?.get?.parameters ?? [])
    if (param.name === 'pollTimeoutSeconds') param.schema = { ...param.schema, maximum: 1 };
  writeFileSync(file, JSON.stringify(doc));
  return `${Object.keys(doc.paths).length} of ${all} paths (kinds: ${FUZZED_KINDS.join(', ')})`;
}

/**
 * Schemathesis against the OpenAPI document the server serves: a few generated cases per operation, no
 * 5xx, answers that fit the document (test/schemathesis/schemathesis.toml). Every route shape, on the
 * kinds of FUZZED_KINDS unless NEOHUB_SCHEMATHESIS_ALL=1. One step; bounded to 8 minutes.
 */
async function schemathesis(url, token, bin) {
  if (!bin) return fail('schemathesis: no virtualenv');
  const work = path.join(home, 'schemathesis');
  mkdirSync(work, { recursive: true });
  const config = path.join(root, 'test', 'schemathesis', 'schemathesis.toml');
  let schema = `${url}/openapi/v3/api-docs`;
  let what = 'every path';
  if (process.env.NEOHUB_SCHEMATHESIS_ALL !== '1') {
    schema = path.join(work, 'openapi.fuzzed.json');
    what = await fuzzedDocument(url, token, schema);
  }
  process.stdout.write(`-- schemathesis: ${what}\n`);
  await step(
    'schemathesis: the OpenAPI document against neohub',
    path.join(bin, 'schemathesis'),
    [
      '--config-file',
      config,
      'run',
      schema,
      '--url',
      url,
      '--header',
      `Authorization: Bearer ${token}`,
      '--report',
      'junit',
      '--report-dir',
      work,
    ],
    { cwd: work, timeout: 480_000 },
  );
}

main()
  .catch((err) => {
    failed++;
    failures.push(`the run aborted: ${String(err?.message ?? err).split('\n')[0]}`);
    process.stdout.write(`test run aborted: ${err?.stack ?? err}\n`);
  })
  .finally(async () => {
    for (const c of cleanups.reverse()) await Promise.resolve(c()).catch(() => {});
    if (failures.length) process.stdout.write(`\nFailed:\n${failures.map((f) => `- ${f}\n`).join('')}`);
    process.stdout.write(`\nThe run took ${secs(began)}.\n\n${passed} passed, ${failed} failed\n`);
    process.exit(failed === 0 ? 0 : 1);
  });

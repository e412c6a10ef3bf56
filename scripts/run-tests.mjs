#!/usr/bin/env node
// The test command (`npm test`, also what .ci/run calls). On a fresh clone it installs what it needs:
// npm packages, the Neo4j jars (Maven), the conformance virtualenv (pip). Then: static checks, unit and
// integration tests against a real Neo4j it starts, and the DataHub client conformance suite against a
// real neohub. It ends with one line: `N passed, N failed`. With a tier (`unit`, `int`, `e2e`: the
// scripts test:unit, test:int, test:e2e) it runs only that vitest project, with the Neo4j it needs.
import { randomBytes } from 'node:crypto';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const home = path.join(root, '.neohub', 'test');
let passed = 0;
let failed = 0;
/** What failed, by name: printed again just before the last line, where a CI log's tail shows it. */
const failures = [];
const cleanups = [];

const log = (msg) => process.stdout.write(`\n== ${msg}\n`);
function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  return r.status === 0;
}
function step(name, cmd, args, opts) {
  log(name);
  if (run(cmd, args, opts)) passed++;
  else {
    failed++;
    failures.push(name);
    process.stdout.write(`FAILED: ${name}\n`);
  }
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

async function main() {
  if (only !== undefined && !TIERS.includes(only))
    throw new Error(
      `Unknown tier ${only}: run the whole suite with no argument, or one of ${TIERS.join(', ')}`,
    );
  if (!existsSync(path.join(root, 'node_modules', '.package-lock.json'))) {
    log('npm install');
    if (!run('npm', ['install', '--no-audit', '--no-fund'])) throw new Error('npm install failed');
  }
  log('build');
  if (!run('npm', ['run', '--silent', 'build'])) throw new Error('build failed');
  if (only === undefined) {
    step('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
    step('lint', 'npx', ['eslint', '.']);
    step('format', 'npx', ['prettier', '--check', '.']);
  }
  if (only === undefined || only === 'unit') {
    // The unit tier checks the committed registry against the pinned model, read from this virtualenv.
    log('conformance virtualenv (the pinned acryl-datahub)');
    if (!conformanceVenv()) throw new Error('could not create .venv from test/conformance/requirements.txt');
    vitest('unit');
  }
  if (only === 'unit') return;

  const env = await neo4jEnv();
  for (const tier of ['int', 'e2e']) if (only === undefined || only === tier) vitest(tier, env);
  if (only !== undefined) return;

  await meiliHalf(env);

  // The Python suites run against a server with authentication on, as its users do, with its root token.
  const token = `nh_${randomBytes(32).toString('base64url')}`;
  const url = await startServer({ ...env, NEOHUB_AUTH: 'on', NEOHUB_ROOT_TOKEN: token });
  conformance({ ...env, NEOHUB_TOKEN: token }, url);
  await schemathesis(url, token);
}

/**
 * A local Neo4j started for this run (never a configured NEO4J_URI: tests write, and a database named in
 * the environment may be someone's catalog).
 */
async function neo4jEnv() {
  log('starting a local Neo4j for the tests');
  mkdirSync(home, { recursive: true });
  const { startLocalNeo4j } = await import(path.join(root, 'dist/src/local-neo4j/index.js'));
  const neo4j = await startLocalNeo4j({
    dataDir: path.join(home, 'neo4j'),
    log: (m) => process.stdout.write(`${m}\n`),
    heap: '1g',
    pageCache: '256m',
  });
  cleanups.push(() => neo4j.stop());
  return {
    ...process.env,
    NEO4J_URI: neo4j.uri,
    NEO4J_USER: neo4j.user,
    NEO4J_PASSWORD: neo4j.password,
  };
}

/** One vitest tier (a project of vitest.config.ts), counted from its JSON report. */
function vitest(tier, env = process.env, files = []) {
  log(`vitest: ${tier}${files.length ? ` (${files.length} files)` : ''}`);
  const report = path.join(home, `vitest-${tier}.json`);
  mkdirSync(home, { recursive: true });
  rmSync(report, { force: true });
  run(
    'npx',
    [
      'vitest',
      'run',
      ...(files.length ? [] : ['--project', tier]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...files,
    ],
    { env },
  );
  countVitest(tier, report);
}

/**
 * The Meilisearch half: with the Meilisearch build for tests beside the project (`../shared/tools`), a
 * server on a free loopback port, and the Meilisearch contract suite with the HTTP search, browse,
 * autocomplete and structured-property tests against it. Without it, the run says why it is skipped.
 */
const MEILI_SUITES = [
  'test/integration/meili-search.test.ts',
  'test/http/restli-search.test.ts',
  'test/http/graphql-search.test.ts',
  'test/http/structured-properties.test.ts',
  'test/http/graphql-structured-properties.test.ts',
];
async function meiliHalf(env) {
  log('vitest: search, browse, autocomplete and structured properties on Meilisearch');
  const bin = path.resolve(root, '..', 'shared', 'tools', 'meilisearch', 'meilisearch');
  if (!existsSync(bin)) {
    process.stdout.write(`Meilisearch half skipped: no Meilisearch build for tests at ${bin}\n`);
    return;
  }
  const port = await freePort();
  // Hex: a base64url key may begin with '-', which Meilisearch's argument parser takes for a flag.
  const key = randomBytes(24).toString('hex');
  const dir = path.join(home, 'meilisearch');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const meili = spawn(
    bin,
    [
      '--db-path',
      path.join(dir, 'db'),
      '--http-addr',
      `127.0.0.1:${port}`,
      '--master-key',
      key,
      '--log-level',
      'WARN',
    ],
    {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  cleanups.push(
    () =>
      new Promise((resolve) => {
        if (meili.exitCode !== null) return resolve();
        meili.once('exit', resolve);
        meili.kill('SIGTERM');
      }),
  );
  const host = `http://127.0.0.1:${port}`;
  let up = false;
  for (let i = 0; i < 240 && !up && meili.exitCode === null; i++) {
    try {
      up = (await fetch(`${host}/health`)).ok;
    } catch {
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  if (!up) {
    process.stdout.write(`FAILED: Meilisearch did not start at ${host}\n`);
    failures.push(`Meilisearch did not start at ${host}`);
    failed++;
    return;
  }
  vitest('meilisearch', { ...env, MEILI_HOST: host, MEILI_MASTER_KEY: key }, MEILI_SUITES);
}

/** Adds a vitest JSON report's counts to the totals (a missing report or a failed suite is a failure). */
function countVitest(tier, report) {
  if (!existsSync(report)) {
    failures.push(`${tier}: no report (vitest did not finish)`);
    return void failed++;
  }
  const r = JSON.parse(readFileSync(report, 'utf8'));
  passed += r.numPassedTests;
  const suiteFailed = r.numTotalTestSuites > 0 && r.success === false && r.numFailedTests === 0;
  failed += r.numFailedTests + (suiteFailed ? 1 : 0);
  for (const file of r.testResults ?? []) {
    const where = path.relative(root, file.name);
    for (const t of file.assertionResults ?? [])
      if (t.status === 'failed') failures.push(`${tier}: ${where} > ${t.fullName}`);
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'))
      failures.push(`${tier}: ${where}: ${String(file.message ?? 'failed').split('\n')[0]}`);
  }
  if (suiteFailed && !failures.some((f) => f.startsWith(`${tier}: `)))
    failures.push(`${tier}: the run failed outside any test (an unhandled error or a teardown)`);
}

/** A neohub server on a free port for the Python suites; its URL once it answers. */
async function startServer(env) {
  const port = await freePort();
  const server = spawn('node', [path.join(root, 'dist/src/main.js')], {
    cwd: root,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', NEOHUB_HOME: home, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  cleanups.push(
    () =>
      new Promise((resolve) => {
        server.once('exit', resolve);
        server.kill('SIGTERM');
      }),
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return url;
}

/** A virtualenv under .venv with a requirements file installed: its bin folder, or undefined. */
function venvWith(venv, req) {
  const py = path.join(venv, 'bin', 'python');
  if (!existsSync(py) && !run('python3', ['-m', 'venv', venv])) return undefined;
  if (!run(py, ['-m', 'pip', 'install', '-q', '--disable-pip-version-check', '-r', req])) return undefined;
  return path.join(venv, 'bin');
}

/** The conformance virtualenv (.venv): DataHub's pinned client, its CLI and ingestion framework. */
const conformanceVenv = () =>
  venvWith(path.join(root, '.venv'), path.join(root, 'test', 'conformance', 'requirements.txt'));

function conformance(env, url) {
  log('conformance: DataHub Python client against neohub');
  const bin = conformanceVenv();
  if (!bin) {
    failures.push('conformance: no virtualenv');
    return void failed++;
  }
  const py = path.join(bin, 'python');
  const junit = path.join(home, 'conformance.xml');
  rmSync(junit, { force: true });
  run(py, ['-m', 'pytest', 'test/conformance', '-q', `--junitxml=${junit}`], {
    env: { ...env, NEOHUB_GMS_URL: url },
  });
  if (!existsSync(junit)) {
    failures.push('conformance: no report (pytest did not finish)');
    return void failed++;
  }
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
  process.stdout.write(
    `schemathesis: ${Object.keys(doc.paths).length} of ${all} paths (kinds: ${FUZZED_KINDS.join(', ')})\n`,
  );
}

/**
 * Schemathesis (its own virtualenv: it needs a newer pytest than the conformance suite pins) against
 * the OpenAPI document the server serves: a few generated cases per operation, no 5xx, answers that fit
 * the document (test/schemathesis/schemathesis.toml). Every route shape, on the kinds of FUZZED_KINDS
 * unless NEOHUB_SCHEMATHESIS_ALL=1. One step; bounded to 8 minutes.
 */
async function schemathesis(url, token) {
  log('schemathesis: the OpenAPI document against neohub');
  const bin = venvWith(
    path.join(root, '.venv', 'schemathesis'),
    path.join(root, 'test', 'schemathesis', 'requirements.txt'),
  );
  if (!bin) {
    failures.push('schemathesis: no virtualenv');
    return void failed++;
  }
  const work = path.join(home, 'schemathesis');
  mkdirSync(work, { recursive: true });
  const config = path.join(root, 'test', 'schemathesis', 'schemathesis.toml');
  let schema = `${url}/openapi/v3/api-docs`;
  if (process.env.NEOHUB_SCHEMATHESIS_ALL !== '1') {
    schema = path.join(work, 'openapi.fuzzed.json');
    await fuzzedDocument(url, token, schema);
  }
  step(
    'schemathesis',
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
    { cwd: work, timeout: 480_000, killSignal: 'SIGKILL' },
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
    process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
    process.exit(failed === 0 ? 0 : 1);
  });

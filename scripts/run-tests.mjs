#!/usr/bin/env node
// The test command (`npm test`, also what .ci/run calls). On a fresh clone it installs what it needs:
// npm packages, the Neo4j jars (Maven), the Python virtualenvs (uv, from pip). Then: static checks, unit and
// integration tests against a real Neo4j it starts, the fault tests, and DataHub's Python client and
// schemathesis against a real neohub. It ends with one line: `N passed, N failed`. With a tier (`unit`,
// `int`, `e2e`: the scripts test:unit, test:int, test:e2e) it runs only that tier, with the Neo4j it needs.
//
// The whole run goes in two lanes, one per core of a small machine (see LANES below); each step's output
// is kept in .neohub/test/logs and printed whole when the step ends, with how long it took. The steps are
// in test-steps.mjs, the Python suites in python-suites.mjs.
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, rmSync } from 'node:fs';
import path from 'node:path';
import { kafkaConformance, pythonSuites, pythonVenvs } from './python-suites.mjs';
import {
  fail,
  freePort,
  home,
  log,
  logs,
  root,
  run,
  secs,
  step,
  stopChild,
  tally,
  vitest,
  waitUntilUp,
} from './test-steps.mjs';

/** The vitest tiers: unit (no database), int (store and services against Neo4j), e2e (over HTTP). */
const TIERS = ['unit', 'int', 'e2e'];
const only = process.argv[2];

/**
 * LANES. The run is CPU-bound on a two-core machine, so it goes in two lanes of about a core each, on
 * two Neo4j databases (the tests of one lane never see the other's writes, leases or change log):
 *   node:   lint, then the vitest tiers int and e2e (files one after another, sharing their modules);
 *   python: the virtualenvs and the unit tier (while the second database starts), then
 *           DataHub's Python client and schemathesis against a neohub server on the second database;
 *   then each lane takes the next of the SHARED steps (the suites against Meilisearch, the fault tests)
 *   until none is left, so that the lanes end together.
 * Tried and left (decision 0045): both lanes on one database (one JVM's JIT instead of two, about 60
 * CPU-s less) breaks tests that must hold the search lease or see the change log compacted.
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

  // From the start, beside each other: the virtualenvs and the one compiler run, which writes
  // dist (what Neo4j's start and the Python suites' server run) and type-checks everything, tests included.
  const venvs = pythonVenvs();
  // The browser suite needs Chromium, and DataHub's ingestion framework (its estate comes from DataHub's
  // SQL source).
  const browser = Promise.all([chromium(), venvs.conformance]).then(([found, venv]) =>
    venv ? found : { failed: 'browser suite: no .venv with DataHub ingestion framework' },
  );
  // The databases start beside the build, from the source of the local-neo4j module: on a new machine the
  // first start fetches Neo4j's jars through Maven (about 90 s), which the build and the static checks
  // no longer wait for (decision 0073). The second starts once the first is up: a new machine fetches the
  // jars once.
  const first = neo4jEnv('neo4j');
  const second = first.then(() => neo4jEnv('neo4j-2'));
  // Awaited by the lanes; until then, a failed start must not end the process as an unhandled rejection.
  for (const db of [first, second]) db.catch(() => {});
  // The format check needs nothing built: it takes the core the one compiler run leaves free.
  const formatted = step('format', 'npx', ['prettier', '--check', '--cache', '.']);
  const typed = await run('build and typecheck', 'npx', ['tsc', '-p', 'tsconfig.json']);
  if (!existsSync(path.join(root, 'dist', 'src', 'main.js'))) throw new Error('build failed');
  if (typed) tally.passed++;
  else fail('typecheck');
  // The web app: its type check, and its build (what the browser suite and the servers serve).
  await step('web app: typecheck', 'npx', ['tsc', '-p', 'web/tsconfig.json']);
  await step('web app: build', 'node', ['scripts/build-web.mjs']);
  const meili = startMeili();

  // What either lane may run once its own steps are done: each takes the next, longest first, with its own
  // database and Meilisearch index, so that the lanes end together whatever the day's machine.
  const shared = [...SHARED];
  const drain = async (env, index) => {
    for (let job = shared.shift(); job; job = shared.shift())
      await job(env, await meili, index, browser, venvs);
  };
  const nodeLane = (async () => {
    await step('lint', 'npx', ['eslint', '--cache', '--cache-location', 'node_modules/.cache/eslint/', '.']);
    const env = await first;
    await vitest('int', ['--project', 'int'], env);
    await vitest('e2e', ['--project', 'e2e'], env);
    await drain(env, 'neohub_entities');
  })();
  const pythonLane = (async () => {
    // While the second database starts: the unit tier, which checks the committed registry against the
    // pinned model, read from the virtualenv.
    await formatted;
    if (!(await venvs.conformance)) throw new Error('could not create .venv from test/conformance');
    await vitest('unit', ['--project', 'unit', '--fileParallelism']);
    const env = await second;
    await pythonSuites(env, venvs);
    await drain(env, 'neohub_entities_2');
  })();
  const ended = await Promise.allSettled([nodeLane, pythonLane]);
  const broken = ended.find((e) => e.status === 'rejected');
  if (broken) throw broken.reason;
}

/**
 * The steps the lanes share (see `drain` above): the suites that run again against Meilisearch, in two
 * halves (each new structured property makes Meilisearch index again), the fault tests (each runs
 * processes of its own), in two pairs, the Kafka tests (with the run's one broker), and the browser suite
 * (the web app in Chromium, over estates DataHub's SQL source ingests). The Meilisearch suites first: the
 * browser suite's search test writes 10,020 datasets, which a Meilisearch suite after it on the same
 * database would first have to index. Then the fault tests (about 75 and 60 s), the browser suite (about
 * 125 s) and the Kafka step (about 80 s): the lane that takes the Kafka step ends about when the other
 * ends the browser suite (with the browser suite last, one lane waited 70 s for the other).
 */
const SHARED = [
  meiliSuites('search, browse and autocomplete on Meilisearch', [
    'test/integration/meili-search.test.ts',
    'test/http/restli-search.test.ts',
    'test/http/graphql-search.test.ts',
  ]),
  meiliSuites('structured properties on Meilisearch', [
    'test/http/structured-properties.test.ts',
    'test/http/graphql-structured-properties.test.ts',
  ]),
  faults('fault: local mode, a killed neohub', [
    'test/integration/local-mode.test.ts',
    'test/integration/fault-kill-neohub.test.ts',
  ]),
  faults('fault: a killed Neo4j, Meilisearch stopped', [
    'test/integration/fault-local-neo4j.test.ts',
    'test/integration/fault-meili-restart.test.ts',
  ]),
  browserSuite('browser: the web app in Chromium', ['--project', 'browser']),
  kafkaSuites('Kafka: topics, the proposal consumer and the change-log publisher against a real broker', [
    '--project',
    'kafka',
  ]),
];

/**
 * The fault tier's environment: the local Neo4j servers its tests start live seconds, and without C2
 * compiles cost less CPU (151 s to 134 s for the tier; decision 0045).
 */
const FAULT_ENV = { NEOHUB_NEO4J_JVM_FLAGS: '-XX:TieredStopAtLevel=1' };

/**
 * neo4j.conf settings of the run's two databases, on top of neohub's own (decision 0072): one cached plan
 * per statement and parameter types, not one per size class of each list parameter (each was planned
 * anew); and expressions interpreted, not compiled to bytecode once a statement is hot (each hot statement
 * was planned a second time for it). The e2e tier's Neo4j went 314 to 261 CPU-s. Local mode keeps Neo4j's
 * defaults: with the first setting, the bench's owner search at 1,000,000 entities took twice as long.
 */
const TEST_NEO4J_SETTINGS = {
  'internal.cypher.use_parameter_size': 'false',
  'internal.cypher.expression_engine': 'INTERPRETED',
};

/**
 * JVM options of the run's two databases (decision 0073): C2, the JIT's optimizing compiler, takes a
 * method only after ten times Java's default count of calls and loops. Its compiler threads used more CPU
 * than the Bolt workers that serve the tests (the e2e tier on a fresh Neo4j: 109 to 115 CPU-s against 154
 * to 167), compiling Cypher's planner, which a test run keeps moving through new statements; with the
 * higher thresholds 54 to 56, and Neo4j in all 262 to 273 CPU-s, from 292 to 315.
 */
const TEST_NEO4J_JVM_FLAGS = [
  '-XX:Tier4InvocationThreshold=50000',
  '-XX:Tier4MinInvocationThreshold=6000',
  '-XX:Tier4CompileThreshold=150000',
  '-XX:Tier4BackEdgeThreshold=400000',
];

/** One tier on its own (`npm run test:<tier>`): the int tier brings its fault tests along. */
async function tier(name) {
  if (!(await run('build', 'npm', ['run', '--silent', 'build']))) throw new Error('build failed');
  if (name === 'unit') {
    if (!(await pythonVenvs().conformance)) throw new Error('could not create .venv from test/conformance');
    return vitest('unit', ['--project', 'unit', '--fileParallelism']);
  }
  const env = await neo4jEnv('neo4j');
  await vitest(name, ['--project', name, ...(name === 'int' ? ['--project', 'fault'] : [])], {
    ...env,
    ...FAULT_ENV,
  });
}

/**
 * A local Neo4j started for this run in .neohub/test/<dir> (never a configured NEO4J_URI: tests write,
 * and a database named in the environment may be someone's catalog); the environment that points at it.
 */
async function neo4jEnv(dir) {
  const started = Date.now();
  process.stdout.write(`-- Neo4j (${dir}): starting at +${secs()}\n`);
  const { startLocalNeo4j } = await localNeo4j();
  const out = [];
  const neo4j = await startLocalNeo4j({
    dataDir: path.join(home, dir),
    log: (m) => out.push(m),
    heap: '1g',
    pageCache: '256m',
    settings: TEST_NEO4J_SETTINGS,
    jvmFlags: TEST_NEO4J_JVM_FLAGS,
  });
  tally.cleanups.push(() => neo4j.stop());
  log(`Neo4j (${dir}) (${secs(started)}, up at +${secs()})`);
  process.stdout.write(`${out.join('\n')}\n`);
  return {
    ...process.env,
    NEO4J_URI: neo4j.uri,
    NEO4J_USER: neo4j.user,
    NEO4J_PASSWORD: neo4j.password,
  };
}

/**
 * The local-neo4j module (src/local-neo4j), bundled from its source with esbuild in a few milliseconds,
 * so that the databases start before the build has written dist. Once per run.
 */
let bundled;
function localNeo4j() {
  bundled ??= (async () => {
    const { build } = await import('esbuild');
    const outfile = path.join(home, 'local-neo4j.mjs');
    await build({
      entryPoints: [path.join(root, 'src', 'local-neo4j', 'index.ts')],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      logLevel: 'error',
    });
    return import(outfile);
  })();
  return bundled;
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
  tally.cleanups.push(() => stopChild(meili));
  const host = `http://127.0.0.1:${port}`;
  if (await waitUntilUp(`${host}/health`, 240, () => meili.exitCode === null)) return { host, key };
  return { failed: `Meilisearch did not start at ${host}` };
}

/**
 * Suites run again against Meilisearch, into the lane's own index (MEILI_INDEX) on the one server. Without
 * the build for tests, the run says why they are skipped.
 */
function meiliSuites(name, files) {
  return async (env, meili, index) => {
    if (meili.skipped) return void log(`${name} skipped: ${meili.skipped}`);
    if (meili.failed) return fail(meili.failed);
    const on = { MEILI_HOST: meili.host, MEILI_MASTER_KEY: meili.key, MEILI_INDEX: index };
    await vitest(name, files, { ...env, ...on });
  };
}

/** The browser suite, on the lane's database, once Chromium is there (or why it is not). */
function browserSuite(name, args) {
  return async (env, _meili, _index, browser) => {
    const found = await browser;
    if (found.failed) return fail(found.failed);
    await vitest(name, args, { ...env, NEOHUB_CHROMIUM: found.path });
  };
}

/**
 * Chromium for the browser suite: NEOHUB_CHROMIUM, or Debian's package, installed with apt-get when
 * missing (the run's start, beside the other installs; about 30 s on a fresh machine).
 */
async function chromium() {
  const known = [process.env.NEOHUB_CHROMIUM, '/usr/bin/chromium'].find((p) => p && existsSync(p));
  if (known) return { path: known };
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const ok =
    (await run('chromium (apt-get update)', 'apt-get', ['update', '-q'], { env })) &&
    (await run(
      'chromium (apt-get install)',
      'apt-get',
      ['install', '-y', '-q', '--no-install-recommends', 'chromium'],
      { env },
    ));
  return ok && existsSync('/usr/bin/chromium')
    ? { path: '/usr/bin/chromium' }
    : {
        failed: "browser suite: Chromium is missing and apt-get could not install Debian's chromium package",
      };
}

/**
 * The tests that need Kafka, on the lane's database, with a real Apache Kafka broker started for them alone
 * (test/support/kafka: a KRaft single node from Maven Central's jars, on a free port, its data in a temporary
 * folder) and stopped after them: the only step that pays for a broker. Then DataHub's Kafka sink (the
 * conformance suite's Kafka file) against a neohub that consumes from that broker.
 */
function kafkaSuites(name, args) {
  return async (env, _meili, _index, _browser, venvs) => {
    const started = Date.now();
    process.stdout.write(`-- Kafka broker: starting at +${secs()}\n`);
    const { startKafkaBroker } = await import(path.join(root, 'dist/test/support/kafka/broker.js'));
    const out = [];
    let broker;
    try {
      broker = await startKafkaBroker({ log: (m) => out.push(m) });
    } catch (err) {
      return fail(`${name}: the Kafka broker did not start: ${String(err?.message ?? err).split('\n')[0]}`);
    }
    tally.cleanups.push(() => broker.stop());
    log(`Kafka broker (${secs(started)}, up at +${secs()})`);
    process.stdout.write(`${out.join('\n')}\n`);
    const withKafka = { ...env, NEOHUB_TEST_KAFKA_BOOTSTRAP: broker.bootstrap };
    await vitest(name, args, withKafka);
    await kafkaConformance({ ...withKafka, KAFKA_BOOTSTRAP_SERVER: broker.bootstrap }, venvs);
    await broker.stop();
  };
}

/** Fault tests, on the lane's database. */
function faults(name, files) {
  return (env) => vitest(name, ['--project', 'fault', ...files], { ...env, ...FAULT_ENV });
}

main()
  .catch((err) => {
    fail(`the run aborted: ${String(err?.message ?? err).split('\n')[0]}`);
    process.stdout.write(`test run aborted: ${err?.stack ?? err}\n`);
  })
  .finally(async () => {
    for (const c of tally.cleanups.reverse()) await Promise.resolve(c()).catch(() => {});
    if (tally.failures.length)
      process.stdout.write(`\nFailed:\n${tally.failures.map((f) => `- ${f}\n`).join('')}`);
    process.stdout.write(`\nThe run took ${secs()}.\n\n${tally.passed} passed, ${tally.failed} failed\n`);
    process.exit(tally.failed === 0 ? 0 : 1);
  });

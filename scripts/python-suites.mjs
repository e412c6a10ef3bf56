// The Python suites of the test command (scripts/run-tests.mjs): their virtualenvs, and DataHub's Python
// client (the conformance suite) and schemathesis against a neohub server started for them.
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fail, freePort, home, logs, root, run, step, stopChild, tally, waitUntilUp } from './test-steps.mjs';

/**
 * A neohub server on a free port for the Python suites: its URL once it answers, and its stop. `name` names
 * its log (in .neohub/test/logs) and, when not the default, a folder of its own under .neohub/test.
 */
export async function startServer(env, name = 'python-suites-server') {
  const port = await freePort();
  const out = openSync(path.join(logs, `${name}.log`), 'w');
  const own = name === 'python-suites-server' ? home : path.join(home, name);
  mkdirSync(own, { recursive: true });
  const server = spawn('node', [path.join(root, 'dist/src/main.js')], {
    cwd: root,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', NEOHUB_HOME: own, LOG_LEVEL: 'warn' },
    stdio: ['ignore', out, out],
  });
  const stop = () => stopChild(server);
  tally.cleanups.push(stop);
  const url = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${url}/health`, 120);
  return { url, stop };
}

/** The installer of the virtualenvs' packages, pinned: uv installs them in a quarter of pip's CPU. */
const UV = 'uv==0.13.9';

/**
 * The two virtualenvs under .venv, one after the other: DataHub's pinned client, CLI and ingestion
 * framework (.venv, which also holds uv), and schemathesis (.venv/schemathesis: it needs a newer pytest
 * than the client pins). Each is a promise of its bin folder, or undefined. pip installs uv, uv the rest
 * (35 to 10 CPU-s for .venv on a fresh machine), with the system's certificates as pip uses them, and
 * compiled to bytecode as pip does: each `datahub` command the tests run would otherwise compile its imports.
 */
export function pythonVenvs() {
  const uv = path.join(root, '.venv', 'bin', 'uv');
  const venv = (name, dir, req) => async () => {
    const py = path.join(dir, 'bin', 'python');
    // .venv is made by Python's own venv (it has pip, for those who use it by hand); uv makes the other.
    const make = existsSync(uv)
      ? [uv, ['venv', '-q', '--python', 'python3', dir]]
      : ['python3', ['-m', 'venv', dir]];
    if (!existsSync(py) && !(await run(`${name} (venv)`, ...make))) return undefined;
    if (!existsSync(uv)) {
      const pip = ['-m', 'pip', 'install', '-q', '--disable-pip-version-check', UV];
      if (!(await run('uv (pip install)', path.join(root, '.venv', 'bin', 'python'), pip))) return undefined;
    }
    const install = ['pip', 'install', '-q', '--native-tls', '--compile-bytecode', '--python', py, '-r', req];
    return (await run(`${name} (uv pip install)`, uv, install)) ? path.join(dir, 'bin') : undefined;
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
export async function pythonSuites(env, venvs) {
  const token = `nh_${randomBytes(32).toString('base64url')}`;
  const { url, stop } = await startServer({ ...env, NEOHUB_AUTH: 'on', NEOHUB_ROOT_TOKEN: token });
  await conformance({ ...env, NEOHUB_TOKEN: token }, url, await venvs.conformance);
  await schemathesis(url, token, await venvs.schemathesis);
  // The fault tests that follow on this database start neohubs of their own, which follow its change log.
  await stop();
}

/** The conformance tests that need Kafka: the Kafka step of the test command runs them (`kafkaConformance`). */
const KAFKA_CONFORMANCE = ['test/conformance/test_kafka_sink.py', 'test/conformance/test_kafka_actions.py'];

async function conformance(env, url, bin) {
  await pytest('conformance', 'conformance: DataHub Python client against neohub', env, url, bin, [
    'test/conformance',
    ...KAFKA_CONFORMANCE.map((f) => `--ignore=${f}`),
  ]);
}

/**
 * DataHub's Kafka sink and Actions' Kafka source against a neohub consuming from and publishing to the
 * broker of the Kafka step (`env` names it in KAFKA_BOOTSTRAP_SERVER and NEOHUB_TEST_KAFKA_BOOTSTRAP), with
 * authentication on as in the other suites.
 */
export async function kafkaConformance(env, venvs) {
  const bin = await venvs.conformance;
  if (!bin) return fail('conformance (Kafka): no virtualenv');
  const token = `nh_${randomBytes(32).toString('base64url')}`;
  const { url, stop } = await startServer(
    { ...env, NEOHUB_AUTH: 'on', NEOHUB_ROOT_TOKEN: token },
    'kafka-server',
  );
  await pytest(
    'conformance-kafka',
    "conformance: DataHub's Kafka sink and Actions' Kafka source against neohub",
    { ...env, NEOHUB_TOKEN: token },
    url,
    bin,
    KAFKA_CONFORMANCE,
  );
  await stop();
}

/** pytest over `targets` against the server at `url`, counted from its JUnit report. */
async function pytest(report, name, env, url, bin, targets) {
  if (!bin) return fail(`${report}: no virtualenv`);
  const junit = path.join(home, `${report}.xml`);
  rmSync(junit, { force: true });
  await run(name, path.join(bin, 'python'), ['-m', 'pytest', ...targets, '-q', `--junitxml=${junit}`], {
    env: { ...env, NEOHUB_GMS_URL: url },
  });
  if (!existsSync(junit)) return fail(`${report}: no report (pytest did not finish)`);
  const xml = readFileSync(junit, 'utf8');
  const attr = (name) => Number((new RegExp(`<testsuite[^>]*\\s${name}="(\\d+)"`).exec(xml) ?? [])[1] ?? 0);
  const total = attr('tests');
  const bad = attr('failures') + attr('errors');
  tally.passed += total - bad - attr('skipped');
  tally.failed += bad;
  for (const m of xml.matchAll(
    /<testcase [^>]*?classname="([^"]*)" name="([^"]*)"[^>]*>\s*<(failure|error)/g,
  ))
    tally.failures.push(`${report}: ${m[1]}::${m[2]}`);
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

/** The registry's entity kinds, by name (from the build). */
const entityKinds = async () =>
  (await import('../dist/src/registry/index.js'))
    .defaultRegistry()
    .allEntities()
    .map((e) => e.name);

/** The served OpenAPI document with the per-kind paths of other kinds left out, written to `file`. */
async function fuzzedDocument(url, token, file) {
  const res = await fetch(`${url}/openapi/v3/api-docs`, { headers: { authorization: `Bearer ${token}` } });
  const doc = await res.json();
  const kinds = new Set((await entityKinds()).map((k) => k.toLowerCase()));
  const keep = new Set(FUZZED_KINDS.map((k) => k.toLowerCase()));
  const all = Object.keys(doc.paths).length;
  for (const p of Object.keys(doc.paths)) {
    const kind = /^\/openapi\/v[23]\/entity\/([^/{]+)/.exec(p)?.[1]?.toLowerCase();
    if (kind !== undefined && kinds.has(kind) && !keep.has(kind)) delete doc.paths[p];
  }
  // A long poll with nothing to read waits out its timeout (up to 60 s): fuzz it with short waits only.
  for (const param of doc.paths['/openapi/v1/events/poll']?.get?.parameters ?? [])
    if (param.name === 'pollTimeoutSeconds') param.schema = { ...param.schema, maximum: 1 };
  // URN-typed fields: drawn by the `neohub-urn` strategy of test/schemathesis/hooks.py, which builds the
  // pattern's language directly (drawing from the pattern itself took two fifths of the run).
  const { URN_PATTERN } = await import('../dist/rest-compat/openapi/document/json-schema.js');
  const tag = (node) => {
    if (Array.isArray(node)) node.forEach(tag);
    else if (node && typeof node === 'object') {
      if (node.pattern === URN_PATTERN) node.format = 'neohub-urn';
      Object.values(node).forEach(tag);
    }
  };
  tag(doc);
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
    {
      cwd: work,
      timeout: 480_000,
      env: {
        ...process.env,
        SCHEMATHESIS_HOOKS: 'hooks',
        PYTHONPATH: path.join(root, 'test', 'schemathesis'),
        // The kinds the hooks' URNs are mostly of.
        NEOHUB_ENTITY_KINDS: (await entityKinds()).join(','),
        // What the hooks lift the manual throttle through, after a case turned it on.
        NEOHUB_URL: url,
        NEOHUB_TOKEN: token,
      },
    },
  );
}

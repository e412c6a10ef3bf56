/**
 * Metadata tests that cannot freeze the service nor read secrets (issue 35, findings 3 and 4): a
 * backtracking regex on a long value is answered at once while the server keeps answering others, over
 * one entity and over the catalog; syntax that needs backtracking is refused at definition, and so are
 * secret fields and kinds only Admins see; a value over the length a regex is matched against is an
 * error (a FAILURE), never a pass. neohub runs as a process of its own, so that a frozen server fails
 * this suite by its timeouts rather than freezing the runner with it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_MATCHED_LENGTH } from '../../src/services/metadata-tests/index.js';
import { httpClient, request, type Res } from '../support/http.js';
import { startNeohub, type NeohubProcess } from '../support/processes.js';
import { datasetUrn, enc, mcp, unique } from '../support/runtime.js';

let server: NeohubProcess | undefined;
beforeAll(async () => {
  server = await startNeohub({ NEOHUB_AUTH: 'off' }, { timeoutMs: 110_000 });
});
const api = httpClient(() => server?.base ?? '');

const u = unique();
/** This suite's datasets: its tests apply to them alone. */
const PREFIX = `mtsafe_${u}_`;
const ds = (name: string): string => datasetUrn(`${PREFIX}${name}`);
const ON = {
  types: ['dataset'],
  match: [{ query: 'urn', operation: 'starts_with', params: { value: ds('').slice(0, -6) } }],
};
const EVIL = `urn:li:test:${PREFIX}evil`;
const LONG = `urn:li:test:${PREFIX}long`;
const LONG_NOT = `urn:li:test:${PREFIX}long_not`;
const regexRule = (pattern: string, negate = false) => [
  { query: 'datasetProperties.description', operation: 'regex_match', params: { values: [pattern] }, negate },
];
const testInfo = (urn: string, definition: unknown) =>
  mcp(urn, 'testInfo', {
    name: urn.slice('urn:li:test:'.length),
    category: 'safety',
    definition: { type: 'JSON', json: JSON.stringify(definition) },
  });
const described = (name: string, description: string) =>
  mcp(ds(name), 'datasetProperties', { name, description });

/** A request that gives up after 10 s: a frozen server fails the test instead of hanging it. */
const within10s = (method: string, path: string, body?: unknown): Promise<Res> =>
  request(method, `${server?.base}${path}`, { body, signal: AbortSignal.timeout(10_000) });
const evaluate = (urn: string, tests: string[], push = false) =>
  within10s('POST', '/test?action=evaluate', { urn, tests, push });
const ids = (l: { test: string }[]) => l.map((r) => r.test).sort();

async function write(proposals: unknown[]): Promise<void> {
  const res = await api.call('POST', '/aspects?action=ingestProposalBatch', { proposals });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

afterAll(async () => {
  // The suite's tests go (they apply to its datasets alone, but nobody needs them after it).
  if (server)
    for (const urn of [EVIL, LONG, LONG_NOT]) await api.call('POST', '/entities?action=delete', { urn });
  await server?.stop();
});

describe('a backtracking regex in a metadata test', () => {
  beforeAll(async () => {
    await write([
      described('evil_c', `${'a'.repeat(5000)}c`),
      described('evil_b', `${'a'.repeat(5000)}b`),
      testInfo(EVIL, { on: ON, rules: regexRule('^(a+)+b$') }),
    ]);
  });

  it('is judged at once on a long value, while the server answers another request', async () => {
    // JavaScript's RegExp would take seconds on 30 characters, twice as long with each one more.
    const [evaluated, config] = await Promise.all([
      evaluate(ds('evil_c'), [EVIL]),
      within10s('GET', '/config'),
    ]);
    expect(config.status).toBe(200);
    expect(evaluated.status, evaluated.text).toBe(200);
    expect(evaluated.body.value).toEqual({ passing: [], failing: [{ test: EVIL, type: 'FAILURE' }] });
    const passing = await evaluate(ds('evil_b'), [EVIL]);
    expect(passing.body.value).toEqual({ passing: [{ test: EVIL, type: 'SUCCESS' }], failing: [] });
  });

  it('is judged over the whole catalog as a task, the server answering all along', async () => {
    const started = await within10s('POST', '/test?action=evaluateAll', { tests: [EVIL] });
    expect(started.status, started.text).toBe(200);
    for (let i = 0; ; i++) {
      expect((await within10s('GET', '/config')).status).toBe(200);
      const res = await within10s('POST', '/operations?action=getEsTaskStatus', { task: started.body.value });
      const status = JSON.parse(res.body.value);
      if (status.completed) {
        expect(status.error ?? null).toBeNull();
        break;
      }
      expect(i, 'the sweep did not complete').toBeLessThan(1200);
      await new Promise((r) => setTimeout(r, 50));
    }
    const results = async (name: string) =>
      (await within10s('GET', `/openapi/v3/entity/dataset/${enc(ds(name))}/testResults`)).body.value;
    expect(ids((await results('evil_c')).failing)).toEqual([EVIL]);
    expect(ids((await results('evil_b')).passing)).toEqual([EVIL]);
  });
});

describe('a value longer than a regex is matched against', () => {
  it('makes the test an error for that entity, reported as FAILURE, whatever it asks', async () => {
    await write([
      described('long', 'a'.repeat(MAX_MATCHED_LENGTH + 1)),
      described('short', 'aaa'),
      testInfo(LONG, { on: ON, rules: regexRule('a*') }),
      testInfo(LONG_NOT, { on: ON, rules: regexRule('b', true) }),
    ]);
    const long = await evaluate(ds('long'), [LONG, LONG_NOT]);
    expect(long.status, long.text).toBe(200);
    expect(long.body.value).toEqual({
      passing: [],
      failing: [
        { test: LONG, type: 'FAILURE' },
        { test: LONG_NOT, type: 'FAILURE' },
      ],
    });
    const short = await evaluate(ds('short'), [LONG, LONG_NOT]);
    expect(ids(short.body.value.passing)).toEqual([LONG, LONG_NOT].sort());
  });
});

describe('definitions refused with 422', () => {
  const refused = async (definition: unknown, spot: string, message: string): Promise<void> => {
    const urn = `urn:li:test:${PREFIX}bad_${unique()}`;
    const res = await api.call('POST', '/aspects?action=ingestProposal', {
      proposal: testInfo(urn, definition),
    });
    expect(res.status, JSON.stringify(definition)).toBe(422);
    expect(JSON.stringify(res.body), JSON.stringify(definition)).toContain(spot);
    expect(JSON.stringify(res.body), JSON.stringify(definition)).toContain(message);
    expect((await api.call('GET', `/openapi/v3/entity/test/${enc(urn)}/testInfo`)).status).toBe(404);
  };

  it('refuses a pattern that needs backtracking: backreferences, lookarounds', async () => {
    for (const pattern of ['(a)\\1', 'a(?=b)', '(?<!a)b'])
      await refused(
        { on: ON, rules: regexRule(pattern) },
        '/definition/json/rules/0/params/values/0',
        'not a valid regex (RE2 syntax',
      );
  });

  it('refuses a test that reads a secret field', async () => {
    const on = { types: ['corpuser'] };
    for (const query of ['corpUserCredentials.hashedPassword', 'corpUserCredentials'])
      await refused(
        { on, rules: [{ query, operation: 'regex_match', params: { values: ['^a.*'] } }] },
        '/definition/json/rules/0/query',
        'is a secret field: a test may not read it',
      );
    await refused(
      { on: ON, rules: [{ query: 'ownership.owners.owner.corpUserCredentials.salt', operation: 'exists' }] },
      '/definition/json/rules/0/query',
      'corpUserCredentials.salt is a secret field',
    );
  });

  it('refuses a test on a kind only Admins see', async () => {
    for (const kind of ['dataHubSecret', 'dataHubAccessToken'])
      await refused(
        { on: { types: [kind] }, rules: [{ query: 'urn', operation: 'exists' }] },
        '/definition/json/on/types/0',
        'Admins only',
      );
  });
});

/**
 * Metadata tests (issue 20): three governance tests over a small estate where each passes and fails in
 * known places, multi-hop paths included (term -> parent node, container -> domain). Evaluate answers
 * the expected lists, push writes them, search by failing test finds the failing assets, and every
 * invalid definition is refused with its spot.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime.js';
import { httpClient } from '../support/http.js';
import { datasetUrn, enc, mcp, startTestServer, unique } from '../support/runtime.js';

let rt: Runtime;
beforeAll(async () => {
  rt = await startTestServer();
});
afterAll(async () => rt?.stop());
const api = httpClient(() => rt.url);

const u = unique();
/** A URN of this suite's own: `urn:li:<kind>:<name>_<u>`. */
const own = (kind: string, name: string): string => `urn:li:${kind}:${name}_${u}`;
const [TIER1, PII] = [own('tag', 'tier1'), own('tag', 'pii')];
const [FINANCE, CONFIDENTIAL] = [own('domain', 'finance'), own('glossaryNode', 'confidential')];
const [SECRET, PUBLIC] = [own('glossaryTerm', 'secret'), own('glossaryTerm', 'public')];
const BOX = own('container', 'finance_box');
const ds = (n: number): string => datasetUrn(`mt_${u}_${n}`);
const T = {
  owned: own('test', 'owned'),
  confidential: own('test', 'confidential'),
  documented: own('test', 'documented'),
};
const ALL = [T.owned, T.confidential, T.documented];

const definitions: Record<string, unknown> = {
  // Do all tier-1 datasets have an owner?
  [T.owned]: {
    on: {
      types: ['dataset'],
      match: [{ query: 'globalTags.tags.tag', operation: 'equals', params: { values: [TIER1] } }],
    },
    rules: [{ query: 'ownership.owners.owner', operation: 'exists' }],
  },
  // Does every table in the finance domain (its own, or its container's) carry a Confidential term?
  [T.confidential]: {
    on: {
      types: ['dataset'],
      conditions: {
        or: [
          { property: 'domains.domains', operator: 'equals', values: [FINANCE] },
          // DataHub's `condition` form of a predicate (issue 39).
          { query: 'container.container.domains.domains', condition: 'EQUALS', values: [FINANCE] },
        ],
      },
    },
    rules: [
      {
        property: 'glossaryTerms.terms.urn.glossaryTermInfo.parentNode',
        operator: 'equals',
        values: [CONFIDENTIAL],
      },
    ],
  },
  // Is every PII dataset documented?
  [T.documented]: {
    on: {
      types: ['dataset'],
      match: [{ query: 'globalTags.tags.tag', operation: 'equals', params: { value: PII } }],
    },
    rules: {
      or: [
        { query: 'datasetProperties.description', operation: 'exists' },
        { query: 'editableDatasetProperties.description', operation: 'exists' },
      ],
    },
  },
};
const testInfo = (urn: string, definition: unknown) =>
  mcp(urn, 'testInfo', {
    name: urn.slice('urn:li:test:'.length),
    category: 'governance',
    definition: { type: 'JSON', json: JSON.stringify(definition) },
  });

const tags = (...t: string[]) => ({ tags: t.map((tag) => ({ tag })) });
const terms = (...t: string[]) => ({
  terms: t.map((urn) => ({ urn })),
  auditStamp: { time: 0, actor: 'urn:li:corpuser:x' },
});
const owner = { owners: [{ owner: `urn:li:corpuser:ann_${u}`, type: 'DATAOWNER' }] };

/** What each dataset should get: passing and failing tests (the others do not apply). */
const expected: Record<number, { passing: string[]; failing: string[] }> = {
  1: { passing: [T.owned], failing: [] }, // tier 1, owned
  2: { passing: [], failing: [T.owned] }, // tier 1, no owner
  3: { passing: [], failing: [] }, // not tier 1
  4: { passing: [T.confidential], failing: [] }, // finance domain, a Confidential term
  5: { passing: [], failing: [T.confidential] }, // finance through its container, a public term
  6: { passing: [], failing: [T.confidential, T.owned] }, // finance through its container, no term; tier 1 unowned
  7: { passing: [T.documented], failing: [] }, // PII, described
  8: { passing: [], failing: [T.documented] }, // PII, undescribed
};

async function write(proposals: unknown[]): Promise<void> {
  const res = await api.call('POST', '/aspects?action=ingestProposalBatch', { proposals });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}
const evaluate = (body: Record<string, unknown>) => api.call('POST', '/test?action=evaluate', body);
const sorted = (r: { passing: { test: string }[]; failing: { test: string }[] }) => ({
  passing: r.passing.map((x) => x.test).sort(),
  failing: r.failing.map((x) => x.test).sort(),
});

describe('metadata tests', () => {
  beforeAll(async () => {
    await write([
      mcp(CONFIDENTIAL, 'glossaryNodeInfo', { definition: 'confidential', name: `Confidential ${u}` }),
      mcp(SECRET, 'glossaryTermInfo', {
        definition: 'secret',
        name: 'Secret',
        parentNode: CONFIDENTIAL,
        termSource: 'INTERNAL',
      }),
      mcp(PUBLIC, 'glossaryTermInfo', { definition: 'public', name: 'Public', termSource: 'INTERNAL' }),
      mcp(FINANCE, 'domainProperties', { name: `Finance ${u}` }),
      mcp(BOX, 'containerProperties', { name: 'finance box' }),
      mcp(BOX, 'domains', { domains: [FINANCE] }),
      mcp(ds(1), 'globalTags', tags(TIER1)),
      mcp(ds(1), 'ownership', owner),
      mcp(ds(2), 'globalTags', tags(TIER1)),
      mcp(ds(3), 'datasetProperties', { name: 'three' }),
      mcp(ds(4), 'domains', { domains: [FINANCE] }),
      mcp(ds(4), 'glossaryTerms', terms(SECRET)),
      mcp(ds(5), 'container', { container: BOX }),
      mcp(ds(5), 'glossaryTerms', terms(PUBLIC)),
      mcp(ds(6), 'container', { container: BOX }),
      mcp(ds(6), 'globalTags', tags(TIER1)),
      mcp(ds(7), 'globalTags', tags(PII)),
      mcp(ds(7), 'datasetProperties', { name: 'seven', description: 'who and why' }),
      mcp(ds(8), 'globalTags', tags(PII)),
      ...ALL.map((t) => testInfo(t, definitions[t])),
    ]);
  });

  it('evaluates each dataset to exactly the tests that apply to it, passing and failing', async () => {
    for (const [n, want] of Object.entries(expected)) {
      const res = await evaluate({ urn: ds(Number(n)), tests: ALL });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(sorted(res.body.value), `dataset ${n}`).toEqual({
        passing: want.passing.sort(),
        failing: want.failing.sort(),
      });
      for (const r of res.body.value.passing) expect(r.type).toBe('SUCCESS');
      for (const r of res.body.value.failing) expect(r.type).toBe('FAILURE');
    }
    // Without a list, every test is evaluated: ours give the same answers (others do not apply here).
    const all = await evaluate({ urn: ds(6) });
    const ours = (l: { test: string }[]) =>
      l
        .map((x) => x.test)
        .filter((t) => ALL.includes(t))
        .sort();
    expect(ours(all.body.value.failing)).toEqual(expected[6]?.failing.sort());
    for (const prefix of ['/gms', '/api/gms']) {
      const res = await api.call('POST', `${prefix}/test?action=evaluate`, { urn: ds(1), tests: [T.owned] });
      expect(res.body.value).toEqual({ passing: [{ test: T.owned, type: 'SUCCESS' }], failing: [] });
    }
    // `testUrns`, as DataHub documents the list (and the spec names it), evaluates those tests only.
    const only = await evaluate({ urn: ds(6), testUrns: [T.owned] });
    expect(only.body.value).toEqual({ passing: [], failing: [{ test: T.owned, type: 'FAILURE' }] });
    const badList = await evaluate({ urn: ds(6), testUrns: 'nope' });
    expect([badList.status, badList.body.message]).toEqual([
      400,
      "Parameter 'testUrns' must be a list of test URNs",
    ]);
  });

  it('pushes results to testResults, merging a partial evaluation, and finds failing assets by search', async () => {
    for (const n of Object.keys(expected)) {
      const res = await evaluate({ urn: ds(Number(n)), tests: ALL, push: true });
      expect(res.status).toBe(200);
    }
    const stored = await api.call('GET', `/openapi/v3/entity/dataset/${enc(ds(6))}/testResults`);
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    expect(sorted(stored.body.value)).toEqual({ passing: [], failing: [T.confidential, T.owned].sort() });
    // An edit flips a result; evaluating only that test keeps the others' results.
    await write([mcp(ds(6), 'ownership', owner)]);
    const flipped = await evaluate({ urn: ds(6), tests: [T.owned], push: true });
    expect(sorted(flipped.body.value)).toEqual({ passing: [T.owned], failing: [] });
    const merged = await api.call('GET', `/openapi/v3/entity/dataset/${enc(ds(6))}/testResults`);
    expect(sorted(merged.body.value)).toEqual({ passing: [T.owned], failing: [T.confidential] });

    expect(await rt.services.search.waitForIndex(30_000)).toBe(true);
    const failing = async (test: string): Promise<string[]> => {
      const res = await api.call('POST', '/entities?action=search', {
        entity: 'dataset',
        input: '*',
        start: 0,
        count: 100,
        filter: { or: [{ and: [{ field: 'failingTests', value: test, condition: 'EQUAL' }] }] },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.value.entities.map((e: { entity: string }) => e.entity).sort();
    };
    expect(await failing(T.confidential)).toEqual([ds(5), ds(6)].sort());
    expect(await failing(T.owned)).toEqual([ds(2)]);
    expect(await failing(T.documented)).toEqual([ds(8)]);
  });

  it('keeps results current: an edit flips a result within seconds, with no one asking', async () => {
    const results = async (n: number) => {
      const res = await api.call('GET', `/openapi/v3/entity/dataset/${enc(ds(n))}/testResults`);
      return res.status === 200 ? sorted(res.body.value) : undefined;
    };
    await write([mcp(ds(1), 'ownership', { owners: [] })]);
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && !(await results(1))?.failing.includes(T.owned))
      await new Promise((r) => setTimeout(r, 200));
    expect(await results(1)).toEqual({ passing: [], failing: [T.owned] });
  });

  it('never brings back an entity deleted while its results were being kept current', async () => {
    const gone = ds(9);
    await write([mcp(gone, 'globalTags', tags(TIER1))]);
    const res = await api.call('POST', '/entities?action=delete', { urn: gone });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // The worker sees the delete in the change log and evaluates the entity; it must not write to it.
    // A later write flips ds(1)'s result: once the worker has written that, it has processed the log past
    // the delete (it follows the log in order, and pushes a round's results in one write).
    const results = async (n: number) => {
      const got = await api.call('GET', `/openapi/v3/entity/dataset/${enc(ds(n))}/testResults`);
      return got.status === 200 ? sorted(got.body.value) : undefined;
    };
    const until = async (n: number, test: string, list: 'passing' | 'failing') => {
      const deadline = Date.now() + 20_000;
      while (Date.now() < deadline && !(await results(n))?.[list].includes(test))
        await new Promise((r) => setTimeout(r, 200));
      expect((await results(n))?.[list], `ds(${n}) ${list} ${test}`).toContain(test);
    };
    await write([mcp(ds(1), 'ownership', owner)]);
    await until(1, T.owned, 'passing');
    const after = await api.call('GET', `/entitiesV2/${enc(gone)}`, undefined, {
      'X-RestLi-Protocol-Version': '2.0.0',
    });
    expect(after.body.aspects).toEqual({});
    // ds(1) as the tests after this one expect it: without an owner.
    await write([mcp(ds(1), 'ownership', { owners: [] })]);
    await until(1, T.owned, 'failing');
  });

  it('evaluates a new test over the whole catalog as a task, with its progress', async () => {
    const t = own('test', 'named');
    await write([
      testInfo(t, {
        on: {
          types: ['dataset'],
          match: [
            {
              query: 'urn',
              operation: 'starts_with',
              params: { value: `urn:li:dataset:(urn:li:dataPlatform:hive,mt_${u}_` },
            },
          ],
        },
        rules: [{ query: 'datasetProperties.name', operation: 'exists' }],
      }),
    ]);
    const started = await api.call('POST', '/test?action=evaluateAll', { tests: [t] });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const status = await api.waitForTask(started.body.value, { tries: 1200 });
    expect(status.error ?? null).toBeNull();
    const of = async (n: number) =>
      sorted((await api.call('GET', `/openapi/v3/entity/dataset/${enc(ds(n))}/testResults`)).body.value);
    expect((await of(3)).passing).toContain(t);
    expect((await of(2)).failing).toContain(t);
    expect((await of(2)).failing).toContain(T.owned);
  });

  it('refuses every invalid definition with its spot, and writes nothing', async () => {
    const bad: [unknown, string][] = [
      [
        { on: { types: ['dataset'] }, rules: [{ query: 'nosuchAspect.x', operation: 'exists' }] },
        '/definition/json/rules/0/query',
      ],
      [
        { on: { types: ['dataset'] }, rules: [{ query: 'ownership.owners.nobody', operation: 'exists' }] },
        '/definition/json/rules/0/query',
      ],
      [
        { on: { types: ['dataset'] }, rules: [{ query: 'ownership.owners.owner', operation: 'resembles' }] },
        '/definition/json/rules/0/operation',
      ],
      [
        { on: { types: ['dataset'] }, rules: [{ query: 'datasetProperties.name', operation: 'equals' }] },
        '/definition/json/rules/0/values',
      ],
      [
        {
          on: { types: ['dataset'] },
          rules: [{ query: 'datasetProperties.name', operation: 'regex_match', params: { values: ['(['] } }],
        },
        '/definition/json/rules/0/params/values/0',
      ],
      [{ on: { types: ['nosuchkind'] }, rules: [] }, '/definition/json/on/types/0'],
    ];
    for (const [definition, spot] of bad) {
      const urn = `urn:li:test:bad_${unique()}`;
      const res = await api.call('POST', '/aspects?action=ingestProposal', {
        proposal: testInfo(urn, definition),
      });
      expect(res.status, JSON.stringify(definition)).toBe(422);
      expect(JSON.stringify(res.body), JSON.stringify(definition)).toContain(spot);
      expect((await api.call('GET', `/openapi/v3/entity/test/${enc(urn)}/testInfo`)).status).toBe(404);
    }
    const notJson = await api.call('POST', '/aspects?action=ingestProposal', {
      proposal: mcp(`urn:li:test:bad_${unique()}`, 'testInfo', {
        name: 'x',
        category: 'c',
        definition: { type: 'JSON', json: '{oops' },
      }),
    });
    expect(notJson.status).toBe(422);
    expect(JSON.stringify(notJson.body)).toContain('not JSON');
    // DataHub's model lets a definition go without its JSON: stored, and never evaluated.
    const empty = own('test', 'empty');
    const stored = await api.call('POST', '/aspects?action=ingestProposal', {
      proposal: mcp(empty, 'testInfo', { name: 'empty', category: 'c', definition: { type: 'JSON' } }),
    });
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    const results = await evaluate({ urn: ds(1), tests: [empty, T.owned] });
    expect(results.status).toBe(200);
    expect(
      [...results.body.value.passing, ...results.body.value.failing].map((r: { test: string }) => r.test),
    ).toEqual([T.owned]);
  });

  it('answers 404 for an entity that does not exist and 400 for a bad body', async () => {
    expect((await evaluate({ urn: datasetUrn(`absent_${unique()}`) })).status).toBe(404);
    expect((await evaluate({})).status).toBe(400);
    expect((await evaluate({ urn: ds(1), tests: 'x' })).status).toBe(400);
    expect((await evaluate({ urn: 'not-a-urn' })).status).toBe(400);
  });
});

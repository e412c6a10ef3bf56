/**
 * Metadata tests over GraphQL (issue 20): DataHub's `createTest`, `updateTest`, `deleteTest`, `test`,
 * `listTests`, and the `testResults` of assets, with the results an evaluation pushed; defining tests is
 * Admin-only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime.js';
import { useAuthServer, type TestTokens } from '../support/auth.js';
import { httpClient, type HttpClient } from '../support/http.js';
import { datasetUrn, mcp, startTestServer, unique } from '../support/runtime.js';

const u = unique();
/** This suite's datasets: the tests below apply to them alone. */
const PREFIX = `gqlmt_${u}_`;
const ds = (name: string): string => datasetUrn(`${PREFIX}${name}`);
const ON = {
  types: ['dataset'],
  match: [{ query: 'urn', operation: 'starts_with', params: { value: ds('').slice(0, -6) } }],
};
const definition = (rules: unknown[]) => ({ json: JSON.stringify({ on: ON, rules }) });
const OWNED = definition([{ query: 'ownership.owners.owner', operation: 'exists' }]);
const DOCUMENTED = definition([{ query: 'editableDatasetProperties.description', operation: 'exists' }]);

const CREATE = `mutation create($input: CreateTestInput!) { createTest(input: $input) }`;
const UPDATE = `mutation update($urn: String!, $input: UpdateTestInput!) { updateTest(urn: $urn, input: $input) }`;
const DELETE = `mutation remove($urn: String!) { deleteTest(urn: $urn) }`;
const TEST = `query test($urn: String!) {
  test(urn: $urn) { urn type name category description definition { json } }
}`;
const LIST = `query list($input: ListTestsInput!) {
  listTests(input: $input) { start count total tests { urn name } }
}`;
const RESULTS = `query results($urn: String!) { dataset(urn: $urn) { testResults {
  passing { test { urn name } type }
  failing { test { urn } type }
} } }`;

const poll = async <T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> => {
  const deadline = Date.now() + 20_000;
  let v = await read();
  while (!done(v) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    v = await read();
  }
  return v;
};

describe('metadata tests over GraphQL', () => {
  let rt: Runtime;
  beforeAll(async () => {
    rt = await startTestServer();
  });
  afterAll(async () => rt?.stop());
  const api = httpClient(() => rt.url, { gqlStatus: 200 });
  const create = async (input: Record<string, unknown>): Promise<string> =>
    (await api.gqlOk(CREATE, { input })).createTest as string;
  const list = async (input: Record<string, unknown>) => (await api.gqlOk(LIST, { input })).listTests;
  const results = async (urn: string) => (await api.gqlOk(RESULTS, { urn })).dataset?.testResults;

  const owned = `urn:li:test:${PREFIX}owned`;
  let documented: string;

  it('creates tests, reads them by URN and lists them with a query and pages, and updates one', async () => {
    const input = {
      id: `${PREFIX}owned`,
      name: `Owned ${u}`,
      category: `Governance ${u}`,
      description: 'Every dataset has an owner',
      definition: OWNED,
    };
    expect(await create(input)).toBe(owned);
    documented = await create({
      name: `Documented ${u}`,
      category: `Governance ${u}`,
      definition: DOCUMENTED,
    });
    expect(documented).toMatch(/^urn:li:test:[0-9a-f-]{36}$/);

    expect((await api.gqlOk(TEST, { urn: owned })).test).toEqual({
      urn: owned,
      type: 'TEST',
      name: `Owned ${u}`,
      category: `Governance ${u}`,
      description: 'Every dataset has an owner',
      definition: { json: OWNED.json },
    });
    expect((await api.gqlOk(TEST, { urn: documented })).test).toMatchObject({ description: null });
    expect((await api.gqlOk(TEST, { urn: `urn:li:test:absent_${u}` })).test).toBeNull();
    const again = await api.gql(CREATE, { input });
    expect(again.errors?.[0]?.extensions).toMatchObject({ code: 400, type: 'BAD_REQUEST' });

    // The query matches names, categories and descriptions in any case; tests come in URN order.
    const both = [owned, documented].sort();
    const all = await list({ query: `governance ${u}` });
    expect(all).toMatchObject({ start: 0, count: 2, total: 2 });
    expect(all.tests.map((t: { urn: string }) => t.urn)).toEqual(both);
    expect(await list({ query: `OWNED ${u}` })).toEqual({
      start: 0,
      count: 1,
      total: 1,
      tests: [{ urn: owned, name: `Owned ${u}` }],
    });
    const second = await list({ query: u, start: 1, count: 1 });
    expect(second).toMatchObject({ start: 1, count: 1, total: 2 });
    expect(second.tests.map((t: { urn: string }) => t.urn)).toEqual([both[1]]);
    expect(await list({ query: u, start: 2 })).toMatchObject({ start: 2, count: 0, total: 2, tests: [] });
    expect((await list({})).start).toBe(0);

    const updated = { name: `Owned now ${u}`, category: `Ownership ${u}`, definition: OWNED };
    expect((await api.gqlOk(UPDATE, { urn: owned, input: updated })).updateTest).toBe(owned);
    expect((await api.gqlOk(TEST, { urn: owned })).test).toMatchObject({
      name: `Owned now ${u}`,
      category: `Ownership ${u}`,
      description: null,
    });
    expect((await list({ query: `ownership ${u}` })).tests).toEqual([{ urn: owned, name: `Owned now ${u}` }]);
    const absent = await api.gql(UPDATE, { urn: `urn:li:test:absent_${u}`, input: updated });
    expect(absent.errors?.[0]?.extensions).toMatchObject({ code: 404, type: 'NOT_FOUND' });
  });

  it("shows an evaluation's results on the dataset, and a deleted test's results with no test", async () => {
    const orders = ds('orders');
    const owner = { owners: [{ owner: `urn:li:corpuser:ann_${u}`, type: 'DATAOWNER' }] };
    const ingest = async (...proposals: unknown[]) => {
      const res = await api.call('POST', '/aspects?action=ingestProposalBatch', { proposals });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    await ingest(mcp(orders, 'datasetProperties', { name: 'orders' }), mcp(orders, 'ownership', owner));

    const tests = [owned, documented];
    const res = await api.call('POST', '/test?action=evaluate', { urn: orders, tests, push: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.value).toEqual({
      passing: [{ test: owned, type: 'SUCCESS' }],
      failing: [{ test: documented, type: 'FAILURE' }],
    });
    expect(await results(orders)).toEqual({
      passing: [{ test: { urn: owned, name: `Owned now ${u}` }, type: 'SUCCESS' }],
      failing: [{ test: { urn: documented }, type: 'FAILURE' }],
    });
    // An asset without results shows none (tags have the aspect; no test applies to them).
    const tag = `urn:li:tag:gqlmt_${u}`;
    await ingest(mcp(tag, 'tagProperties', { name: `gqlmt_${u}` }));
    expect((await api.gqlOk(`{ tag(urn: "${tag}") { urn testResults { passing { type } } } }`)).tag).toEqual({
      urn: tag,
      testResults: null,
    });

    // Another dataset's results, written by the continuous evaluation, show that it has gone past every
    // write to `orders`: nothing evaluates `orders` again once the test is deleted.
    const sentinel = ds('sentinel');
    await ingest(mcp(sentinel, 'datasetProperties', { name: 'sentinel' }));
    const failing = await poll(
      async () => (await results(sentinel))?.failing ?? [],
      (f) => f.length === 2,
    );
    expect(failing.map((r: { test: { urn: string } }) => r.test.urn).sort()).toEqual(
      [owned, documented].sort(),
    );

    expect((await api.gqlOk(DELETE, { urn: owned })).deleteTest).toBe(true);
    expect((await api.gqlOk(TEST, { urn: owned })).test).toBeNull();
    expect((await list({ query: u })).tests).toEqual([{ urn: documented, name: `Documented ${u}` }]);
    expect(await results(orders)).toEqual({
      passing: [{ test: null, type: 'SUCCESS' }],
      failing: [{ test: { urn: documented }, type: 'FAILURE' }],
    });
    const again = await api.gql(DELETE, { urn: owned });
    expect(again.errors?.[0]?.extensions).toMatchObject({ code: 404, type: 'NOT_FOUND' });
    expect((await api.gqlOk(DELETE, { urn: documented })).deleteTest).toBe(true);
  });

  it('refuses an invalid definition with its spot, and creates nothing', async () => {
    const id = `${PREFIX}bad`;
    const res = await api.gql(CREATE, {
      input: {
        id,
        name: 'bad',
        category: 'bad',
        definition: definition([{ query: 'nosuchAspect.x', operation: 'exists' }]),
      },
    });
    expect(res.data?.createTest).toBeNull();
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: 400, type: 'BAD_REQUEST' });
    expect(res.errors?.[0]?.message).toContain('/definition/json/rules/0/query');
    expect((await api.gqlOk(TEST, { urn: `urn:li:test:${id}` })).test).toBeNull();
  });
});

describe('defining metadata tests over GraphQL', () => {
  let t: TestTokens;
  let client: HttpClient;
  useAuthServer({}, (rt, tokens) => {
    t = tokens;
    client = httpClient(() => rt.url, { gqlStatus: 200 });
  });

  it('is refused to Editors (403) and allowed to Admins; every role reads tests', async () => {
    const fields = { name: `Admin ${u}`, category: 'governance', definition: OWNED };
    const input = { id: `${PREFIX}admin`, ...fields };
    const refused = await client.as(t.editor).gql(CREATE, { input });
    expect(refused.data?.createTest ?? null).toBeNull();
    expect(refused.errors?.[0]?.extensions?.code).toBe(403);
    const urn = (await client.as(t.admin).gqlOk(CREATE, { input })).createTest;
    expect(urn).toBe(`urn:li:test:${PREFIX}admin`);
    for (const [query, variables] of [
      [UPDATE, { urn, input: fields }],
      [DELETE, { urn }],
    ] as const) {
      const res = await client.as(t.editor).gql(query, variables);
      expect(res.errors?.[0]?.extensions?.code).toBe(403);
    }
    expect((await client.as(t.reader).gqlOk(TEST, { urn })).test).toMatchObject({ urn, name: `Admin ${u}` });
    expect((await client.as(t.admin).gqlOk(DELETE, { urn })).deleteTest).toBe(true);
  });
});

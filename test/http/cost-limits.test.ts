import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime.js';
import { post } from '../support/http.js';
import { datasetUrn, mcp, startTestServer, unique } from '../support/runtime.js';

/**
 * Regressions of issue 35 (finding 9): what the cost limit admitted on main was slow. The queries main
 * admitted are now refused before any database work; what the limit still admits answers (its time is
 * bench/cost-limits.ts's figure, docs/decisions/0039).
 */
let rt: Runtime;
beforeAll(async () => {
  rt = await startTestServer();
  const id = unique();
  const urn = datasetUrn(`cost_${id}`);
  const res = await post(rt.url, '/aspects?action=ingestProposalBatch', {
    proposals: [
      mcp(urn, 'datasetProperties', { name: `cost ${id}` }),
      mcp(urn, 'ownership', {
        owners: [{ owner: `urn:li:corpuser:cost_${id}`, type: 'DATAOWNER' }],
        lastModified: { time: 1700000000000, actor: 'urn:li:corpuser:datahub' },
      }),
    ],
  });
  expect(res.status).toBe(200);
});
afterAll(async () => rt?.stop());

const aliases = (n: number, one: (i: number) => string): string =>
  `{ ${Array.from({ length: n }, (_, i) => `a${i}: ${one(i)}`).join(' ')} }`;
const small = (n: number): string => aliases(n, () => 'datasets(limit: 1) { urn ownedBy { urn } }');

describe('the explorer (/api/graph): each root field weighs a statement of its own', () => {
  it('refuses the 800 aliases of a small query main admitted, with a 400 before any database work', async () => {
    const res = await post(rt.url, '/api/graph', { query: small(800) });
    expect(res.status).toBe(400);
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors).toHaveLength(1);
    expect(res.body.errors[0].extensions.code).toBe('BAD_REQUEST');
    expect(res.body.errors[0].message).toContain('cost limit (NEOHUB_GRAPHQL_MAX_COST) is 150000');
  });

  it('refuses many aliased scans of a label (filters that pick no URN)', async () => {
    const scans = aliases(
      100,
      (i) => `datasets(limit: 1, where: { name: { contains: "none_${i}" } }) { urn }`,
    );
    const res = await post(rt.url, '/api/graph', { query: scans });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toContain('NEOHUB_GRAPHQL_MAX_COST');
  });

  it('refuses a filter whose logical operators nest 200 deep (3 s on main), and answers a few levels', async () => {
    const nested = (n: number): string =>
      `{ datasets(limit: 1, where: ${'{ NOT: '.repeat(n)}{ name: { eq: "none" } }${' }'.repeat(n)}) { urn } }`;
    const deep = await post(rt.url, '/api/graph', { query: nested(200) });
    expect(deep.status).toBe(400);
    expect(deep.body.errors[0].message).toContain('NEOHUB_GRAPHQL_MAX_COST');
    const shallow = await post(rt.url, '/api/graph', { query: nested(4) });
    expect(shallow.status).toBe(200);
    expect(shallow.body.errors).toBeUndefined();
  });

  it('answers what the limit admits', async () => {
    const res = await post(rt.url, '/api/graph', { query: small(300) });
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    expect(Object.keys(res.body.data)).toHaveLength(300);
  });
});

describe("DataHub's GraphQL (/api/graphql): searches weigh their facet counts", () => {
  const searches = (n: number): string =>
    aliases(
      n,
      (i) => `searchAcrossEntities(input: { query: "q${i}", count: 10 }) { total facets { field } }`,
    );

  it("refuses the 99 aliased searches main admitted, with DataHub's BAD_REQUEST", async () => {
    const res = await post(rt.url, '/api/graphql', { query: searches(99) });
    expect(res.status).toBe(200); // DataHub answers its GraphQL errors with 200
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors[0].extensions).toMatchObject({ code: 400, type: 'BAD_REQUEST' });
    expect(res.body.errors[0].message).toContain('cost limit (NEOHUB_GRAPHQL_MAX_COST) is 150000');
  });

  it('answers a few searches in one operation, and more that skip their facets', async () => {
    const few = await post(rt.url, '/api/graphql', { query: searches(3) });
    expect(few.body.errors).toBeUndefined();
    expect(Object.keys(few.body.data)).toHaveLength(3);
    const skipping = aliases(
      20,
      (i) =>
        `searchAcrossEntities(input: { query: "q${i}", count: 10, searchFlags: { skipAggregates: true } }) { total }`,
    );
    const more = await post(rt.url, '/api/graphql', { query: skipping });
    expect(more.body.errors).toBeUndefined();
    expect(Object.keys(more.body.data)).toHaveLength(20);
  });
});

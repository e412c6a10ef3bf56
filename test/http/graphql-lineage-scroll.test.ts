import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime.js';
import { useAuthServer, type TestTokens } from '../support/auth.js';
import { httpClient, post, type HttpClient } from '../support/http.js';
import { datasetUrn, mcp, startTestServer, unique } from '../support/runtime.js';

/**
 * scrollAcrossLineage keeps its walk between pages (src/services/lineage/walk-cache.ts): pages come from
 * the first page's walk, a scroll id another process issued (or whose walk it let go) goes on by walking
 * again, and a walk is only served to the caller and query it was made for.
 */

let rt: Runtime;
/**
 * A second neohub over the same store and index: another process behind a load balancer (with a small
 * page maximum, so that it reads a kept walk's hits ahead in several searches).
 */
let other: Runtime;
beforeAll(async () => {
  // Its warehouse is written in batches larger than DataHub's client sends (NEOHUB_MAX_BATCH_PROPOSALS).
  rt = await startTestServer({ NEOHUB_MAX_BATCH_PROPOSALS: '1000' });
  other = await startTestServer({ NEOHUB_MAX_PAGE_SIZE: '50', NEOHUB_MAX_BATCH_PROPOSALS: '1000' });
});
afterAll(async () => {
  await other?.stop();
  await rt?.stop();
});

const SYNC = { 'X-DataHub-Sync-Index-Update': 'true' };
const audit = { time: 1700000000000, actor: 'urn:li:corpuser:scroll' };
const upstreams = (...urns: string[]) => ({
  upstreams: urns.map((dataset) => ({ dataset, type: 'TRANSFORMED', auditStamp: audit })),
});

const LAYERS = 7;
const WIDTH = 40;

/**
 * A layered warehouse: WIDTH datasets per layer, each (but layer 0) with five upstreams in the layer
 * before, and one mart on top of the last layer. Upstream of the mart: some 190 datasets over 7 degrees.
 * Every third dataset is on kafka; names carry `word`, and `even` or `odd`.
 */
async function warehouse(
  ingestTo: string,
): Promise<{ mart: string; word: string; urn: (l: number, i: number) => string }> {
  const id = unique();
  const word = `scroll${id}`;
  const urn = (l: number, i: number): string =>
    datasetUrn(`scroll_${id}.l${l}.t${i}`, i % 3 === 0 ? 'kafka' : 'hive');
  const proposals: Record<string, unknown>[] = [];
  for (let l = 0; l < LAYERS; l++)
    for (let i = 0; i < WIDTH; i++) {
      const u = urn(l, i);
      proposals.push(mcp(u, 'datasetProperties', { name: `${word} ${i % 2 ? 'odd' : 'even'} t${i}` }));
      if (l > 0)
        proposals.push(
          mcp(u, 'upstreamLineage', upstreams(...[0, 1, 2, 7, 19].map((d) => urn(l - 1, (i + d) % WIDTH)))),
        );
    }
  const mart = datasetUrn(`scroll_${id}.mart`);
  proposals.push(mcp(mart, 'upstreamLineage', upstreams(urn(LAYERS - 1, 0), urn(LAYERS - 1, 20))));
  const res = await post(ingestTo, '/aspects?action=ingestProposalBatch', { proposals }, SYNC);
  expect(res.status).toBe(200);
  return { mart, word, urn };
}

const client = (r: () => Runtime, token?: string): HttpClient =>
  httpClient(() => r().url, { gqlStatus: 200, ...(token ? { token } : {}) });
const gqlRt = client(() => rt);
const gqlOther = client(() => other);

const RESULT = `searchResults { entity { urn } degree paths { path { urn } } }`;
const SEARCH = `query s($input: SearchAcrossLineageInput!) { searchAcrossLineage(input: $input) {
  total count isPartial ${RESULT} } }`;
const SCROLL = `query s($input: ScrollAcrossLineageInput!) { scrollAcrossLineage(input: $input) {
  nextScrollId total count isPartial ${RESULT}
  facets { field aggregations { value count } } } }`;

type Row = [string, number, string[]];
const rows = (results: any[]): Row[] =>
  results.map((r) => [r.entity.urn, r.degree, r.paths[0].path.map((p: any) => p.urn)]);

/** The lineage search of `input` as one big page. */
async function onePage(
  c: HttpClient,
  input: Record<string, unknown>,
): Promise<{ total: number; rows: Row[] }> {
  const res = await c.gql(SEARCH, { input: { ...input, start: 0, count: 1000 } });
  expect(res.errors).toBeUndefined();
  const page = res.data?.searchAcrossLineage;
  expect(page.count).toBe(page.total);
  return { total: page.total, rows: rows(page.searchResults) };
}

interface Scrolled {
  total: number;
  rows: Row[];
  pages: number;
  ids: string[];
}

/** A scroll of `input` to its end in pages of `count`, each page on the client `via(page number)` names. */
async function scrollAll(
  via: (page: number) => HttpClient,
  input: Record<string, unknown>,
  count: number,
  scrollId?: string,
): Promise<Scrolled> {
  const out: Scrolled = { total: -1, rows: [], pages: 0, ids: [] };
  let id: string | undefined = scrollId;
  for (;;) {
    const res = await via(out.pages).gql(SCROLL, {
      input: { ...input, count, ...(id ? { scrollId: id } : {}) },
    });
    expect(res.errors).toBeUndefined();
    const page = res.data?.scrollAcrossLineage;
    if (out.total === -1) out.total = page.total;
    expect(page.total).toBe(out.total);
    out.rows.push(...rows(page.searchResults));
    out.pages++;
    if (!page.nextScrollId) return out;
    expect(page.count).toBe(count);
    id = page.nextScrollId as string;
    out.ids.push(id);
    expect(out.pages).toBeLessThan(1000);
  }
}

describe('scrollAcrossLineage', () => {
  it('pages a large lineage with scroll ids: every entity once, in the order of one big page', async () => {
    const { mart, word } = await warehouse(rt.url);
    const inputs: Record<string, unknown>[] = [
      { urn: mart, direction: 'UPSTREAM', query: '*' },
      { urn: mart, direction: 'UPSTREAM', query: `${word} odd` },
      {
        urn: mart,
        direction: 'UPSTREAM',
        query: '*',
        orFilters: [
          {
            and: [
              { field: 'platform', values: ['urn:li:dataPlatform:kafka'] },
              { field: 'degree', values: ['2', '3+'] },
            ],
          },
        ],
      },
      {
        urn: mart,
        direction: 'UPSTREAM',
        query: '*',
        sortInput: { sortCriteria: [{ field: 'urn', sortOrder: 'DESCENDING' }] },
      },
      { urn: mart, direction: 'UPSTREAM', query: '*', maxHops: 3 },
    ];
    for (const input of inputs) {
      const big = await onePage(gqlRt, input);
      expect(big.total).toBeGreaterThan(10);
      for (const count of [7, 50]) {
        const s = await scrollAll(() => gqlRt, input, count);
        expect(s.total).toBe(big.total);
        expect(s.rows).toEqual(big.rows);
        expect(new Set(s.rows.map((r) => r[0])).size).toBe(s.rows.length);
        expect(s.pages).toBe(Math.ceil(big.total / count));
      }
    }
    // The whole walk, every degree (3+ counted together), every path from the mart.
    const all = await onePage(gqlRt, inputs[0] as Record<string, unknown>);
    expect(all.total).toBeGreaterThan(150);
    expect(new Set(all.rows.map((r) => r[1]))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7]));
    for (const [u, degree, path] of all.rows) {
      expect(path[0]).toBe(mart);
      expect(path.at(-1)).toBe(u);
      expect(path.length).toBe(degree + 1);
    }
  });

  it("serves a scroll's pages from its first page's walk, and walks again without a keep-alive", async () => {
    const { mart, urn } = await warehouse(rt.url);
    const input = { urn: mart, direction: 'UPSTREAM', query: '*' };
    const before = await onePage(gqlRt, input);
    const first = (await gqlRt.gql(SCROLL, { input: { ...input, count: 10 } })).data?.scrollAcrossLineage;
    const unkept = (await gqlRt.gql(SCROLL, { input: { ...input, count: 10, keepAlive: '0s' } })).data
      ?.scrollAcrossLineage;
    // The lineage changes between the pages: a new upstream of the mart, at degree 1.
    const added = urn(LAYERS, 0);
    const res = await post(
      rt.url,
      '/aspects?action=ingestProposalBatch',
      {
        proposals: [
          mcp(added, 'datasetProperties', { name: 'added' }),
          mcp(mart, 'upstreamLineage', upstreams(urn(LAYERS - 1, 0), urn(LAYERS - 1, 20), added)),
        ],
      },
      SYNC,
    );
    expect(res.status).toBe(200);
    const after = await onePage(gqlRt, input);
    expect(after.total).toBe(before.total + 1);
    // The kept scroll goes on in the walk of its first page: as if nothing had changed.
    const rest = await scrollAll(() => gqlRt, input, 10, first.nextScrollId);
    expect(rest.total).toBe(before.total);
    expect([...rows(first.searchResults), ...rest.rows]).toEqual(before.rows);
    // Without a keep-alive, the next page walks again and sees the change.
    const walked = (
      await gqlRt.gql(SCROLL, { input: { ...input, count: 10, scrollId: unkept.nextScrollId } })
    ).data?.scrollAcrossLineage;
    expect(walked.total).toBe(after.total);
    expect(rows(walked.searchResults)).toEqual(after.rows.slice(10, 20));
    // A new scroll sees it.
    expect((await scrollAll(() => gqlRt, input, 25)).rows).toEqual(after.rows);
  });

  it('goes on with a scroll id its process does not hold by walking again (another instance, another query)', async () => {
    const { mart } = await warehouse(rt.url);
    const input = { urn: mart, direction: 'UPSTREAM', query: '*' };
    const big = await onePage(gqlRt, input);
    // Pages alternate between the two instances: each id comes from the other one.
    const across = await scrollAll((n) => (n % 2 ? gqlOther : gqlRt), input, 9);
    expect(across.total).toBe(big.total);
    expect(across.rows).toEqual(big.rows);
    // The first page on one, the rest on the other (which then keeps its own walk).
    const first = (await gqlRt.gql(SCROLL, { input: { ...input, count: 30 } })).data?.scrollAcrossLineage;
    const rest = await scrollAll(() => gqlOther, input, 30, first.nextScrollId);
    expect([...rows(first.searchResults), ...rest.rows]).toEqual(big.rows);
    // An id of one query given with another: the other query's page at the id's offset.
    const kafka = {
      ...input,
      orFilters: [{ and: [{ field: 'platform', values: ['urn:li:dataPlatform:kafka'] }] }],
    };
    const kafkaBig = await onePage(gqlRt, kafka);
    const page = (await gqlRt.gql(SCROLL, { input: { ...kafka, count: 30, scrollId: first.nextScrollId } }))
      .data?.scrollAcrossLineage;
    expect(page.total).toBe(kafkaBig.total);
    expect(rows(page.searchResults)).toEqual(kafkaBig.rows.slice(30, 60));
  });

  it('answers invalid scroll ids and keep-alives with BAD_REQUEST', async () => {
    const { mart } = await warehouse(rt.url);
    const input = { urn: mart, direction: 'UPSTREAM', query: '*', count: 5 };
    const id = (o: unknown): string => Buffer.from(JSON.stringify(o)).toString('base64url');
    for (const scrollId of [
      'not-a-scroll-id',
      id({ o: -1 }),
      id({ o: 1.5 }),
      id({ o: 5, w: 7 }),
      id({ o: 5, w: '../x' }),
    ]) {
      const res = await gqlRt.gql(SCROLL, { input: { ...input, scrollId } });
      expect(res.errors?.[0]?.extensions.type).toBe('BAD_REQUEST');
      expect(res.errors?.[0]?.message).toContain('Invalid scrollId');
    }
    for (const keepAlive of ['5 minutes', '5', '-1m', '1w']) {
      const res = await gqlRt.gql(SCROLL, { input: { ...input, keepAlive } });
      expect(res.errors?.[0]?.extensions.type).toBe('BAD_REQUEST');
      expect(res.errors?.[0]?.message).toContain('keepAlive');
    }
    // An id that names a walk never kept (or long gone) is served by walking: the page at its offset.
    const big = await onePage(gqlRt, input);
    const page = (await gqlRt.gql(SCROLL, { input: { ...input, scrollId: id({ o: 5, w: 'gone' }) } })).data
      ?.scrollAcrossLineage;
    expect(rows(page.searchResults)).toEqual(big.rows.slice(5, 10));
  });
});

describe('scrollAcrossLineage with authentication', () => {
  let auth: Runtime;
  let tokens: TestTokens;
  useAuthServer({}, (r, t) => {
    auth = r;
    tokens = t;
  });

  it("serves a kept walk only to its caller: another caller's page of the same id is walked again", async () => {
    const reader = client(() => auth, tokens.reader);
    const admin = client(() => auth, tokens.admin);
    const id = unique();
    const ups = Array.from({ length: 12 }, (_, i) => datasetUrn(`scroll_auth_${id}.t${i}`));
    const mart = datasetUrn(`scroll_auth_${id}.mart`);
    const write = async (urns: string[]) => {
      const res = await admin.call(
        'POST',
        '/aspects?action=ingestProposalBatch',
        {
          proposals: [
            ...urns.map((u) => mcp(u, 'datasetProperties', { name: 'x' })),
            mcp(mart, 'upstreamLineage', upstreams(...urns)),
          ],
        },
        { 'X-RestLi-Protocol-Version': '2.0.0', ...SYNC },
      );
      expect(res.status).toBe(200);
    };
    await write(ups);
    const input = { urn: mart, direction: 'UPSTREAM', query: '*', count: 5 };
    const first = (await reader.gql(SCROLL, { input })).data?.scrollAcrossLineage;
    expect(first.total).toBe(12);
    await write([...ups, datasetUrn(`scroll_auth_${id}.added`)]);
    // The admin, with the reader's id, gets its own walk (13), the reader its kept one (12).
    const theirs = (await admin.gql(SCROLL, { input: { ...input, scrollId: first.nextScrollId } })).data
      ?.scrollAcrossLineage;
    expect(theirs.total).toBe(13);
    const mine = (await reader.gql(SCROLL, { input: { ...input, scrollId: first.nextScrollId } })).data
      ?.scrollAcrossLineage;
    expect(mine.total).toBe(12);
    // Without a token: refused as before.
    const anonymous = await client(() => auth).gqlRes(SCROLL, {
      input: { ...input, scrollId: first.nextScrollId },
    });
    expect(anonymous.status).toBe(401);
  });
});

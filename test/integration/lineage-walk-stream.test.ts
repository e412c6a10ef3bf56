import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import type { Runtime } from '../../src/runtime.js';
import {
  LineageSearchService,
  type LineageSearchRequest,
} from '../../src/services/lineage/lineage-search-service.js';
import {
  LineageService,
  type LineageRequest,
  type LineageResult,
} from '../../src/services/lineage/lineage-service.js';
import { SCROLL_CACHE_LIMITS } from '../../src/services/lineage/walk-cache.js';
import { readLineage } from '../../src/store/lineage/read-lineage.js';
import { decodeScrollId } from '../../src/services/scroll-id.js';
import { createDriver, Executor, LineageTree, Neo4jStore } from '../../src/store/index.js';
import {
  asSystemView,
  datasetUrn,
  graphTarget,
  mcp,
  post,
  startTestServer,
  unique,
} from '../support/runtime.js';

/**
 * A lineage walk streamed row by row (decision 0029): it answers as the page read in the database does,
 * and a scroll's first page can be served before the walk has ended, from the levels it has completed.
 * The walks are real (Neo4j); to serve a page early every time, a walk's furthest level is held back
 * from the scroll until its first page is out.
 */

let rt: Runtime;
let exec: Executor;

beforeAll(async () => {
  // Its graphs are written in batches larger than DataHub's client sends (NEOHUB_MAX_BATCH_PROPOSALS).
  rt = await startTestServer({ NEOHUB_MAX_BATCH_PROPOSALS: '1000' });
  const g = graphTarget();
  exec = new Executor(createDriver(g.uri, g.user, g.password), createLogger('error'), undefined);
});
afterAll(async () => {
  await exec?.close();
  await rt?.stop();
});

/** The lineage service, but a streamed walk's furthest level reaches the caller's tree only once released. */
class HeldBack extends LineageService {
  private open!: () => void;
  private readonly gate = new Promise<void>((resolve) => (this.open = resolve));
  held = 0;

  release(): void {
    this.open();
  }

  override async lineage(r: LineageRequest): Promise<LineageResult> {
    const out = r.tree;
    if (!out) return super.lineage(r);
    const tree = new LineageTree();
    const res = await super.lineage({ ...r, tree });
    out.begin(r.urn, { types: r.types, degrees: r.degrees, includeGhosts: r.includeGhosts });
    const forward = (i: number): void => {
      const h = tree.hit(i);
      out.add({ ...h, parent: h.path.at(-2) as string });
    };
    let i = 0;
    for (; i < tree.size && tree.degree(i) < tree.maxDegree; i++) forward(i);
    this.held++;
    await this.gate;
    for (; i < tree.size; i++) forward(i);
    out.end(res.partial);
    return res;
  }
}

const audit = { time: 1700000000000, actor: 'urn:li:corpuser:early' };

/** 6 layers of 30 datasets, each with four upstreams in the layer before, and a mart on top. */
async function warehouse(): Promise<string> {
  const id = unique();
  const urn = (l: number, i: number): string => datasetUrn(`early_${id}.l${l}.t${i}`);
  const ups = (...urns: string[]) => ({
    upstreams: urns.map((dataset) => ({ dataset, type: 'TRANSFORMED', auditStamp: audit })),
  });
  const proposals: Record<string, unknown>[] = [];
  for (let l = 0; l < 6; l++)
    for (let i = 0; i < 30; i++) {
      proposals.push(mcp(urn(l, i), 'datasetProperties', { name: `early ${id} t${i}` }));
      if (l > 0)
        proposals.push(
          mcp(urn(l, i), 'upstreamLineage', ups(...[0, 1, 5, 13].map((d) => urn(l - 1, (i + d) % 30)))),
        );
    }
  const mart = datasetUrn(`early_${id}.mart`);
  // And a ghost upstream (never written) with a written upstream of its own.
  const ghost = datasetUrn(`early_${id}.ghost`);
  proposals.push(mcp(mart, 'upstreamLineage', ups(urn(5, 0), urn(5, 15), ghost)));
  const res = await post(
    rt.url,
    '/aspects?action=ingestProposalBatch',
    { proposals },
    {
      'X-DataHub-Sync-Index-Update': 'true',
    },
  );
  expect(res.status).toBe(200);
  return mart;
}

describe('a lineage walk streamed', () => {
  it('answers as the page read in the database: hits, paths, last hops, filters, counts', async () => {
    const mart = await warehouse();
    const lineage = rt.services.lineage;
    const requests = [
      { urn: mart, direction: 'UPSTREAM' },
      { urn: mart, direction: 'UPSTREAM', includeGhosts: true },
      { urn: mart, direction: 'UPSTREAM', degrees: [1, 3], maxHops: 4 },
      { urn: mart, direction: 'UPSTREAM', types: ['chart'] },
      { urn: datasetUrn('nowhere_' + unique()), direction: 'DOWNSTREAM' },
    ];
    for (const r of requests)
      for (const [start, count] of [
        [0, 40],
        [35, 1000],
      ] as const) {
        // A page of at most 1,000 is read in the database; 1,001 and more (or all) stream.
        const inDatabase = await lineage.lineage({ ...r, start, count });
        const streamed = await lineage.lineage({ ...r, start, count: 1001 });
        expect(streamed.hits.slice(0, count)).toEqual(inDatabase.hits);
        expect([streamed.total, streamed.partial, streamed.filtered]).toEqual([
          inDatabase.total,
          inDatabase.partial,
          inDatabase.filtered,
        ]);
      }
    const all = await lineage.lineage({ urn: mart, direction: 'UPSTREAM', includeGhosts: true });
    expect(all.hits[0]).toMatchObject({ degree: 1, type: 'DownstreamOf' });
    expect(all.hits.find((h) => h.ghost)?.path).toEqual([mart, all.hits.find((h) => h.ghost)?.urn]);
    for (const h of all.hits)
      expect([h.path[0], h.path.at(-1), h.path.length]).toEqual([mart, h.urn, h.degree + 1]);
  });
});

/**
 * A warehouse, and a lineage search that serves a scroll's first page early whenever it can, over walks
 * whose furthest level is held back until released.
 */
async function earlyScrolls(): Promise<{
  held: HeldBack;
  early: LineageSearchService;
  request: LineageSearchRequest;
}> {
  const mart = await warehouse();
  const held = new HeldBack(rt.services.registry, new Neo4jStore(exec), rt.services.lineage.limits);
  const early = new LineageSearchService(rt.services.search, held, SCROLL_CACHE_LIMITS, {
    waitMs: 0,
    minReached: 0,
  });
  const request = { urn: mart, direction: 'UPSTREAM', entities: ['dataset'], input: '*', start: 0, count: 0 };
  return { held, early: asSystemView(early), request };
}

describe('scrollAcrossLineage before the walk ends', () => {
  it('serves the first page from the completed levels, then every page of the whole walk in order', async () => {
    const { held, early, request } = await earlyScrolls();
    const base: LineageSearchRequest = { ...request, count: 1000, facets: [] };
    const whole = await asSystemView(rt.services.lineageSearch).searchAcrossLineage(base);
    expect(whole.total).toBeGreaterThan(100);
    const first = await early.searchAcrossLineage({ ...base, count: 25, scroll: {} });
    expect(held.held).toBe(1);
    // Served before the walk ended: the matches counted so far, a lower bound; partial; more to come.
    expect(first.partial).toBe(true);
    expect(first.total).toBeGreaterThanOrEqual(25);
    expect(first.total).toBeLessThan(whole.total);
    expect(first.hits.map((h) => h.urn)).toEqual(whole.hits.slice(0, 25).map((h) => h.urn));
    expect(first.hits.map((h) => h.path)).toEqual(whole.hits.slice(0, 25).map((h) => h.path));
    expect(first.nextScrollId).toBeDefined();
    held.release();
    const urns = first.hits.map((h) => h.urn);
    let id = first.nextScrollId;
    let last = first;
    while (id) {
      last = await early.searchAcrossLineage({
        ...base,
        start: decodeScrollId(id),
        count: 25,
        scroll: { id },
      });
      urns.push(...last.hits.map((h) => h.urn));
      id = last.nextScrollId;
    }
    // The next pages come from the whole walk (walked once): exact total, in the order of one big page.
    expect(held.held).toBe(1);
    expect(last.total).toBe(whole.total);
    expect(last.partial).toBe(false);
    expect(urns).toEqual(whole.hits.map((h) => h.urn));
  });

  it('waits for the whole walk when the page needs it: sorted, with facets, or a walk that ends in time', async () => {
    const { held, early, request } = await earlyScrolls();
    const base: LineageSearchRequest = { ...request, count: 10, scroll: {} };
    const faceted = early.searchAcrossLineage(base);
    const sorted = early.searchAcrossLineage({
      ...base,
      facets: [],
      sort: [{ field: 'urn', order: 'ASCENDING' }],
    });
    await new Promise((r) => setTimeout(r, 200));
    held.release();
    const total = (
      await asSystemView(rt.services.lineageSearch).searchAcrossLineage({ ...base, scroll: undefined })
    ).total;
    expect(total).toBeGreaterThan(100);
    for (const page of await Promise.all([faceted, sorted])) {
      expect(page.total).toBe(total);
      expect(page.partial).toBe(false);
    }
    expect((await faceted).facets.degree).toEqual({ '1': 2, '2': 8, '3+': total - 10 });
    // The service's defaults: a small walk ends well within the wait, and its first page is exact.
    const page = await asSystemView(rt.services.lineageSearch).searchAcrossLineage({ ...base, facets: [] });
    expect([page.total, page.partial, page.hits.length]).toEqual([total, false, 10]);
  });

  it('holds the rest of a walk back while a reader asks it to, then streams it to the end', async () => {
    // A start with 10,000 entities one hop away: the driver asks for them 1,000 at a time.
    const prefix = `urn:li:dataset:(urn:li:dataPlatform:hive,hold_${unique()}.t`;
    const start = `${prefix}start,PROD)`;
    await exec.write((tx) =>
      tx.run(
        `CREATE (s:Entity:Dataset {urn: $start, entityType: 'dataset', hasKey: true})
         WITH s UNWIND range(1, 10000) AS i
         CREATE (s)-[:DownstreamOf]->(:Entity:Dataset {urn: $prefix + i + ',PROD)', entityType: 'dataset', hasKey: true})`,
        { start, prefix },
      ),
    );
    const tree = new LineageTree();
    const query = { urn: start, relationshipFilter: 'DownstreamOf>', maxHops: 1, maxVisited: 20_000, tree };
    const walk = exec.read((tx) => readLineage(tx, query));
    let release!: () => void;
    const reading = new Promise<string>((resolve) => (release = () => resolve('read')));
    await expect.poll(() => tree.size, { interval: 1, timeout: 10_000 }).toBeGreaterThan(0);
    const held = tree.pausedWhile(reading);
    await new Promise((r) => setTimeout(r, 300));
    const stopped = tree.size;
    await new Promise((r) => setTimeout(r, 300));
    // Held: the rows already asked for came in, and no more.
    expect(tree.size).toBe(stopped);
    expect(stopped).toBeLessThan(10_000);
    expect(tree.done).toBe(false);
    release();
    expect(await held).toBe('read');
    const page = await walk;
    expect([page.reached, page.total, page.partial, tree.size]).toEqual([10_000, 10_000, false, 10_000]);
  });
});

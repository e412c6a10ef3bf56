import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import type { Runtime } from '../../src/runtime.js';
import { LineageService, type LineageDirection } from '../../src/services/index.js';
import { createDriver, Executor, Neo4jStore, type LineageHit } from '../../src/store/index.js';
import { datasetUrn, graphTarget, mcp, post, startTestServer, unique } from '../support/runtime.js';

/**
 * Multi-hop lineage checked against a reference breadth-first walk written here, on small random graphs
 * (seeded, so a failure names the seed that reproduces it) with cycles, diamonds, self-loops, ghosts and
 * edges of several entity kinds, all written through Rest.li ingestProposalBatch.
 */

let rt: Runtime;
let exec: Executor;
/** The configured lineage service, with NEOHUB_LINEAGE_MAX_HOPS = 10 (the default). */
let lineage: LineageService;
/** A lineage service over the same store with a small visit cap. */
const capped = (maxVisited: number): LineageService =>
  new LineageService(rt.services.registry, new Neo4jStore(exec), {
    maxHops: 10,
    maxVisited,
    maxPageSize: 10_000,
  });

beforeAll(async () => {
  // Its graphs are written in batches larger than DataHub's client sends (NEOHUB_MAX_BATCH_PROPOSALS).
  rt = await startTestServer({ NEOHUB_SEARCH_SYNC: 'false', NEOHUB_MAX_BATCH_PROPOSALS: '1000' });
  lineage = rt.services.lineage;
  const g = graphTarget();
  exec = new Executor(createDriver(g.uri, g.user, g.password), createLogger('error'), undefined);
});
afterAll(async () => {
  await exec?.close();
  await rt?.stop();
});

/** mulberry32: a small seeded PRNG, uniform in [0, 1). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const audit = { time: 1700000000000, actor: 'urn:li:corpuser:lineage_graphs' };
const stamps = { created: audit, lastModified: audit };

/**
 * A lineage graph: what was written, and the lineage edges it implies as (downstream, upstream) pairs
 * with their relationship type. Non-lineage edges written alongside are not in `edges`.
 */
interface Graph {
  readonly seed: number;
  readonly nodes: string[];
  readonly kind: Map<string, string>;
  /** Referenced URNs that were never written (no aspects). */
  readonly ghosts: Set<string>;
  readonly edges: { down: string; up: string; type: string }[];
  readonly proposals: Record<string, unknown>[];
}

interface GraphOptions {
  readonly datasets: number;
  /** Upstreams per dataset: 0..maxUpstreams, drawn from earlier datasets (a DAG before the extras). */
  readonly maxUpstreams: number;
  /** Extra edges to a later dataset: each may close a cycle. */
  readonly backEdges: number;
  /**
   * Also ML and BI entities: features, a primary key, a model and its group, charts, a dashboard, and a
   * feature table (whose edges are not lineage edges).
   */
  readonly mixed: boolean;
}

function generate(seed: number, o: GraphOptions): Graph {
  const rnd = prng(seed);
  const int = (n: number): number => Math.floor(rnd() * n);
  const id = `lg_${unique()}_s${seed}`;
  const ds = Array.from({ length: o.datasets }, (_, i) => datasetUrn(`${id}.d${i}`));
  const ghosts = [datasetUrn(`${id}.ghost0`), datasetUrn(`${id}.ghost1`)];
  const ups = new Map<string, Set<string>>(ds.map((d) => [d, new Set<string>()]));
  const addUp = (down: string, up: string): void => void ups.get(down)?.add(up);
  // A DAG, with locality (most upstreams a few positions back), so that paths are several hops long.
  for (let i = 1; i < o.datasets; i++) {
    const k = int(o.maxUpstreams + 1);
    for (let j = 0; j < k; j++) addUp(ds[i]!, ds[Math.max(0, i - 1 - int(Math.min(i, 6)))]!);
  }
  // Diamonds with arms of unequal length: a <- b <- d, a <- c <- e <- d (d reaches a at 2 hops, not 3).
  for (let r = 0; r < 2; r++) {
    const [a, b, c, e, d] = Array.from({ length: 5 }, () => ds[int(o.datasets)]!);
    if (new Set([a, b, c, e, d]).size < 5) continue;
    addUp(b!, a!);
    addUp(c!, a!);
    addUp(e!, c!);
    addUp(d!, b!);
    addUp(d!, e!);
  }
  // Back edges (an earlier dataset downstream of a later one): cycles through the DAG.
  for (let r = 0; r < o.backEdges; r++) {
    const i = int(o.datasets - 1);
    addUp(ds[i]!, ds[i + 1 + int(o.datasets - i - 1)]!);
  }
  // A sure three-cycle, a self-loop, and ghosts (referenced, never written) with upstream edges to them.
  const [x, y, z] = [ds[int(o.datasets)]!, ds[int(o.datasets)]!, ds[int(o.datasets)]!];
  addUp(y, x);
  addUp(z, y);
  addUp(x, z);
  addUp(ds[int(o.datasets)]!, ds[int(o.datasets)]!);
  for (const g of ghosts) addUp(ds[int(o.datasets)]!, g);

  const kind = new Map<string, string>([...ds, ...ghosts].map((u) => [u, 'dataset']));
  const edges: Graph['edges'] = [];
  const proposals: Record<string, unknown>[] = [];
  for (const d of ds) {
    const list = [...(ups.get(d) ?? [])];
    // Listing an upstream twice writes one edge.
    if (list.length && rnd() < 0.1) list.push(list[0]!);
    proposals.push(
      mcp(d, 'upstreamLineage', {
        upstreams: list.map((dataset) => ({ dataset, type: 'TRANSFORMED', auditStamp: audit })),
      }),
    );
    for (const up of new Set(list)) edges.push({ down: d, up, type: 'DownstreamOf' });
  }
  const nodes = [...ds, ...ghosts];
  if (o.mixed) {
    const pick = (n: number): string[] => [...new Set(Array.from({ length: n }, () => ds[int(o.datasets)]!))];
    const features = [0, 1, 2].map((f) => `urn:li:mlFeature:(${id},f${f})`);
    const model = `urn:li:mlModel:(urn:li:dataPlatform:sagemaker,${id}_model,PROD)`;
    const group = `urn:li:mlModelGroup:(urn:li:dataPlatform:sagemaker,${id}_group,PROD)`;
    const charts = [0, 1].map((c) => `urn:li:chart:(looker,${id}_c${c})`);
    const dashboard = `urn:li:dashboard:(looker,${id}_dash)`;
    for (const f of features) {
      const sources = pick(2);
      proposals.push(mcp(f, 'mlFeatureProperties', { sources }));
      for (const s of sources) edges.push({ down: f, up: s, type: 'DerivedFrom' });
      kind.set(f, 'mlFeature');
    }
    proposals.push(mcp(model, 'mlModelProperties', { mlFeatures: features.slice(0, 2), groups: [group] }));
    for (const f of features.slice(0, 2)) edges.push({ down: model, up: f, type: 'Consumes' });
    // MemberOf is marked isUpstream false: the group is downstream of its model.
    edges.push({ down: group, up: model, type: 'MemberOf' });
    proposals.push(mcp(group, 'mlModelGroupProperties', { description: 'group' }));
    const inputs = pick(2);
    proposals.push(
      mcp(charts[0]!, 'chartInfo', {
        title: 'c0',
        description: '',
        lastModified: stamps,
        inputs: inputs.map((u) => ({ string: u })),
      }),
    );
    for (const u of inputs) edges.push({ down: charts[0]!, up: u, type: 'Consumes' });
    // A chart built on another chart (inputEdges may name charts).
    proposals.push(
      mcp(charts[1]!, 'chartInfo', {
        title: 'c1',
        description: '',
        lastModified: stamps,
        inputEdges: [{ destinationUrn: charts[0] }],
      }),
    );
    edges.push({ down: charts[1]!, up: charts[0]!, type: 'Consumes' });
    const dashDatasets = pick(1);
    proposals.push(
      mcp(dashboard, 'dashboardInfo', {
        title: 'dash',
        description: '',
        lastModified: stamps,
        charts: [charts[1]],
        datasets: dashDatasets,
      }),
    );
    edges.push({ down: dashboard, up: charts[1]!, type: 'Contains' });
    for (const u of dashDatasets) edges.push({ down: dashboard, up: u, type: 'Consumes' });
    // A primary key derived from a dataset, and a feature table over features and key: its Contains and
    // KeyedBy edges are not lineage edges (the reference has none for it).
    const key = `urn:li:mlPrimaryKey:(${id},k)`;
    const featureTable = `urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,${id}_table)`;
    const keySources = pick(1);
    proposals.push(mcp(key, 'mlPrimaryKeyProperties', { sources: keySources }));
    for (const s of keySources) edges.push({ down: key, up: s, type: 'DerivedFrom' });
    proposals.push(
      mcp(featureTable, 'mlFeatureTableProperties', { mlFeatures: features, mlPrimaryKeys: [key] }),
    );
    kind.set(key, 'mlPrimaryKey');
    kind.set(featureTable, 'mlFeatureTable');
    nodes.push(key, featureTable);
    for (const c of charts) kind.set(c, 'chart');
    kind.set(model, 'mlModel');
    kind.set(group, 'mlModelGroup');
    kind.set(dashboard, 'dashboard');
    nodes.push(...features, model, group, ...charts, dashboard);
  }
  return { seed, nodes, kind, ghosts: new Set(ghosts), edges, proposals };
}

async function write(g: Graph): Promise<void> {
  const res = await post(rt.url, '/aspects?action=ingestProposalBatch', { proposals: g.proposals });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** Adjacency in the walk's direction: UPSTREAM goes from a downstream entity to its upstreams. */
function adjacency(g: Graph, direction: LineageDirection): Map<string, Map<string, Set<string>>> {
  const adj = new Map<string, Map<string, Set<string>>>();
  for (const e of g.edges) {
    const [from, to] = direction === 'UPSTREAM' ? [e.down, e.up] : [e.up, e.down];
    const out = adj.get(from) ?? new Map<string, Set<string>>();
    adj.set(from, out);
    const types = out.get(to) ?? new Set<string>();
    out.set(to, types);
    types.add(e.type);
  }
  return adj;
}

/** The reference: every entity reachable in at most `maxHops` hops, with its shortest distance. */
function reference(
  adj: Map<string, Map<string, Set<string>>>,
  start: string,
  maxHops: number,
): Map<string, number> {
  const dist = new Map<string, number>([[start, 0]]);
  let frontier = [start];
  for (let hop = 1; hop <= maxHops && frontier.length; hop++) {
    const next: string[] = [];
    for (const u of frontier)
      for (const v of adj.get(u)?.keys() ?? [])
        if (!dist.has(v)) {
          dist.set(v, hop);
          next.push(v);
        }
    frontier = next;
  }
  dist.delete(start);
  return dist;
}

/** Every check of one answer against the reference; `where` names the seed, start, direction and hops. */
function checkHits(
  g: Graph,
  adj: Map<string, Map<string, Set<string>>>,
  start: string,
  hits: readonly LineageHit[],
  expected: Map<string, number>,
  where: string,
): void {
  expect(new Set(hits.map((h) => h.urn)).size, `${where}: each entity once`).toBe(hits.length);
  expect(Object.fromEntries(hits.map((h) => [h.urn, h.degree])), `${where}: reached and degrees`).toEqual(
    Object.fromEntries(expected),
  );
  const full = reference(adj, start, Number.MAX_SAFE_INTEGER);
  hits.forEach((h, i) => {
    const at = `${where} -> ${h.urn}`;
    expect(h.urn, `${at}: never the start`).not.toBe(start);
    expect(h.path[0], `${at}: path starts at the start`).toBe(start);
    expect(h.path[h.path.length - 1], `${at}: path ends at the hit`).toBe(h.urn);
    expect(h.path.length, `${at}: path has degree + 1 entities`).toBe(h.degree + 1);
    for (let k = 0; k + 1 < h.path.length; k++) {
      const types = adj.get(h.path[k]!)?.get(h.path[k + 1]!);
      expect(types, `${at}: hop ${k} ${h.path[k]} -> ${h.path[k + 1]} follows an edge`).toBeDefined();
      // A prefix of a shortest path is a shortest path.
      if (k > 0) expect(full.get(h.path[k]!), `${at}: hop ${k} is at its shortest distance`).toBe(k);
      if (k + 2 === h.path.length) expect([...types!], `${at}: type of the last hop`).toContain(h.type);
    }
    expect(h.entityType, `${at}: entity type`).toBe(g.kind.get(h.urn));
    expect(h.ghost, `${at}: ghost flag`).toBe(g.ghosts.has(h.urn));
    const prev = hits[i - 1];
    if (prev)
      expect(
        prev.degree < h.degree || (prev.degree === h.degree && prev.urn < h.urn),
        `${at}: ordered by degree, then URN`,
      ).toBe(true);
  });
}

/** Compares the service with the reference from every node, both directions, every hop count that matters. */
async function compareAll(g: Graph): Promise<{ queries: number; longest: number; cyclic: boolean }> {
  let queries = 0;
  let longest = 0;
  let cyclic = false;
  for (const direction of ['UPSTREAM', 'DOWNSTREAM'] as const) {
    const adj = adjacency(g, direction);
    for (const start of g.nodes) {
      const all = reference(adj, start, 10);
      const deepest = Math.max(0, ...all.values());
      longest = Math.max(longest, deepest);
      // Reaching itself again means a cycle through the start (the walk must still end).
      if ([...(adj.get(start)?.keys() ?? [])].some((n) => n === start || reference(adj, n, 99).has(start)))
        cyclic = true;
      for (let maxHops = 1; maxHops <= Math.min(10, deepest + 1); maxHops++) {
        const where = `seed ${g.seed}, ${direction} from ${start}, maxHops ${maxHops}`;
        const res = await lineage.lineage({ urn: start, direction, maxHops, includeGhosts: true });
        queries++;
        expect(res.partial, `${where}: not partial`).toBe(false);
        expect(res.filtered, `${where}: nothing filtered`).toBe(0);
        checkHits(g, adj, start, res.hits, reference(adj, start, maxHops), where);
      }
      // Without ghosts (the default), ghosts are dropped and counted as filtered.
      const plain = await lineage.lineage({ urn: start, direction });
      queries++;
      const ghostsReached = [...all.keys()].filter((u) => g.ghosts.has(u)).length;
      expect(plain.hits.map((h) => h.urn)).toEqual(
        [...all.entries()]
          .filter(([u]) => !g.ghosts.has(u))
          .sort(([ua, a], [ub, b]) => a - b || (ua < ub ? -1 : 1))
          .map(([u]) => u),
      );
      expect(plain.filtered, `seed ${g.seed}, ${direction} from ${start}: ghosts filtered`).toBe(
        ghostsReached,
      );
    }
  }
  return { queries, longest, cyclic };
}

describe('lineage on generated graphs', () => {
  it.each([11, 23, 2024, 77777])(
    'matches a reference BFS on a random dataset graph with cycles and diamonds (seed %i)',
    async (seed) => {
      const g = generate(seed, { datasets: 28, maxUpstreams: 3, backEdges: 3, mixed: false });
      await write(g);
      const { queries, longest, cyclic } = await compareAll(g);
      // The generated graphs are worth checking: deep enough and cyclic.
      expect(longest).toBeGreaterThanOrEqual(4);
      expect(cyclic).toBe(true);
      expect(queries).toBeGreaterThan(100);
    },
  );

  it.each([5, 4242])(
    'matches a reference BFS across entity kinds: features, models, groups, charts, dashboards (seed %i)',
    async (seed) => {
      const g = generate(seed, { datasets: 20, maxUpstreams: 2, backEdges: 2, mixed: true });
      await write(g);
      await compareAll(g);
    },
  );

  it('terminates on a graph that is one big cycle, and on a clique', async () => {
    const id = unique();
    const ring = Array.from({ length: 15 }, (_, i) => datasetUrn(`lg_ring_${id}.r${i}`));
    const clique = Array.from({ length: 8 }, (_, i) => datasetUrn(`lg_clique_${id}.k${i}`));
    const proposals = [
      ...ring.map((d, i) =>
        mcp(d, 'upstreamLineage', {
          upstreams: [{ dataset: ring[(i + 1) % ring.length], type: 'TRANSFORMED', auditStamp: audit }],
        }),
      ),
      ...clique.map((d) =>
        mcp(d, 'upstreamLineage', {
          upstreams: clique.map((dataset) => ({ dataset, type: 'TRANSFORMED', auditStamp: audit })),
        }),
      ),
    ];
    expect((await post(rt.url, '/aspects?action=ingestProposalBatch', { proposals })).status).toBe(200);
    // 15 entities in a ring: 14 others, the walk stops at the default 10 hops.
    const up = await lineage.lineage({ urn: ring[0]!, direction: 'UPSTREAM' });
    expect(up.hits.map((h) => [h.urn, h.degree])).toEqual(ring.slice(1, 11).map((u, i) => [u, i + 1]));
    const down = await lineage.lineage({ urn: ring[0]!, direction: 'DOWNSTREAM', maxHops: 10 });
    expect(down.hits.map((h) => h.degree)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    expect(down.hits[0]?.urn).toBe(ring[14]);
    for (const direction of ['UPSTREAM', 'DOWNSTREAM'] as const) {
      const res = await lineage.lineage({ urn: clique[3]!, direction });
      expect(res.hits.map((h) => [h.urn, h.degree, h.path])).toEqual(
        clique.filter((_, i) => i !== 3).map((u) => [u, 1, [clique[3], u]]),
      );
    }
    await expect(lineage.lineage({ urn: ring[0]!, direction: 'UPSTREAM', maxHops: 11 })).rejects.toThrow(
      /maxHops/,
    );
  });
});

describe('the visit cap', () => {
  /** A root with `width` direct upstreams, each with two upstreams of its own (a fan-out 3 * width wide). */
  async function fanOut(width: number): Promise<{ root: string; level1: string[]; level2: string[] }> {
    const id = unique();
    const root = datasetUrn(`lg_fan_${id}.root`);
    const level1 = Array.from({ length: width }, (_, i) => datasetUrn(`lg_fan_${id}.a${i}`));
    const level2 = Array.from({ length: 2 * width }, (_, i) => datasetUrn(`lg_fan_${id}.b${i}`));
    const up = (urns: string[]) => ({
      upstreams: urns.map((dataset) => ({ dataset, type: 'TRANSFORMED', auditStamp: audit })),
    });
    const proposals = [
      mcp(root, 'upstreamLineage', up(level1)),
      ...level1.map((a, i) => mcp(a, 'upstreamLineage', up([level2[2 * i]!, level2[2 * i + 1]!]))),
      ...level2.map((b) => mcp(b, 'upstreamLineage', up([]))),
    ];
    expect((await post(rt.url, '/aspects?action=ingestProposalBatch', { proposals })).status).toBe(200);
    return { root, level1, level2 };
  }

  it('answers at most the cap, nearest first, with partial set, on a big fan-out', async () => {
    const { root, level1, level2 } = await fanOut(150);
    const full = await lineage.lineage({ urn: root, direction: 'UPSTREAM' });
    expect(full).toMatchObject({ partial: false });
    expect(full.hits).toHaveLength(450);
    for (const cap of [1, 40, 150, 200]) {
      const res = await capped(cap).lineage({ urn: root, direction: 'UPSTREAM' });
      expect(res.partial, `cap ${cap}`).toBe(true);
      expect(res.hits.length, `cap ${cap}`).toBe(cap);
      // Breadth-first: the cap keeps the nearest entities, each at its true degree.
      const nearest = new Set(level1);
      for (const h of res.hits) {
        expect(h.degree).toBe(nearest.has(h.urn) ? 1 : 2);
        expect(h.path[0]).toBe(root);
      }
      const ones = res.hits.filter((h) => h.degree === 1).length;
      expect(ones, `cap ${cap}`).toBe(Math.min(cap, level1.length));
      if (cap > level1.length) expect(res.hits.filter((h) => level2.includes(h.urn)).length).toBe(cap - 150);
    }
  });

  it('is not partial when exactly the cap is reachable, and is one beyond', async () => {
    const { root, level1 } = await fanOut(20);
    expect((await capped(60).lineage({ urn: root, direction: 'UPSTREAM' })).partial).toBe(false);
    expect((await capped(60).lineage({ urn: root, direction: 'UPSTREAM' })).hits).toHaveLength(60);
    const below = await capped(59).lineage({ urn: root, direction: 'UPSTREAM' });
    expect(below.partial).toBe(true);
    expect(below.hits).toHaveLength(59);
    // The hop limit counts before the cap: 20 within one hop fit a cap of 20.
    const one = await capped(20).lineage({ urn: root, direction: 'UPSTREAM', maxHops: 1 });
    expect(one.partial).toBe(false);
    expect(one.hits.map((h) => h.urn).sort()).toEqual([...level1].sort());
    // Downstream from a leaf: a fan-in of one.
    const down = await capped(2).lineage({ urn: level1[0]!, direction: 'DOWNSTREAM' });
    expect(down).toMatchObject({ partial: false, hits: [{ urn: root, degree: 1 }] });
  });
});

/**
 * A relationship name can be a lineage edge on one kind and not on another (`Contains` is lineage on
 * dashboards, not on feature tables; `DownstreamOf` is lineage for `upstreams`, not for fine-grained
 * upstreams): the walk follows lineage edges only, as DataHub's does.
 */
describe('lineage edges only', () => {
  const write = async (proposals: Record<string, unknown>[]) => {
    const res = await post(rt.url, '/aspects?action=ingestProposalBatch', { proposals });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  const urns = async (urn: string, direction: LineageDirection) =>
    (await lineage.lineage({ urn, direction, includeGhosts: true })).hits.map((h) => h.urn).sort();

  it('does not walk mlFeatureTable -Contains-> mlFeature (Contains is lineage for dashboards only)', async () => {
    const id = unique();
    const table = datasetUrn(`lg_nl_${id}.table`);
    const feature = `urn:li:mlFeature:(lg_nl_${id},f)`;
    const featureTable = `urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,lg_nl_${id})`;
    await write([
      mcp(table, 'upstreamLineage', { upstreams: [] }),
      mcp(feature, 'mlFeatureProperties', { sources: [table] }),
      mcp(featureTable, 'mlFeatureTableProperties', { mlFeatures: [feature] }),
    ]);
    expect(await urns(table, 'DOWNSTREAM')).toEqual([feature]);
    expect(await urns(feature, 'DOWNSTREAM')).toEqual([]);
    expect(await urns(featureTable, 'UPSTREAM')).toEqual([]);
  });

  // The edges of fineGrainedLineages to schemaField URNs are not lineage between entities: the walk keeps
  // to the entity kinds that take part in lineage, so they neither show up nor count against the cap.
  it('does not walk fine-grained DownstreamOf edges to schema fields', async () => {
    const id = unique();
    const table = datasetUrn(`lg_fg_${id}.table`);
    const derived = datasetUrn(`lg_fg_${id}.derived`);
    await write([
      mcp(table, 'upstreamLineage', { upstreams: [] }),
      mcp(derived, 'upstreamLineage', {
        upstreams: [{ dataset: table, type: 'TRANSFORMED', auditStamp: audit }],
        fineGrainedLineages: [
          {
            upstreamType: 'FIELD_SET',
            upstreams: [`urn:li:schemaField:(${table},c)`],
            downstreamType: 'FIELD',
            downstreams: [`urn:li:schemaField:(${derived},c)`],
          },
        ],
      }),
    ]);
    expect(await urns(derived, 'UPSTREAM')).toEqual([table]);
    expect(await lineage.lineage({ urn: derived, direction: 'UPSTREAM' })).toMatchObject({ filtered: 0 });
  });
});

describe('lineage over GraphQL', () => {
  it('pages a generated graph with start and count; total, degrees and paths match the reference', async () => {
    const g = generate(99, { datasets: 40, maxUpstreams: 3, backEdges: 2, mixed: true });
    await write(g);
    const query = `query ($urn: String!, $dir: LineageDirection!, $start: Int, $count: Int, $hops: Int) {
      entity(urn: $urn) {
        lineage(input: { direction: $dir, start: $start, count: $count, maxHops: $hops }) {
          start count total filtered partial
          relationships { type degree entity { urn } paths { path { urn } } }
        }
      }
    }`;
    for (const direction of ['UPSTREAM', 'DOWNSTREAM'] as const) {
      const adj = adjacency(g, direction);
      // The start that reaches most, so that there are several pages.
      const start = [...g.nodes].sort(
        (a, b) => reference(adj, b, 10).size - reference(adj, a, 10).size || (a < b ? -1 : 1),
      )[0]!;
      for (const hops of [2, 10]) {
        const all = reference(adj, start, hops);
        const expected = [...all.entries()]
          .filter(([u]) => !g.ghosts.has(u))
          .sort(([ua, a], [ub, b]) => a - b || (ua < ub ? -1 : 1));
        expect(expected.length, `${direction} from ${start}`).toBeGreaterThan(hops === 2 ? 3 : 8);
        const seen: [string, number][] = [];
        const pageSize = 4;
        for (let from = 0; from <= expected.length; from += pageSize) {
          const res = await post(rt.url, '/api/graphql', {
            query,
            variables: { urn: start, dir: direction, start: from, count: pageSize, hops },
          });
          expect(res.body.errors).toBeUndefined();
          const page = res.body.data.entity.lineage;
          const size = Math.max(0, Math.min(pageSize, expected.length - from));
          expect(page).toMatchObject({
            start: from,
            count: size,
            total: expected.length,
            filtered: [...all.keys()].filter((u) => g.ghosts.has(u)).length,
            partial: false,
          });
          expect(page.relationships).toHaveLength(size);
          for (const r of page.relationships as {
            type: string;
            degree: number;
            entity: { urn: string };
            paths: { path: { urn: string }[] }[];
          }[]) {
            const path = r.paths[0]!.path.map((p) => p.urn);
            expect(r.paths).toHaveLength(1);
            expect(path[0]).toBe(start);
            expect(path[path.length - 1]).toBe(r.entity.urn);
            expect(path).toHaveLength(r.degree + 1);
            for (let k = 0; k + 1 < path.length; k++) expect(adj.get(path[k]!)?.has(path[k + 1]!)).toBe(true);
            expect([...adj.get(path[path.length - 2]!)!.get(r.entity.urn)!]).toContain(r.type);
            seen.push([r.entity.urn, r.degree]);
          }
        }
        expect(seen).toEqual(expected);
      }
    }
  });
});

/**
 * The lineage benchmark: a layered warehouse of datasets joined by upstreamLineage (DownstreamOf edges),
 * loaded through the write path, then multi-hop lineage over GraphQL beside its anchor (the same walks as
 * a plain variable-length Cypher pattern), and what the visit cap costs at 10 hops.
 *
 * Shape (deterministic: a seeded generator per dataset). `datasets` tables in 20 layers of equal width
 * (layer 0: sources, written with their properties and no upstreams; the last layer: marts). Every table of layers 1..19 has 10
 * or 11 distinct upstreams, spread so that there are 10 edges per dataset in all (1,000,000 for
 * 100,000). Each upstream is taken from the layer just before (60%), two before (25%) or one further
 * back (15%), at a position near the table's own (within ±10 of it, positions wrap around): tables of a
 * domain read their neighbours. 1% of the upstreams are anywhere in their layer instead (cross-domain
 * joins). Walked from a random table, reach grows with the hops without covering the graph: about 10
 * tables at 1 hop, 300 at 3, 1,300 to 1,500 at 5; at 10 hops 5,000 on average, 40-45% of the walks
 * stopping at the visit cap (10,000). Uncapped, a 10-hop walk reaches 14,000 to 16,000 on average, and up
 * to 58,000 (100,000 datasets, 200 starts).
 */
import type { Driver } from 'neo4j-driver';
import { createLogger } from '../src/logger.js';
import type { Registry } from '../src/registry/registry.js';
import { LineageService } from '../src/services/lineage/lineage-service.js';
import { Executor, Neo4jStore, type LineageQuery } from '../src/store/index.js';
import { AUTH } from './auth.js';

export const LINEAGE_LAYERS = 20;
const RADIUS = 10;
const FAR_SHARE = 0.01;
const EDGES_PER_DATASET = 10;
const BATCH = 1000;
const HOPS = [1, 3, 5, 10] as const;
const DIRECTIONS = ['UPSTREAM', 'DOWNSTREAM'] as const;
/** neohub's default visit cap (NEOHUB_LINEAGE_MAX_VISITED). */
const VISIT_CAP = 10_000;

/** mulberry32: a small seeded PRNG, uniform in [0, 1). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class LineageShape {
  readonly width: number;
  /** Tables with upstreams (all but layer 0), the base count of upstreams, and how many get one more. */
  private readonly withUpstreams: number;
  private readonly base: number;
  private readonly extra: number;

  constructor(
    readonly run: string,
    readonly datasets: number,
  ) {
    this.width = Math.floor(datasets / LINEAGE_LAYERS);
    if (this.width < 2 * RADIUS + 1) throw new Error(`too few datasets for the lineage shape: ${datasets}`);
    this.withUpstreams = this.width * (LINEAGE_LAYERS - 1);
    const edges = EDGES_PER_DATASET * this.width * LINEAGE_LAYERS;
    this.base = Math.floor(edges / this.withUpstreams);
    this.extra = edges - this.base * this.withUpstreams;
  }

  get size(): number {
    return this.width * LINEAGE_LAYERS;
  }

  urn(i: number): string {
    const layer = Math.floor(i / this.width);
    return `urn:li:dataset:(urn:li:dataPlatform:hive,lineage_${this.run}.layer_${layer}.table_${i % this.width},PROD)`;
  }

  /** The upstreams of dataset `i`, as dataset numbers (distinct, all in earlier layers). */
  upstreams(i: number): number[] {
    const layer = Math.floor(i / this.width);
    if (layer === 0) return [];
    const pos = i % this.width;
    const j = i - this.width;
    // Spread the extra upstreams evenly over the tables (Bresenham), so that the total is exact.
    const k =
      this.base +
      Math.floor(((j + 1) * this.extra) / this.withUpstreams) -
      Math.floor((j * this.extra) / this.withUpstreams);
    const rnd = prng(Math.imul(i + 1, 2654435761) ^ 0x5eed);
    const picked = new Set<number>();
    while (picked.size < k) {
      const r = rnd();
      const from =
        r < 0.6
          ? layer - 1
          : r < 0.85
            ? Math.max(0, layer - 2)
            : layer >= 3
              ? Math.floor(rnd() * (layer - 2))
              : 0;
      const at =
        rnd() < FAR_SHARE
          ? Math.floor(rnd() * this.width)
          : (((pos + Math.round((rnd() * 2 - 1) * RADIUS)) % this.width) + this.width) % this.width;
      picked.add(from * this.width + at);
    }
    return [...picked];
  }
}

const audit = { time: 1700000000000, actor: 'urn:li:corpuser:bench' };

/** The proposal that writes dataset `i`: its upstreamLineage (sources: their properties). */
function proposal(shape: LineageShape, i: number): Record<string, unknown> {
  const urn = shape.urn(i);
  const ups = shape.upstreams(i);
  const [aspectName, value] = ups.length
    ? [
        'upstreamLineage',
        {
          upstreams: ups.map((u) => ({ dataset: shape.urn(u), type: 'TRANSFORMED', auditStamp: audit })),
        },
      ]
    : ['datasetProperties', { name: `source_${i}`, description: 'A source table of the lineage benchmark' }];
  return {
    entityType: 'dataset',
    entityUrn: urn,
    changeType: 'UPSERT',
    aspectName,
    aspect: { value: JSON.stringify(value), contentType: 'application/json' },
    systemMetadata: { lastObserved: Date.now(), runId: `lineage_${shape.run}` },
  };
}

/**
 * Loads the graph through ingestProposalBatch, 1,000 datasets (about 10,000 edges) per call, layer by
 * layer; returns the seconds it took and the edges written.
 */
export async function loadLineage(
  base: string,
  shape: LineageShape,
  log: (m: string) => void = () => {},
): Promise<{ seconds: number; edges: number }> {
  let edges = 0;
  const started = performance.now();
  for (let off = 0; off < shape.size; off += BATCH) {
    const proposals: Record<string, unknown>[] = [];
    for (let i = off; i < Math.min(shape.size, off + BATCH); i++) {
      proposals.push(proposal(shape, i));
      edges += shape.upstreams(i).length;
    }
    const res = await fetch(`${base}/aspects?action=ingestProposalBatch`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-RestLi-Protocol-Version': '2.0.0', ...AUTH },
      body: JSON.stringify({ proposals, async: 'false' }),
    });
    if (!res.ok) throw new Error(`lineage ingest failed: ${res.status} ${await res.text()}`);
    if ((off / BATCH) % 10 === 9)
      log(`  lineage load: ${off + BATCH} datasets, ${Math.round((performance.now() - started) / 1000)} s`);
  }
  return { seconds: (performance.now() - started) / 1000, edges };
}

const QUERY = `query ($urn: String!, $dir: LineageDirection!, $hops: Int!, $start: Int!, $count: Int!) {
  dataset(urn: $urn) {
    lineage(input: { direction: $dir, maxHops: $hops, start: $start, count: $count }) {
      total partial relationships { degree entity { urn type } }
    }
  }
}`;

interface Answer {
  data?: {
    dataset: {
      lineage: {
        total: number;
        partial: boolean;
        relationships: { degree: number; entity: { urn: string } }[];
      };
    } | null;
  };
  errors?: unknown[];
}

/** One page of GraphQL lineage (the first 100 unless told): the total, partial, and the page's size. */
async function graphqlLineage(
  base: string,
  urn: string,
  dir: string,
  hops: number,
  start = 0,
  count = 100,
): Promise<{ total: number; partial: boolean; size: number }> {
  const res = await fetch(`${base}/api/graphql`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...AUTH },
    body: JSON.stringify({ query: QUERY, variables: { urn, dir, hops, start, count } }),
  });
  const body = (await res.json()) as Answer;
  const l = body.data?.dataset?.lineage;
  if (!res.ok || body.errors || !l) throw new Error(`lineage query failed: ${JSON.stringify(body)}`);
  const size = l.relationships.length;
  if (size !== Math.max(0, Math.min(count, l.total - start))) throw new Error(`bad lineage page for ${urn}`);
  return { total: l.total, partial: l.partial, size };
}

const SCROLL_QUERY = `query ($input: ScrollAcrossLineageInput!) {
  scrollAcrossLineage(input: $input) { nextScrollId count total searchResults { degree entity { urn type } } }
}`;

interface ScrollAnswer {
  data?: {
    scrollAcrossLineage: {
      nextScrollId: string | null;
      count: number;
      total: number;
      searchResults: { degree: number; entity: { urn: string } }[];
    } | null;
  };
  errors?: unknown[];
}

/**
 * One page of GraphQL scrollAcrossLineage (every entity kind, query `*`, no facets), after `scrollId`
 * (none: the first page): the total, the page's URNs, and the next page's scroll id.
 */
async function scrollLineage(
  base: string,
  urn: string,
  dir: string,
  hops: number,
  count: number,
  scrollId?: string,
): Promise<{ total: number; urns: string[]; next: string | undefined }> {
  const input = {
    urn,
    direction: dir,
    maxHops: hops,
    query: '*',
    count,
    searchFlags: { skipAggregates: true },
    ...(scrollId ? { scrollId } : {}),
  };
  const res = await fetch(`${base}/api/graphql`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...AUTH },
    body: JSON.stringify({ query: SCROLL_QUERY, variables: { input } }),
  });
  const body = (await res.json()) as ScrollAnswer;
  const page = body.data?.scrollAcrossLineage;
  if (!res.ok || body.errors || !page) throw new Error(`scrollAcrossLineage failed: ${JSON.stringify(body)}`);
  return {
    total: page.total,
    urns: page.searchResults.map((r) => r.entity.urn),
    next: page.nextScrollId ?? undefined,
  };
}

/**
 * Search documents for the graph of a plan, on a neohub that runs no search sync (the lineage figures'
 * servers): `restoreIndices` of the run's datasets, followed to its end; the seconds it took.
 */
async function indexLineage(base: string, plan: LineagePlan): Promise<number> {
  const started = performance.now();
  const call = async (action: string, body: Record<string, unknown>): Promise<{ value: string }> => {
    const res = await fetch(`${base}/operations?action=${action}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-RestLi-Protocol-Version': '2.0.0', ...AUTH },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${action} failed: ${res.status} ${await res.text()}`);
    return (await res.json()) as { value: string };
  };
  const restore = await call('restoreIndices', {
    urnLike: `urn:li:dataset:(urn:li:dataPlatform:hive,lineage_${plan.run}.%`,
    batchSize: 1_000_000,
  });
  const { taskId } = JSON.parse(restore.value) as { taskId: string };
  for (;;) {
    const status = JSON.parse((await call('getEsTaskStatus', { task: taskId })).value) as {
      completed?: boolean;
      error?: unknown;
    };
    if (status.error) throw new Error(`restoreIndices failed: ${JSON.stringify(status.error)}`);
    if (status.completed) return (performance.now() - started) / 1000;
    await new Promise((r) => setTimeout(r, 500));
  }
}

const pct = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
const round = (n: number, d = 2): number => Math.round(n * 10 ** d) / 10 ** d;
const key = (dir: string, hops: number): string => `lineage.${dir.toLowerCase()}.${hops}hops`;

/** The walks of the lineage figures: `warmUp` first, then per hop count and direction (`key`) its starts. */
export interface LineagePlan {
  /** The graph's run (in its URNs). */
  readonly run: string;
  readonly warmUp: readonly { urn: string; dir: string; hops: number }[];
  /** Start URNs per figure key; the first tenth (`starts / 10`) are warm-up walks, not measured. */
  readonly walks: ReadonlyMap<string, readonly string[]>;
  readonly starts: number;
}

/**
 * The random start datasets of every lineage figure, drawn once (seeded), so that neohub's walks and the
 * plain Cypher anchor start from the same datasets.
 */
export function lineagePlan(shape: LineageShape, starts: number): LineagePlan {
  const rnd = prng(0xbe4c);
  const pick = (): string => shape.urn(Math.floor(rnd() * shape.size));
  const warmUp = Array.from({ length: 400 }, (_, i) => ({
    urn: pick(),
    dir: DIRECTIONS[i % 2] as string,
    hops: HOPS[(i >> 1) % HOPS.length] as number,
  }));
  const walks = new Map<string, string[]>();
  for (const hops of HOPS)
    for (const dir of DIRECTIONS)
      walks.set(
        key(dir, hops),
        Array.from({ length: Math.floor(starts / 10) + starts }, () => pick()),
      );
  return { run: shape.run, warmUp, walks, starts };
}

/** The figure key's walks of a plan: warm-up walks (not measured), then the measured ones. */
function walksOf(plan: LineagePlan, dir: string, hops: number): { warm: string[]; measured: string[] } {
  const all = plan.walks.get(key(dir, hops)) ?? [];
  const w = all.length - plan.starts;
  return { warm: all.slice(0, w), measured: all.slice(w) };
}

/**
 * p50 / p95 of GraphQL lineage (total, partial and the first 100 with degree, URN and type) from the
 * plan's random datasets for each hop count (of `hopCounts`: all unless told) and direction, after a
 * warm-up; with the average total reached and how many walks were partial.
 */
export async function lineageLatency(
  base: string,
  plan: LineagePlan,
  log: (m: string) => void = () => {},
  hopCounts: readonly number[] = HOPS,
): Promise<Record<string, number>> {
  for (const w of plan.warmUp.filter((x) => hopCounts.includes(x.hops)))
    await graphqlLineage(base, w.urn, w.dir, w.hops);
  const figures: Record<string, number> = {};
  for (const hops of hopCounts)
    for (const dir of DIRECTIONS) {
      const { warm, measured } = walksOf(plan, dir, hops);
      for (const urn of warm) await graphqlLineage(base, urn, dir, hops);
      const times: number[] = [];
      let total = 0;
      let partial = 0;
      for (const urn of measured) {
        const t = performance.now();
        const r = await graphqlLineage(base, urn, dir, hops);
        times.push(performance.now() - t);
        total += r.total;
        if (r.partial) partial++;
      }
      times.sort((a, b) => a - b);
      const k = key(dir, hops);
      figures[`${k}.p50Ms`] = round(pct(times, 50));
      figures[`${k}.p95Ms`] = round(pct(times, 95));
      figures[`${k}.avgTotal`] = Math.round(total / measured.length);
      figures[`${k}.partial`] = partial;
      log(
        `  ${dir} ${hops} hops: p50 ${round(pct(times, 50))} ms, p95 ${round(pct(times, 95))} ms, ` +
          `avg total ${Math.round(total / measured.length)}, partial ${partial}/${measured.length}`,
      );
    }
  return figures;
}

/** Longest a plain Cypher walk of the anchor may run (the driver's transaction timeout). */
export const ANCHOR_TIMEOUT_MS = 10_000;

/**
 * The anchor: a walk as Neo4j-backed catalogs write it, one variable-length pattern over the edges
 * neohub stores for upstreamLineage (`(downstream)-[:DownstreamOf]->(upstream)`), every entity reached
 * once (`DISTINCT`), with no visit cap, no degree and no paths.
 */
function anchorCypher(dir: string, hops: number): string {
  const edge = dir === 'UPSTREAM' ? `-[:DownstreamOf*1..${hops}]->` : `<-[:DownstreamOf*1..${hops}]-`;
  return `MATCH (s:Entity {urn: $urn})${edge}(t) RETURN DISTINCT t.urn AS urn`;
}

/** One anchor walk: the entities it reached, or undefined when it ran past the timeout. */
async function anchorWalk(
  driver: Driver,
  urn: string,
  dir: string,
  hops: number,
): Promise<number | undefined> {
  const session = driver.session({ defaultAccessMode: 'READ' });
  try {
    const res = await session.run(anchorCypher(dir, hops), { urn }, { timeout: ANCHOR_TIMEOUT_MS });
    return res.records.length;
  } catch (e) {
    if (String((e as { code?: unknown }).code ?? '').includes('TimedOut')) return undefined;
    throw e;
  } finally {
    await session.close();
  }
}

/**
 * The same walks as {@link lineageLatency} (same starts, direction and hop count) as a plain
 * variable-length Cypher pattern sent straight through neo4j-driver: p50 / p95, the average of the
 * entities reached (uncapped), how many ran past {@link ANCHOR_TIMEOUT_MS} (counted at the timeout in
 * the percentiles), and neohub's GraphQL p95 as a ratio to it (`toCypherP95Ratio`, given neohub's figures).
 */
export async function lineageAnchor(
  driver: Driver,
  plan: LineagePlan,
  neohub: Record<string, number>,
  log: (m: string) => void = () => {},
): Promise<Record<string, number>> {
  for (const w of plan.warmUp.filter((x) => x.hops <= 5).slice(0, 100))
    await anchorWalk(driver, w.urn, w.dir, w.hops);
  const figures: Record<string, number> = {};
  for (const hops of HOPS)
    for (const dir of DIRECTIONS) {
      const { warm, measured } = walksOf(plan, dir, hops);
      for (const urn of warm) await anchorWalk(driver, urn, dir, hops);
      const times: number[] = [];
      const reached: number[] = [];
      let timeouts = 0;
      for (const urn of measured) {
        const t = performance.now();
        const n = await anchorWalk(driver, urn, dir, hops);
        times.push(performance.now() - t);
        if (n === undefined) timeouts++;
        else reached.push(n);
      }
      times.sort((a, b) => a - b);
      reached.sort((a, b) => a - b);
      const k = key(dir, hops);
      const p95 = pct(times, 95);
      figures[`${k}.cypherP50Ms`] = round(pct(times, 50));
      figures[`${k}.cypherP95Ms`] = round(p95);
      figures[`${k}.cypherAvgTotal`] = Math.round(reached.reduce((a, b) => a + b, 0) / (reached.length || 1));
      figures[`${k}.cypherMaxTotal`] = reached.at(-1) ?? 0;
      figures[`${k}.cypherOverCap`] = reached.filter((n) => n > VISIT_CAP).length;
      figures[`${k}.cypherTimeouts`] = timeouts;
      const ours = neohub[`${k}.p95Ms`];
      if (ours !== undefined) figures[`${k}.toCypherP95Ratio`] = round(ours / p95);
      log(
        `  anchor ${dir} ${hops} hops: p50 ${round(pct(times, 50))} ms, p95 ${round(p95)} ms, ` +
          `avg total ${figures[`${k}.cypherAvgTotal`]}, max ${figures[`${k}.cypherMaxTotal`]}, ` +
          `over the cap ${figures[`${k}.cypherOverCap`]}, timeouts ${timeouts}/${measured.length}` +
          (ours !== undefined ? `, neohub p95 / Cypher p95 ${round(ours / p95)}` : ''),
      );
    }
  return figures;
}

/** The store, noting the last lineage query the service sent it (to replay its walk alone). */
class NotingStore extends Neo4jStore {
  last: LineageQuery | undefined;
  override lineage(q: LineageQuery): ReturnType<Neo4jStore['lineage']> {
    this.last = q;
    return super.lineage(q);
  }
}

/**
 * Where the time of a walk goes, measured in the bench process straight against Neo4j for random
 * starts: LineageService in-process (the walk of src/store/lineage/read-lineage.ts, one row per entity reached,
 * then filtered, sorted and paged, paths rebuilt from the rows' parents), and the same APOC walk with
 * the same filters counting its paths only (the walk alone). GraphQL over HTTP adds paging, the entity
 * check of `dataset(urn)`, the schema's resolvers and the HTTP round trip.
 */
export async function lineageProfile(
  driver: Driver,
  registry: Registry,
  shape: LineageShape,
  hops: number,
  starts: number,
): Promise<Record<string, number>> {
  const exec = new Executor(driver, createLogger('error'), undefined);
  const store = new NotingStore(exec);
  const service = new LineageService(registry, store, {
    maxHops: 10,
    maxVisited: 10_000,
    maxPageSize: 10_000,
  });
  const rnd = prng(0x9f0f);
  const figures: Record<string, number> = {};
  for (const dir of DIRECTIONS) {
    const walk: number[] = [];
    const full: number[] = [];
    for (let i = -Math.floor(starts / 10); i < starts; i++) {
      let t = performance.now();
      await service.lineage({
        urn: shape.urn(Math.floor(rnd() * shape.size)),
        direction: dir,
        maxHops: hops,
      });
      const fullMs = performance.now() - t;
      const q = store.last as LineageQuery;
      t = performance.now();
      await exec.read((tx) =>
        tx.run(
          `MATCH (s:Entity {urn: $urn})
           CALL apoc.path.expandConfig(s, {relationshipFilter: $filter, labelFilter: $labels, minLevel: 1,
                  maxLevel: $maxHops, uniqueness: 'NODE_GLOBAL', bfs: true, limit: $limit}) YIELD path
           RETURN count(path) AS n`,
          {
            urn: q.urn,
            filter: q.relationshipFilter,
            labels: q.labelFilter ?? '',
            maxHops: q.maxHops,
            limit: q.maxVisited + 1,
          },
        ),
      );
      const walkMs = performance.now() - t;
      if (i < 0) continue;
      walk.push(walkMs);
      full.push(fullMs);
    }
    walk.sort((a, b) => a - b);
    full.sort((a, b) => a - b);
    const k = `${key(dir, hops)}.profile`;
    figures[`${k}.walkOnlyP50Ms`] = round(pct(walk, 50));
    figures[`${k}.walkOnlyP95Ms`] = round(pct(walk, 95));
    figures[`${k}.serviceP50Ms`] = round(pct(full, 50));
    figures[`${k}.serviceP95Ms`] = round(pct(full, 95));
  }
  return figures;
}

/**
 * What the visit cap costs at `hops` hops, against a neohub whose cap is lifted
 * (NEOHUB_LINEAGE_MAX_VISITED far above the graph's reach), from the first `starts` measured starts of
 * the plan: the full walk (`uncapped.*`: GraphQL, the first 100, as {@link lineageLatency} asks; beside
 * it the plain Cypher anchor of the same starts), and all of it read in pages of `pageSize` as a client
 * scrolls it (`scroll.*`: GraphQL scrollAcrossLineage with its scroll ids, every entity kind, query `*`,
 * no facets; the graph's search documents are built first, as that server runs no search sync): the time
 * to the first page, to the last, and of each page after the first.
 */
export async function lineageUncapped(
  base: string,
  driver: Driver,
  plan: LineagePlan,
  hops: number,
  starts: number,
  pageSize: number,
  log: (m: string) => void = () => {},
): Promise<Record<string, number>> {
  const indexSec = await indexLineage(base, plan);
  log(`  search documents of the lineage graph: ${round(indexSec, 1)} s`);
  const figures: Record<string, number> = { 'lineage.uncapped.indexSec': round(indexSec, 1) };
  for (const dir of DIRECTIONS) {
    const { warm, measured } = walksOf(plan, dir, hops);
    for (const urn of warm.slice(0, Math.max(1, Math.floor(starts / 10)))) {
      await graphqlLineage(base, urn, dir, hops);
      await scrollLineage(base, urn, dir, hops, pageSize);
    }
    const full: number[] = [];
    const anchor: number[] = [];
    const first: number[] = [];
    const all: number[] = [];
    const next: number[] = [];
    const totals: number[] = [];
    let pages = 0;
    let partial = 0;
    let early = 0;
    for (const urn of measured.slice(0, starts)) {
      let t = performance.now();
      const whole = await graphqlLineage(base, urn, dir, hops);
      full.push(performance.now() - t);
      totals.push(whole.total);
      if (whole.partial) partial++;
      t = performance.now();
      await anchorWalk(driver, urn, dir, hops);
      anchor.push(performance.now() - t);
      t = performance.now();
      let page = await scrollLineage(base, urn, dir, hops, pageSize);
      first.push(performance.now() - t);
      const firstTotal = page.total;
      pages++;
      const seen = new Set(page.urns);
      while (page.next) {
        const p = performance.now();
        page = await scrollLineage(base, urn, dir, hops, pageSize, page.next);
        next.push(performance.now() - p);
        for (const u of page.urns) seen.add(u);
        pages++;
      }
      all.push(performance.now() - t);
      if (firstTotal !== page.total) early++;
      if (page.total !== whole.total || seen.size !== whole.total)
        throw new Error(
          `scroll of ${urn}: ${seen.size} entities (total ${page.total}), the walk reaches ${whole.total}`,
        );
    }
    for (const xs of [full, anchor, first, all, next, totals]) xs.sort((a, b) => a - b);
    const n = totals.length;
    const k = key(dir, hops);
    Object.assign(figures, {
      [`${k}.uncapped.starts`]: n,
      [`${k}.uncapped.p50Ms`]: round(pct(full, 50)),
      [`${k}.uncapped.p95Ms`]: round(pct(full, 95)),
      [`${k}.uncapped.avgTotal`]: Math.round(totals.reduce((a, b) => a + b, 0) / n),
      [`${k}.uncapped.maxTotal`]: totals.at(-1) ?? 0,
      [`${k}.uncapped.overCap`]: totals.filter((x) => x > VISIT_CAP).length,
      [`${k}.uncapped.partial`]: partial,
      [`${k}.uncapped.cypherP95Ms`]: round(pct(anchor, 95)),
      [`${k}.uncapped.toCypherP95Ratio`]: round(pct(full, 95) / pct(anchor, 95)),
      [`${k}.scroll.pageSize`]: pageSize,
      [`${k}.scroll.avgPages`]: round(pages / n, 1),
      [`${k}.scroll.firstPageP50Ms`]: round(pct(first, 50)),
      [`${k}.scroll.firstPageP95Ms`]: round(pct(first, 95)),
      [`${k}.scroll.nextPageP50Ms`]: next.length ? round(pct(next, 50)) : 0,
      [`${k}.scroll.nextPageP95Ms`]: next.length ? round(pct(next, 95)) : 0,
      [`${k}.scroll.allPagesP50Ms`]: round(pct(all, 50)),
      [`${k}.scroll.allPagesP95Ms`]: round(pct(all, 95)),
      [`${k}.scroll.earlyFirstPages`]: early,
    });
    log(
      `  uncapped ${dir} ${hops} hops (${n} starts): full walk p50 ${round(pct(full, 50))} ms, ` +
        `p95 ${round(pct(full, 95))} ms (Cypher p95 ${round(pct(anchor, 95))} ms), avg total ${figures[`${k}.uncapped.avgTotal`]}, ` +
        `max ${totals.at(-1) ?? 0}; scrollAcrossLineage pages of ${pageSize}: first p50 ${round(pct(first, 50))} ms, ` +
        `p95 ${round(pct(first, 95))} ms, next p95 ${figures[`${k}.scroll.nextPageP95Ms`]} ms, ` +
        `all (${round(pages / n, 1)} pages) p50 ${round(pct(all, 50))} ms, p95 ${round(pct(all, 95))} ms, ` +
        `first page before the walk ended ${early}/${n}`,
    );
  }
  return figures;
}

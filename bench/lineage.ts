/**
 * The lineage benchmark: a layered warehouse of datasets joined by upstreamLineage (DownstreamOf edges),
 * loaded through the write path, then multi-hop lineage over GraphQL.
 *
 * Shape (deterministic: a seeded generator per dataset). `datasets` tables in 20 layers of equal width
 * (layer 0: sources, written with their properties and no upstreams; the last layer: marts). Every table of layers 1..19 has 10
 * or 11 distinct upstreams, spread so that there are 10 edges per dataset in all (1,000,000 for
 * 100,000). Each upstream is taken from the layer just before (60%), two before (25%) or one further
 * back (15%), at a position near the table's own (within ±10 of it, positions wrap around): tables of a
 * domain read their neighbours. 1% of the upstreams are anywhere in their layer instead (cross-domain
 * joins). Walked from a random table, reach grows with the hops without covering the graph: about 10
 * tables at 1 hop, 300 at 3, 1,300 to 1,500 at 5; at 10 hops 5,000 on average, 40-45% of the walks
 * stopping at the visit cap (10,000).
 */
import type { Driver } from 'neo4j-driver';
import { createLogger } from '../src/logger.js';
import type { Registry } from '../src/registry/registry.js';
import { LineageService } from '../src/services/lineage-service.js';
import { Executor, Neo4jStore, type LineageQuery } from '../src/store/index.js';
import { AUTH } from './auth.js';

export const LINEAGE_LAYERS = 20;
const RADIUS = 10;
const FAR_SHARE = 0.01;
const EDGES_PER_DATASET = 10;
const BATCH = 1000;
const HOPS = [1, 3, 5, 10] as const;
const DIRECTIONS = ['UPSTREAM', 'DOWNSTREAM'] as const;

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

const QUERY = `query ($urn: String!, $dir: LineageDirection!, $hops: Int!) {
  dataset(urn: $urn) {
    lineage(input: { direction: $dir, maxHops: $hops, count: 100 }) {
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

async function graphqlLineage(
  base: string,
  urn: string,
  dir: string,
  hops: number,
): Promise<{ total: number; partial: boolean }> {
  const res = await fetch(`${base}/api/graphql`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...AUTH },
    body: JSON.stringify({ query: QUERY, variables: { urn, dir, hops } }),
  });
  const body = (await res.json()) as Answer;
  const l = body.data?.dataset?.lineage;
  if (!res.ok || body.errors || !l) throw new Error(`lineage query failed: ${JSON.stringify(body)}`);
  if (l.relationships.length !== Math.min(100, l.total)) throw new Error(`bad lineage page for ${urn}`);
  return { total: l.total, partial: l.partial };
}

const pct = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
const round = (n: number, d = 2): number => Math.round(n * 10 ** d) / 10 ** d;
const key = (dir: string, hops: number): string => `lineage.${dir.toLowerCase()}.${hops}hops`;

/**
 * p50 / p95 of GraphQL lineage (total, partial and the first 100 with degree, URN and type) from
 * `starts` random datasets for each hop count and direction, after a warm-up; with the average total
 * reached and how many walks were partial.
 */
export async function lineageLatency(
  base: string,
  shape: LineageShape,
  starts: number,
  log: (m: string) => void = () => {},
): Promise<Record<string, number>> {
  const rnd = prng(0xbe4c);
  const pick = (): string => shape.urn(Math.floor(rnd() * shape.size));
  for (let i = 0; i < 400; i++)
    await graphqlLineage(base, pick(), DIRECTIONS[i % 2] as string, HOPS[(i >> 1) % HOPS.length] as number);
  const figures: Record<string, number> = {};
  for (const hops of HOPS)
    for (const dir of DIRECTIONS) {
      const times: number[] = [];
      let total = 0;
      let partial = 0;
      for (let i = -Math.floor(starts / 10); i < starts; i++) {
        const t = performance.now();
        const r = await graphqlLineage(base, pick(), dir, hops);
        if (i < 0) continue;
        times.push(performance.now() - t);
        total += r.total;
        if (r.partial) partial++;
      }
      times.sort((a, b) => a - b);
      const k = key(dir, hops);
      figures[`${k}.p50Ms`] = round(pct(times, 50));
      figures[`${k}.p95Ms`] = round(pct(times, 95));
      figures[`${k}.avgTotal`] = Math.round(total / starts);
      figures[`${k}.partial`] = partial;
      log(
        `  ${dir} ${hops} hops: p50 ${round(pct(times, 50))} ms, p95 ${round(pct(times, 95))} ms, ` +
          `avg total ${Math.round(total / starts)}, partial ${partial}/${starts}`,
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
 * starts: LineageService in-process (the Cypher of src/store/read-lineage.ts, every hit returned with
 * its path, then filtered and sorted), and the same APOC walk with the same filters counting its paths
 * only (the walk alone). GraphQL over HTTP adds paging, the entity check of `dataset(urn)`, the schema's
 * resolvers and the HTTP round trip.
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

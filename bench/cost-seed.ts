/**
 * The catalog of the cost-limit bench (bench/cost-limits.ts), written through `ingestProposalBatch`
 * under a run id of its own:
 *
 * - `COST_BENCH_DATASETS` datasets (default 500), each with a name, two owners, two tags and three
 *   upstreams among the datasets before it: what explorer traversals and small lineage walks touch;
 * - a layered lineage graph (`COST_BENCH_LINEAGE_LAYERS` × `COST_BENCH_LINEAGE_WIDTH`, default 13 × 800,
 *   each table with 5 upstreams in the layer before): a walk downstream from the first layer reaches
 *   every table within a few hops, so a 10-hop walk stops at the visit cap (10,000), the most a walk does.
 *   Each layer is a domain: the members a domain's `entities` count (800 by default).
 *
 * `COST_BENCH_RUN` reuses the catalog of an earlier run (`COST_BENCH_SEED_LINEAGE=true` adds the lineage
 * graph to it). Waits for the search sync to catch up.
 */
import type { Seeded } from './cost-queries.js';

const DATASETS = Number(process.env.COST_BENCH_DATASETS ?? 500);
const LAYERS = Number(process.env.COST_BENCH_LINEAGE_LAYERS ?? 13);
const WIDTH = Number(process.env.COST_BENCH_LINEAGE_WIDTH ?? 800);
const UPSTREAMS = 5;
const BATCH = 100;
const audit = { time: 1700000000000, actor: 'urn:li:corpuser:costbench' };

const urnOf = (run: string, i: number): string =>
  `urn:li:dataset:(urn:li:dataPlatform:hive,costbench_${run}.t${i},PROD)`;
const layeredUrn = (run: string, layer: number, i: number): string =>
  `urn:li:dataset:(urn:li:dataPlatform:hive,costbench_${run}.l${layer}_${i},PROD)`;
const layerDomain = (run: string, layer: number): string => `urn:li:domain:costbench_${run}_l${layer}`;

const proposal = (urn: string, aspectName: string, value: unknown): Record<string, unknown> => ({
  entityType: urn.split(':')[2],
  entityUrn: urn,
  changeType: 'UPSERT',
  aspectName,
  aspect: { value: JSON.stringify(value), contentType: 'application/json' },
});

function aspectsOf(run: string, i: number): Record<string, unknown>[] {
  const urn = urnOf(run, i);
  const upstreams = [1, 2, 7]
    .filter((d) => i - d >= 0)
    .map((d) => ({ dataset: urnOf(run, i - d), type: 'TRANSFORMED', auditStamp: audit }));
  return [
    proposal(urn, 'datasetProperties', { name: `costbench_${run}_${i}`, description: `table ${i}` }),
    proposal(urn, 'ownership', {
      owners: [
        { owner: `urn:li:corpuser:costbench_${run}_u${i % 50}`, type: 'DATAOWNER' },
        { owner: `urn:li:corpGroup:costbench_${run}_g${i % 10}`, type: 'TECHNICAL_OWNER' },
      ],
      lastModified: audit,
    }),
    proposal(urn, 'globalTags', {
      tags: [
        { tag: `urn:li:tag:costbench_${run}_t${i % 5}` },
        { tag: `urn:li:tag:costbench_${run}_d${i % 20}` },
      ],
    }),
    proposal(urn, 'upstreamLineage', { upstreams }),
  ];
}

/** A table of the layered graph: its upstreams spread over the layer before (the first has none). */
function layered(run: string, layer: number, i: number): Record<string, unknown>[] {
  const urn = layeredUrn(run, layer, i);
  const upstreams = layer
    ? Array.from({ length: UPSTREAMS }, (_, k) => ({
        dataset: layeredUrn(run, layer - 1, (i * 7 + k * 131) % WIDTH),
        type: 'TRANSFORMED',
        auditStamp: audit,
      }))
    : [];
  return [
    ...(i === 0 ? [proposal(layerDomain(run, layer), 'domainProperties', { name: `layer ${layer}` })] : []),
    proposal(urn, 'datasetProperties', { name: `costbench_${run}_l${layer}_${i}` }),
    proposal(urn, 'upstreamLineage', { upstreams }),
    proposal(urn, 'domains', { domains: [layerDomain(run, layer)] }),
  ];
}

type Call = (path: string, body: unknown) => Promise<{ status: number; text: string }>;

async function ingest(call: Call, proposals: Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < proposals.length; i += BATCH) {
    const res = await call('/aspects?action=ingestProposalBatch', {
      proposals: proposals.slice(i, i + BATCH),
    });
    if (res.status !== 200) throw new Error(`ingest: ${res.status} ${res.text.slice(0, 300)}`);
  }
}

export async function seed(base: string, headers: Record<string, string>): Promise<Seeded> {
  const call: Call = async (path, body) => {
    const res = await fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    return { status: res.status, text: await res.text() };
  };
  const reused = process.env.COST_BENCH_RUN;
  const run = reused ?? Math.random().toString(36).slice(2, 8);
  const datasets = Array.from({ length: DATASETS }, (_, i) => urnOf(run, i));
  const lineageStarts = Array.from({ length: WIDTH }, (_, i) => layeredUrn(run, 0, i));
  if (!reused)
    await ingest(
      call,
      datasets.flatMap((_, i) => aspectsOf(run, i)),
    );
  if (!reused || process.env.COST_BENCH_SEED_LINEAGE === 'true')
    for (let layer = 0; layer < LAYERS; layer++)
      await ingest(call, Array.from({ length: WIDTH }, (_, i) => layered(run, layer, i)).flat());
  for (const started = Date.now(); Date.now() - started < 300_000;) {
    const health = await fetch(`${base}/health/search`, { headers });
    if (((await health.json()) as { lag: number }).lag === 0) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const domains = Array.from({ length: LAYERS }, (_, layer) => layerDomain(run, layer));
  return { run, datasets, lineageStarts, domains };
}

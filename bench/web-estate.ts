/**
 * What the `web` phase measures over: the search estate of the first phase (topped up to its size when
 * that phase did not run) and a lineage neighbourhood of about 500 datasets around one center.
 */
import { datasetAspects, fillerAspects, postProposals, proposalOf } from './data.js';
import { post, syncCatchUp } from './search.js';

type Row = { urn: string; aspect: string; value: Record<string, unknown> };
const audit = { time: 1700000000000, actor: 'urn:li:corpuser:bench' };

/** Writes rows through ingestProposalBatch, as the other phases do. */
export const ingestRows = (base: string, run: string, rows: readonly Row[]): Promise<void> =>
  postProposals(
    base,
    rows.map((r) => proposalOf(run, r)),
  );

/** Datasets the search index holds. */
export async function indexedDatasets(base: string): Promise<number> {
  const r = await post(`${base}/entities?action=search`, {
    input: '*',
    entity: 'dataset',
    start: 0,
    count: 0,
  });
  return r.value.numEntities as number;
}

/**
 * The search estate: after the `ingest` phase the index already holds its 100,000 entities (and more);
 * alone, this phase writes the same catalog (the datasets of `data.ts`, then its lighter filler assets)
 * until the index holds `entities`. The index catches up before it returns.
 */
export async function searchEstate(
  base: string,
  run: string,
  entities: number,
  log: (m: string) => void,
): Promise<number> {
  await syncCatchUp(base);
  const missing = entities - (await indexedDatasets(base));
  if (missing > 0) {
    const datasets = Math.min(20_000, Math.ceil(missing / 2));
    const started = performance.now();
    await ingestRows(base, run, Array.from({ length: datasets }, (_, i) => datasetAspects(run, i)).flat());
    const filler = Array.from({ length: missing - datasets }, (_, i) => fillerAspects(run, i)).flat();
    await ingestRows(base, run, filler);
    await syncCatchUp(base);
    log(
      `web: ${missing} entities written and indexed in ${Math.round((performance.now() - started) / 1000)} s`,
    );
  }
  return indexedDatasets(base);
}

/**
 * A lineage neighbourhood of 510 datasets: a center, 2 hops upstream with a fan of 10 (10 + 100) and 3
 * hops downstream with a fan of 7 (7 + 49 + 343); no node has more than 10 neighbours one way, under the
 * page's 25 per node. Its size is what the lineage page shows opened 2 hops up and 3 down.
 */
export async function lineageNeighbourhood(
  base: string,
  run: string,
): Promise<{ center: string; nodes: string[] }> {
  const urn = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:hive,web_${run}.lineage.${name},PROD)`;
  const rows: Row[] = [];
  const nodes: string[] = [];
  const node = (name: string, upstreams: string[]) => {
    const u = urn(name);
    nodes.push(u);
    rows.push({ urn: u, aspect: 'datasetProperties', value: { name, description: `Lineage node ${name}` } });
    if (upstreams.length)
      rows.push({
        urn: u,
        aspect: 'upstreamLineage',
        value: {
          upstreams: upstreams.map((dataset) => ({ dataset, type: 'TRANSFORMED', auditStamp: audit })),
        },
      });
  };
  const range = (n: number) => Array.from({ length: n }, (_, i) => i);
  node(
    'center',
    range(10).map((i) => urn(`up1_${i}`)),
  );
  for (const i of range(10)) {
    node(
      `up1_${i}`,
      range(10).map((j) => urn(`up2_${i}_${j}`)),
    );
    for (const j of range(10)) node(`up2_${i}_${j}`, []);
  }
  for (const i of range(7)) {
    node(`down1_${i}`, [urn('center')]);
    for (const j of range(7)) {
      node(`down2_${i}_${j}`, [urn(`down1_${i}`)]);
      for (const k of range(7)) node(`down3_${i}_${j}_${k}`, [urn(`down2_${i}_${j}`)]);
    }
  }
  await ingestRows(base, run, rows);
  await syncCatchUp(base);
  return { center: urn('center'), nodes };
}

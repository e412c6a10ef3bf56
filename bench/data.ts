import { AUTH } from './auth.js';

/** The benchmark's synthetic catalog: datasets with properties, ownership, tags, schema and lineage. */
export const ASPECTS_PER_DATASET = 5;
/**
 * What the write path stores for a new bench dataset besides its aspects, as DataHub's service does: the
 * key aspect and the default aspects (browsePathsV2, dataPlatformInstance). Each is a change-log event.
 */
export const WRITTEN_PER_NEW_DATASET = ASPECTS_PER_DATASET + 3;

/**
 * The aspects the write path stores beside a new bench dataset's own (`WRITTEN_PER_NEW_DATASET`), as it
 * stores them: what the direct writes write too, so that both write the same graph.
 */
export function defaultAspectsOf(
  run: string,
  i: number,
): { urn: string; aspect: string; value: Record<string, unknown> }[] {
  const urn = benchUrn(run, i);
  const platform = 'urn:li:dataPlatform:hive';
  return [
    { urn, aspect: 'datasetKey', value: { platform, name: `bench_${run}.db.table_${i}`, origin: 'PROD' } },
    { urn, aspect: 'browsePathsV2', value: { path: [{ id: `bench_${run}` }, { id: 'db' }] } },
    { urn, aspect: 'dataPlatformInstance', value: { platform } },
  ];
}

export const benchUrn = (run: string, i: number): string =>
  `urn:li:dataset:(urn:li:dataPlatform:hive,bench_${run}.db.table_${i},PROD)`;

const audit = { time: 1700000000000, actor: 'urn:li:corpuser:bench' };

export function datasetAspects(
  run: string,
  i: number,
): { urn: string; aspect: string; value: Record<string, unknown> }[] {
  const urn = benchUrn(run, i);
  const fields = Array.from({ length: 8 }, (_, f) => ({
    fieldPath: `col_${f}`,
    nativeDataType: f % 2 ? 'bigint' : 'varchar',
    type: { type: { [f % 2 ? 'com.linkedin.schema.NumberType' : 'com.linkedin.schema.StringType']: {} } },
    description: `column ${f} of table ${i}`,
    nullable: true,
  }));
  return [
    {
      urn,
      aspect: 'datasetProperties',
      value: {
        name: `table_${i}`,
        description: `Table number ${i} of the benchmark`,
        customProperties: { team: `team_${i % 50}` },
      },
    },
    {
      urn,
      aspect: 'ownership',
      value: {
        owners: [
          { owner: `urn:li:corpuser:user_${i % 500}`, type: 'DATAOWNER' },
          { owner: `urn:li:corpGroup:group_${i % 40}`, type: 'TECHNICAL_OWNER' },
        ],
        lastModified: audit,
      },
    },
    {
      urn,
      aspect: 'globalTags',
      value: { tags: [{ tag: `urn:li:tag:tier_${i % 3}` }, { tag: `urn:li:tag:domain_${i % 20}` }] },
    },
    {
      urn,
      aspect: 'schemaMetadata',
      value: {
        schemaName: `table_${i}`,
        platform: 'urn:li:dataPlatform:hive',
        version: 0,
        created: audit,
        lastModified: audit,
        hash: '',
        platformSchema: { 'com.linkedin.schema.MySqlDDL': { tableSchema: '' } },
        fields,
      },
    },
    {
      urn,
      aspect: 'upstreamLineage',
      value: {
        upstreams:
          i === 0
            ? []
            : [{ dataset: benchUrn(run, Math.floor((i - 1) / 2)), type: 'TRANSFORMED', auditStamp: audit }],
      },
    },
  ];
}

/**
 * The rest of a 100,000-entity catalog for the search figures: lighter datasets on another platform with
 * properties and tags (their descriptions share the word "benchmark" with the main datasets).
 */
export function fillerAspects(
  run: string,
  i: number,
): { urn: string; aspect: string; value: Record<string, unknown> }[] {
  const urn = `urn:li:dataset:(urn:li:dataPlatform:postgres,filler_${run}.public.asset_${i},PROD)`;
  return [
    {
      urn,
      aspect: 'datasetProperties',
      value: { name: `asset_${i}`, description: `Filler asset ${i} of the benchmark catalog` },
    },
    {
      urn,
      aspect: 'globalTags',
      value: { tags: [{ tag: `urn:li:tag:domain_${i % 20}` }] },
    },
  ];
}

/** A row of the catalog as the proposal that DataHub's clients send for it, within a run. */
export const proposalOf = (
  run: string,
  r: { urn: string; aspect: string; value: Record<string, unknown> },
): Record<string, unknown> => ({
  entityType: 'dataset',
  entityUrn: r.urn,
  changeType: 'UPSERT',
  aspectName: r.aspect,
  aspect: { value: JSON.stringify(r.value), contentType: 'application/json' },
  systemMetadata: { lastObserved: Date.now(), runId: run },
});

/** Proposals a bench phase writes through ingestProposalBatch, 1,000 per call. */
export async function postProposals(base: string, proposals: readonly unknown[]): Promise<void> {
  const batch = 1000;
  for (let off = 0; off < proposals.length; off += batch) {
    const res = await fetch(`${base}/aspects?action=ingestProposalBatch`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-RestLi-Protocol-Version': '2.0.0', ...AUTH },
      body: JSON.stringify({ proposals: proposals.slice(off, off + batch), async: 'false' }),
    });
    if (!res.ok) throw new Error(`ingest failed: ${res.status} ${await res.text()}`);
  }
}

/** One proposal through `ingestProposal` (a single write, one transaction); resolves once answered. */
export async function postProposal(base: string, proposal: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${base}/aspects?action=ingestProposal`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-RestLi-Protocol-Version': '2.0.0', ...AUTH },
    body: JSON.stringify({ proposal, async: 'false' }),
  });
  if (!res.ok) throw new Error(`write failed: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
}

type Row = { urn: string; aspect: string; value: Record<string, unknown> };

/** A run's datasets, as rows of their aspects. */
export const datasetRows = (run: string, datasets: number): [string, Row[]] => [
  run,
  Array.from({ length: datasets }, (_, i) => datasetAspects(run, i)).flat(),
];

/** Ingests the rows through ingestProposalBatch, 1,000 per call; returns aspects per second. */
export async function httpLoad(base: string, run: string, rows: readonly Row[]): Promise<number> {
  const proposals = rows.map((r) => proposalOf(run, r));
  const started = performance.now();
  await postProposals(base, proposals);
  return proposals.length / ((performance.now() - started) / 1000);
}

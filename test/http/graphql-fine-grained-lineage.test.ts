import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime.js';
import { httpClient, post } from '../support/http.js';
import { datasetUrn, mcp, startTestServer, unique } from '../support/runtime.js';

// Column-level lineage read through GraphQL as DataHub shows it: `fineGrainedLineages` of a dataset (its
// upstreamLineage) and of a job (its dataJobInputOutput), each end `{urn: the dataset, path: the column}`.

let rt: Runtime;
beforeAll(async () => {
  rt = await startTestServer();
});
afterAll(async () => rt?.stop());

const { gqlOk: ok } = httpClient(() => rt.url, { gqlStatus: 200 });
const ingest = async (proposals: unknown[]) => {
  const res = await post(rt.url, '/aspects?action=ingestProposalBatch', { proposals });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const STAMP = { time: 1700000000000, actor: 'urn:li:corpuser:datahub' };
const field = (dataset: string, path: string) => `urn:li:schemaField:(${dataset},${path})`;

describe('GraphQL: fineGrainedLineages', () => {
  it("a dataset's and a job's column lineage, schema-field ends only, with the query and operation", async () => {
    const id = unique();
    const [raw, orders] = [datasetUrn(`fg_raw_${id}`), datasetUrn(`fg_orders_${id}`, 'snowflake')];
    const query = `urn:li:query:fg_${id}`;
    const job = `urn:li:dataJob:(urn:li:dataFlow:(airflow,fg_${id},PROD),load)`;
    await ingest([
      mcp(raw, 'datasetProperties', { name: `fg_raw_${id}` }),
      mcp(orders, 'upstreamLineage', {
        upstreams: [{ dataset: raw, type: 'TRANSFORMED', auditStamp: STAMP }],
        fineGrainedLineages: [
          {
            upstreamType: 'FIELD_SET',
            upstreams: [field(raw, 'amount'), field(raw, 'tax')],
            downstreamType: 'FIELD',
            downstreams: [field(orders, 'total')],
            transformOperation: 'SUM',
            query,
            confidenceScore: 1,
          },
          // A dataset as the upstream end is no column: DataHub leaves it out.
          { upstreamType: 'DATASET', upstreams: [raw], downstreamType: 'FIELD', downstreams: [] },
        ],
      }),
      mcp(job, 'dataJobInputOutput', {
        inputDatasets: [raw],
        outputDatasets: [orders],
        fineGrainedLineages: [
          {
            upstreamType: 'FIELD_SET',
            upstreams: [field(raw, 'id')],
            downstreamType: 'FIELD',
            downstreams: [field(orders, 'order_id')],
          },
        ],
      }),
    ]);
    const data = await ok(
      `query ($d: String!, $r: String!, $j: String!) {
        dataset(urn: $d) { fineGrainedLineages { upstreams { urn path } downstreams { urn path } query transformOperation } }
        raw: dataset(urn: $r) { fineGrainedLineages { upstreams { path } } }
        dataJob(urn: $j) { fineGrainedLineages { upstreams { urn path } downstreams { urn path } query } } }`,
      { d: orders, r: raw, j: job },
    );
    expect(data).toEqual({
      dataset: {
        fineGrainedLineages: [
          {
            upstreams: [
              { urn: raw, path: 'amount' },
              { urn: raw, path: 'tax' },
            ],
            downstreams: [{ urn: orders, path: 'total' }],
            query,
            transformOperation: 'SUM',
          },
          { upstreams: [], downstreams: [], query: null, transformOperation: null },
        ],
      },
      // No upstreamLineage: null, as DataHub answers.
      raw: { fineGrainedLineages: null },
      dataJob: {
        fineGrainedLineages: [
          {
            upstreams: [{ urn: raw, path: 'id' }],
            downstreams: [{ urn: orders, path: 'order_id' }],
            query: null,
          },
        ],
      },
    });
  });

  it('a nested field path keeps its brackets and dots', async () => {
    const id = unique();
    const [src, dst] = [datasetUrn(`fg.db.src_${id}`), datasetUrn(`fg_dst_${id}`)];
    await ingest([
      mcp(dst, 'upstreamLineage', {
        upstreams: [{ dataset: src, type: 'COPY', auditStamp: STAMP }],
        fineGrainedLineages: [
          {
            upstreamType: 'FIELD_SET',
            upstreams: [field(src, '[version=2.0].[type=struct].address.city')],
            downstreamType: 'FIELD',
            downstreams: [field(dst, 'city')],
          },
        ],
      }),
    ]);
    const data = await ok(
      `query ($d: String!) { dataset(urn: $d) { fineGrainedLineages { upstreams { urn path } } } }`,
      { d: dst },
    );
    expect(data.dataset.fineGrainedLineages).toEqual([
      { upstreams: [{ urn: src, path: '[version=2.0].[type=struct].address.city' }] },
    ]);
  });
});

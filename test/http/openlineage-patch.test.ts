/**
 * DataHub's OpenLineage endpoint in patch mode (DATAHUB_OPENLINEAGE_USE_PATCH, docs/decisions/0065): runs
 * of one job that see different datasets add to its lineage (table and column level) and an Airflow
 * DAG's tags to its flow's, instead of each run replacing what the last one wrote.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime.js';
import { useAuthServer, type TestTokens } from '../support/auth.js';
import { httpClient } from '../support/http.js';
import { enc, unique } from '../support/runtime.js';

let rt: Runtime;
let t: TestTokens;
useAuthServer({ NEOHUB_RATE_LIMIT_PER_MINUTE: '0', DATAHUB_OPENLINEAGE_USE_PATCH: 'true' }, (r, tokens) => {
  rt = r;
  t = tokens;
});
const { as } = httpClient(() => rt.url);

const P = '/openapi/openlineage/api/v1/lineage';
const ds = (platform: string, name: string) =>
  `urn:li:dataset:(urn:li:dataPlatform:${platform},${name},PROD)`;
const field = (urn: string, f: string) => `urn:li:schemaField:(${urn},${f})`;

describe('OpenLineage in patch mode', () => {
  it("adds each run's datasets, column lineage and tags to what earlier runs wrote", async () => {
    const u = unique();
    const out = { namespace: `s3://lake-${u}`, name: 'orders/' };
    const run = (input: string, tag: string) => ({
      eventType: 'COMPLETE',
      eventTime: '2024-05-01T12:00:00Z',
      producer: 'https://github.com/OpenLineage/OpenLineage/tree/1.54.0/client/python',
      run: { runId: randomUUID(), facets: { airflow: { dag: { tags: `['${tag}']` } } } },
      job: { namespace: `ns_${u}`, name: `dag_${u}.task` },
      inputs: [{ namespace: 'postgres://db:5432', name: `shop.${input}_${u}` }],
      outputs: [
        {
          ...out,
          facets: {
            columnLineage: {
              fields: {
                id: {
                  inputFields: [{ namespace: 'postgres://db:5432', name: `shop.${input}_${u}`, field: 'id' }],
                },
              },
            },
          },
        },
      ],
    });
    for (const [input, tag] of [
      ['a', 'nightly'],
      ['b', 'finance'],
    ] as const) {
      const res = await as(t.editor).call('POST', P, run(input, tag));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const flow = `urn:li:dataFlow:(python,dag_${u},ns_${u})`;
    const job = `urn:li:dataJob:(${flow},dag_${u}.task)`;
    const read = async (urn: string, aspect: string) => {
      const res = await as(t.reader).call(
        'GET',
        `/openapi/v3/entity/${urn.split(':')[2]}/${enc(urn)}/${aspect}`,
      );
      expect(res.status, `${urn} ${aspect}`).toBe(200);
      return res.body.value;
    };
    const [a, b, dst] = [
      ds('postgres', `shop.a_${u}`),
      ds('postgres', `shop.b_${u}`),
      ds('s3', `lake-${u}/orders`),
    ];
    const io = await read(job, 'dataJobInputOutput');
    expect(io.inputDatasetEdges.map((e: { destinationUrn: string }) => e.destinationUrn).sort()).toEqual([
      a,
      b,
    ]);
    expect(io.outputDatasetEdges.map((e: { destinationUrn: string }) => e.destinationUrn)).toEqual([dst]);
    expect(io.fineGrainedLineages).toEqual([
      expect.objectContaining({
        upstreams: [field(a, 'id'), field(b, 'id')],
        downstreams: [field(dst, 'id')],
        confidenceScore: 0.5,
      }),
    ]);
    const tags = await read(flow, 'globalTags');
    expect(tags.tags.map((x: { tag: string }) => x.tag).sort()).toEqual([
      'urn:li:tag:finance',
      'urn:li:tag:nightly',
    ]);
  });
});

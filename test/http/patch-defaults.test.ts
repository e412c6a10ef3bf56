import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime.js';
import { request } from '../support/http.js';
import { datasetUrn, enc, mcp, post, startTestServer, unique } from '../support/runtime.js';

/**
 * A PATCH on a missing aspect starts from DataHub's default record (its patch templates' defaults):
 * the patches below are the ones DataHub's SDK builds (DatasetPatchBuilder, DataJobPatchBuilder), sent
 * to entities that lack the aspect, and the stored aspects are what DataHub's service would hold.
 */
let rt: Runtime;
let base: string;
beforeAll(async () => {
  rt = await startTestServer();
  base = rt.url;
});
afterAll(async () => rt?.stop());

const SYSTEM = 'urn:li:corpuser:__datahub_system';
const stamp = { actor: SYSTEM, time: expect.any(Number) };
const patch = (urn: string, aspect: string, body: unknown) =>
  post(base, '/aspects?action=ingestProposal', { proposal: mcp(urn, aspect, body, 'PATCH') });
const stored = async (urn: string, aspect: string) => {
  const res = await request('GET', `${base}/openapi/v3/entity/${urn.split(':')[2]}/${enc(urn)}/${aspect}`);
  expect(res.status).toBe(200);
  return res.body?.value;
};
const field = (dataset: string, path: string) => `urn:li:schemaField:(${dataset},${path})`;
/** The SDK's fine-grained lineage patch: one upstream of one downstream, no operation, no query. */
const fineGrained = (down: string, up: string) => ({
  op: 'add',
  path: `/fineGrainedLineages/NONE/${down}/NONE/${up}`,
  value: { confidenceScore: 1.0 },
});
const lineage = (down: string, up: string) => ({
  upstreamType: 'FIELD_SET',
  upstreams: [up],
  downstreamType: 'FIELD',
  downstreams: [down],
  confidenceScore: 1,
});

describe('PATCH on a missing aspect starts from DataHub default record', () => {
  it('upstreamLineage: an upstream and a fine-grained lineage', async () => {
    const down = datasetUrn(`pd_down_${unique()}`);
    const up = datasetUrn(`pd_up_${unique()}`);
    const upstream = {
      auditStamp: { time: 0, actor: 'urn:li:corpuser:unknown' },
      dataset: up,
      type: 'TRANSFORMED',
    };
    const res = await patch(down, 'upstreamLineage', [
      { op: 'add', path: `/upstreams/${up}`, value: upstream },
      fineGrained(field(down, 'b'), field(up, 'a')),
    ]);
    expect(res.status).toBe(200);
    expect(await stored(down, 'upstreamLineage')).toEqual({
      upstreams: [upstream],
      fineGrainedLineages: [lineage(field(down, 'b'), field(up, 'a'))],
    });
  });

  it('dataJobInputOutput: an input dataset edge and a fine-grained lineage, the other lists empty', async () => {
    const job = `urn:li:dataJob:(urn:li:dataFlow:(airflow,pd_${unique()},PROD),job)`;
    const up = datasetUrn(`pd_in_${unique()}`);
    const out = datasetUrn(`pd_out_${unique()}`);
    const res = await patch(job, 'dataJobInputOutput', [
      { op: 'add', path: `/inputDatasetEdges/${up}`, value: { destinationUrn: up } },
      fineGrained(field(out, 'b'), field(up, 'a')),
    ]);
    expect(res.status).toBe(200);
    expect(await stored(job, 'dataJobInputOutput')).toEqual({
      inputDatajobEdges: [],
      inputDatasetEdges: [{ destinationUrn: up }],
      outputDatasetEdges: [],
      fineGrainedLineages: [lineage(field(out, 'b'), field(up, 'a'))],
      inputDatasetFields: [],
      outputDatasetFields: [],
      inputDatajobs: [],
      inputDatasets: [],
      outputDatasets: [],
    });
  });

  it('editableSchemaMetadata: a term on a field, the field and every audit stamp filled', async () => {
    const urn = datasetUrn(`pd_terms_${unique()}`);
    const term = 'urn:li:glossaryTerm:pd_term';
    const res = await request(
      'PATCH',
      `${base}/openapi/v3/entity/dataset/${enc(urn)}/editableSchemaMetadata?async=false`,
      {
        body: {
          patch: [
            {
              op: 'add',
              path: `/editableSchemaFieldInfo/b/glossaryTerms/terms/${term}`,
              value: { urn: term },
            },
          ],
        },
        headers: { 'Content-Type': 'application/json-patch+json' },
      },
    );
    expect(res.status).toBe(200);
    expect(await stored(urn, 'editableSchemaMetadata')).toEqual({
      created: stamp,
      lastModified: stamp,
      editableSchemaFieldInfo: [
        { fieldPath: 'b', glossaryTerms: { terms: [{ urn: term }], auditStamp: stamp } },
      ],
    });
  });

  it('an aspect without a default is refused as DataHub refuses it, unless the patch is generic', async () => {
    const urn = datasetUrn(`pd_none_${unique()}`);
    const link = {
      url: 'https://example.com/doc',
      description: 'doc',
      createStamp: { time: 1, actor: SYSTEM },
    };
    const key = link.url.replace(/~/g, '~0').replace(/\//g, '~1');
    const plain = await patch(urn, 'institutionalMemory', [
      { op: 'add', path: `/elements/${key}`, value: link },
    ]);
    expect(plain.status).toBe(422);
    expect(JSON.stringify(plain.body)).toContain(
      'Patch not supported for aspect with name institutionalMemory',
    );
    const generic = await patch(urn, 'institutionalMemory', {
      patch: [{ op: 'add', path: `/elements/${key}`, value: link }],
      arrayPrimaryKeys: { elements: ['url'] },
    });
    expect(generic.status).toBe(200);
    expect(await stored(urn, 'institutionalMemory')).toEqual({ elements: [link] });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime.js';
import { get, post, request } from '../support/http.js';
import { datasetUrn, enc, mcp, startTestServer, unique } from '../support/runtime.js';

let rt: Runtime;
beforeAll(async () => {
  rt = await startTestServer();
});
afterAll(async () => rt?.stop());

const ingest = async (proposals: unknown[]) =>
  post(rt.url, '/aspects?action=ingestProposalBatch', { proposals, async: 'false' });
const aspectsOf = async (urn: string): Promise<Record<string, any>> =>
  (await get(rt.url, `/entitiesV2/${enc(urn)}`)).body.aspects;

describe('default aspects of a new entity, as DataHub writes them with its key aspect', () => {
  it('a new dataset gets browsePathsV2 (its name parts) and dataPlatformInstance; an existing one does not', async () => {
    const id = unique();
    const urn = datasetUrn(`db_${id}.sales.orders`);
    expect((await ingest([mcp(urn, 'status', { removed: false })])).status).toBe(200);
    const aspects = await aspectsOf(urn);
    expect(Object.keys(aspects).sort()).toEqual([
      'browsePathsV2',
      'dataPlatformInstance',
      'datasetKey',
      'status',
    ]);
    expect(aspects.browsePathsV2.value).toEqual({ path: [{ id: `db_${id}` }, { id: 'sales' }] });
    expect(aspects.dataPlatformInstance.value).toEqual({ platform: 'urn:li:dataPlatform:hive' });

    // The entity exists now: a later write adds no default, even where one was deleted.
    await request('DELETE', `${rt.url}/openapi/v3/entity/dataset/${enc(urn)}/browsePathsV2`);
    await ingest([mcp(urn, 'datasetProperties', { description: 'd' })]);
    expect(Object.keys(await aspectsOf(urn)).sort()).toEqual([
      'dataPlatformInstance',
      'datasetKey',
      'datasetProperties',
      'status',
    ]);
  });

  it('an aspect the batch writes is not replaced by its default; the defaults carry the write’s run', async () => {
    const id = unique();
    const urn = datasetUrn(`own_${id}`);
    const path = { path: [{ id: 'mine' }] };
    const res = await post(rt.url, '/aspects?action=ingestProposal', {
      proposal: {
        ...mcp(urn, 'browsePathsV2', path),
        systemMetadata: { runId: `run-${id}`, lastObserved: 1 },
      },
    });
    expect(res.status).toBe(200);
    const aspects = await aspectsOf(urn);
    expect(aspects.browsePathsV2.value).toEqual(path);
    expect(aspects.dataPlatformInstance.systemMetadata).toMatchObject({ runId: `run-${id}` });
  });

  it('the platform instance a dataset’s name starts with, when it exists; a platform’s own delimiter', async () => {
    const id = unique();
    const instance = `urn:li:dataPlatformInstance:(urn:li:dataPlatform:hive,inst_${id})`;
    await ingest([mcp(instance, 'dataPlatformInstanceProperties', { name: 'inst' })]);
    const urn = datasetUrn(`inst_${id}.db.t`);
    await ingest([mcp(urn, 'status', { removed: false })]);
    expect((await aspectsOf(urn)).browsePathsV2.value).toEqual({
      path: [{ id: instance, urn: instance }, { id: 'db' }],
    });
    // s3's names are split on `/` (its dataPlatformInfo, a built-in platform).
    const file = datasetUrn(`bucket_${id}/dir/file.csv`, 's3');
    await ingest([mcp(file, 'status', { removed: false })]);
    expect((await aspectsOf(file)).browsePathsV2.value).toEqual({
      path: [{ id: `bucket_${id}` }, { id: 'dir' }],
    });
  });

  it('other kinds: a chart in the Default folder with its tool as platform; a data job under its flow', async () => {
    const id = unique();
    const chart = `urn:li:chart:(Looker,c_${id})`;
    const flow = `urn:li:dataFlow:(airflow,f_${id},prod)`;
    const job = `urn:li:dataJob:(${flow},t)`;
    await ingest([mcp(chart, 'status', { removed: false }), mcp(job, 'status', { removed: false })]);
    const c = await aspectsOf(chart);
    expect(c.browsePathsV2.value).toEqual({ path: [{ id: 'Default' }] });
    expect(c.dataPlatformInstance.value).toEqual({ platform: 'urn:li:dataPlatform:looker' });
    const j = await aspectsOf(job);
    expect(j.browsePathsV2.value).toEqual({ path: [{ id: flow, urn: flow }] });
    expect(j.dataPlatformInstance.value).toEqual({ platform: 'urn:li:dataPlatform:airflow' });
    // A kind without these aspects gets only its key.
    const tag = `urn:li:tag:t_${id}`;
    await ingest([mcp(tag, 'status', { removed: false })]);
    expect(Object.keys(await aspectsOf(tag)).sort()).toEqual(['status', 'tagKey']);
  });

  it('OpenAPI v3 create answers with the key and default aspects of the new entity, as DataHub does', async () => {
    const id = unique();
    const urn = datasetUrn(`oa_${id}.t`);
    const res = await request('POST', `${rt.url}/openapi/v3/entity/dataset?async=false&systemMetadata=true`, {
      body: [{ urn, status: { value: { removed: false } } }],
    });
    expect(res.status).toBe(200);
    const entity = (res.body as Record<string, any>[])[0] ?? {};
    expect(Object.keys(entity).sort()).toEqual([
      'browsePathsV2',
      'dataPlatformInstance',
      'datasetKey',
      'status',
      'urn',
    ]);
    expect(entity.datasetKey.value).toEqual({
      platform: 'urn:li:dataPlatform:hive',
      name: `oa_${id}.t`,
      origin: 'PROD',
    });
    expect(entity.status.systemMetadata).toBeTruthy();
    // An existing entity: only what was written.
    const again = await request('POST', `${rt.url}/openapi/v3/entity/dataset?async=false`, {
      body: [{ urn, status: { value: { removed: true } } }],
    });
    expect(Object.keys((again.body as Record<string, any>[])[0] ?? {}).sort()).toEqual(['status', 'urn']);
  });
});

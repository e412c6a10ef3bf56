import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime.js';
import { get, post, request } from '../support/http.js';
import { datasetUrn, enc, mcp, startTestServer, unique } from '../support/runtime.js';

let rt: Runtime;
let base: string;
beforeAll(async () => {
  rt = await startTestServer();
  base = rt.url;
});
afterAll(async () => rt?.stop());

const ingest = (proposals: unknown[]): Promise<unknown> =>
  post(base, '/aspects?action=ingestProposalBatch', { proposals, async: 'false' });

describe('reads', () => {
  it('GET /entitiesV2/<urn>: enveloped aspects with the key, filtered by aspects=List(...), raw or encoded URN', async () => {
    const urn = datasetUrn(`v2_${unique()}`);
    await ingest([
      mcp(urn, 'datasetProperties', { description: 'd' }),
      mcp(urn, 'status', { removed: false }),
    ]);
    const full = await get(base, `/entitiesV2/${enc(urn)}`);
    expect(full.status).toBe(200);
    expect(full.body).toMatchObject({ urn, entityName: 'dataset' });
    // The key and DataHub's default aspects of a new dataset are there too.
    expect(Object.keys(full.body.aspects).sort()).toEqual([
      'browsePathsV2',
      'dataPlatformInstance',
      'datasetKey',
      'datasetProperties',
      'status',
    ]);
    expect(full.body.aspects.datasetProperties).toMatchObject({
      name: 'datasetProperties',
      version: 0,
      type: 'VERSIONED',
      value: { description: 'd' },
      created: { actor: expect.any(String), time: expect.any(Number) },
    });
    const raw = await get(base, `/entitiesV2/${urn}?aspects=List(status)`);
    expect(Object.keys(raw.body.aspects)).toEqual(['status']);
    const partly = await get(base, `/entitiesV2/${urn.replace(/:/g, '%3A')}`);
    expect(Object.keys(partly.body.aspects)).toHaveLength(5);
  });

  it('GET /entitiesV2 of an unknown entity is 200 with no aspects; a malformed URN is 400', async () => {
    const urn = datasetUrn(`nobody_${unique()}`);
    expect((await get(base, `/entitiesV2/${enc(urn)}`)).body).toEqual({
      urn,
      entityName: 'dataset',
      aspects: {},
    });
    expect((await get(base, `/entitiesV2/${enc('urn:li:dataset:x')}`)).status).toBe(400);
  });

  it('GET /aspects/<urn>: versions, and 404 when absent', async () => {
    const urn = datasetUrn(`asp_${unique()}`);
    await ingest([mcp(urn, 'datasetProperties', { description: 'v-a' })]);
    await ingest([mcp(urn, 'datasetProperties', { description: 'v-b' })]);
    const latest = await get(base, `/aspects/${enc(urn)}?aspect=datasetProperties&version=0`);
    const first = await get(base, `/aspects/${enc(urn)}?aspect=datasetProperties&version=1`);
    expect(latest.body.aspect['com.linkedin.dataset.DatasetProperties'].description).toBe('v-b');
    expect(first.body).toMatchObject({
      version: 1,
      aspect: { 'com.linkedin.dataset.DatasetProperties': { description: 'v-a' } },
    });
    expect((await get(base, `/aspects/${enc(urn)}?aspect=datasetProperties&version=2`)).status).toBe(404);
    expect((await get(base, `/aspects/${enc(urn)}?aspect=ownership&version=0`)).status).toBe(404);
    expect(
      (await get(base, `/aspects/${enc(urn)}?aspect=datasetKey&version=0`)).body.aspect[
        'com.linkedin.metadata.key.DatasetKey'
      ],
    ).toEqual({
      platform: 'urn:li:dataPlatform:hive',
      name: urn.split(',')[1],
      origin: 'PROD',
    });
  });

  it('POST /aspects?action=getTimeseriesAspectValues: range, limit, filter, newest first, JSON strings', async () => {
    const urn = datasetUrn(`tsv_${unique()}`);
    const day = 86_400_000;
    await ingest(
      [1, 2, 3, 4].map((d) =>
        mcp(urn, 'datasetProfile', {
          timestampMillis: d * day,
          rowCount: d * 10,
          columnCount: 1,
          partitionSpec: { partition: d % 2 ? 'odd' : 'even', type: 'PARTITION' },
        }),
      ),
    );
    const res = await post(base, '/aspects?action=getTimeseriesAspectValues', {
      urn,
      entity: 'dataset',
      aspect: 'datasetProfile',
      startTimeMillis: 2 * day,
      endTimeMillis: 4 * day,
    });
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({
      limit: 10000,
      aspectName: 'datasetProfile',
      entityName: 'dataset',
      startTimeMillis: 2 * day,
      endTimeMillis: 4 * day,
    });
    expect(
      res.body.value.values.map((v: { aspect: { value: string } }) => JSON.parse(v.aspect.value).rowCount),
    ).toEqual([40, 30, 20]);
    expect(res.body.value.values[0].aspect.contentType).toBe('application/json');
    const filtered = await post(base, '/aspects?action=getTimeseriesAspectValues', {
      urn,
      entity: 'dataset',
      aspect: 'datasetProfile',
      limit: 1,
      filter: { or: [{ and: [{ field: 'partitionSpec.partition', values: ['odd'], condition: 'EQUAL' }] }] },
    });
    expect(
      filtered.body.value.values.map(
        (v: { aspect: { value: string } }) => JSON.parse(v.aspect.value).rowCount,
      ),
    ).toEqual([30]);
  });

  it('GET /relationships and /openapi/relationships/v1/: directions, several types, paging', async () => {
    const id = unique();
    const owner = `urn:li:corpuser:owner_${id}`;
    const urns = Array.from({ length: 120 }, (_, i) =>
      datasetUrn(`owned_${id}_${String(i).padStart(3, '0')}`),
    );
    await ingest(urns.map((u) => mcp(u, 'ownership', { owners: [{ owner, type: 'DATAOWNER' }] })));
    await ingest([
      mcp(urns[0] as string, 'upstreamLineage', {
        upstreams: [{ dataset: urns[1], type: 'TRANSFORMED', auditStamp: { time: 0, actor: owner } }],
      }),
    ]);
    const page1 = await get(base, `/relationships?direction=INCOMING&urn=${enc(owner)}&types=List(OwnedBy)`);
    expect(page1.body).toMatchObject({ start: 0, count: 100, total: 120 });
    const page2 = await get(
      base,
      `/relationships?direction=INCOMING&urn=${enc(owner)}&types=OwnedBy&start=100&count=50`,
    );
    expect(page2.body.relationships).toHaveLength(20);
    expect(new Set([...page1.body.entities, ...page2.body.entities])).toEqual(new Set(urns));
    const out = await get(
      base,
      `/relationships?direction=OUTGOING&urn=${enc(urns[0] as string)}&types=List(OwnedBy,DownstreamOf)`,
    );
    expect(out.body.relationships).toEqual(
      expect.arrayContaining([
        { entity: owner, type: 'OwnedBy' },
        { entity: urns[1], type: 'DownstreamOf' },
      ]),
    );
    const oa = await get(
      base,
      `/openapi/relationships/v1/?urn=${enc(urns[0] as string)}&direction=OUTGOING&relationshipTypes=OwnedBy&relationshipTypes=DownstreamOf&start=0`,
    );
    expect(oa.body).toMatchObject({ start: 0, count: 2, total: 2 });
    expect(oa.body.entities).toEqual(expect.arrayContaining([{ urn: owner, relationshipType: 'OwnedBy' }]));
    const bad = await get(
      base,
      `/openapi/relationships/v1/?urn=${enc(owner)}&direction=SIDEWAYS&relationshipTypes=OwnedBy`,
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: expect.stringMatching(/direction/) });
  });

  it('POST /entities?action=delete: hard delete of an entity and of time-series values in a range', async () => {
    const urn = datasetUrn(`hard_${unique()}`);
    await ingest([
      mcp(urn, 'status', { removed: false }),
      ...[1, 2, 3].map((t) =>
        mcp(urn, 'datasetUsageStatistics', { timestampMillis: t * 1000, uniqueUserCount: t }),
      ),
    ]);
    const ts = await post(base, '/entities?action=delete', {
      urn,
      aspectName: 'datasetUsageStatistics',
      startTimeMillis: 0,
      endTimeMillis: 1500,
    });
    expect(ts.body.value).toMatchObject({ timeseriesRows: 1 });
    const res = await post(base, '/entities?action=delete', { urn });
    // Its key, status and default aspects (browsePathsV2, dataPlatformInstance).
    expect(res.body.value).toEqual({ urn, rows: 4, timeseriesRows: 2 });
    expect((await get(base, `/aspects/${enc(urn)}?aspect=datasetKey&version=0`)).status).toBe(404);
  });

  it('GET /config and /health answer without a body to parse', async () => {
    const cfg = await get(base, '/gms/config');
    expect(cfg.body).toMatchObject({
      noCode: 'true',
      versions: { 'acryldata/datahub': { version: expect.stringMatching(/^v\d+\.\d+\.\d+/) } },
    });
    // Only what is built: no retention; stateful ingestion; the version of neohub is its package's.
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    expect(cfg.body.neohub).toEqual({ version: pkg.version });
    expect(cfg.body.retention).toBe('false');
    expect(cfg.body.statefulIngestionCapable).toBe(true);
    expect(cfg.body).toMatchObject({ patchCapable: true, supportsImpactAnalysis: true });
    const health = await request('GET', `${base}/health`);
    expect(health.status).toBe(200);
    expect(health.text).toBe('');
  });
});

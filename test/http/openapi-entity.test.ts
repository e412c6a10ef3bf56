import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime.js';
import { httpClient } from '../support/http.js';
import { datasetUrn, enc, startTestServer, unique } from '../support/runtime.js';

let rt: Runtime;
beforeAll(async () => {
  rt = await startTestServer();
});
afterAll(async () => rt?.stop());

const { call } = httpClient(() => rt.url);
const SYNC = { 'X-DataHub-Sync-Index-Update': 'true' };

describe('OpenAPI v3 entity API', () => {
  it('batch POST (async 202 and sync 200), GET entity and aspect, HEAD, systemMetadata', async () => {
    const urn = datasetUrn(`oa3_${unique()}`);
    const body = [
      {
        urn,
        status: { value: { removed: false } },
        datasetProperties: { value: { description: 'first', customProperties: { team: 'a' } } },
      },
    ];
    const asyncRes = await call('POST', '/openapi/v3/entity/dataset', body);
    expect(asyncRes.status).toBe(202);
    expect(asyncRes.body).toEqual(body);
    expect(asyncRes.headers.get('traceparent')).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);

    const sync = await call('POST', '/openapi/v3/entity/dataset?async=false', [
      { urn, globalTags: { value: { tags: [{ tag: 'urn:li:tag:T' }] } } },
    ]);
    expect(sync.status).toBe(200);
    expect(sync.body).toEqual([{ urn, globalTags: { value: { tags: [{ tag: 'urn:li:tag:T' }] } } }]);

    for (const path of [`/openapi/v3/entity/dataset/${urn}`, `/openapi/v3/entity/dataset/${enc(urn)}`]) {
      const got = await call('GET', path);
      expect(got.status).toBe(200);
      expect(got.body).toMatchObject({
        urn,
        status: { value: { removed: false } },
        datasetProperties: { value: { description: 'first', customProperties: { team: 'a' } } },
        globalTags: { value: { tags: [{ tag: 'urn:li:tag:T' }] } },
      });
      expect(got.body.datasetProperties.systemMetadata).toBeUndefined();
    }
    const some = await call('GET', `/openapi/v3/entity/dataset/${enc(urn)}?aspects=globalTags&aspects=nope`);
    expect(Object.keys(some.body).sort()).toEqual(['globalTags', 'urn']);
    const withSM = await call(
      'GET',
      `/openapi/v3/entity/dataset/${enc(urn)}/datasetproperties?systemMetadata=true`,
    );
    expect(withSM.status).toBe(200);
    expect(withSM.body.value.description).toBe('first');
    expect(withSM.body.systemMetadata.version).toBe('1');
    expect(withSM.body.auditStamp.actor).toMatch(/^urn:li:corpuser:/);
    expect((await call('HEAD', `/openapi/v3/entity/dataset/${enc(urn)}`)).status).toBe(204);
    expect((await call('HEAD', `/openapi/v3/entity/dataset/${enc(urn)}/globalTags`)).status).toBe(204);
    expect((await call('HEAD', `/openapi/v3/entity/dataset/${enc(urn)}/ownership`)).status).toBe(404);
    const missing = await call('GET', `/openapi/v3/entity/dataset/${enc(datasetUrn(`absent_${unique()}`))}`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('not-found-reason')).toBe('ENTITY');
    expect((await call('GET', `/openapi/v3/entity/dataset/${enc(urn)}/ownership`)).status).toBe(404);

    // Soft-deleted: GET still answers, HEAD says not found.
    await call('POST', '/openapi/v3/entity/dataset?async=false', [
      { urn, status: { value: { removed: true } } },
    ]);
    expect((await call('GET', `/openapi/v3/entity/dataset/${enc(urn)}`)).status).toBe(200);
    expect((await call('HEAD', `/openapi/v3/entity/dataset/${enc(urn)}`)).status).toBe(404);
  });

  it('single-aspect POST creates by default, fails a second create, upserts with createIfNotExists=false', async () => {
    const urn = datasetUrn(`oa3c_${unique()}`);
    const path = `/openapi/v3/entity/dataset/${enc(urn)}/datasetProperties`;
    const created = await call('POST', path, { value: { description: 'one' } });
    expect(created.status).toBe(200);
    // A new entity: its key and default aspects are in the answer too, as in DataHub's.
    expect(created.body).toEqual({
      urn,
      datasetProperties: { value: { description: 'one' } },
      datasetKey: {
        value: { platform: 'urn:li:dataPlatform:hive', name: urn.split(',')[1], origin: 'PROD' },
      },
      browsePathsV2: { value: { path: [{ id: 'Default' }] } },
      dataPlatformInstance: { value: { platform: 'urn:li:dataPlatform:hive' } },
    });
    const again = await call('POST', path, { value: { description: 'two' } });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('Validation Error');
    expect(again.body.message).toMatch(/already exists/);
    const upsert = await call('POST', `${path}?createIfNotExists=false`, { value: { description: 'two' } });
    expect(upsert.status).toBe(200);
    expect(upsert.body.datasetProperties.value.description).toBe('two');
    const byVersion = await call('GET', `${path}?version=1`);
    expect(byVersion.body.value.description).toBe('one');
  });

  it('PATCH single aspect and batch, with arrayPrimaryKeys; missing patch is a clear error', async () => {
    const urn = datasetUrn(`oa3p_${unique()}`);
    const one = await call(
      'PATCH',
      `/openapi/v3/entity/dataset/${enc(urn)}/globalTags`,
      { patch: [{ op: 'add', path: '/tags/urn:li:tag:A', value: { tag: 'urn:li:tag:A' } }] },
      { 'Content-Type': 'application/json-patch+json' },
    );
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ urn, globalTags: { value: { tags: [{ tag: 'urn:li:tag:A' }] } } });
    expect(Object.keys(one.body).sort()).toEqual([
      'browsePathsV2',
      'dataPlatformInstance',
      'datasetKey',
      'globalTags',
      'urn',
    ]);
    const batch = await call('PATCH', '/openapi/v3/entity/dataset?async=false', [
      {
        urn,
        globalTags: {
          value: { patch: [{ op: 'add', path: '/tags/urn:li:tag:B', value: { tag: 'urn:li:tag:B' } }] },
        },
      },
    ]);
    expect(batch.status).toBe(200);
    expect(batch.body[0].globalTags.value.tags).toEqual([{ tag: 'urn:li:tag:A' }, { tag: 'urn:li:tag:B' }]);
    const asyncPatch = await call('PATCH', '/openapi/v3/entity/dataset', [
      { urn, globalTags: { value: { patch: [{ op: 'remove', path: '/tags/urn:li:tag:A' }] } } },
    ]);
    expect(asyncPatch.status).toBe(202);
    expect(asyncPatch.body).toBeUndefined();
    const noPatch = await call('PATCH', '/openapi/v3/entity/dataset', [{ urn, globalTags: { value: {} } }]);
    expect(noPatch).toMatchObject({ status: 400, body: { error: 'Missing `patch` field.' } });
    const got = await call('GET', `/openapi/v3/entity/dataset/${enc(urn)}/globalTags`);
    expect(got.body.value.tags).toEqual([{ tag: 'urn:li:tag:B' }]);
  });

  it('batchGet, generic routes, DELETE of aspects and entities', async () => {
    const a = datasetUrn(`oa3g_${unique()}`);
    const chart = `urn:li:chart:(looker,oa3g_${unique()})`;
    const posted = await call('POST', '/openapi/v3/entity/generic?async=false', {
      dataset: [
        { urn: a, status: { value: { removed: false } }, datasetProperties: { value: { description: 'g' } } },
      ],
      chart: [{ urn: chart, status: { value: { removed: false } } }],
    });
    expect(posted.status).toBe(200);
    expect(Object.keys(posted.body).sort()).toEqual(['chart', 'dataset']);
    const got = await call('POST', '/openapi/v3/entity/dataset/batchGet', [
      { urn: a, datasetProperties: {} },
      { urn: datasetUrn(`absent_${unique()}`) },
      { urn: chart },
    ]);
    expect(got.status).toBe(200);
    expect(got.body.map((e: any) => e.urn)).toEqual([a, chart]);
    expect(Object.keys(got.body[0]).sort()).toEqual(['datasetProperties', 'urn']);
    const generic = await call('POST', '/openapi/v3/entity/generic/batchGet', {
      chart: [{ urn: chart, status: {} }],
    });
    expect(generic.body).toEqual({ chart: [{ urn: chart, status: { value: { removed: false } } }] });
    expect((await call('GET', `/openapi/v3/entity/generic/${enc(chart)}`)).status).toBe(200);

    expect((await call('DELETE', `/openapi/v3/entity/dataset/${enc(a)}/datasetProperties`)).status).toBe(200);
    expect((await call('GET', `/openapi/v3/entity/dataset/${enc(a)}/datasetProperties`)).status).toBe(404);
    expect((await call('GET', `/openapi/v3/entity/dataset/${enc(a)}/status`)).status).toBe(200);
    // The Python client sends a raw URN and a `[]` body.
    expect((await call('DELETE', `/openapi/v3/entity/dataset/${a}`, [])).status).toBe(200);
    expect((await call('GET', `/openapi/v3/entity/dataset/${enc(a)}`)).status).toBe(404);
    expect((await call('DELETE', `/openapi/v3/entity/dataset/${enc(a)}`)).status).toBe(200);
  });

  it('scrolls entities of a type and across types, with totals, aspects and filters', async () => {
    const platform = `oa3s${unique()}`;
    const urns = [0, 1, 2].map((i) => datasetUrn(`t${i}`, platform));
    await call(
      'POST',
      '/openapi/v3/entity/dataset?async=false',
      urns.map((urn, i) => ({ urn, datasetProperties: { value: { description: `d${i}` } } })),
      SYNC,
    );
    const filter = {
      and: [{ criteria: [{ field: 'platform', values: [`urn:li:dataPlatform:${platform}`] }] }],
    };
    const first = await call('POST', '/openapi/v3/entity/scroll?count=2', { entities: ['dataset'], filter });
    expect(first.status).toBe(200);
    expect(first.body.totalCount).toBe(3);
    expect(first.body.entities).toEqual([{ urn: urns[0] }, { urn: urns[1] }]);
    const second = await call('POST', `/openapi/v3/entity/scroll?count=2&scrollId=${first.body.scrollId}`, {
      entities: ['dataset'],
      filter,
      aspects: ['datasetProperties'],
    });
    expect(second.body).toMatchObject({
      scrollId: null,
      entities: [{ urn: urns[2], datasetProperties: { value: { description: 'd2' } } }],
    });
    const list = await call(
      'GET',
      `/openapi/v3/entity/dataset?count=10&query=${enc(`platform:${platform}`)}&sortOrder=DESCENDING`,
    );
    expect(list.status).toBe(200);
    expect(list.body.entities.map((e: any) => e.urn)).toEqual([...urns].reverse());
    const v2 = await call('GET', `/openapi/v2/entity/dataset?count=1&query=${enc(`platform:${platform}`)}`);
    expect(v2.body.results).toHaveLength(1);
    expect(v2.body.results[0].aspects.datasetProperties.value.description).toBe('d0');
    expect(typeof v2.body.scrollId).toBe('string');
  });

  it('filters the list with the query language: field terms, wildcards, existence, AND/OR/NOT', async () => {
    const platform = `oa3q${unique()}`;
    const [a, b, c] = ['orders', 'customers', 'clicks'].map((n) => datasetUrn(n, platform)) as [
      string,
      string,
      string,
    ];
    await call(
      'POST',
      '/openapi/v3/entity/dataset?async=false',
      [
        {
          urn: a,
          datasetProperties: { value: { description: 'every order line' } },
          globalTags: { value: { tags: [{ tag: 'urn:li:tag:Finance' }] } },
        },
        {
          urn: b,
          datasetProperties: { value: { description: 'customer master' } },
          deprecation: { value: { deprecated: true, note: '', actor: 'urn:li:corpuser:x' } },
        },
        { urn: c, datasetProperties: { value: { description: 'web events' } } },
      ],
      SYNC,
    );
    const urns = async (query: string) => {
      const res = await call('GET', `/openapi/v3/entity/dataset?count=50&aspects=status&query=${enc(query)}`);
      expect(res.status).toBe(200);
      const listed = await call('POST', `/openapi/v3/entity/scroll?count=50&query=${enc(query)}`, {
        entities: ['dataset'],
      });
      return listed.body.entities.map((e: any) => e.urn).sort();
    };
    const p = `platform:${platform}`;
    expect(await urns(`${p} AND _exists_:tags`)).toEqual([a]);
    expect(await urns(`${p} -deprecated:true`)).toEqual([a, c].sort());
    expect(await urns(`${p} AND (description:*order* OR description:*events*)`)).toEqual([a, c].sort());
    expect(await urns(`${p} NOT _exists_:tags AND NOT deprecated:true`)).toEqual([c]);
    const bad = await call('GET', `/openapi/v3/entity/dataset?query=${enc('nosuch:field')}`);
    expect(bad).toMatchObject({ status: 400, body: { error: 'Unknown field "nosuch" in query' } });
  });

  it('answers malformed requests with DataHub errors and writes nothing', async () => {
    const urn = datasetUrn(`oa3e_${unique()}`);
    expect(
      await call('POST', '/openapi/v3/entity/dataset', [{ status: { value: { removed: false } } }]),
    ).toMatchObject({
      status: 400,
      body: { error: 'Missing `urn` field' },
    });
    const unknown = await call('POST', '/openapi/v3/entity/dataset?async=false', [
      { urn, status: { value: { removed: false } }, INVALID: { value: {} } },
    ]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe('Validation Error');
    const badUrn = await call('POST', '/openapi/v3/entity/dataset', [
      { urn: 'urn:li:FOOBAR:(x)', status: { value: {} } },
    ]);
    expect(badUrn.status).toBe(400);
    const badValue = await call('POST', '/openapi/v3/entity/dataset?async=false', [
      { urn, status: { value: { removed: 'yes' } } },
    ]);
    expect(badValue).toMatchObject({ status: 400, body: { error: 'Validation Error' } });
    const other = datasetUrn(`oa3e2_${unique()}`);
    const lower = await call('POST', `/openapi/v3/entity/dataset/${enc(other)}/globaltags?async=true`, {
      value: { tags: [] },
    });
    expect(lower).toMatchObject({ status: 202, body: { urn: other, globalTags: { value: { tags: [] } } } });
    const badSystemMetadata = await call('POST', '/openapi/v3/entity/dataset?async=false', [
      { urn, status: { value: { removed: false }, systemMetadata: { lastObserved: 'yesterday' } } },
    ]);
    expect(badSystemMetadata).toMatchObject({ status: 400, body: { error: 'Validation Error' } });
    const farStart = await call(
      'GET',
      `/openapi/relationships/v1/?urn=${enc(urn)}&relationshipTypes=OwnedBy&direction=OUTGOING&start=99999999999`,
    );
    expect(farStart.status).toBe(400);
    const json = await call('POST', '/openapi/v3/entity/dataset', '[{"urn": ');
    expect(json).toMatchObject({ status: 400, body: { error: 'Invalid JSON format' } });
    expect((await call('GET', '/openapi/v3/entity/nosuchthing?count=1')).body.error).toMatch(/nosuchthing/);
    expect((await call('GET', `/openapi/v3/entity/dataset/${enc(urn)}`)).status).toBe(404);
  });
});

describe('OpenAPI v2 entity API', () => {
  it('writes and reads with the v2 shapes', async () => {
    const urn = datasetUrn(`oa2_${unique()}`);
    const posted = await call('POST', '/openapi/v2/entity/dataset?async=false', [
      { urn, aspects: { status: { value: { removed: false } } } },
    ]);
    expect(posted).toMatchObject({
      status: 200,
      body: [{ urn, aspects: { status: { value: { removed: false } } } }],
    });
    const aspect = await call(
      'POST',
      `/openapi/v2/entity/dataset/${enc(urn)}/datasetProperties?createIfNotExists=false`,
      { description: 'v2' },
    );
    expect(aspect.body).toEqual({
      urn,
      aspects: { datasetProperties: { value: { description: 'v2' } } },
    });
    expect((await call('GET', `/openapi/v2/entity/dataset/${enc(urn)}/datasetProperties`)).body).toEqual({
      value: { description: 'v2' },
    });
    const batch = await call('POST', '/openapi/v2/entity/batch/dataset', {
      urns: [urn],
      aspectNames: ['status'],
    });
    expect(batch.body).toEqual({ entities: [{ urn, aspects: { status: { value: { removed: false } } } }] });
    expect(await call('POST', '/openapi/v2/entity/dataset', [{ urn }])).toMatchObject({
      status: 400,
      body: { error: 'Missing `aspects` field' },
    });
  });
});

/**
 * Batches as DataHub answers them (docs/decisions/0057): a definition may name a data type the same batch
 * defines; an asynchronous batch (Rest.li `async: "true"`, OpenAPI v3's default) writes its good items
 * and names each refused one in `X-Neohub-Failed-Items`; a synchronous batch, `batchIngest`, and a batch
 * with a malformed proposal are all or nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime.js';
import { request } from '../support/http.js';
import { datasetUrn, enc, get, mcp, post, startTestServer, unique } from '../support/runtime.js';

let rt: Runtime;
beforeAll(async () => {
  rt = await startTestServer();
});
afterAll(async () => rt?.stop());

const status = async (urn: string) =>
  (await get(rt.url, `/openapi/v3/entity/dataset/${enc(urn)}/status`)).status;

/** A property whose type is a data type of the catalog's own, defined in the same batch. */
async function customProperty(u: string): Promise<string> {
  const type = `urn:li:dataType:datahub.float${u}`;
  const prop = `urn:li:structuredProperty:batch${u}.p`;
  const res = await post(rt.url, '/aspects?action=ingestProposalBatch', {
    proposals: [
      mcp(type, 'dataTypeInfo', { qualifiedName: `datahub.float${u}`, displayName: 'Float' }),
      mcp(prop, 'propertyDefinition', {
        qualifiedName: `batch${u}.p`,
        valueType: type,
        cardinality: 'SINGLE',
        entityTypes: ['urn:li:entityType:datahub.dataset'],
      }),
    ],
  });
  expect(res.status, res.text).toBe(200);
  return prop;
}

const badValue = (prop: string) => ({
  properties: [{ propertyUrn: prop, values: [{ double: 1.5 }] }],
});

describe('batches', () => {
  it('Rest.li: async writes the good items and names the refused one; sync is all or nothing', async () => {
    const u = unique();
    const prop = await customProperty(u);
    const [a, b, bad] = ['a', 'b', 'bad'].map((n) => datasetUrn(`batch_${u}_${n}`)) as [
      string,
      string,
      string,
    ];
    const proposals = [
      mcp(a, 'status', { removed: false }),
      mcp(bad, 'status', { removed: false }),
      mcp(bad, 'structuredProperties', badValue(prop)),
      mcp(b, 'status', { removed: false }),
    ];
    const sync = await post(rt.url, '/aspects?action=ingestProposalBatch', { proposals, async: 'false' });
    expect(sync.status).toBe(422);
    expect(sync.text).toContain('cannot be validated');
    expect([await status(a), await status(b)]).toEqual([404, 404]);

    const async = await post(rt.url, '/aspects?action=ingestProposalBatch', { proposals, async: 'true' });
    expect(async.status, async.text).toBe(200);
    expect(async.body).toEqual({ value: 'success' });
    expect([await status(a), await status(b)]).toEqual([200, 200]);
    const failed = JSON.parse(async.headers.get('x-neohub-failed-items') ?? '[]');
    expect(failed).toEqual([
      {
        index: 2,
        urn: bad,
        aspect: 'structuredProperties',
        message: expect.stringContaining('cannot be validated'),
      },
    ]);

    // A malformed proposal is refused on request, with the whole batch.
    const c = datasetUrn(`batch_${u}_c`);
    const malformed = await post(rt.url, '/aspects?action=ingestProposalBatch', {
      proposals: [mcp(c, 'status', { removed: false }), mcp(c, 'status', { removed: 'yes' })],
      async: 'true',
    });
    expect(malformed.status).toBe(422);
    expect(await status(c)).toBe(404);
  });

  it('OpenAPI v3: the async batch (the default) writes the good entities; async=false is all or nothing', async () => {
    const u = unique();
    const prop = await customProperty(u);
    const [a, bad] = ['a', 'bad'].map((n) => datasetUrn(`batch3_${u}_${n}`)) as [string, string];
    const body = [
      { urn: a, status: { value: { removed: false } } },
      { urn: bad, status: { value: { removed: false } }, structuredProperties: { value: badValue(prop) } },
    ];
    const sync = await request('POST', `${rt.url}/openapi/v3/entity/dataset?async=false`, { body });
    expect(sync.status).toBeGreaterThanOrEqual(400);
    expect(await status(a)).toBe(404);
    const res = await request('POST', `${rt.url}/openapi/v3/entity/dataset`, { body });
    expect(res.status, res.text).toBe(202);
    expect(await status(a)).toBe(200);
    const failed = JSON.parse(res.headers.get('x-neohub-failed-items') ?? '[]');
    expect(failed.map((f: any) => [f.urn, f.aspect])).toEqual([[bad, 'structuredProperties']]);
    expect(failed[0].message).toContain('cannot be validated');
    expect(await status(bad)).toBe(200);
  });

  it('batchIngest wants one system metadata per snapshot when any is given', async () => {
    const urn = datasetUrn(`batch_sm_${unique()}`);
    const snapshot = {
      value: {
        'com.linkedin.metadata.snapshot.DatasetSnapshot': {
          urn,
          aspects: [{ 'com.linkedin.common.Status': { removed: false } }],
        },
      },
    };
    const res = await post(rt.url, '/entities?action=batchIngest', {
      entities: [snapshot],
      systemMetadata: [{ runId: 'a' }, { runId: 'b' }],
    });
    expect(res.status).toBe(400);
    expect(res.text).toContain('entities and systemMetadata length must match');
    expect(await status(urn)).toBe(404);
  });
});

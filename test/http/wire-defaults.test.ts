import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime.js';
import { httpClient } from '../support/http.js';
import { datasetUrn, enc, mcp, startTestServer, unique } from '../support/runtime.js';

let rt: Runtime;
beforeAll(async () => {
  rt = await startTestServer();
});
afterAll(async () => rt?.stop());

const { call, gqlOk } = httpClient(() => rt.url);
const RESTLI = { 'X-RestLi-Protocol-Version': '2.0.0' };

/**
 * Every wire read of one aspect's latest value: OpenAPI v3 and v2, Rest.li's aspect GET, entitiesV2, and
 * the legacy snapshot where the kind has one.
 */
async function wireReads(urn: string, entity: string, aspect: string, record: string): Promise<unknown[]> {
  const v3 = await call('GET', `/openapi/v3/entity/${entity}/${enc(urn)}/${aspect}`);
  const v2 = await call('GET', `/openapi/v2/entity/${entity}/${enc(urn)}/${aspect}`);
  const one = await call('GET', `/aspects/${enc(urn)}?aspect=${aspect}&version=0`, undefined, RESTLI);
  const v2l = await call('GET', `/entitiesV2/${enc(urn)}?aspects=List(${aspect})`, undefined, RESTLI);
  for (const r of [v3, v2, one, v2l]) expect(r.status, r.text).toBe(200);
  const reads = [v3.body.value, v2.body.value, one.body.aspect[record], v2l.body.aspects[aspect].value];
  if (entity !== 'dataset') return reads;
  const snap = await call('GET', `/entities/${enc(urn)}`, undefined, RESTLI);
  expect(snap.status, snap.text).toBe(200);
  const { aspects } = Object.values(snap.body.value)[0] as { aspects: Record<string, unknown>[] };
  return [...reads, aspects.find((a) => record in a)?.[record]];
}

describe('answers leave out the defaults DataHub does not send (it stores a value as sent)', () => {
  it('a field filled with its default on write is absent on every wire read, and GraphQL reads the default', async () => {
    const id = `wire_defaults_${unique()}`;
    const urn = `urn:li:structuredProperty:${id}`;
    const definition = {
      qualifiedName: id,
      valueType: 'urn:li:dataType:datahub.string',
      entityTypes: ['urn:li:entityType:datahub.dataset'],
    };
    const res = await call('POST', '/aspects?action=ingestProposal', {
      proposal: mcp(urn, 'propertyDefinition', definition),
    });
    expect(res.status, res.text).toBe(200);
    for (const value of await wireReads(
      urn,
      'structuredProperty',
      'propertyDefinition',
      'com.linkedin.structured.StructuredPropertyDefinition',
    ))
      expect(value).toEqual(definition);
    // Inside, the value has its defaults, as DataHub's getters give them.
    const gql = await gqlOk(
      `query($urn: String!) { structuredProperty(urn: $urn) { definition { immutable cardinality } } }`,
      {
        urn,
      },
    );
    expect(gql.structuredProperty.definition).toEqual({ immutable: false, cardinality: 'SINGLE' });
  });

  it('a default sent explicitly is answered as sent', async () => {
    const ds = datasetUrn(`wire_defaults_sent_${unique()}`);
    const value = { description: 'sent', customProperties: {}, tags: [] };
    const res = await call(
      'POST',
      `/openapi/v3/entity/dataset/${enc(ds)}/datasetProperties?createIfNotExists=false`,
      {
        value,
      },
    );
    expect(res.status, res.text).toBe(200);
    for (const v of await wireReads(
      ds,
      'dataset',
      'datasetProperties',
      'com.linkedin.dataset.DatasetProperties',
    ))
      expect(v).toEqual(value);
  });

  it('a PATCH starts from the value as stored and adds no defaults', async () => {
    const ds = datasetUrn(`wire_defaults_patch_${unique()}`);
    const res = await call('POST', '/aspects?action=ingestProposal', {
      proposal: mcp(ds, 'datasetProperties', { description: 'before' }),
    });
    expect(res.status, res.text).toBe(200);
    const patched = await call('PATCH', `/openapi/v3/entity/dataset/${enc(ds)}/datasetProperties`, {
      patch: [{ op: 'add', path: '/name', value: 'patched' }],
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.datasetProperties.value).toEqual({ name: 'patched', description: 'before' });
    for (const v of await wireReads(
      ds,
      'dataset',
      'datasetProperties',
      'com.linkedin.dataset.DatasetProperties',
    ))
      expect(v).toEqual({ name: 'patched', description: 'before' });
    // The defaults are still there for every reader inside.
    const gql = await gqlOk(
      `query($urn: String!) { dataset(urn: $urn) { properties { name customProperties { key } } } }`,
      {
        urn: ds,
      },
    );
    expect(gql.dataset.properties).toEqual({ name: 'patched', customProperties: [] });
  });

  it('a field a write step computes into a default is answered (ownership.ownerTypes)', async () => {
    const ds = datasetUrn(`wire_defaults_owner_${unique()}`);
    const owner = 'urn:li:corpuser:wire_defaults_owner';
    const res = await call('POST', '/aspects?action=ingestProposal', {
      proposal: mcp(ds, 'ownership', { owners: [{ owner, type: 'DATAOWNER' }] }),
    });
    expect(res.status, res.text).toBe(200);
    const v3 = await call('GET', `/openapi/v3/entity/dataset/${enc(ds)}/ownership`);
    expect(v3.body.value.ownerTypes).toEqual({ 'urn:li:ownershipType:__system__dataowner': [owner] });
    expect(v3.body.value).not.toHaveProperty('lastModified');
  });

  it('a time-series value has no partitionSpec it was not sent, through OpenAPI and Rest.li', async () => {
    const ds = datasetUrn(`wire_defaults_ts_${unique()}`);
    const value = {
      timestampMillis: 1_700_000_000_000,
      operationType: 'INSERT',
      lastUpdatedTimestamp: 1_700_000_000_000,
    };
    const res = await call('POST', '/aspects?action=ingestProposal', {
      proposal: mcp(ds, 'operation', value),
    });
    expect(res.status, res.text).toBe(200);
    const v3 = await call('GET', `/openapi/v3/entity/dataset/${enc(ds)}/operation`);
    expect(v3.body.value).toEqual(value);
    const series = await call('POST', '/aspects?action=getTimeseriesAspectValues', {
      urn: ds,
      entity: 'dataset',
      aspect: 'operation',
    });
    expect(series.status, series.text).toBe(200);
    expect(JSON.parse(series.body.value.values[0].aspect.value as string)).toEqual(value);
  });
});

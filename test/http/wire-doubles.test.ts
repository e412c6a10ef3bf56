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

describe('doubles as DataHub writes them (`30.0`, a float to Python), on every read', () => {
  const ds = datasetUrn(`wire_doubles_${unique()}`);
  const up = datasetUrn(`wire_doubles_up_${unique()}`);
  const field = (d: string, f: string) => `urn:li:schemaField:(${d},${f})`;
  const lineage = {
    upstreams: [{ dataset: up, type: 'TRANSFORMED', auditStamp: { time: 1, actor: 'urn:li:corpuser:x' } }],
    fineGrainedLineages: [
      {
        upstreamType: 'FIELD_SET',
        upstreams: [field(up, 'a')],
        downstreamType: 'FIELD',
        downstreams: [field(ds, 'a')],
        confidenceScore: 1,
      },
    ],
  };
  const profile = {
    timestampMillis: 1_700_000_000_000,
    rowCount: 30,
    fieldProfiles: [{ fieldPath: 'a', nullProportion: 0, uniqueProportion: 1 }],
  };

  beforeAll(async () => {
    const res = await call('POST', '/aspects?action=ingestProposalBatch', {
      proposals: [mcp(ds, 'upstreamLineage', lineage), mcp(ds, 'datasetProfile', profile)],
    });
    expect(res.status, res.text).toBe(200);
  });

  it('Rest.li entitiesV2, the aspect GET and the legacy snapshot', async () => {
    const v2 = await call('GET', `/entitiesV2/${enc(ds)}?aspects=List(upstreamLineage)`, undefined, RESTLI);
    expect(v2.text).toContain('"confidenceScore":1.0');
    const one = await call('GET', `/aspects/${enc(ds)}?aspect=upstreamLineage&version=0`, undefined, RESTLI);
    expect(one.text).toContain('"confidenceScore":1.0');
    const snapshot = await call('GET', `/entities/${enc(ds)}`, undefined, RESTLI);
    expect(snapshot.text).toContain('"confidenceScore":1.0');
  });

  it('OpenAPI v2 and v3 reads', async () => {
    const v3 = await call('GET', `/openapi/v3/entity/dataset/${enc(ds)}?aspects=upstreamLineage`);
    expect(v3.status).toBe(200);
    expect(v3.text).toContain('"confidenceScore":1.0');
    const v2 = await call('GET', `/openapi/v2/entity/dataset/${enc(ds)}/upstreamLineage`);
    expect(v2.text).toContain('"confidenceScore":1.0');
    expect(v3.body.upstreamLineage.value).toEqual(lineage); // the same value, only written as DataHub writes it
  });

  it("time series through Rest.li (the serialized aspect's text) and GraphQL Floats", async () => {
    const series = await call('POST', '/aspects?action=getTimeseriesAspectValues', {
      urn: ds,
      entity: 'dataset',
      aspect: 'datasetProfile',
    });
    expect(series.status, series.text).toBe(200);
    const text = series.body.value.values[0].aspect.value as string;
    expect(text).toContain('"rowCount":30,');
    expect(text, text).toContain('"nullProportion":0.0');
    expect(text).toContain('"uniqueProportion":1.0');
    const query = `query($urn: String!) { dataset(urn: $urn) { datasetProfiles(limit: 1) { rowCount fieldProfiles { nullProportion uniqueProportion } } } }`;
    const gql = await call('POST', '/api/graphql', { query, variables: { urn: ds } });
    expect(gql.text).toContain('"rowCount":30,');
    expect(gql.text).toContain('{"nullProportion":0.0,"uniqueProportion":1.0}');
    expect((await gqlOk(query, { urn: ds })).dataset).toEqual({
      datasetProfiles: [{ rowCount: 30, fieldProfiles: [{ nullProportion: 0, uniqueProportion: 1 }] }],
    });
  });

  it('a time-series write through OpenAPI v3 answers with the value it wrote, as DataHub does', async () => {
    const ts = datasetUrn(`wire_ts_${unique()}`);
    const value = {
      timestampMillis: 1_700_000_000_000,
      rowCount: 3,
      fieldProfiles: [{ fieldPath: 'a', nullProportion: 1 }],
    };
    const res = await call('POST', '/openapi/v3/entity/dataset?async=false', [
      { urn: ts, datasetProfile: { value } },
    ]);
    expect(res.status, res.text).toBe(200);
    expect(res.body[0].urn).toBe(ts);
    expect(res.body[0].datasetProfile.value).toEqual(value);
    expect(res.text).toContain('"nullProportion":1.0');
  });
});

/**
 * DataHub's OpenLineage endpoint (issue 42, item 5; docs/decisions/0065): `POST
 * /openapi/openlineage/api/v1/lineage` takes run events and writes what DataHub's mapping makes of them
 * (flow, job, run with its run events, datasets with schemas, table- and column-level lineage), read back
 * through GraphQL, OpenAPI and Rest.li; a bad event is a 400 naming the field and writes nothing.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime.js';
import { useAuthServer, type TestTokens } from '../support/auth.js';
import { httpClient, request } from '../support/http.js';
import { enc, unique } from '../support/runtime.js';

let rt: Runtime;
let t: TestTokens;
useAuthServer({ NEOHUB_RATE_LIMIT_PER_MINUTE: '0' }, (r, tokens) => {
  rt = r;
  t = tokens;
});
const { as } = httpClient(() => rt.url);

const P = '/openapi/openlineage/api/v1/lineage';
const PRODUCER = 'https://github.com/OpenLineage/OpenLineage/tree/1.54.0/client/python';
const ds = (platform: string, name: string) =>
  `urn:li:dataset:(urn:li:dataPlatform:${platform},${name},PROD)`;
const field = (urn: string, f: string) => `urn:li:schemaField:(${urn},${f})`;

/** A job reading a Postgres table and writing another and an S3 path, with schema and column lineage. */
function job() {
  const u = unique();
  const runId = randomUUID();
  const ns = `etl_${u}`;
  const src = { namespace: 'postgres://db.example.com:5432', name: `shop.public.raw_${u}` };
  const dst = { namespace: 'postgres://db.example.com:5432', name: `shop.public.orders_${u}` };
  const bucket = { namespace: `s3://lake-${u}`, name: 'exports/orders/' };
  const urns = {
    flowName: `daily_${u}`,
    flow: `urn:li:dataFlow:(python,daily_${u},${ns})`,
    job: `urn:li:dataJob:(urn:li:dataFlow:(python,daily_${u},${ns}),daily_${u}.load)`,
    run: `urn:li:dataProcessInstance:${runId}`,
    src: ds('postgres', src.name),
    dst: ds('postgres', dst.name),
    bucket: ds('s3', `lake-${u}/exports/orders`),
  };
  const event = (eventType: string, eventTime: string, over: Record<string, unknown> = {}) => ({
    eventType,
    eventTime,
    producer: PRODUCER,
    schemaURL: 'https://openlineage.io/spec/2-0-2/OpenLineage.json#/definitions/RunEvent',
    run: { runId, facets: { nominalTime: { nominalStartTime: eventTime } } },
    job: {
      namespace: ns,
      name: `daily_${u}.load`,
      facets: { documentation: { description: 'Loads orders' } },
    },
    inputs: [
      {
        ...src,
        facets: {
          schema: {
            fields: [
              { name: 'id', type: 'int' },
              { name: 'amount', type: 'decimal' },
            ],
          },
        },
      },
    ],
    outputs: [
      {
        ...dst,
        facets: {
          someoneElsesFacet: { _producer: 'x', anything: [1, 2] },
          schema: {
            fields: [
              { name: 'order_id', type: 'long' },
              { name: 'total', type: 'decimal' },
            ],
          },
          columnLineage: {
            fields: {
              order_id: { inputFields: [{ ...src, field: 'id' }] },
              total: {
                inputFields: [
                  { ...src, field: 'amount', transformations: [{ type: 'DIRECT', subtype: 'AGGREGATION' }] },
                ],
              },
            },
          },
        },
      },
      bucket,
    ],
    ...over,
  });
  return { urns, event, runId };
}

describe('POST /openapi/openlineage/api/v1/lineage', () => {
  it("writes a run's START and COMPLETE as DataHub does: job, run, datasets, schema, lineage", async () => {
    const { urns, event, runId } = job();
    const start = await as(t.editor).call('POST', P, event('START', '2024-05-01T12:00:00.000Z'));
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    expect(start.headers.get('traceparent')).toMatch(/^00-[0-9a-f]{32}-/);
    // DataHub's header: answered once the search index has what was written (lineage search reads it).
    const done = await as(t.editor).call('POST', P, event('COMPLETE', '2024-05-01T12:05:00.000+00:00'), {
      'X-DataHub-Sync-Index-Update': 'true',
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);

    const read = async (urn: string, aspect: string) => {
      const kind = urn.split(':')[2];
      const res = await as(t.reader).call('GET', `/openapi/v3/entity/${kind}/${enc(urn)}/${aspect}`);
      expect(res.status, `${urn} ${aspect}`).toBe(200);
      return res.body.value;
    };
    expect(await read(urns.flow, 'dataFlowInfo')).toMatchObject({
      name: urns.flowName,
      description: 'Loads orders',
    });
    expect(await read(urns.job, 'dataJobInfo')).toMatchObject({
      name: 'load',
      type: { string: 'python' },
      flowUrn: urns.flow,
    });
    const io = await read(urns.job, 'dataJobInputOutput');
    expect(io.inputDatasetEdges.map((e: any) => e.destinationUrn)).toEqual([urns.src]);
    expect(io.outputDatasetEdges.map((e: any) => e.destinationUrn)).toEqual([urns.dst, urns.bucket].sort());
    expect(io.fineGrainedLineages).toEqual([
      expect.objectContaining({
        upstreams: [field(urns.src, 'id')],
        downstreams: [field(urns.dst, 'order_id')],
      }),
      expect.objectContaining({
        upstreams: [field(urns.src, 'amount')],
        downstreams: [field(urns.dst, 'total')],
        transformOperation: 'DIRECT:AGGREGATION',
      }),
    ]);
    expect(await read(urns.run, 'dataProcessInstanceProperties')).toMatchObject({ name: runId });
    expect(await read(urns.run, 'dataProcessInstanceRelationships')).toMatchObject({
      parentTemplate: urns.job,
    });
    expect(
      (await read(urns.dst, 'schemaMetadata')).fields.map((f: any) => [f.fieldPath, f.nativeDataType]),
    ).toEqual([
      ['order_id', 'long'],
      ['total', 'decimal'],
    ]);

    // The run's events, oldest last: STARTED, then COMPLETE with SUCCESS.
    const events = await as(t.reader).call('POST', '/aspects?action=getTimeseriesAspectValues', {
      urn: urns.run,
      entity: 'dataProcessInstance',
      aspect: 'dataProcessInstanceRunEvent',
    });
    expect(events.status, JSON.stringify(events.body)).toBe(200);
    const values = events.body.value.values.map((v: any) => JSON.parse(v.aspect.value));
    expect(values.map((v: any) => [v.status, v.result?.type])).toEqual([
      ['COMPLETE', 'SUCCESS'],
      ['STARTED', undefined],
    ]);

    // Table-level lineage through the job, as DataHub's search across lineage walks it.
    const lineage = await as(t.reader).gqlOk(
      `query ($u: String!) { searchAcrossLineage(input: { urn: $u, direction: DOWNSTREAM, query: "*", count: 20 }) {
         searchResults { degree entity { urn type } } } }`,
      { u: urns.src },
    );
    const reached = lineage.searchAcrossLineage.searchResults.map((r: any) => [r.entity.urn, r.degree]);
    expect(reached).toEqual(
      expect.arrayContaining([
        [urns.job, 1],
        [urns.dst, 2],
        [urns.bucket, 2],
      ]),
    );

    // The job through GraphQL, with its flow.
    const gq = await as(t.reader).gqlOk(
      `query ($u: String!) { dataJob(urn: $u) { urn properties { name description } dataFlow { urn } } }`,
      { u: urns.job },
    );
    expect(gq.dataJob).toMatchObject({
      properties: { name: 'load', description: 'Loads orders' },
      dataFlow: { urn: urns.flow },
    });
  });

  it('records a failed run as COMPLETE with FAILURE', async () => {
    const { urns, event } = job();
    expect((await as(t.editor).call('POST', P, event('FAIL', '2024-05-02T00:00:00Z'))).status).toBe(200);
    const events = await as(t.reader).call('POST', '/aspects?action=getTimeseriesAspectValues', {
      urn: urns.run,
      entity: 'dataProcessInstance',
      aspect: 'dataProcessInstanceRunEvent',
    });
    expect(JSON.parse(events.body.value.values[0].aspect.value)).toMatchObject({
      status: 'COMPLETE',
      result: { type: 'FAILURE', nativeResultType: 'FAIL' },
    });
  });

  it('refuses a bad event with a 400 naming the field, and writes nothing of it', async () => {
    const { urns, event } = job();
    const cases: [unknown, string][] = [
      [{ ...event('START', '2024-05-01T12:00:00Z'), eventType: 'BEGIN' }, 'eventType must be one of'],
      [{ ...event('START', 'noon'), eventType: 'START' }, 'eventTime must be an ISO 8601 date-time'],
      [event('START', '2024-05-01T12:00:00Z', { run: { runId: 'not-a-uuid' } }), 'run.runId must be a UUID'],
      [event('START', '2024-05-01T12:00:00Z', { job: { name: 'x' } }), 'job.namespace is required'],
      [event('START', '2024-05-01T12:00:00Z', { producer: undefined }), 'producer is required'],
      [
        event('START', '2024-05-01T12:00:00Z', { outputs: [{ namespace: 'x', name: 7 }] }),
        'outputs[0].name must be a string',
      ],
      [
        event('START', '2024-05-01T12:00:00Z', {
          outputs: [{ namespace: 'x', name: 'y', facets: { schema: { fields: [{ type: 'int' }] } } }],
        }),
        'outputs[0].facets.schema.fields[0].name',
      ],
      [[event('START', '2024-05-01T12:00:00Z')], 'The body must be an OpenLineage run event'],
      // Names that make no URN of the model (a comma splits a key part): named as the event's fields.
      [
        event('START', '2024-05-01T12:00:00Z', { job: { namespace: 'a,b', name: 'j' } }),
        'job.namespace, job.name',
      ],
      [
        event('START', '2024-05-01T12:00:00Z', { inputs: [{ namespace: 'hive', name: 'db.t(1' }] }),
        'inputs[0].namespace and inputs[0].name make no valid URN',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await as(t.editor).call('POST', P, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toContain(message);
    }
    const job1 = await as(t.reader).call('GET', `/openapi/v3/entity/datajob/${enc(urns.job)}/dataJobInfo`);
    expect(job1.status).toBe(404);
  });

  it('is a write: a Reader is refused (403), no token is 401', async () => {
    const { urns, event } = job();
    const body = event('START', '2024-05-01T12:00:00Z');
    expect((await as(t.reader).call('POST', P, body)).status).toBe(403);
    expect((await request('POST', `${rt.url}${P}`, { body })).status).toBe(401);
    expect(
      (await as(t.reader).call('GET', `/openapi/v3/entity/datajob/${enc(urns.job)}/dataJobInfo`)).status,
    ).toBe(404);
    // Served under DataHub's GMS prefixes too.
    expect((await as(t.editor).call('POST', `/gms${P}`, body)).status).toBe(200);
  });
});

/**
 * OpenLineage run events mapped as DataHub's OpenLineage endpoint maps them (docs/decisions/0065): dataset
 * URNs from namespaces (DataHub's converter's rules for URIs, files and buckets), the flow, job and run,
 * schemas and column-level lineage, and bad events refused naming the field.
 */
import { describe, expect, it } from 'vitest';
import { BadRequestError } from '../../src/errors/index.js';
import { datasetUrnOf, olDatasetUrn } from '../../src/services/openlineage/index.js';
import { runEventProposals } from '../../src/services/index.js';

const ds = (platform: string, name: string) =>
  `urn:li:dataset:(urn:li:dataPlatform:${platform},${name},PROD)`;

describe('dataset URNs of OpenLineage namespaces', () => {
  it.each([
    ['postgres://db.example.com:5432', 'shop.public.orders', ds('postgres', 'shop.public.orders')],
    ['sqlserver://host:1433', 'db.dbo.t', ds('mssql', 'db.dbo.t')],
    ['awsathena://athena.us-east-1.amazonaws.com', 'cat.db.t', ds('athena', 'cat.db.t')],
    ['bigquery', 'proj.ds.t', ds('bigquery', 'proj.ds.t')],
    ['s3://bucket', 'warehouse/orders/', ds('s3', 'bucket/warehouse/orders')],
    ['s3a://bucket', '/warehouse/orders', ds('s3', 'bucket/warehouse/orders')],
    ['gs://bucket', 'a/b', ds('gcs', 'bucket/a/b')],
    [
      'abfss://container@account.dfs.core.windows.net',
      'x/y',
      ds('abs', 'container@account.dfs.core.windows.net/x/y'),
    ],
    ['file://', '/tmp/data.csv', ds('file', '/tmp/data.csv')],
    ['file', '/tmp/data.csv', ds('file', '/tmp/data.csv')],
    ['hdfs://namenode:8020', '/data/events', ds('hdfs', '/data/events')],
    ['dbfs://', '/mnt/x', ds('dbfs', 'mnt/x')],
  ])('%s + %s', (namespace, name, urn) => {
    expect(datasetUrnOf(namespace, name)).toBe(urn);
  });

  it('leaves out a dataset whose namespace and name make no URI, as DataHub does', () => {
    expect(datasetUrnOf('postgres://host:5432', 'has space')).toBeUndefined();
  });

  it("names a dataset by its symlinks facet's TABLE identifier (Glue or Hive)", () => {
    const glue = {
      symlinks: {
        identifiers: [{ namespace: 'arn:aws:glue:us-east-1:123', name: 'table/db/t', type: 'TABLE' }],
      },
    };
    expect(olDatasetUrn('s3://b', 'p', glue)).toBe(ds('glue', 'db.t'));
    const hive = {
      symlinks: { identifiers: [{ namespace: 'hive://metastore:9083', name: 'db.t', type: 'TABLE' }] },
    };
    expect(olDatasetUrn('hdfs://nn', '/w/db.db/t', hive)).toBe(ds('hive', 'db.t'));
  });
});

const RUN = '3f5e83fa-3480-44ff-99c5-ff943904e5e8';
const event = (over: Record<string, unknown> = {}) => ({
  eventType: 'COMPLETE',
  eventTime: '2024-05-01T12:00:00.123456+00:00',
  producer: 'https://github.com/OpenLineage/OpenLineage/tree/1.54.0/client/python',
  schemaURL: 'https://openlineage.io/spec/2-0-2/OpenLineage.json#/definitions/RunEvent',
  run: { runId: RUN },
  job: { namespace: 'etl', name: 'daily.load_orders', facets: { documentation: { description: 'Loads' } } },
  inputs: [
    {
      namespace: 'postgres://db:5432',
      name: 'shop.public.raw',
      facets: {
        schema: {
          fields: [
            { name: 'id', type: 'int' },
            { name: 'note', type: 'varchar' },
          ],
        },
      },
    },
  ],
  outputs: [
    {
      namespace: 'postgres://db:5432',
      name: 'shop.public.orders',
      facets: {
        unknownFacet: { anything: 1 },
        columnLineage: {
          fields: {
            order_id: {
              inputFields: [
                {
                  namespace: 'postgres://db:5432',
                  name: 'shop.public.raw',
                  field: 'id',
                  transformations: [{ type: 'DIRECT', subtype: 'IDENTITY' }],
                },
              ],
            },
          },
        },
      },
    },
  ],
  ...over,
});

const aspects = (body: unknown) =>
  Object.fromEntries(runEventProposals(body).map((p) => [`${p.entityUrn} ${p.aspectName}`, p.aspect?.value]));

describe('run events as proposals', () => {
  it('maps the flow, job, run, datasets, schema and column lineage as DataHub does', () => {
    const a = aspects(event());
    const flow = 'urn:li:dataFlow:(python,daily,etl)';
    const job = `urn:li:dataJob:(${flow},daily.load_orders)`;
    const run = `urn:li:dataProcessInstance:${RUN}`;
    const raw = ds('postgres', 'shop.public.raw');
    const orders = ds('postgres', 'shop.public.orders');
    const at = Date.parse('2024-05-01T12:00:00.123Z');
    expect(a[`${flow} dataFlowInfo`]).toEqual({ name: 'daily', customProperties: {}, description: 'Loads' });
    expect(a[`${job} dataJobInfo`]).toMatchObject({
      name: 'load_orders',
      type: { string: 'python' },
      flowUrn: flow,
      created: { time: at },
    });
    expect(a[`${job} dataJobInputOutput`]).toMatchObject({
      inputDatasetEdges: [
        { destinationUrn: raw, lastModified: { time: at, actor: 'urn:li:corpuser:datahub' } },
      ],
      outputDatasetEdges: [{ destinationUrn: orders }],
      fineGrainedLineages: [
        {
          upstreamType: 'FIELD_SET',
          upstreams: [`urn:li:schemaField:(${raw},id)`],
          downstreamType: 'FIELD_SET',
          downstreams: [`urn:li:schemaField:(${orders},order_id)`],
          transformOperation: 'DIRECT:IDENTITY',
          confidenceScore: 0.5,
        },
      ],
    });
    expect(a[`${raw} datasetKey`]).toEqual({
      platform: 'urn:li:dataPlatform:postgres',
      name: 'shop.public.raw',
      origin: 'PROD',
    });
    expect(a[`${raw} schemaMetadata`]).toMatchObject({
      platform: 'urn:li:dataPlatform:postgres',
      fields: [
        { fieldPath: 'id', nativeDataType: 'int', type: { type: { 'com.linkedin.schema.NumberType': {} } } },
        {
          fieldPath: 'note',
          nativeDataType: 'varchar',
          type: { type: { 'com.linkedin.schema.NullType': {} } },
        },
      ],
    });
    expect(a[`${orders} schemaMetadata`]).toBeUndefined();
    expect(a[`${run} dataProcessInstanceRunEvent`]).toEqual({
      timestampMillis: at,
      status: 'COMPLETE',
      result: { type: 'SUCCESS', nativeResultType: 'COMPLETE' },
    });
    expect(a[`${run} dataProcessInstanceRelationships`]).toEqual({
      parentTemplate: job,
      upstreamInstances: [],
    });
    expect(a[`${run} dataProcessInstanceInput`]).toEqual({ inputs: [raw] });
    expect(a[`${run} dataProcessInstanceOutput`]).toEqual({ outputs: [orders] });
  });

  it.each([
    ['START', { status: 'STARTED' }],
    ['RUNNING', { status: 'STARTED' }],
    ['FAIL', { status: 'COMPLETE', result: { type: 'FAILURE', nativeResultType: 'FAIL' } }],
    ['ABORT', { status: 'COMPLETE', result: { type: 'FAILURE', nativeResultType: 'ABORT' } }],
  ])('records a %s run event', (eventType, expected) => {
    const a = aspects(event({ eventType }));
    expect(a[`urn:li:dataProcessInstance:${RUN} dataProcessInstanceRunEvent`]).toMatchObject(expected);
  });

  it('writes an OTHER event without a run event (DataHub would write one without its required status)', () => {
    const a = aspects(event({ eventType: 'OTHER' }));
    expect(a).not.toHaveProperty([`urn:li:dataProcessInstance:${RUN} dataProcessInstanceRunEvent`]);
    expect(a).toHaveProperty([`urn:li:dataProcessInstance:${RUN} dataProcessInstanceProperties`]);
  });

  it('takes the orchestrator from the processing engine, Airflow or Trino producers', () => {
    const engine = event({
      producer: 'x',
      run: { runId: RUN, facets: { processing_engine: { name: 'Spark', version: '3.5' } } },
    });
    expect(aspects(engine)['urn:li:dataFlow:(spark,daily,etl) dataFlowInfo']).toMatchObject({
      customProperties: { processingEngine: 'Spark', processingEngineVersion: '3.5' },
    });
    const airflow = event({ producer: 'https://github.com/apache/airflow/tree/providers-openlineage/1.8.0' });
    expect(aspects(airflow)).toHaveProperty(['urn:li:dataFlow:(airflow,daily,etl) dataFlowInfo']);
  });

  it.each([
    [[], 'The body must be an OpenLineage run event'],
    [event({ eventType: undefined }), 'eventType is required'],
    [event({ eventType: 'DONE' }), 'eventType must be one of'],
    [event({ eventTime: 'yesterday' }), 'eventTime must be an ISO 8601 date-time'],
    [event({ producer: 7 }), 'producer must be a string'],
    [event({ producer: 'https://example.com/mine' }), 'producer names no orchestrator'],
    [event({ run: {} }), 'run.runId is required'],
    [event({ run: { runId: 'run-1' } }), 'run.runId must be a UUID'],
    [event({ job: { name: 'x' } }), 'job.namespace is required'],
    [event({ job: { namespace: 'etl', name: '' } }), 'job.name must not be empty'],
    [event({ inputs: {} }), 'inputs must be a list'],
    [event({ outputs: [{ namespace: 'x' }] }), 'outputs[0].name is required'],
    [
      event({ inputs: [{ namespace: 'n', name: 't', facets: { schema: { fields: [{ type: 'int' }] } } }] }),
      'inputs[0].facets.schema.fields[0].name must be',
    ],
    [
      event({
        outputs: [
          {
            namespace: 'n',
            name: 't',
            facets: { columnLineage: { fields: { c: { inputFields: [{ namespace: 'n', name: 't' }] } } } },
          },
        ],
      }),
      'outputs[0].facets.columnLineage.fields.c.inputFields[0].field must be',
    ],
  ])('refuses a bad event naming the field (%#)', (body, message) => {
    expect(() => runEventProposals(body)).toThrow(BadRequestError);
    expect(() => runEventProposals(body)).toThrow(message);
  });
});

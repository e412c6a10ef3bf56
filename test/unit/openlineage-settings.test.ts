/**
 * DataHub's OpenLineage endpoint's settings (`DATAHUB_OPENLINEAGE_*`, docs/decisions/0065): read from
 * the environment with DataHub's names and defaults, an environment that is no FabricType refused at
 * start-up naming its variable, and each setting's effect on the mapping as DataHub's converter has it.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { FabricTypeSchema } from '../../src/registry/index.js';
import {
  DEFAULT_OPENLINEAGE_SETTINGS,
  openLineageSettings,
  runEventProposals,
  type OpenLineageSettings,
} from '../../src/services/openlineage/index.js';

const RUN = '0190a3a0-0000-7000-8000-000000000042';
const settingsOf = (env: Record<string, string>): OpenLineageSettings =>
  openLineageSettings(loadConfig(env), FabricTypeSchema.symbols);

const event = (over: Record<string, unknown> = {}) => ({
  eventType: 'COMPLETE',
  eventTime: '2024-05-01T12:00:00Z',
  producer: 'https://github.com/OpenLineage/OpenLineage/tree/1.54.0/client/python',
  run: { runId: RUN, facets: { airflow: { dag: { tags: "['nightly']" } } } },
  job: { namespace: 'etl', name: 'daily.load' },
  inputs: [
    {
      namespace: 'postgres://db:5432',
      name: 'shop.raw',
      facets: { schema: { fields: [{ name: 'id', type: 'int' }] } },
    },
  ],
  outputs: [
    {
      namespace: 's3://lake',
      name: 'orders/',
      facets: {
        schema: { fields: [{ name: 'order_id', type: 'int' }] },
        columnLineage: {
          fields: {
            order_id: {
              inputFields: [
                {
                  namespace: 'postgres://db:5432',
                  name: 'shop.raw',
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

type Row = { changeType: string | undefined; value: unknown };
const aspects = (env: Record<string, string>, body: unknown = event()): Record<string, Row> =>
  Object.fromEntries(
    runEventProposals(body, undefined, settingsOf(env)).map((p) => [
      `${p.entityUrn} ${p.aspectName}`,
      { changeType: p.changeType, value: p.aspect?.value },
    ]),
  );
const ds = (platform: string, name: string, env = 'PROD') =>
  `urn:li:dataset:(urn:li:dataPlatform:${platform},${name},${env})`;

describe('OpenLineage settings from the environment', () => {
  it("has DataHub's defaults when nothing is set", () => {
    expect(settingsOf({})).toEqual(DEFAULT_OPENLINEAGE_SETTINGS);
  });

  it('derives the flow cluster and the datasets’ FabricType from the environment, as DataHub does', () => {
    expect(settingsOf({ DATAHUB_OPENLINEAGE_ENV: 'dev' })).toMatchObject({
      datasetEnv: 'DEV',
      platformInstance: 'dev',
    });
    expect(
      settingsOf({
        DATAHUB_OPENLINEAGE_ENV: 'PROD',
        DATAHUB_OPENLINEAGE_PLATFORM_INSTANCE: 'prod-us-west-2',
        DATAHUB_OPENLINEAGE_COMMON_DATASET_ENV: 'DEV',
      }),
    ).toMatchObject({ datasetEnv: 'DEV', platformInstance: 'prod-us-west-2' });
  });

  it.each([
    ['DATAHUB_OPENLINEAGE_ENV', 'PRODUCTION'],
    ['DATAHUB_OPENLINEAGE_COMMON_DATASET_ENV', 'staging'],
  ])('refuses %s that is no FabricType, naming the variable', (key, value) => {
    expect(() => settingsOf({ [key]: value })).toThrow(
      new RegExp(`^${key} must be one of DEV, .*PROD, .*got "${value.toUpperCase()}"`),
    );
  });

  it.each([
    ['DATAHUB_OPENLINEAGE_ORCHESTRATOR', 'my scheduler'],
    ['DATAHUB_OPENLINEAGE_PLATFORM_INSTANCE', 'eu,west'],
    ['DATAHUB_OPENLINEAGE_COMMON_DATASET_PLATFORM_INSTANCE', 'eu(1)'],
  ])('refuses %s that would break the URNs it is part of, naming the variable', (key, value) => {
    expect(() => settingsOf({ [key]: value })).toThrow(`${key} must hold no spaces, commas or parentheses`);
  });

  it('refuses a switch that is neither true nor false, naming the variable', () => {
    expect(() => loadConfig({ DATAHUB_OPENLINEAGE_USE_PATCH: 'sometimes' })).toThrow(
      'DATAHUB_OPENLINEAGE_USE_PATCH must be true or false, got "sometimes"',
    );
    expect(
      loadConfig({ DATAHUB_OPENLINEAGE_MATERIALIZE_DATASET: 'FALSE' }).openLineageMaterializeDataset,
    ).toBe(false);
  });
});

describe('the mapping with settings', () => {
  it('places datasets in the environment and flows in its cluster, with the platform instance aspect', () => {
    const a = aspects({ DATAHUB_OPENLINEAGE_ENV: 'DEV' });
    const flow = 'urn:li:dataFlow:(python,daily,dev)';
    const job = `urn:li:dataJob:(${flow},daily.load)`;
    const instance = {
      platform: 'urn:li:dataPlatform:python',
      instance: 'urn:li:dataPlatformInstance:(urn:li:dataPlatform:python,dev)',
    };
    expect(a[`${flow} dataPlatformInstance`]?.value).toEqual(instance);
    expect(a[`${job} dataPlatformInstance`]?.value).toEqual(instance);
    // A path's dataset takes the flows' instance (DataHub's converter), a table does not.
    const raw = ds('postgres', 'shop.raw', 'DEV');
    const orders = ds('s3', 'dev.lake/orders', 'DEV');
    expect(a[`${raw} datasetKey`]?.value).toEqual({
      platform: 'urn:li:dataPlatform:postgres',
      name: 'shop.raw',
      origin: 'DEV',
    });
    expect(a[`${orders} datasetKey`]?.value).toMatchObject({ name: 'dev.lake/orders', origin: 'DEV' });
    expect(a[`${job} dataJobInputOutput`]?.value).toMatchObject({
      inputDatasetEdges: [{ destinationUrn: raw }],
      outputDatasetEdges: [{ destinationUrn: orders }],
      fineGrainedLineages: [
        {
          upstreams: [`urn:li:schemaField:(${raw},id)`],
          downstreams: [`urn:li:schemaField:(${orders},order_id)`],
        },
      ],
    });
  });

  it('keeps the job namespace as the cluster and writes no platform instance by default', () => {
    const a = aspects({});
    expect(a).toHaveProperty(['urn:li:dataFlow:(python,daily,etl) dataFlowInfo']);
    expect(Object.keys(a).filter((k) => k.endsWith(' dataPlatformInstance'))).toEqual([]);
  });

  it('prefixes non-path datasets with the dataset platform instance', () => {
    const a = aspects({ DATAHUB_OPENLINEAGE_COMMON_DATASET_PLATFORM_INSTANCE: 'eu' });
    expect(a).toHaveProperty([`${ds('postgres', 'eu.shop.raw')} datasetKey`]);
    expect(a).toHaveProperty([`${ds('s3', 'lake/orders')} datasetKey`]);
  });

  it('takes the configured orchestrator over the producer and the processing engine', () => {
    const body = event({
      run: { runId: RUN, facets: { processing_engine: { name: 'Spark' } } },
    });
    const a = aspects({ DATAHUB_OPENLINEAGE_ORCHESTRATOR: 'dagster' }, body);
    expect(
      a['urn:li:dataJob:(urn:li:dataFlow:(dagster,daily,etl),daily.load) dataJobInfo']?.value,
    ).toMatchObject({ type: { string: 'dagster' } });
    // An event whose producer names no orchestrator is placed under the configured one.
    const unknown = aspects(
      { DATAHUB_OPENLINEAGE_ORCHESTRATOR: 'dagster' },
      event({ producer: 'https://x.io' }),
    );
    expect(unknown).toHaveProperty(['urn:li:dataFlow:(dagster,daily,etl) dataFlowInfo']);
  });

  it('writes no datasets without materializing, no schemas without schema metadata', () => {
    const none = aspects({ DATAHUB_OPENLINEAGE_MATERIALIZE_DATASET: 'false' });
    expect(Object.keys(none).filter((k) => k.startsWith('urn:li:dataset:'))).toEqual([]);
    const job = 'urn:li:dataJob:(urn:li:dataFlow:(python,daily,etl),daily.load)';
    expect(none[`${job} dataJobInputOutput`]?.value).toMatchObject({
      inputDatasetEdges: [{ destinationUrn: ds('postgres', 'shop.raw') }],
    });
    const keys = aspects({ DATAHUB_OPENLINEAGE_INCLUDE_SCHEMA_METADATA: 'false' });
    expect(keys).toHaveProperty([`${ds('postgres', 'shop.raw')} datasetKey`]);
    expect(Object.keys(keys).filter((k) => k.endsWith(' schemaMetadata'))).toEqual([]);
  });

  it('writes no column-level lineage without capturing it', () => {
    const a = aspects({ DATAHUB_OPENLINEAGE_CAPTURE_COLUMN_LEVEL_LINEAGE: 'false' });
    const job = 'urn:li:dataJob:(urn:li:dataFlow:(python,daily,etl),daily.load)';
    expect(a[`${job} dataJobInputOutput`]?.value).toMatchObject({ fineGrainedLineages: [] });
  });

  it("patches the job's lineage and the flow's tags in patch mode, adding to earlier runs'", () => {
    const a = aspects({ DATAHUB_OPENLINEAGE_USE_PATCH: 'true' });
    const flow = 'urn:li:dataFlow:(python,daily,etl)';
    const job = `urn:li:dataJob:(${flow},daily.load)`;
    const raw = ds('postgres', 'shop.raw');
    const orders = ds('s3', 'lake/orders');
    const esc = (s: string) => s.replaceAll('/', '~1');
    expect(a[`${flow} globalTags`]).toEqual({
      changeType: 'PATCH',
      value: [{ op: 'add', path: '/tags/urn:li:tag:nightly', value: { tag: 'urn:li:tag:nightly' } }],
    });
    const io = a[`${job} dataJobInputOutput`]!;
    expect(io.changeType).toBe('PATCH');
    expect(io.value).toEqual([
      {
        op: 'add',
        path: `/inputDatasetEdges/${raw}`,
        value: {
          destinationUrn: raw,
          lastModified: { time: Date.parse('2024-05-01T12:00:00Z'), actor: 'urn:li:corpuser:datahub' },
        },
      },
      expect.objectContaining({ path: `/outputDatasetEdges/${esc(orders)}` }),
      {
        op: 'add',
        path: `/fineGrainedLineages/DIRECT:IDENTITY/${esc(`urn:li:schemaField:(${orders},order_id)`)}/NONE/urn:li:schemaField:(${raw},id)`,
        value: { confidenceScore: 0.5 },
      },
    ]);
    // Everything else is still written whole.
    expect(a[`${job} dataJobInfo`]?.changeType).toBe('UPSERT');
    // A run with no datasets yet patches nothing (DataHub skips the empty patch).
    const empty = aspects({ DATAHUB_OPENLINEAGE_USE_PATCH: 'true' }, event({ inputs: [], outputs: [] }));
    expect(empty).not.toHaveProperty([`${job} dataJobInputOutput`]);
  });
});

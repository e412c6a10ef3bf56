import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime.js';
import { httpClient, post } from '../support/http.js';
import { datasetUrn, mcp, startTestServer, unique } from '../support/runtime.js';

// Assertions, their runs, incidents and the health DataHub computes from them, through GraphQL with
// DataHub's shapes, from aspects ingested with Rest.li.

let rt: Runtime;
beforeAll(async () => {
  rt = await startTestServer();
});
afterAll(async () => rt?.stop());

const { gqlOk: ok, gql } = httpClient(() => rt.url, { gqlStatus: 200 });
const ingest = async (proposals: unknown[]) => {
  const res = await post(rt.url, '/aspects?action=ingestProposalBatch', { proposals });
  expect(res.status).toBe(200);
};

const alice = 'urn:li:corpuser:alice';
const team = 'urn:li:corpGroup:data-eng';
const stamp = (time: number, actor = alice) => ({ time, actor });
const T = 1_700_000_000_000;
const fieldUrn = (ds: string, path: string) => `urn:li:schemaField:(${ds},${path})`;
const param = (value: string, type = 'NUMBER') => ({ value, type });

/** A run of an assertion on an asset, with a result of `type` and whatever else `result` says. */
const run = (assertion: string, assertee: string, time: number, type: string, result: object = {}) =>
  mcp(assertion, 'assertionRunEvent', {
    timestampMillis: time,
    runId: `run-${time}`,
    asserteeUrn: assertee,
    assertionUrn: assertion,
    status: 'COMPLETE',
    result: { type, ...result },
  });

const info = (urn: string, value: object) => mcp(urn, 'assertionInfo', value);

/** An incident on `entities`, in `state`, last changed at `updated`. */
const incident = (urn: string, entities: string[], state: string, updated: number, extra: object = {}) =>
  mcp(urn, 'incidentInfo', {
    type: 'OPERATIONAL',
    entities,
    status: { state, lastUpdated: stamp(updated) },
    created: stamp(updated - 1000),
    ...extra,
  });

const id = unique();
const ds = datasetUrn(`dq_${id}`);
const a = (name: string) => `urn:li:assertion:${name}_${id}`;
const i = (name: string) => `urn:li:incident:${name}_${id}`;
const [dsA, freshA, volA, sqlA, fieldA, schemaA, customA, gone] = [
  'dataset',
  'fresh',
  'volume',
  'sql',
  'field',
  'schema',
  'custom',
  'gone',
].map(a) as [string, string, string, string, string, string, string, string];

describe('GraphQL: assertions, incidents and health', () => {
  beforeAll(async () => {
    await ingest([
      mcp(ds, 'datasetProperties', { name: 'orders' }),
      info(dsA, {
        type: 'DATASET',
        description: 'ids are unique',
        externalUrl: 'https://ge/orders/ids',
        customProperties: { suite: 'orders' },
        datasetAssertion: {
          dataset: ds,
          scope: 'DATASET_COLUMN',
          fields: [fieldUrn(ds, 'id')],
          aggregation: 'UNIQUE_PROPORTION',
          operator: 'BETWEEN',
          parameters: { minValue: param('0.99'), maxValue: param('1') },
          nativeType: 'expect_column_proportion_of_unique_values_to_be_between',
          nativeParameters: { mostly: '1' },
          logic: 'select count(distinct id) / count(*) from orders',
        },
        source: { type: 'EXTERNAL', created: stamp(T) },
        lastUpdated: stamp(T + 1),
        note: { content: 'see the runbook', lastModified: stamp(T) },
      }),
      mcp(dsA, 'dataPlatformInstance', { platform: 'urn:li:dataPlatform:great-expectations' }),
      info(freshA, {
        type: 'FRESHNESS',
        freshnessAssertion: {
          type: 'DATASET_CHANGE',
          entity: ds,
          schedule: { type: 'FIXED_INTERVAL', fixedInterval: { unit: 'QUARTER', multiple: 1 } },
          filter: { type: 'SQL', sql: 'region = 1' },
        },
      }),
      info(volA, {
        type: 'VOLUME',
        volumeAssertion: {
          type: 'ROW_COUNT_TOTAL',
          entity: ds,
          rowCountTotal: { operator: 'GREATER_THAN', parameters: { value: param('1000') } },
        },
      }),
      info(sqlA, {
        type: 'SQL',
        sqlAssertion: {
          type: 'METRIC_CHANGE',
          entity: ds,
          statement: 'select sum(amount) from orders',
          changeType: 'PERCENTAGE',
          operator: 'LESS_THAN',
          parameters: { value: param('10') },
        },
      }),
      info(fieldA, {
        type: 'FIELD',
        fieldAssertion: {
          type: 'FIELD_VALUES',
          entity: ds,
          fieldValuesAssertion: {
            field: { path: 'amount', type: 'NUMBER', nativeType: 'decimal' },
            operator: 'GREATER_THAN_OR_EQUAL_TO',
            parameters: { value: param('0') },
            failThreshold: { type: 'PERCENTAGE', value: 5 },
          },
        },
      }),
      info(schemaA, {
        type: 'DATA_SCHEMA',
        schemaAssertion: {
          entity: ds,
          compatibility: 'SUPERSET',
          schema: {
            schemaName: 'orders',
            platform: 'urn:li:dataPlatform:hive',
            version: 0,
            hash: '',
            platformSchema: { 'com.linkedin.schema.OtherSchema': { rawSchema: '' } },
            fields: [
              {
                fieldPath: 'id',
                nativeDataType: 'bigint',
                type: { type: { 'com.linkedin.schema.NumberType': {} } },
              },
              {
                fieldPath: 'tags',
                nativeDataType: 'struct',
                type: { type: { 'com.linkedin.schema.RecordType': {} } },
              },
            ],
          },
        },
      }),
      info(customA, {
        type: 'CUSTOM',
        customAssertion: { type: 'dbt test', entity: ds, field: fieldUrn(ds, 'amount'), logic: 'amount > 0' },
        // The note of the assertionNote aspect wins over the one in the info.
        note: { content: 'older note', lastModified: stamp(T) },
      }),
      mcp(customA, 'assertionNote', { content: 'newer note', lastModified: stamp(T + 5) }),
      info(gone, { type: 'VOLUME', volumeAssertion: { type: 'ROW_COUNT_TOTAL', entity: ds } }),
      mcp(gone, 'status', { removed: true }),
    ]);
    await ingest([
      run(dsA, ds, T + 100, 'SUCCESS'),
      run(dsA, ds, T + 200, 'FAILURE', {
        rowCount: 1000,
        unexpectedCount: 12,
        actualAggValue: 0.5,
        externalUrl: 'https://ge/runs/2',
        nativeResults: { observed: '0.5' },
      }),
      run(freshA, ds, T + 150, 'SUCCESS'),
      run(volA, ds, T + 160, 'ERROR', {
        error: { type: 'SOURCE_QUERY_FAILED', properties: { message: 'timeout' } },
      }),
      run(fieldA, ds, T + 170, 'SUCCESS'),
      // A removed assertion's failures do not count.
      run(gone, ds, T + 300, 'FAILURE'),
      incident(i('late'), [ds, `urn:li:chart:(looker,dq_${id})`], 'ACTIVE', T + 10, {
        type: 'CUSTOM',
        customType: 'late data',
        title: 'Orders are late',
        description: 'No rows since Monday',
        priority: 1,
        assignees: [
          { actor: alice, assignedAt: stamp(T) },
          { actor: team, assignedAt: stamp(T) },
        ],
        status: { state: 'ACTIVE', stage: 'TRIAGE', message: 'looking', lastUpdated: stamp(T + 10) },
        source: { type: 'ASSERTION_FAILURE', sourceUrn: dsA },
        startedAt: T - 5000,
      }),
      mcp(i('late'), 'globalTags', { tags: [{ tag: 'urn:li:tag:Quality' }] }),
    ]);
  });

  it('AssertionInfo of each kind, with DataHub names: entities as URNs, columns as {urn, path}, maps as entries', async () => {
    const data = await ok(
      `query ($urns: [String!]!) {
        entities(urns: $urns) {
          urn
          ... on Assertion {
            platform { urn name }
            dataset { urn }
            info {
              type entityUrn description externalUrl note
              customProperties { key value associatedUrn }
              lastUpdated { time actor }
              source { type created { time actor } }
              datasetAssertion {
                datasetUrn scope aggregation operator nativeType logic
                fields { urn path }
                parameters { value { value type } minValue { value type } maxValue { value type } }
                nativeParameters { key value }
              }
              freshnessAssertion {
                entityUrn type filter { type sql }
                schedule { type cron { cron timezone } fixedInterval { unit multiple } }
              }
              volumeAssertion {
                entityUrn type
                rowCountTotal { operator parameters { value { value type } } }
                rowCountChange { type }
              }
              sqlAssertion { type entityUrn statement changeType operator parameters { value { value } } }
              fieldAssertion {
                type entityUrn
                fieldValuesAssertion {
                  field { path type nativeType } operator parameters { value { value } }
                  failThreshold { type value } excludeNulls transform { type }
                }
                fieldMetricAssertion { metric }
              }
              schemaAssertion { entityUrn compatibility fields { path type nativeType } }
              customAssertion { type entityUrn field { urn path } fields { path } logic }
            }
          }
        }
      }`,
      { urns: [dsA, freshA, volA, sqlA, fieldA, schemaA, customA] },
    );
    const [d, fresh, vol, sql, field, schema, custom] = data.entities as Record<string, any>[];
    expect(d).toEqual({
      urn: dsA,
      platform: { urn: 'urn:li:dataPlatform:great-expectations', name: 'great-expectations' },
      dataset: { urn: ds },
      info: {
        type: 'DATASET',
        entityUrn: null,
        description: 'ids are unique',
        externalUrl: 'https://ge/orders/ids',
        note: 'see the runbook',
        customProperties: [{ key: 'suite', value: 'orders', associatedUrn: dsA }],
        lastUpdated: { time: T + 1, actor: alice },
        source: { type: 'EXTERNAL', created: { time: T, actor: alice } },
        datasetAssertion: {
          datasetUrn: ds,
          scope: 'DATASET_COLUMN',
          // DataHub's GraphQL spells the model's UNIQUE_PROPORTION so.
          aggregation: 'UNIQUE_PROPOTION',
          operator: 'BETWEEN',
          nativeType: 'expect_column_proportion_of_unique_values_to_be_between',
          logic: 'select count(distinct id) / count(*) from orders',
          fields: [{ urn: fieldUrn(ds, 'id'), path: 'id' }],
          parameters: {
            value: null,
            minValue: { value: '0.99', type: 'NUMBER' },
            maxValue: { value: '1', type: 'NUMBER' },
          },
          nativeParameters: [{ key: 'mostly', value: '1' }],
        },
        freshnessAssertion: null,
        volumeAssertion: null,
        sqlAssertion: null,
        fieldAssertion: null,
        schemaAssertion: null,
        customAssertion: null,
      },
    });
    // No dataPlatformInstance: DataHub's unknown platform.
    expect(fresh?.platform).toEqual({ urn: 'urn:li:dataPlatform:unknown', name: 'unknown' });
    expect(fresh?.info.freshnessAssertion).toEqual({
      entityUrn: ds,
      type: 'DATASET_CHANGE',
      filter: { type: 'SQL', sql: 'region = 1' },
      // A quarter (which DataHub's DateInterval lacks) is three months.
      schedule: { type: 'FIXED_INTERVAL', cron: null, fixedInterval: { unit: 'MONTH', multiple: 3 } },
    });
    expect(vol?.info.volumeAssertion).toEqual({
      entityUrn: ds,
      type: 'ROW_COUNT_TOTAL',
      rowCountTotal: { operator: 'GREATER_THAN', parameters: { value: { value: '1000', type: 'NUMBER' } } },
      rowCountChange: null,
    });
    expect(sql?.info.sqlAssertion).toEqual({
      type: 'METRIC_CHANGE',
      entityUrn: ds,
      statement: 'select sum(amount) from orders',
      changeType: 'PERCENTAGE',
      operator: 'LESS_THAN',
      parameters: { value: { value: '10' } },
    });
    expect(field?.info.fieldAssertion).toEqual({
      type: 'FIELD_VALUES',
      entityUrn: ds,
      fieldValuesAssertion: {
        field: { path: 'amount', type: 'NUMBER', nativeType: 'decimal' },
        operator: 'GREATER_THAN_OR_EQUAL_TO',
        parameters: { value: { value: '0' } },
        failThreshold: { type: 'PERCENTAGE', value: 5 },
        // The model's default.
        excludeNulls: true,
        transform: null,
      },
      fieldMetricAssertion: null,
    });
    expect(schema?.info.schemaAssertion).toEqual({
      entityUrn: ds,
      compatibility: 'SUPERSET',
      fields: [
        { path: 'id', type: 'NUMBER', nativeType: 'bigint' },
        { path: 'tags', type: 'STRUCT', nativeType: 'struct' },
      ],
    });
    expect(custom?.info).toMatchObject({
      note: 'newer note',
      customAssertion: {
        type: 'dbt test',
        entityUrn: ds,
        field: { urn: fieldUrn(ds, 'amount'), path: 'amount' },
        fields: null,
        logic: 'amount > 0',
      },
    });
  });

  it('runEvents: newest first, DataHub counts, results with entries; limit, time range and filter', async () => {
    const query = `query ($urn: String!, $limit: Int, $start: Long, $filter: FilterInput) {
      assertion(urn: $urn) {
        runEvents(status: COMPLETE, limit: $limit, startTimeMillis: $start, filter: $filter) {
          total failed succeeded errored
          runEvents {
            timestampMillis runId status assertionUrn asserteeUrn
            partitionSpec { type partition }
            result {
              type rowCount missingCount unexpectedCount actualAggValue externalUrl
              nativeResults { key value }
              error { type displayMessage properties { key value } }
            }
          }
        }
      }
    }`;
    const all = await ok(query, { urn: dsA });
    expect(all.assertion.runEvents).toEqual({
      total: 2,
      failed: 1,
      succeeded: 1,
      errored: 0,
      runEvents: [
        {
          timestampMillis: T + 200,
          runId: `run-${T + 200}`,
          status: 'COMPLETE',
          assertionUrn: dsA,
          asserteeUrn: ds,
          // The model's default partition.
          partitionSpec: { type: 'FULL_TABLE', partition: 'FULL_TABLE_SNAPSHOT' },
          result: {
            type: 'FAILURE',
            rowCount: 1000,
            missingCount: null,
            unexpectedCount: 12,
            actualAggValue: 0.5,
            externalUrl: 'https://ge/runs/2',
            nativeResults: [{ key: 'observed', value: '0.5' }],
            error: null,
          },
        },
        expect.objectContaining({
          timestampMillis: T + 100,
          result: expect.objectContaining({ type: 'SUCCESS' }),
        }),
      ],
    });
    const latest = await ok(query, { urn: dsA, limit: 1 });
    expect(latest.assertion.runEvents).toMatchObject({ total: 1, failed: 1, succeeded: 0 });
    const since = await ok(query, { urn: dsA, start: T + 150 });
    expect(since.assertion.runEvents.runEvents.map((e: any) => e.timestampMillis)).toEqual([T + 200]);
    const filtered = await ok(query, {
      urn: dsA,
      filter: { and: [{ field: 'result.type', values: ['SUCCESS'] }] },
    });
    expect(filtered.assertion.runEvents.runEvents.map((e: any) => e.timestampMillis)).toEqual([T + 100]);
    const errored = await ok(query, { urn: volA });
    expect(errored.assertion.runEvents).toMatchObject({ total: 1, failed: 0, succeeded: 0, errored: 1 });
    expect(errored.assertion.runEvents.runEvents[0].result.error).toEqual({
      type: 'SOURCE_QUERY_FAILED',
      displayMessage: expect.any(String),
      properties: [{ key: 'message', value: 'timeout' }],
    });
    const none = await ok(query, { urn: sqlA });
    expect(none.assertion.runEvents).toEqual({
      total: 0,
      failed: 0,
      succeeded: 0,
      errored: 0,
      runEvents: [],
    });
  });

  it('Dataset.assertions: its assertions by the Asserts edges, soft-deleted ones when asked, paged', async () => {
    const query = `query ($urn: String!, $start: Int, $count: Int, $all: Boolean) {
      dataset(urn: $urn) { assertions(start: $start, count: $count, includeSoftDeleted: $all) {
        start count total assertions { urn info { type } }
      } }
    }`;
    const mine = [dsA, freshA, volA, sqlA, fieldA, schemaA, customA];
    const live = await ok(query, { urn: ds });
    expect(live.dataset.assertions).toMatchObject({ start: 0, count: 8, total: 8 });
    expect(live.dataset.assertions.assertions.map((x: any) => x.urn).sort()).toEqual([...mine].sort());
    const withRemoved = await ok(query, { urn: ds, all: true });
    expect(withRemoved.dataset.assertions.assertions.map((x: any) => x.urn).sort()).toEqual(
      [...mine, gone].sort(),
    );
    const page = await ok(query, { urn: ds, start: 2, count: 3, all: true });
    expect(page.dataset.assertions).toMatchObject({ start: 2, count: 3, total: 8 });
    expect(page.dataset.assertions.assertions).toHaveLength(3);
  });

  it('Incident: DataHub fields from incidentInfo (priority as a name, status twice, assignees, source)', async () => {
    const inc = i('late');
    const data = await ok(
      `query ($urn: String!) {
        entity(urn: $urn) {
          urn type
          ... on Incident {
            incidentType customType title description priority startedAt
            created { time actor }
            incidentStatus { state stage message lastUpdated { time actor } }
            status { state }
            assignees { ... on CorpUser { urn } ... on CorpGroup { urn } }
            entity { urn type }
            source { type source { urn ... on Assertion { info { description } } } }
            tags { tags { tag { urn } } }
          }
        }
      }`,
      { urn: inc },
    );
    expect(data.entity).toEqual({
      urn: inc,
      type: 'INCIDENT',
      incidentType: 'CUSTOM',
      customType: 'late data',
      title: 'Orders are late',
      description: 'No rows since Monday',
      priority: 'HIGH',
      startedAt: T - 5000,
      created: { time: T + 10 - 1000, actor: alice },
      incidentStatus: {
        state: 'ACTIVE',
        stage: 'TRIAGE',
        message: 'looking',
        lastUpdated: { time: T + 10, actor: alice },
      },
      status: { state: 'ACTIVE' },
      assignees: [{ urn: alice }, { urn: team }],
      entity: { urn: ds, type: 'DATASET' },
      source: { type: 'ASSERTION_FAILURE', source: { urn: dsA, info: { description: 'ids are unique' } } },
      tags: { tags: [{ tag: { urn: 'urn:li:tag:Quality' } }] },
    });
    // An incident without incidentInfo has none of DataHub's required fields: an error, as in DataHub.
    const bare = i('bare');
    await ingest([mcp(bare, 'globalTags', { tags: [] })]);
    const res = await gql(`{ entity(urn: "${bare}") { urn ... on Incident { incidentType } } }`);
    expect(res.data?.entity).toBeNull();
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: 404, type: 'NOT_FOUND' });
  });

  it('incidents of an asset: newest first, by state, stage, priority and assignee, paged', async () => {
    const flow = `urn:li:dataFlow:(airflow,dq_${id},prod)`;
    const [x, y, z] = [i('f1'), i('f2'), i('f3')];
    await ingest([
      mcp(flow, 'status', { removed: false }),
      incident(x, [flow], 'ACTIVE', T + 100, {
        priority: 0,
        assignees: [{ actor: alice, assignedAt: stamp(T) }],
      }),
      incident(y, [flow], 'RESOLVED', T + 200, { priority: 3 }),
      incident(z, [flow], 'ACTIVE', T + 300, {
        status: { state: 'ACTIVE', stage: 'INVESTIGATION', lastUpdated: stamp(T + 300) },
      }),
    ]);
    const query = `query ($urn: String!, $state: IncidentState, $stage: IncidentStage, $priority: IncidentPriority,
      $assignees: [String!], $start: Int, $count: Int) {
      dataFlow(urn: $urn) {
        incidents(state: $state, stage: $stage, priority: $priority, assigneeUrns: $assignees, start: $start, count: $count) {
          start count total incidents { urn }
        }
      }
    }`;
    const urns = async (vars: Record<string, unknown>) => {
      const d = await ok(query, { urn: flow, ...vars });
      return d.dataFlow.incidents;
    };
    expect(await urns({})).toEqual({
      start: 0,
      count: 3,
      total: 3,
      incidents: [{ urn: z }, { urn: y }, { urn: x }],
    });
    expect((await urns({ state: 'ACTIVE' })).incidents).toEqual([{ urn: z }, { urn: x }]);
    expect((await urns({ stage: 'INVESTIGATION' })).incidents).toEqual([{ urn: z }]);
    expect((await urns({ priority: 'CRITICAL' })).incidents).toEqual([{ urn: x }]);
    expect((await urns({ assignees: [alice] })).incidents).toEqual([{ urn: x }]);
    expect(await urns({ start: 1, count: 1 })).toEqual({
      start: 1,
      count: 1,
      total: 3,
      incidents: [{ urn: y }],
    });
  });

  it('health: active incidents and failing assertions of a dataset; incidents alone for charts, dashboards, pipelines', async () => {
    const ok1 = datasetUrn(`dq_ok_${id}`);
    const norun = datasetUrn(`dq_norun_${id}`);
    const chart = `urn:li:chart:(looker,dq_health_${id})`;
    const dashboard = `urn:li:dashboard:(looker,dq_health_${id})`;
    const job = `urn:li:dataJob:(urn:li:dataFlow:(airflow,dq_health_${id},prod),load)`;
    const passing = a('passing');
    const idle = a('idle');
    const [i1, i2, i3] = [i('h1'), i('h2'), i('h3')];
    await ingest([
      mcp(ok1, 'datasetProperties', { name: 'ok' }),
      mcp(norun, 'datasetProperties', { name: 'norun' }),
      ...[chart, dashboard, job].map((u) => mcp(u, 'status', { removed: false })),
      info(passing, { type: 'VOLUME', volumeAssertion: { type: 'ROW_COUNT_TOTAL', entity: ok1 } }),
      info(idle, { type: 'VOLUME', volumeAssertion: { type: 'ROW_COUNT_TOTAL', entity: norun } }),
      incident(i1, [ds, chart], 'ACTIVE', T + 1000, { title: 'first' }),
      incident(i2, [ds], 'ACTIVE', T + 2000, { title: 'second' }),
      incident(i3, [ds, job], 'RESOLVED', T + 3000),
    ]);
    await ingest([run(passing, ok1, T + 10, 'FAILURE'), run(passing, ok1, T + 20, 'SUCCESS')]);
    const HEALTH = `health { type status message causes reportedAt
      activeIncidentHealthDetails { latestIncidentUrn latestIncidentTitle lastActivityAt count } }`;
    const data = await ok(
      `query ($ds: String!, $ok: String!, $norun: String!, $chart: String!, $dashboard: String!, $job: String!) {
        ds: dataset(urn: $ds) { ${HEALTH} }
        ok: dataset(urn: $ok) { ${HEALTH} }
        norun: dataset(urn: $norun) { ${HEALTH} }
        chart(urn: $chart) { ${HEALTH} }
        dashboard(urn: $dashboard) { ${HEALTH} }
        dataJob(urn: $job) { ${HEALTH} }
      }`,
      { ds, ok: ok1, norun, chart, dashboard, job },
    );
    const pass = {
      type: 'INCIDENTS',
      status: 'PASS',
      message: null,
      causes: null,
      reportedAt: null,
      activeIncidentHealthDetails: null,
    };
    // `ds` has the incident `late` (raised at T + 10) besides these two.
    const [incidents, assertions] = data.ds.health;
    expect(incidents).toEqual({
      type: 'INCIDENTS',
      status: 'FAIL',
      message: '3 active incidents',
      causes: ['ACTIVE_INCIDENTS'],
      reportedAt: T + 2000,
      activeIncidentHealthDetails: {
        latestIncidentUrn: i2,
        latestIncidentTitle: 'second',
        lastActivityAt: T + 2000,
        count: 3,
      },
    });
    // The removed assertion is left out; the latest runs of dsA (FAILURE) and volA (ERROR) fail.
    expect({ ...assertions, causes: [...assertions.causes].sort() }).toEqual({
      type: 'ASSERTIONS',
      status: 'FAIL',
      message: '2 of 7 assertions are failing',
      causes: [dsA, volA].sort(),
      reportedAt: null,
      activeIncidentHealthDetails: null,
    });
    expect(data.ok.health).toEqual([
      pass,
      { ...pass, type: 'ASSERTIONS', message: 'All assertions are passing' },
    ]);
    // Assertions that never ran give no assertions health.
    expect(data.norun.health).toEqual([pass]);
    expect(data.chart.health).toEqual([
      {
        type: 'INCIDENTS',
        status: 'FAIL',
        message: '1 active incident',
        causes: ['ACTIVE_INCIDENTS'],
        reportedAt: T + 1000,
        activeIncidentHealthDetails: {
          latestIncidentUrn: i1,
          latestIncidentTitle: 'first',
          lastActivityAt: T + 1000,
          count: 1,
        },
      },
    ]);
    expect(data.dashboard.health).toEqual([pass]);
    // Only a resolved incident: healthy.
    expect(data.dataJob.health).toEqual([pass]);
  });

  it('upsertCustomAssertion records an assertion run elsewhere; reportAssertionResult its results', async () => {
    const ds = datasetUrn(`custom_${unique()}`);
    await ingest([mcp(ds, 'datasetProperties', { name: 'custom' })]);
    const upsert = `mutation ($u: String, $i: UpsertCustomAssertionInput!) { upsertCustomAssertion(urn: $u, input: $i) {
      urn platform { urn } info { type description externalUrl source { type }
        customAssertion { type entityUrn field { path } fields { path } logic scope operator nativeParameters { key value } } } } }`;
    const input = {
      entityUrn: ds,
      type: 'Row checks',
      description: 'no negative amounts',
      fieldPath: 'amount',
      platform: { name: 'great-expectations' },
      externalUrl: 'https://ge.example.com/run',
      logic: 'amount >= 0',
      scope: 'DATASET_COLUMN',
      operator: 'GREATER_THAN_OR_EQUAL_TO',
      nativeParameters: [{ key: 'mostly', value: '0.99' }],
    };
    const made = (await ok(upsert, { u: null, i: input })).upsertCustomAssertion;
    expect(made).toEqual({
      urn: expect.stringMatching(/^urn:li:assertion:/),
      platform: { urn: 'urn:li:dataPlatform:great-expectations' },
      info: {
        type: 'CUSTOM',
        description: 'no negative amounts',
        externalUrl: 'https://ge.example.com/run',
        source: { type: 'EXTERNAL' },
        customAssertion: {
          type: 'Row checks',
          entityUrn: ds,
          field: { path: 'amount' },
          fields: [{ path: 'amount' }],
          logic: 'amount >= 0',
          scope: 'DATASET_COLUMN',
          operator: 'GREATER_THAN_OR_EQUAL_TO',
          nativeParameters: [{ key: 'mostly', value: '0.99' }],
        },
      },
    });
    // The same URN again replaces it.
    const again = await ok(upsert, { u: made.urn, i: { ...input, description: 'still none' } });
    expect(again.upsertCustomAssertion.info.description).toBe('still none');

    const report = `mutation ($u: String!, $r: AssertionResultInput!) { reportAssertionResult(urn: $u, result: $r) }`;
    expect(
      await ok(report, {
        u: made.urn,
        r: { timestampMillis: T, type: 'FAILURE', properties: [{ key: 'bad', value: '3' }] },
      }),
    ).toEqual({
      reportAssertionResult: true,
    });
    const runs = await ok(
      `query ($u: String!) { assertion(urn: $u) { runEvents(limit: 5) { total runEvents { timestampMillis asserteeUrn status result { type nativeResults { key value } } } } } }`,
      { u: made.urn },
    );
    expect(runs.assertion.runEvents.runEvents).toEqual([
      {
        timestampMillis: T,
        asserteeUrn: ds,
        status: 'COMPLETE',
        result: { type: 'FAILURE', nativeResults: [{ key: 'bad', value: '3' }] },
      },
    ]);
    const noPlatform = await gql(upsert, { u: null, i: { ...input, platform: {} } });
    expect(noPlatform.errors?.[0]?.message).toMatch(/Platform Name or Platform Urn/);
    const missing = await gql(upsert, {
      u: null,
      i: { ...input, entityUrn: datasetUrn(`none_${unique()}`) },
    });
    expect(missing.errors?.[0]?.extensions?.code).toBe(404);
  });
});

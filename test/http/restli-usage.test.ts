/**
 * DataHub's usage and analytics resources (`/usageStats`, `/analytics`) over stored time-series values,
 * and Rest.li's `searchAcrossEntities`: DataHub's buckets and aggregations, its GenericTable, its
 * SearchResult, and its 400/422 answers to bad input.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime.js';
import { post, type Res } from '../support/http.js';
import { datasetUrn, mcp, startTestServer, unique } from '../support/runtime.js';

let rt: Runtime;
let base: string;
beforeAll(async () => {
  rt = await startTestServer();
  base = rt.url;
});
afterAll(async () => rt?.stop());

const SYNC = { 'X-DataHub-Sync-Index-Update': 'true' };
const DAY = 86_400_000;
const HOUR = 3_600_000;
const ingest = (proposals: unknown[], headers: Record<string, string> = {}) =>
  post(base, '/aspects?action=ingestProposalBatch', { proposals, async: 'false' }, headers);
const usage = (action: string, body: Record<string, unknown>) =>
  post(base, `/usageStats?action=${action}`, body);
const stats = (body: Record<string, unknown>) => post(base, '/analytics?action=getTimeseriesStats', body);

const t1 = Date.UTC(2024, 0, 1, 10); // a Monday
const t2 = Date.UTC(2024, 0, 1, 18);
const t3 = Date.UTC(2024, 0, 3, 5);

/** Three usage values of a dataset: two on 1 January 2024, one on the 3rd. */
async function usageFixture(): Promise<{ ds: string; u1: string; u2: string }> {
  const id = unique();
  const ds = datasetUrn(`usage_${id}`);
  const u1 = `urn:li:corpuser:alice_${id}`;
  const u2 = `urn:li:corpuser:bob_${id}`;
  const day = { unit: 'DAY', multiple: 1 };
  const res = await ingest([
    mcp(ds, 'datasetUsageStatistics', {
      timestampMillis: t1,
      eventGranularity: day,
      uniqueUserCount: 2,
      totalSqlQueries: 5,
      topSqlQueries: ['select 1'],
      userCounts: [
        { user: u1, count: 3, userEmail: 'alice@corp.io' },
        { user: u2, count: 2 },
      ],
      fieldCounts: [{ fieldPath: 'id', count: 4 }],
    }),
    mcp(ds, 'datasetUsageStatistics', {
      timestampMillis: t2,
      eventGranularity: day,
      uniqueUserCount: 1,
      totalSqlQueries: 7,
      topSqlQueries: ['select 2'],
      userCounts: [{ user: u1, count: 7 }],
      fieldCounts: [
        { fieldPath: 'id', count: 1 },
        { fieldPath: 'name', count: 2 },
      ],
    }),
    mcp(ds, 'datasetUsageStatistics', {
      timestampMillis: t3,
      eventGranularity: day,
      uniqueUserCount: 1,
      totalSqlQueries: 1,
      userCounts: [{ user: u2, count: 1 }],
    }),
  ]);
  expect(res.status).toBe(200);
  return { ds, u1, u2 };
}

const restliError = (res: Res, status: number, message: RegExp): void => {
  expect(res.status).toBe(status);
  expect(res.headers.get('x-restli-error-response')).toBe('true');
  expect(res.body).toMatchObject({
    exceptionClass: 'com.linkedin.restli.server.RestLiServiceException',
    status,
  });
  expect(res.body.message).toMatch(message);
};

describe('usageStats: DataHub buckets and aggregations from datasetUsageStatistics', () => {
  it('query: day buckets with the latest values and the empty days between, users and fields summed', async () => {
    const { ds, u1, u2 } = await usageFixture();
    const res = await usage('query', {
      resource: ds,
      duration: 'DAY',
      startTime: 0,
      endTime: Date.UTC(2025, 0, 1),
    });
    expect(res.status).toBe(200);
    expect(res.body.value).toEqual({
      buckets: [
        {
          bucket: Date.UTC(2024, 0, 1),
          duration: 'DAY',
          resource: ds,
          metrics: { uniqueUserCount: 1, totalSqlQueries: 7, topSqlQueries: ['select 2'] },
        },
        { bucket: Date.UTC(2024, 0, 2), duration: 'DAY', resource: ds, metrics: {} },
        {
          bucket: Date.UTC(2024, 0, 3),
          duration: 'DAY',
          resource: ds,
          metrics: { uniqueUserCount: 1, totalSqlQueries: 1 },
        },
      ],
      aggregations: {
        users: [
          { user: u1, count: 10, userEmail: 'alice@corp.io' },
          { user: u2, count: 3 },
        ],
        uniqueUserCount: 2,
        fields: [
          { fieldName: 'id', count: 5 },
          { fieldName: 'name', count: 2 },
        ],
        totalSqlQueries: 8,
      },
    });
  });

  it('query: weeks start on Monday, hours have no empty buckets, a start time cuts, a time zone shifts days', async () => {
    const { ds } = await usageFixture();
    const week = await usage('query', { resource: ds, duration: 'WEEK' });
    // The latest value of each field in the week: the query count of the 3rd, the top queries of the 1st.
    expect(week.body.value.buckets).toEqual([
      {
        bucket: Date.UTC(2024, 0, 1),
        duration: 'WEEK',
        resource: ds,
        metrics: { uniqueUserCount: 1, totalSqlQueries: 1, topSqlQueries: ['select 2'] },
      },
    ]);
    const hours = await usage('query', { resource: ds, duration: 'HOUR' });
    expect(hours.body.value.buckets.map((b: { bucket: number }) => b.bucket)).toEqual([t1, t2, t3]);
    const late = await usage('query', { resource: ds, duration: 'DAY', startTime: Date.UTC(2024, 0, 2) });
    expect(late.body.value.buckets.map((b: { bucket: number }) => b.bucket)).toEqual([Date.UTC(2024, 0, 3)]);
    expect(late.body.value.aggregations).toMatchObject({
      uniqueUserCount: 1,
      totalSqlQueries: 1,
      fields: [],
    });
    const la = await usage('query', { resource: ds, duration: 'DAY', timeZone: 'America/Los_Angeles' });
    expect(la.body.value.buckets.map((b: { bucket: number }) => b.bucket)).toEqual([
      Date.UTC(2024, 0, 1, 8),
      Date.UTC(2024, 0, 2, 8),
    ]);
  });

  it('queryRange: from the range before now to now; a resource without usage has none', async () => {
    const ds = datasetUrn(`usage_range_${unique()}`);
    const now = Date.now();
    await ingest(
      [now - HOUR, now - 10 * DAY].map((t) =>
        mcp(ds, 'datasetUsageStatistics', { timestampMillis: t, uniqueUserCount: 1, totalSqlQueries: 2 }),
      ),
    );
    const day = await usage('queryRange', { resource: ds, duration: 'DAY', rangeFromEnd: 'DAY' });
    expect(day.status).toBe(200);
    expect(day.body.value.buckets).toHaveLength(1);
    expect(day.body.value.aggregations).toEqual({
      users: [],
      uniqueUserCount: 0,
      fields: [],
      totalSqlQueries: 2,
    });
    const month = await usage('queryRange', { resource: ds, duration: 'DAY', rangeFromEnd: 'MONTH' });
    const starts = month.body.value.buckets.map((b: { bucket: number }) => b.bucket);
    const first = Math.floor((now - 10 * DAY) / DAY) * DAY;
    const last = Math.floor((now - HOUR) / DAY) * DAY;
    expect(starts[0]).toBe(first);
    expect(starts[starts.length - 1]).toBe(last);
    expect(starts).toHaveLength((last - first) / DAY + 1);
    expect(month.body.value.aggregations.totalSqlQueries).toBe(4);
    const none = await usage('queryRange', {
      resource: datasetUrn(`nothing_${unique()}`),
      duration: 'DAY',
      rangeFromEnd: 'ALL',
    });
    expect(none.body.value).toEqual({
      buckets: [],
      aggregations: { users: [], uniqueUserCount: 0, fields: [] },
    });
  });

  it('batchIngest: UsageAggregation buckets stored as datasetUsageStatistics and read back', async () => {
    const id = unique();
    const ds = datasetUrn(`usage_batch_${id}`);
    const user = `urn:li:corpuser:carol_${id}`;
    const res = await usage('batchIngest', {
      buckets: [
        {
          bucket: Date.UTC(2024, 5, 1),
          duration: 'DAY',
          resource: ds,
          metrics: {
            uniqueUserCount: 1,
            totalSqlQueries: 4,
            topSqlQueries: ['select *'],
            users: [{ user, count: 4, userEmail: 'carol@corp.io' }],
            fields: [{ fieldName: 'amount', count: 2 }],
          },
        },
      ],
    });
    expect(res.status).toBe(200);
    const stored = await post(base, '/aspects?action=getTimeseriesAspectValues', {
      urn: ds,
      entity: 'dataset',
      aspect: 'datasetUsageStatistics',
    });
    expect(JSON.parse(stored.body.value.values[0].aspect.value)).toMatchObject({
      timestampMillis: Date.UTC(2024, 5, 1),
      eventGranularity: { unit: 'DAY', multiple: 1 },
      uniqueUserCount: 1,
      totalSqlQueries: 4,
      topSqlQueries: ['select *'],
      userCounts: [{ user, count: 4 }],
      fieldCounts: [{ fieldPath: 'amount', count: 2 }],
    });
    const read = await usage('query', { resource: ds, duration: 'MONTH' });
    expect(read.body.value).toEqual({
      buckets: [
        {
          bucket: Date.UTC(2024, 5, 1),
          duration: 'MONTH',
          resource: ds,
          metrics: { uniqueUserCount: 1, totalSqlQueries: 4, topSqlQueries: ['select *'] },
        },
      ],
      aggregations: {
        users: [{ user, count: 4 }],
        uniqueUserCount: 1,
        fields: [{ fieldName: 'amount', count: 2 }],
        totalSqlQueries: 4,
      },
    });
  });

  it('refuses bad input with Rest.li errors', async () => {
    const ds = datasetUrn(`usage_bad_${unique()}`);
    restliError(await usage('queryRange', { resource: ds, duration: 'DAY' }), 400, /rangeFromEnd/);
    restliError(
      await usage('queryRange', { resource: ds, duration: 'FORTNIGHT', rangeFromEnd: 'DAY' }),
      400,
      /duration.*FORTNIGHT/,
    );
    restliError(
      await usage('queryRange', { resource: ds, duration: 'DAY', rangeFromEnd: 'DECADE' }),
      400,
      /DECADE/,
    );
    restliError(await usage('query', { duration: 'DAY' }), 400, /resource/);
    restliError(await usage('query', { resource: 'not-a-urn', duration: 'DAY' }), 400, /not-a-urn|URN/i);
    restliError(await usage('query', { resource: ds, duration: 'DAY', startTime: 'soon' }), 400, /startTime/);
    restliError(
      await usage('batchIngest', { buckets: [{ bucket: 1, resource: ds, metrics: {} }] }),
      400,
      /duration/,
    );
    restliError(await usage('noSuchAction', {}), 400, /Unsupported action on \/usageStats: noSuchAction/);
    // A user count without its user: the write path's validation of the aspect (422), nothing stored.
    const bad = await usage('batchIngest', {
      buckets: [{ bucket: 1, duration: 'DAY', resource: ds, metrics: { users: [{ count: 1 }] } }],
    });
    restliError(bad, 422, /user/);
  });
});

describe('analytics: getTimeseriesStats as DataHub answers it (GenericTable)', () => {
  it('groups by day and by a collection key, with sums, latest values and distinct counts', async () => {
    const { ds, u1, u2 } = await usageFixture();
    const filter = { or: [{ and: [{ field: 'urn', condition: 'EQUAL', values: [ds] }] }] };
    const metrics = [{ fieldPath: 'userCounts.count', aggregationType: 'SUM' }];
    const buckets = [
      { type: 'DATE_GROUPING_BUCKET', key: 'timestampMillis', timeWindowSize: { unit: 'DAY', multiple: 1 } },
      { type: 'STRING_GROUPING_BUCKET', key: 'userCounts.user' },
    ];
    const res = await stats({
      entityName: 'dataset',
      aspectName: 'datasetUsageStatistics',
      filter,
      metrics,
      buckets,
    });
    expect(res.status).toBe(200);
    expect(res.body.value).toEqual({
      entityName: 'dataset',
      aspectName: 'datasetUsageStatistics',
      filter,
      aggregationSpecs: metrics,
      groupingBuckets: buckets,
      table: {
        columnNames: ['timestampMillis', 'userCounts.user', 'sum_userCounts.count'],
        columnTypes: ['long', 'string', 'double'],
        // The 2nd has no documents, so no user rows under it.
        rows: [
          [String(Date.UTC(2024, 0, 1)), u1, '10'],
          [String(Date.UTC(2024, 0, 1)), u2, '2'],
          [String(Date.UTC(2024, 0, 3)), u2, '1'],
        ],
      },
    });
    const whole = await stats({
      entityName: 'dataset',
      aspectName: 'datasetUsageStatistics',
      filter,
      metrics: [
        { fieldPath: 'uniqueUserCount', aggregationType: 'LATEST' },
        { fieldPath: 'totalSqlQueries', aggregationType: 'SUM' },
        { fieldPath: 'userCounts.user', aggregationType: 'CARDINALITY' },
        { fieldPath: 'topSqlQueries', aggregationType: 'LATEST' },
      ],
    });
    expect(whole.body.value.table).toEqual({
      columnNames: [
        'latest_uniqueUserCount',
        'sum_totalSqlQueries',
        'cardinality_userCounts.user',
        'latest_topSqlQueries',
      ],
      columnTypes: ['int', 'double', 'long', 'array'],
      rows: [['1', '13', '2', '["select 2"]']],
    });
    // Only the aspect-level documents, by day (oldest first, as DataHub orders days whatever
    // `ascending` says), with the empty day between.
    const days = await stats({
      entityName: 'dataset',
      aspectName: 'datasetUsageStatistics',
      filter: {
        or: [
          {
            and: [
              { field: 'urn', condition: 'EQUAL', values: [ds] },
              { field: 'isExploded', condition: 'EQUAL', values: ['false'] },
            ],
          },
        ],
      },
      metrics: [{ fieldPath: 'totalSqlQueries', aggregationType: 'LATEST' }],
      buckets: [
        {
          type: 'DATE_GROUPING_BUCKET',
          key: 'timestampMillis',
          timeWindowSize: { unit: 'DAY' },
          ascending: false,
        },
      ],
    });
    expect(days.body.value.table.rows).toEqual([
      [String(Date.UTC(2024, 0, 1)), '7'],
      [String(Date.UTC(2024, 0, 2)), 'NULL'],
      [String(Date.UTC(2024, 0, 3)), '1'],
    ]);
    // Users in descending order of their URNs.
    const users = await stats({
      entityName: 'dataset',
      aspectName: 'datasetUsageStatistics',
      filter,
      metrics: [{ fieldPath: 'userCounts.count', aggregationType: 'SUM' }],
      buckets: [{ type: 'STRING_GROUPING_BUCKET', key: 'userCounts.user', ascending: false, size: 1 }],
    });
    expect(users.body.value.table.rows).toEqual([[u2, '3']]);
  });

  it('refuses unknown kinds, aspects and fields, and bad enums', async () => {
    const ok = { entityName: 'dataset', aspectName: 'datasetUsageStatistics' };
    const metrics = [{ fieldPath: 'totalSqlQueries', aggregationType: 'SUM' }];
    restliError(await stats({ ...ok, entityName: 'noSuchKind', metrics }), 422, /noSuchKind/);
    restliError(await stats({ ...ok, aspectName: 'noSuchAspect', metrics }), 422, /noSuchAspect/);
    restliError(
      await stats({ ...ok, aspectName: 'datasetProperties', metrics }),
      400,
      /not a timeseries aspect/,
    );
    restliError(
      await stats({
        ...ok,
        aspectName: 'datasetProfile',
        metrics: [{ fieldPath: 'rowCount', aggregationType: 'LATEST' }],
      }),
      400,
      /Unknown TimeseriesField or TimeseriesFieldCollection: rowCount/,
    );
    restliError(
      await stats({ ...ok, metrics: [{ fieldPath: 'totalSqlQueries', aggregationType: 'AVG' }] }),
      400,
      /AVG/,
    );
    restliError(
      await stats({ ...ok, metrics: [{ fieldPath: 'topSqlQueries', aggregationType: 'SUM' }] }),
      400,
      /sum/,
    );
    restliError(await stats(ok), 400, /metrics/);
    const bucket = (b: Record<string, unknown>) => stats({ ...ok, metrics, buckets: [b] });
    restliError(await bucket({ type: 'HOUR_BUCKET', key: 'timestampMillis' }), 400, /HOUR_BUCKET/);
    restliError(
      await bucket({
        type: 'DATE_GROUPING_BUCKET',
        key: 'timestampMillis',
        timeWindowSize: { unit: 'DAY', multiple: 2 },
      }),
      400,
      /multiple/,
    );
    restliError(
      await bucket({
        type: 'DATE_GROUPING_BUCKET',
        key: 'timestampMillis',
        timeWindowSize: { unit: 'FORTNIGHT' },
      }),
      400,
      /FORTNIGHT/,
    );
    restliError(await bucket({ type: 'DATE_GROUPING_BUCKET', key: 'userCounts.user' }), 400, /time field/);
    restliError(await stats({ ...ok, metrics, filter: { or: 'x' } }), 400, /filter/);
  });
});

describe('entities: searchAcrossEntities through the search service', () => {
  it('searches every kind or the named ones, sorted, with or without aggregations', async () => {
    const word = `okapi${unique()}`;
    const ds = datasetUrn(`${word}_table`);
    const chart = `urn:li:chart:(looker,${word}_chart)`;
    await ingest(
      [
        mcp(ds, 'datasetProperties', { name: `${word} table` }),
        mcp(chart, 'chartInfo', {
          title: `${word} chart`,
          description: 'x',
          lastModified: {
            created: { time: 0, actor: 'urn:li:corpuser:x' },
            lastModified: { time: 0, actor: 'urn:li:corpuser:x' },
          },
        }),
      ],
      SYNC,
    );
    const search = (body: Record<string, unknown>) =>
      post(base, '/entities?action=searchAcrossEntities', { input: word, start: 0, count: 10, ...body });
    const all = await search({ sortCriteria: [{ field: 'urn', order: 'DESCENDING' }] });
    expect(all.status).toBe(200);
    expect(all.body.value).toMatchObject({ numEntities: 2, from: 0, pageSize: 10 });
    expect(all.body.value.entities.map((e: { entity: string }) => e.entity)).toEqual(
      [ds, chart].sort().reverse(),
    );
    expect(all.body.value.metadata.aggregations.length).toBeGreaterThan(0);
    const charts = await search({ entities: ['chart'], searchFlags: { skipAggregates: true } });
    expect(charts.body.value.entities.map((e: { entity: string }) => e.entity)).toEqual([chart]);
    expect(charts.body.value.metadata.aggregations).toEqual([]);
    const asc = await search({ sort: { field: 'urn', order: 'ASCENDING' } });
    expect(asc.body.value.entities.map((e: { entity: string }) => e.entity)).toEqual([ds, chart].sort());
    // The same answer as the single-kind search action.
    const one = await post(base, '/entities?action=search', {
      entity: 'chart',
      input: word,
      start: 0,
      count: 10,
    });
    const across = await search({ entities: ['chart'] });
    expect(across.body.value).toEqual(one.body.value);
  });

  it('refuses bad input', async () => {
    const search = (body: Record<string, unknown>) =>
      post(base, '/entities?action=searchAcrossEntities', body);
    restliError(await search({ start: 0, count: 1 }), 400, /input/);
    restliError(await search({ input: '*', entities: 'dataset' }), 400, /entities/);
    restliError(await search({ input: '*', entities: ['noSuchKind'] }), 422, /noSuchKind/);
    restliError(await search({ input: '*', sortCriteria: [{ field: 'urn', order: 'UP' }] }), 400, /UP/);
    restliError(await search({ input: '*', count: -1 }), 400, /count/);
    restliError(await search({ input: '*', searchFlags: 'fast' }), 400, /searchFlags/);
  });
});

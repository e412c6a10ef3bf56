import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime.js';
import { httpClient, post } from '../support/http.js';
import { datasetUrn, mcp, schemaMetadata, schemaField, startTestServer, unique } from '../support/runtime.js';

// What ingestion stores about a dataset, read back through GraphQL with DataHub's names (issue 37).

let rt: Runtime;
beforeAll(async () => {
  rt = await startTestServer();
});
afterAll(async () => rt?.stop());

const { gqlOk: ok } = httpClient(() => rt.url, { gqlStatus: 200 });
const ingest = async (proposals: unknown[]) => {
  const res = await post(rt.url, '/aspects?action=ingestProposalBatch', { proposals });
  expect(res.status).toBe(200);
};
const DAY = 86_400_000;

describe('GraphQL: what ingestion stores about a dataset', () => {
  it('schema: the platform schema, foreign keys, and each field as an entity', async () => {
    const orders = datasetUrn(`dsr_orders_${unique()}`);
    const users = datasetUrn(`dsr_users_${unique()}`);
    const field = (d: string, p: string) => `urn:li:schemaField:(${d},${p})`;
    await ingest([
      mcp(orders, 'schemaMetadata', {
        ...schemaMetadata([schemaField('id'), schemaField('user_id')]),
        platformSchema: { 'com.linkedin.schema.MySqlDDL': { tableSchema: 'CREATE TABLE orders (...)' } },
        foreignKeys: [
          {
            name: 'fk_user',
            foreignFields: [field(users, 'id')],
            sourceFields: [field(orders, 'user_id')],
            foreignDataset: users,
          },
        ],
      }),
      mcp(users, 'schemaMetadata', {
        ...schemaMetadata([schemaField('id')]),
        platformSchema: { 'com.linkedin.schema.EspressoSchema': { tableSchema: 'k', documentSchema: 'v' } },
      }),
    ]);
    const Q = `query q($urn: String!) { dataset(urn: $urn) { schemaMetadata {
      platformSchema { __typename ... on TableSchema { schema } ... on KeyValueSchema { keySchema valueSchema } }
      foreignKeys { name foreignDataset { urn } foreignFields { urn } sourceFields { urn type } }
      fields { fieldPath schemaFieldEntity { urn type } } } } }`;
    const a = (await ok(Q, { urn: orders })).dataset.schemaMetadata;
    expect(a.platformSchema).toEqual({ __typename: 'TableSchema', schema: 'CREATE TABLE orders (...)' });
    expect(a.foreignKeys).toEqual([
      {
        name: 'fk_user',
        foreignDataset: { urn: users },
        foreignFields: [{ urn: field(users, 'id') }],
        sourceFields: [{ urn: field(orders, 'user_id'), type: 'SCHEMA_FIELD' }],
      },
    ]);
    expect(a.fields.map((f: Record<string, any>) => f.schemaFieldEntity)).toEqual([
      { urn: field(orders, 'id'), type: 'SCHEMA_FIELD' },
      { urn: field(orders, 'user_id'), type: 'SCHEMA_FIELD' },
    ]);
    const b = (await ok(Q, { urn: users })).dataset.schemaMetadata;
    expect([b.platformSchema, b.foreignKeys]).toEqual([
      { __typename: 'KeyValueSchema', keySchema: 'k', valueSchema: 'v' },
      null,
    ]);
  });

  it('a view: its logic and language, as viewProperties', async () => {
    const view = datasetUrn(`dsr_view_${unique()}`);
    await ingest([
      mcp(view, 'viewProperties', {
        materialized: false,
        viewLogic: 'select * from orders',
        formattedViewLogic: 'SELECT *\nFROM orders',
        viewLanguage: 'SQL',
      }),
    ]);
    const Q = `query q($urn: String!) { dataset(urn: $urn) { viewProperties { materialized logic formattedLogic language } } }`;
    expect((await ok(Q, { urn: view })).dataset.viewProperties).toEqual({
      materialized: false,
      logic: 'select * from orders',
      formattedLogic: 'SELECT *\nFROM orders',
      language: 'SQL',
    });
  });

  it('statsSummary: queries, users and top users of the last 30 days, from the usage statistics', async () => {
    const urn = datasetUrn(`dsr_usage_${unique()}`);
    const [ann, bob] = ['ann', 'bob'].map((u) => `urn:li:corpuser:dsr_${u}_${unique()}`) as [string, string];
    const day = (n: number, queries: number, counts: [string, number][]) => ({
      ...mcp(urn, 'datasetUsageStatistics', {
        timestampMillis: Date.now() - n * DAY,
        eventGranularity: { unit: 'DAY', multiple: 1 },
        totalSqlQueries: queries,
        uniqueUserCount: counts.length,
        userCounts: counts.map(([user, count]) => ({ user, count })),
      }),
    });
    await ingest([
      day(1, 10, [
        [ann, 3],
        [bob, 7],
      ]),
      day(2, 5, [[ann, 5]]),
      // Older than 30 days: not counted. Ann: 8 queries in the window, Bob 7.
      day(40, 100, [[ann, 100]]),
    ]);
    const Q = `query q($urn: String!) { dataset(urn: $urn) { statsSummary {
      queryCountLast30Days uniqueUserCountLast30Days topUsersLast30Days { urn } } } }`;
    expect((await ok(Q, { urn })).dataset.statsSummary).toEqual({
      queryCountLast30Days: 15,
      uniqueUserCountLast30Days: 2,
      topUsersLast30Days: [{ urn: ann }, { urn: bob }],
    });
    const none = datasetUrn(`dsr_unused_${unique()}`);
    await ingest([mcp(none, 'datasetProperties', { name: 'unused' })]);
    expect((await ok(Q, { urn: none })).dataset.statsSummary).toBeNull();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime.js';
import { httpClient, post } from '../support/http.js';
import { datasetUrn, mcp, startTestServer, unique } from '../support/runtime.js';

let rt: Runtime;
beforeAll(async () => {
  rt = await startTestServer();
});
afterAll(async () => rt?.stop());

const { call } = httpClient(() => rt.url);
/** The whole response (status and body), as the tests here look at both. */
const gql = async (query: string, variables: Record<string, unknown> = {}) =>
  call('POST', '/api/graphql', { query, variables });
const ingest = async (proposals: unknown[]) => {
  const res = await post(rt.url, '/aspects?action=ingestProposalBatch', { proposals });
  expect(res.status).toBe(200);
};
const audit = { time: 1700000000000, actor: 'urn:li:corpuser:alice' };

describe('GraphQL: entities', () => {
  it('reads a dataset with DataHub field names: properties, schema, ownership, tags, terms, links, deprecation', async () => {
    const key = `gql_${unique()}`;
    const urn = datasetUrn(key);
    await ingest([
      mcp(urn, 'datasetProperties', {
        name: 'orders',
        description: 'All orders',
        customProperties: { team: 'sales' },
      }),
      mcp(urn, 'editableDatasetProperties', { description: 'Edited' }),
      mcp(urn, 'schemaMetadata', {
        schemaName: 'orders',
        platform: 'urn:li:dataPlatform:hive',
        version: 0,
        hash: '',
        platformSchema: { 'com.linkedin.schema.MySqlDDL': { tableSchema: '' } },
        fields: [
          {
            fieldPath: 'id',
            nativeDataType: 'bigint',
            type: { type: { 'com.linkedin.schema.NumberType': {} } },
            nullable: false,
          },
        ],
      }),
      mcp(urn, 'ownership', {
        owners: [{ owner: 'urn:li:corpuser:alice', type: 'DATAOWNER' }],
        lastModified: audit,
      }),
      mcp('urn:li:corpuser:alice', 'corpUserInfo', { active: true, displayName: 'Alice A.' }),
      mcp(urn, 'globalTags', { tags: [{ tag: 'urn:li:tag:PII' }] }),
      mcp(urn, 'glossaryTerms', { terms: [{ urn: 'urn:li:glossaryTerm:Revenue' }], auditStamp: audit }),
      mcp(urn, 'institutionalMemory', {
        elements: [{ url: 'https://wiki/orders', description: 'Runbook', createStamp: audit }],
      }),
      mcp(urn, 'deprecation', { deprecated: true, note: 'use orders_v2', actor: 'urn:li:corpuser:alice' }),
    ]);
    const res = await gql(
      `query ($urn: String!) {
        dataset(urn: $urn) {
          urn type name origin platform { urn name }
          properties { name description customProperties { key value } }
          editableProperties { description }
          schemaMetadata { name fields { fieldPath type nativeDataType nullable } }
          ownership { owners { type owner { ... on CorpUser { urn username properties { displayName } } } } }
          tags { tags { tag { urn name } } }
          glossaryTerms { terms { term { urn name } } }
          institutionalMemory { elements { url description author { username } } }
          deprecation { deprecated note }
          status { removed }
        }
      }`,
      { urn },
    );
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.dataset).toEqual({
      urn,
      type: 'DATASET',
      name: key,
      origin: 'PROD',
      platform: { urn: 'urn:li:dataPlatform:hive', name: 'hive' },
      properties: {
        name: 'orders',
        description: 'All orders',
        customProperties: [{ key: 'team', value: 'sales' }],
      },
      editableProperties: { description: 'Edited' },
      schemaMetadata: {
        name: 'orders',
        fields: [{ fieldPath: 'id', type: 'NUMBER', nativeDataType: 'bigint', nullable: false }],
      },
      ownership: {
        owners: [
          {
            type: 'DATAOWNER',
            owner: {
              urn: 'urn:li:corpuser:alice',
              username: 'alice',
              properties: { displayName: 'Alice A.' },
            },
          },
        ],
      },
      tags: { tags: [{ tag: { urn: 'urn:li:tag:PII', name: 'PII' } }] },
      glossaryTerms: { terms: [{ term: { urn: 'urn:li:glossaryTerm:Revenue', name: 'Revenue' } }] },
      institutionalMemory: {
        elements: [{ url: 'https://wiki/orders', description: 'Runbook', author: { username: 'alice' } }],
      },
      deprecation: { deprecated: true, note: 'use orders_v2' },
      status: null,
    });
  });

  it('follows the ML flow: features, primary key, feature table, model and group, then lineage to the warehouse', async () => {
    const id = unique();
    const table = datasetUrn(`warehouse_${id}`);
    const feature = `urn:li:mlFeature:(users_${id},age)`;
    const key = `urn:li:mlPrimaryKey:(users_${id},user_id)`;
    const featureTable = `urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,users_${id})`;
    const group = `urn:li:mlModelGroup:(urn:li:dataPlatform:sagemaker,churn_${id},PROD)`;
    const model = `urn:li:mlModel:(urn:li:dataPlatform:sagemaker,churn_${id}_v1,PROD)`;
    await ingest([
      mcp(table, 'datasetProperties', { name: `warehouse_${id}` }),
      mcp(feature, 'mlFeatureProperties', {
        description: 'Age in years',
        dataType: 'CONTINUOUS',
        sources: [table],
      }),
      mcp(key, 'mlPrimaryKeyProperties', { description: 'User id', dataType: 'TEXT', sources: [table] }),
      mcp(featureTable, 'mlFeatureTableProperties', {
        description: 'Users',
        mlFeatures: [feature],
        mlPrimaryKeys: [key],
      }),
      mcp(group, 'mlModelGroupProperties', { description: 'Churn models' }),
      mcp(model, 'mlModelProperties', { description: 'Churn v1', mlFeatures: [feature], groups: [group] }),
    ]);
    const res = await gql(
      `query ($f: String!, $k: String!, $t: String!, $m: String!, $g: String!) {
        mlFeature(urn: $f) { name featureNamespace description properties { dataType sources { urn } } }
        mlPrimaryKey(urn: $k) { name featureNamespace properties { dataType sources { urn } } }
        mlFeatureTable(urn: $t) { name platform { name } properties { mlFeatures { urn name } mlPrimaryKeys { name } } }
        mlModelGroup(urn: $g) { name origin description }
        mlModel(urn: $m) {
          name platform { name } properties { description mlFeatures groups { urn name } }
          lineage(input: { direction: UPSTREAM, maxHops: 2 }) { total relationships { degree entity { urn type } } }
          oneHop: lineage(input: { direction: UPSTREAM }) { total relationships { degree entity { urn type } } }
        }
      }`,
      { f: feature, k: key, t: featureTable, m: model, g: group },
    );
    expect(res.body.errors).toBeUndefined();
    const d = res.body.data;
    expect(d.mlFeature).toEqual({
      name: 'age',
      featureNamespace: `users_${id}`,
      description: 'Age in years',
      properties: { dataType: 'CONTINUOUS', sources: [{ urn: table }] },
    });
    expect(d.mlPrimaryKey).toMatchObject({
      name: 'user_id',
      properties: { dataType: 'TEXT', sources: [{ urn: table }] },
    });
    expect(d.mlFeatureTable).toEqual({
      name: `users_${id}`,
      platform: { name: 'feast' },
      properties: { mlFeatures: [{ urn: feature, name: 'age' }], mlPrimaryKeys: [{ name: 'user_id' }] },
    });
    expect(d.mlModelGroup).toEqual({ name: `churn_${id}`, origin: 'PROD', description: 'Churn models' });
    expect(d.mlModel.properties).toEqual({
      description: 'Churn v1',
      mlFeatures: [feature],
      groups: [{ urn: group, name: `churn_${id}` }],
    });
    expect(d.mlModel.lineage).toEqual({
      total: 2,
      relationships: [
        { degree: 1, entity: { urn: feature, type: 'MLFEATURE' } },
        { degree: 2, entity: { urn: table, type: 'DATASET' } },
      ],
    });
    // Without maxHops the field walks one hop, as DataHub's does (its UI asks once per hop).
    expect(d.mlModel.oneHop).toEqual({
      total: 1,
      relationships: [{ degree: 1, entity: { urn: feature, type: 'MLFEATURE' } }],
    });
  });

  it('answers entity, entities and relationships, null for absent entities, and clear errors', async () => {
    const urn = datasetUrn(`gql_rel_${unique()}`);
    await ingest([mcp(urn, 'globalTags', { tags: [{ tag: 'urn:li:tag:Finance' }] })]);
    const res = await gql(
      `query ($urn: String!, $missing: String!) {
        entity(urn: $urn) { urn type ... on Dataset { name } }
        entities(urns: [$urn, $missing]) { urn }
        dataset(urn: $missing) { urn }
        tagged: dataset(urn: $urn) {
          relationships(input: { types: ["TaggedWith"], direction: OUTGOING }) {
            total relationships { type direction entity { urn ... on Tag { name } } }
          }
        }
      }`,
      { urn, missing: datasetUrn(`absent_${unique()}`) },
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.entity).toMatchObject({ urn, type: 'DATASET' });
    expect(res.body.data.entities).toEqual([{ urn }, null]);
    expect(res.body.data.dataset).toBeNull();
    expect(res.body.data.tagged.relationships).toEqual({
      total: 1,
      relationships: [
        { type: 'TaggedWith', direction: 'OUTGOING', entity: { urn: 'urn:li:tag:Finance', name: 'Finance' } },
      ],
    });
    const bad = await gql('{ dataset(urn: "not a urn") { urn } }');
    expect(bad.body.data.dataset).toBeNull();
    expect(bad.body.errors[0].extensions.type).toBe('BAD_REQUEST');
    // DataHub answers with HTTP 200 and the errors, and never with a stack trace.
    const invalid = await gql('{ dataset { urn } }');
    expect(invalid.status).toBe(200);
    expect(invalid.body.errors[0].extensions).toEqual({
      code: 400,
      type: 'BAD_REQUEST',
      classification: 'ValidationError',
    });
    const syntax = await gql('{ dataset(urn: ');
    expect(syntax.status).toBe(200);
    expect(syntax.body.errors[0].message).toMatch(/Syntax Error/);
    // No answer is to be kept by a cache between a caller and neohub: data, errors, and a query that failed.
    for (const answer of [res, bad, invalid, syntax])
      expect(answer.headers.get('cache-control')).toBe('no-store');
  });
});

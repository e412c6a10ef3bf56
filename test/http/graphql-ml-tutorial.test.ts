import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime.js';
import { post } from '../support/http.js';
import { datasetUrn, mcp, startTestServer, unique } from '../support/runtime.js';

/**
 * DataHub's ML feature-store tutorial, end to end over HTTP: the warehouse tables, features, a primary
 * key, a feature table, a model group and a model are written one proposal at a time through
 * `POST /aspects?action=ingestProposal` (as DataHub's Python client sends them), then read back with the
 * GraphQL shapes of the tutorial and the interface spec, and the model's lineage is followed upstream to
 * the warehouse.
 */

let rt: Runtime;
const id = unique();
const AUDIT = { time: 1700000000000, actor: 'urn:li:corpuser:ml_tutorial' };

// The warehouse (snowflake) tables the features are computed from.
const users = datasetUrn(`analytics_${id}.public.users`, 'snowflake');
const transactions = datasetUrn(`analytics_${id}.public.transactions`, 'snowflake');
// The feature table `user_features_<id>` on feast: three features and one primary key.
const ns = `user_features_${id}`;
const age = `urn:li:mlFeature:(${ns},age)`;
const country = `urn:li:mlFeature:(${ns},country)`;
const spend = `urn:li:mlFeature:(${ns},total_spend)`;
const userId = `urn:li:mlPrimaryKey:(${ns},user_id)`;
const featureTable = `urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,${ns})`;
// A feature with a data type only (the tutorial's all-dtypes feature table).
const sequence = `urn:li:mlFeature:(all_dtypes_${id},test_BOOL_LIST_feature)`;
// A model group and one of its training runs, which uses two of the three features.
const group = `urn:li:mlModelGroup:(urn:li:dataPlatform:science,churn_${id},PROD)`;
const model = `urn:li:mlModel:(urn:li:dataPlatform:science,churn_${id}_v3,PROD)`;
// A model with description and type only (the tutorial's scienceModel).
const bare = `urn:li:mlModel:(urn:li:dataPlatform:science,scienceModel_${id},PROD)`;

const field = (fieldPath: string, type: string, nativeDataType: string) => ({
  fieldPath,
  nativeDataType,
  type: { type: { [`com.linkedin.schema.${type}`]: {} } },
  nullable: false,
  recursive: false,
  isPartOfKey: fieldPath === 'user_id',
});
const schema = (name: string, fields: unknown[]) => ({
  schemaName: name,
  platform: 'urn:li:dataPlatform:snowflake',
  version: 0,
  created: AUDIT,
  lastModified: AUDIT,
  hash: '',
  platformSchema: { 'com.linkedin.schema.MySqlDDL': { tableSchema: '' } },
  fields,
});

/** One proposal, as DataHub's client emits it: the Rest.li envelope with system metadata, synchronous. */
async function emit(entityUrn: string, aspectName: string, value: unknown): Promise<void> {
  const proposal = {
    ...mcp(entityUrn, aspectName, value),
    systemMetadata: { lastObserved: Date.now(), runId: 'no-run-id-provided' },
  };
  const res = await post(rt.url, '/aspects?action=ingestProposal', { proposal, async: 'false' });
  expect(res.status, `${aspectName} of ${entityUrn}: ${JSON.stringify(res.body)}`).toBe(200);
}

/** The data of a GraphQL query that must succeed. */
const data = async (query: string, variables: Record<string, unknown> = {}) => {
  const res = await post(rt.url, '/api/graphql', { query, variables });
  expect(res.body?.errors, JSON.stringify(res.body?.errors)).toBeUndefined();
  expect(res.status).toBe(200);
  return res.body.data;
};

beforeAll(async () => {
  rt = await startTestServer();
  // 1. The warehouse tables, with their schemas.
  await emit(users, 'datasetProperties', { name: 'users', description: 'One row per user' });
  await emit(
    users,
    'schemaMetadata',
    schema('public.users', [
      field('user_id', 'StringType', 'VARCHAR'),
      field('age', 'NumberType', 'NUMBER'),
      field('country', 'StringType', 'VARCHAR'),
    ]),
  );
  await emit(transactions, 'datasetProperties', { name: 'transactions' });
  await emit(
    transactions,
    'schemaMetadata',
    schema('public.transactions', [
      field('user_id', 'StringType', 'VARCHAR'),
      field('amount', 'NumberType', 'NUMBER'),
    ]),
  );
  // 2. The features, each derived from a warehouse table.
  await emit(age, 'mlFeatureProperties', {
    description: 'Age of the user in years',
    dataType: 'CONTINUOUS',
    version: { versionTag: '2' },
    sources: [users],
  });
  await emit(country, 'mlFeatureProperties', {
    description: 'Country of residence',
    dataType: 'NOMINAL',
    sources: [users],
  });
  await emit(spend, 'mlFeatureProperties', {
    description: 'Total spend over the last 90 days',
    dataType: 'CONTINUOUS',
    sources: [transactions],
  });
  await emit(sequence, 'mlFeatureProperties', { dataType: 'SEQUENCE' });
  // 3. The primary key, keyed on both tables.
  await emit(userId, 'mlPrimaryKeyProperties', {
    description: 'Identifier of the user',
    dataType: 'TEXT',
    sources: [users, transactions],
  });
  // 4. The feature table.
  await emit(featureTable, 'mlFeatureTableProperties', {
    description: 'Features of users, refreshed daily',
    mlFeatures: [age, country, spend],
    mlPrimaryKeys: [userId],
  });
  // 5. The model group and a training run of it.
  await emit(group, 'mlModelGroupProperties', { description: 'Churn prediction models' });
  await emit(model, 'mlModelProperties', {
    description: 'Churn model, third training run',
    type: 'Gradient Boosted Trees',
    version: { versionTag: '3' },
    mlFeatures: [age, spend],
    groups: [group],
    hyperParams: [
      { name: 'learning_rate', description: 'Step size shrinkage', value: '0.1' },
      { name: 'max_depth', value: '6' },
    ],
    trainingMetrics: [{ name: 'auc', description: 'Area under the ROC curve', value: '0.87' }],
  });
  await emit(bare, 'mlModelProperties', {
    description: 'A sample model for predicting some outcome.',
    type: 'Naive Bayes classifier',
  });
});
afterAll(async () => rt?.stop());

describe('GraphQL: the ML feature-store tutorial', () => {
  it('reads mlFeature with the tutorial shape', async () => {
    const q = `query ($urn: String!) {
      mlFeature(urn: $urn) { name featureNamespace description properties { description dataType version { versionTag } } }
    }`;
    expect((await data(q, { urn: age })).mlFeature).toEqual({
      name: 'age',
      featureNamespace: ns,
      description: 'Age of the user in years',
      properties: {
        description: 'Age of the user in years',
        dataType: 'CONTINUOUS',
        version: { versionTag: '2' },
      },
    });
    expect((await data(q, { urn: country })).mlFeature).toEqual({
      name: 'country',
      featureNamespace: ns,
      description: 'Country of residence',
      properties: { description: 'Country of residence', dataType: 'NOMINAL', version: null },
    });
    // The tutorial's own example: a feature with a data type and nothing else.
    expect((await data(q, { urn: sequence })).mlFeature).toEqual({
      name: 'test_BOOL_LIST_feature',
      featureNamespace: `all_dtypes_${id}`,
      description: null,
      properties: { description: null, dataType: 'SEQUENCE', version: null },
    });
  });

  it('reads the sources of a feature as datasets (name is the key name, properties.name the display name)', async () => {
    // DataHub maps Dataset.name from the datasetKey (the name in the URN), and properties.name from
    // datasetProperties (falling back to the key name).
    const d = await data(
      `query ($urn: String!) {
        mlFeature(urn: $urn) { properties { sources { urn name properties { name } platform { name } } } }
      }`,
      { urn: spend },
    );
    expect(d.mlFeature.properties.sources).toEqual([
      {
        urn: transactions,
        name: `analytics_${id}.public.transactions`,
        properties: { name: 'transactions' },
        platform: { name: 'snowflake' },
      },
    ]);
  });

  it('reads mlPrimaryKey with its data type at the top and in properties', async () => {
    const d = await data(
      `query ($urn: String!) {
        mlPrimaryKey(urn: $urn) {
          name featureNamespace description dataType
          properties { description dataType version { versionTag } sources { urn } }
        }
      }`,
      { urn: userId },
    );
    expect(d.mlPrimaryKey).toEqual({
      name: 'user_id',
      featureNamespace: ns,
      description: 'Identifier of the user',
      dataType: 'TEXT',
      properties: {
        description: 'Identifier of the user',
        dataType: 'TEXT',
        version: null,
        sources: [{ urn: users }, { urn: transactions }],
      },
    });
  });

  it('reads mlFeatureTable with its platform, features and primary keys', async () => {
    const d = await data(
      `query ($urn: String!) {
        mlFeatureTable(urn: $urn) {
          name description platform { name }
          properties { description mlFeatures { name } mlPrimaryKeys { name featureNamespace } }
        }
      }`,
      { urn: featureTable },
    );
    expect(d.mlFeatureTable).toEqual({
      name: ns,
      description: 'Features of users, refreshed daily',
      platform: { name: 'feast' },
      properties: {
        description: 'Features of users, refreshed daily',
        mlFeatures: [{ name: 'age' }, { name: 'country' }, { name: 'total_spend' }],
        mlPrimaryKeys: [{ name: 'user_id', featureNamespace: ns }],
      },
    });
  });

  it('reads mlModel with its version, type, features (URNs) and groups (entities)', async () => {
    const d = await data(
      `query ($urn: String!) {
        mlModel(urn: $urn) { name description properties { description version type mlFeatures groups { urn name } } }
      }`,
      { urn: model },
    );
    expect(d.mlModel).toEqual({
      name: `churn_${id}_v3`,
      description: 'Churn model, third training run',
      properties: {
        description: 'Churn model, third training run',
        version: '3',
        type: 'Gradient Boosted Trees',
        mlFeatures: [age, spend],
        groups: [{ urn: group, name: `churn_${id}` }],
      },
    });
  });

  it("reads the tutorial's bare model: no version, mlFeatures null, groups empty", async () => {
    // DataHub's tutorial answers {"version":null,"type":"Naive Bayes classifier","mlFeatures":null,"groups":[]}:
    // mlFeatures is only set when the aspect has it, groups resolves to a list even when absent.
    const d = await data(
      `query ($urn: String!) {
        mlModel(urn: $urn) { name description properties { description version type mlFeatures groups { urn name } } }
      }`,
      { urn: bare },
    );
    expect(d.mlModel).toEqual({
      name: `scienceModel_${id}`,
      description: 'A sample model for predicting some outcome.',
      properties: {
        description: 'A sample model for predicting some outcome.',
        version: null,
        type: 'Naive Bayes classifier',
        mlFeatures: null,
        groups: [],
      },
    });
  });

  it("reads mlModel's hyper-parameters and training metrics (DataHub's MLHyperParam and MLMetric)", async () => {
    const d = await data(
      `query ($urn: String!) {
        mlModel(urn: $urn) {
          properties {
            hyperParams { name description value }
            trainingMetrics { name description value }
          }
        }
      }`,
      { urn: model },
    );
    expect(d.mlModel.properties).toEqual({
      hyperParams: [
        { name: 'learning_rate', description: 'Step size shrinkage', value: '0.1' },
        { name: 'max_depth', description: null, value: '6' },
      ],
      trainingMetrics: [{ name: 'auc', description: 'Area under the ROC curve', value: '0.87' }],
    });
  });

  it('reads mlModelGroup with its platform and properties', async () => {
    const d = await data(
      `query ($urn: String!) {
        mlModelGroup(urn: $urn) { name description platform { name } properties { description } }
      }`,
      { urn: group },
    );
    expect(d.mlModelGroup).toEqual({
      name: `churn_${id}`,
      description: 'Churn prediction models',
      platform: { name: 'science' },
      properties: { description: 'Churn prediction models' },
    });
  });

  it('answers null, without errors, for ML entities that do not exist', async () => {
    const missing = `missing_${unique()}`;
    const d = await data(
      `query ($f: String!, $k: String!, $t: String!, $m: String!, $g: String!) {
        mlFeature(urn: $f) { name }
        mlPrimaryKey(urn: $k) { name }
        mlFeatureTable(urn: $t) { name }
        mlModel(urn: $m) { name }
        mlModelGroup(urn: $g) { name }
      }`,
      {
        f: `urn:li:mlFeature:(${missing},f)`,
        k: `urn:li:mlPrimaryKey:(${missing},k)`,
        t: `urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,${missing})`,
        m: `urn:li:mlModel:(urn:li:dataPlatform:science,${missing},PROD)`,
        g: `urn:li:mlModelGroup:(urn:li:dataPlatform:science,${missing},PROD)`,
      },
    );
    expect(d).toEqual({
      mlFeature: null,
      mlPrimaryKey: null,
      mlFeatureTable: null,
      mlModel: null,
      mlModelGroup: null,
    });
  });

  it('follows lineage from the model upstream: features at degree 1, warehouse tables at degree 2', async () => {
    const d = await data(
      `query ($urn: String!) {
        mlModel(urn: $urn) {
          lineage(input: { direction: UPSTREAM, count: 100, maxHops: 2 }) {
            start count total
            relationships { type degree entity { urn type } paths { path { urn } } }
          }
        }
      }`,
      { urn: model },
    );
    const lineage = d.mlModel.lineage;
    expect({ start: lineage.start, count: lineage.count, total: lineage.total }).toEqual({
      start: 0,
      count: 4,
      total: 4,
    });
    const path = (...urns: string[]) => [{ path: urns.map((urn) => ({ urn })) }];
    const byDegreeThenUrn = (a: { degree: number; entity: { urn: string } }, b: typeof a) =>
      a.degree - b.degree || a.entity.urn.localeCompare(b.entity.urn);
    expect([...lineage.relationships].sort(byDegreeThenUrn)).toEqual(
      [
        { type: 'Consumes', degree: 1, entity: { urn: age, type: 'MLFEATURE' }, paths: path(model, age) },
        {
          type: 'Consumes',
          degree: 1,
          entity: { urn: spend, type: 'MLFEATURE' },
          paths: path(model, spend),
        },
        {
          type: 'DerivedFrom',
          degree: 2,
          entity: { urn: users, type: 'DATASET' },
          paths: path(model, age, users),
        },
        {
          type: 'DerivedFrom',
          degree: 2,
          entity: { urn: transactions, type: 'DATASET' },
          paths: path(model, spend, transactions),
        },
      ].sort(byDegreeThenUrn),
    );
  });

  it('follows lineage from a warehouse table downstream to its features, key, the model and its group', async () => {
    const d = await data(
      `query ($urn: String!) {
        dataset(urn: $urn) {
          lineage(input: { direction: DOWNSTREAM, count: 100, maxHops: 3 }) { total relationships { type degree entity { urn } } }
        }
      }`,
      { urn: users },
    );
    const found = Object.fromEntries(
      d.dataset.lineage.relationships.map((r: { type: string; degree: number; entity: { urn: string } }) => [
        r.entity.urn,
        [r.degree, r.type],
      ]),
    );
    // MemberOf points downstream (isUpstream false): the group is downstream of its model. The feature
    // table is not reached: its Contains and KeyedBy edges are relationships, not lineage (no isLineage in
    // the pinned client's MLFeatureTableProperties), unlike a dashboard's Contains.
    expect(found).toEqual({
      [age]: [1, 'DerivedFrom'],
      [country]: [1, 'DerivedFrom'],
      [userId]: [1, 'DerivedFrom'],
      [model]: [2, 'Consumes'],
      [group]: [3, 'MemberOf'],
    });
    expect(d.dataset.lineage.total).toBe(5);
  });

  it('has no lineage of its own on a feature table (Contains and KeyedBy are not lineage edges)', async () => {
    const d = await data(
      `query ($urn: String!) {
        mlFeatureTable(urn: $urn) {
          up: lineage(input: { direction: UPSTREAM, count: 100 }) { total relationships { entity { urn } } }
          down: lineage(input: { direction: DOWNSTREAM, count: 100 }) { total relationships { entity { urn } } }
        }
      }`,
      { urn: featureTable },
    );
    expect(d.mlFeatureTable).toEqual({
      up: { total: 0, relationships: [] },
      down: { total: 0, relationships: [] },
    });
  });

  it('answers relationships of the feature table and of a feature, outgoing and incoming', async () => {
    const d = await data(
      `query ($t: String!, $f: String!) {
        out: mlFeatureTable(urn: $t) {
          relationships(input: { types: ["Contains", "KeyedBy"], direction: OUTGOING }) {
            start count total relationships { type direction entity { urn type } }
          }
        }
        keys: mlFeatureTable(urn: $t) {
          relationships(input: { types: ["KeyedBy"], direction: OUTGOING }) {
            total relationships { type entity { urn ... on MLPrimaryKey { name dataType } } }
          }
        }
        in: mlFeatureTable(urn: $t) {
          relationships(input: { types: ["Contains", "KeyedBy"], direction: INCOMING }) { total relationships { type } }
        }
        feature: mlFeature(urn: $f) {
          relationships(input: { types: ["Contains", "Consumes"], direction: INCOMING }) {
            total relationships { type direction entity { urn type } }
          }
        }
      }`,
      { t: featureTable, f: age },
    );
    const byUrn = (a: { entity: { urn: string } }, b: typeof a) => a.entity.urn.localeCompare(b.entity.urn);
    expect(d.out.relationships.start).toBe(0);
    expect(d.out.relationships.count).toBe(4);
    expect(d.out.relationships.total).toBe(4);
    expect([...d.out.relationships.relationships].sort(byUrn)).toEqual(
      [
        { type: 'Contains', direction: 'OUTGOING', entity: { urn: age, type: 'MLFEATURE' } },
        { type: 'Contains', direction: 'OUTGOING', entity: { urn: country, type: 'MLFEATURE' } },
        { type: 'Contains', direction: 'OUTGOING', entity: { urn: spend, type: 'MLFEATURE' } },
        { type: 'KeyedBy', direction: 'OUTGOING', entity: { urn: userId, type: 'MLPRIMARY_KEY' } },
      ].sort(byUrn),
    );
    expect(d.keys.relationships).toEqual({
      total: 1,
      relationships: [{ type: 'KeyedBy', entity: { urn: userId, name: 'user_id', dataType: 'TEXT' } }],
    });
    expect(d.in.relationships).toEqual({ total: 0, relationships: [] });
    expect(d.feature.relationships.total).toBe(2);
    expect([...d.feature.relationships.relationships].sort(byUrn)).toEqual(
      [
        { type: 'Contains', direction: 'INCOMING', entity: { urn: featureTable, type: 'MLFEATURE_TABLE' } },
        { type: 'Consumes', direction: 'INCOMING', entity: { urn: model, type: 'MLMODEL' } },
      ].sort(byUrn),
    );
  });
});

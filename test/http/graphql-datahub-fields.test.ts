import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime.js';
import { httpClient, post } from '../support/http.js';
import { datasetUrn, mcp, startTestServer, unique } from '../support/runtime.js';

// DataHub's names and types for what neohub stores: fields read back from aspects ingested with Rest.li.

let rt: Runtime;
beforeAll(async () => {
  rt = await startTestServer();
});
afterAll(async () => rt?.stop());

const { gql, gqlOk: ok } = httpClient(() => rt.url, { gqlStatus: 200 });
/** Waits for the search index too, as DataHub's client may ask (searches read it). */
const SYNC = { 'X-DataHub-Sync-Index-Update': 'true' };
const ingest = async (proposals: unknown[]) => {
  const res = await post(rt.url, '/aspects?action=ingestProposalBatch', { proposals }, SYNC);
  expect(res.status).toBe(200);
};
const alice = 'urn:li:corpuser:alice';
const audit = { time: 1700000000000, actor: alice };
const later = { time: 1700000500000, actor: 'urn:li:corpGroup:data-eng' };

describe('GraphQL: DataHub field names and types', () => {
  it('dataset: properties stamps, owner source, link actor and settings, term actor, deprecation entities, column tags', async () => {
    const urn = datasetUrn(`dhf_${unique()}`);
    const next = datasetUrn(`dhf_next_${unique()}`);
    await ingest([
      mcp(urn, 'datasetProperties', {
        name: 'orders',
        description: 'All orders',
        externalUrl: 'https://x/orders',
        uri: 's3://bucket/orders',
        created: { time: 1600000000000, actor: alice },
        lastModified: { time: 1700000000000, actor: alice },
      }),
      mcp(next, 'datasetProperties', { name: 'orders_v2' }),
      mcp(urn, 'ownership', {
        owners: [{ owner: alice, type: 'TECHNICAL_OWNER', source: { type: 'SERVICE', url: 'https://svc' } }],
        lastModified: audit,
      }),
      mcp(urn, 'institutionalMemory', {
        elements: [
          {
            url: 'https://wiki/orders',
            description: 'Runbook',
            createStamp: later,
            updateStamp: audit,
            settings: { showInAssetPreview: true },
          },
        ],
      }),
      mcp(urn, 'glossaryTerms', {
        terms: [{ urn: 'urn:li:glossaryTerm:Revenue', actor: alice, context: 'from a form' }],
        auditStamp: audit,
      }),
      mcp(urn, 'deprecation', { deprecated: true, note: 'use v2', actor: alice, replacement: next }),
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
            globalTags: { tags: [{ tag: 'urn:li:tag:Key' }] },
          },
        ],
      }),
      mcp(urn, 'editableSchemaMetadata', {
        editableSchemaFieldInfo: [{ fieldPath: 'id', globalTags: { tags: [{ tag: 'urn:li:tag:PII' }] } }],
      }),
      mcp(urn, 'browsePaths', { paths: ['/prod/hive/sales'] }),
      // An entry that is an entity is shown by its name (DataHub names containers so).
      mcp(urn, 'browsePathsV2', { path: [{ id: 'sales' }, { id: next, urn: next }, { id: 'orders' }] }),
    ]);
    const data = await ok(
      `query ($urn: String!) {
        dataset(urn: $urn) {
          description externalUrl uri
          properties { created createdActor lastModified { time actor } lastModifiedActor }
          ownership { owners { source { type url } } }
          institutionalMemory { elements { label actor { ... on CorpGroup { urn } } updated { time } settings { showInAssetPreview } } }
          glossaryTerms { terms { actor { urn } context } }
          deprecation { actorEntity { urn type } replacement { urn ... on Dataset { properties { name } } } }
          schemaMetadata { datasetUrn fields { fieldPath tags { tags { tag { urn } } } } }
          editableSchemaMetadata { editableSchemaFieldInfo { tags { tags { tag { urn } } } } }
          browsePaths { path }
          browsePathV2 { path { name entity { urn } } }
        }
      }`,
      { urn },
    );
    expect(data.dataset).toEqual({
      description: 'All orders',
      externalUrl: 'https://x/orders',
      uri: 's3://bucket/orders',
      properties: {
        created: 1600000000000,
        createdActor: alice,
        lastModified: { time: 1700000000000, actor: alice },
        lastModifiedActor: alice,
      },
      ownership: { owners: [{ source: { type: 'SERVICE', url: 'https://svc' } }] },
      institutionalMemory: {
        elements: [
          {
            label: 'Runbook',
            actor: { urn: 'urn:li:corpGroup:data-eng' },
            updated: { time: audit.time },
            settings: { showInAssetPreview: true },
          },
        ],
      },
      glossaryTerms: { terms: [{ actor: { urn: alice }, context: 'from a form' }] },
      deprecation: {
        actorEntity: { urn: alice, type: 'CORP_USER' },
        replacement: { urn: next, properties: { name: 'orders_v2' } },
      },
      schemaMetadata: {
        datasetUrn: urn,
        fields: [{ fieldPath: 'id', tags: { tags: [{ tag: { urn: 'urn:li:tag:Key' } }] } }],
      },
      editableSchemaMetadata: {
        editableSchemaFieldInfo: [{ tags: { tags: [{ tag: { urn: 'urn:li:tag:PII' } }] } }],
      },
      browsePaths: [{ path: ['prod', 'hive', 'sales'] }],
      browsePathV2: {
        path: [
          { name: 'sales', entity: null },
          { name: 'orders_v2', entity: { urn: next } },
          { name: 'orders', entity: null },
        ],
      },
    });

    // lastModified is DataHub's non-null AuditStamp: time 0 when the source did not give one.
    const bare = await ok(`{ dataset(urn: "${next}") { properties { lastModified { time actor } } } }`);
    expect(bare.dataset.properties.lastModified).toEqual({ time: 0, actor: null });
  });

  it('the EntityWithRelationships and BrowsableEntity interfaces', async () => {
    const up = datasetUrn(`dhf_up_${unique()}`);
    const down = datasetUrn(`dhf_down_${unique()}`);
    await ingest([
      mcp(up, 'datasetProperties', { name: 'up' }),
      mcp(down, 'upstreamLineage', { upstreams: [{ dataset: up, type: 'TRANSFORMED', auditStamp: audit }] }),
      mcp(down, 'browsePaths', { paths: ['/prod/hive'] }),
    ]);
    const data = await ok(
      `query ($urn: String!) {
        entity(urn: $urn) {
          urn
          ... on EntityWithRelationships {
            lineage(input: { direction: UPSTREAM }) { total relationships { entity { urn } } }
            lineageFeatures { upstreamCount }
          }
          ... on BrowsableEntity { browsePaths { path } }
        }
      }`,
      { urn: down },
    );
    expect(data.entity).toEqual({
      urn: down,
      lineage: { total: 1, relationships: [{ entity: { urn: up } }] },
      lineageFeatures: null,
      browsePaths: [{ path: ['prod', 'hive'] }],
    });
  });

  it('chart and dashboard: ChartProperties and DashboardProperties with their stamps, access, type', async () => {
    const id = unique();
    const chart = `urn:li:chart:(looker,dhf_${id})`;
    const dashboard = `urn:li:dashboard:(looker,dhf_${id})`;
    const stamps = { created: audit, lastModified: later, deleted: { time: 1800000000000, actor: alice } };
    await ingest([
      mcp(chart, 'chartInfo', {
        title: 'Revenue',
        description: 'by month',
        lastModified: stamps,
        type: 'BAR',
        access: 'PUBLIC',
        lastRefreshed: 1700000900000,
      }),
      mcp(chart, 'editableChartProperties', { description: 'edited chart' }),
      mcp(dashboard, 'dashboardInfo', {
        title: 'Sales',
        description: 'overview',
        lastModified: { created: audit, lastModified: audit },
        access: 'PRIVATE',
      }),
      mcp(dashboard, 'editableDashboardProperties', { description: 'edited dashboard' }),
    ]);
    const data = await ok(
      `query ($chart: String!, $dashboard: String!) {
        chart(urn: $chart) {
          properties { ... on ChartProperties { name type access lastRefreshed created { time } lastModified { actor } deleted { time } } }
          editableProperties { description }
        }
        dashboard(urn: $dashboard) {
          properties { name access lastRefreshed created { actor } lastModified { time } deleted { time } }
          editableProperties { description }
        }
      }`,
      { chart, dashboard },
    );
    expect(data.chart).toEqual({
      properties: {
        name: 'Revenue',
        type: 'BAR',
        access: 'PUBLIC',
        lastRefreshed: 1700000900000,
        created: { time: audit.time },
        lastModified: { actor: later.actor },
        deleted: { time: 1800000000000 },
      },
      editableProperties: { description: 'edited chart' },
    });
    expect(data.dashboard).toEqual({
      properties: {
        name: 'Sales',
        access: 'PRIVATE',
        lastRefreshed: null,
        created: { actor: alice },
        lastModified: { time: audit.time },
        deleted: null,
      },
      editableProperties: { description: 'edited dashboard' },
    });
  });

  it('users, groups, tags, glossary terms and platforms', async () => {
    const id = unique();
    const user = `urn:li:corpuser:dhf_${id}`;
    const manager = `urn:li:corpuser:dhf_boss_${id}`;
    const group = `urn:li:corpGroup:dhf_${id}`;
    const tag = `urn:li:tag:dhf_${id}`;
    const term = `urn:li:glossaryTerm:dhf_${id}`;
    const platform = `urn:li:dataPlatform:dhf_${id}`;
    const dataset = `urn:li:dataset:(${platform},t,PROD)`;
    const owners = { owners: [{ owner: user, type: 'BUSINESS_OWNER' }], lastModified: audit };
    await ingest([
      mcp(user, 'corpUserInfo', {
        active: true,
        displayName: 'Dee',
        managerUrn: manager,
        departmentId: 42,
        departmentName: 'Data',
        countryCode: 'FR',
      }),
      mcp(manager, 'corpUserInfo', { active: true, displayName: 'Boss' }),
      mcp(user, 'corpUserEditableInfo', {
        aboutMe: 'hi',
        teams: ['core'],
        skills: ['sql'],
        slack: '@dee',
        platforms: ['urn:li:dataPlatform:hive'],
      }),
      mcp(user, 'corpUserStatus', { status: 'SUSPENDED', lastModified: audit }),
      mcp(user, 'globalTags', { tags: [{ tag }] }),
      mcp(group, 'corpGroupInfo', { displayName: 'Eng', slack: '#eng', admins: [], members: [], groups: [] }),
      mcp(group, 'corpGroupEditableInfo', { description: 'edited', slack: '#eng-edited' }),
      mcp(group, 'ownership', owners),
      mcp(tag, 'tagProperties', { name: 'Tag', description: 'a tag' }),
      mcp(tag, 'ownership', owners),
      mcp(term, 'glossaryTermInfo', {
        name: 'Revenue',
        definition: 'Money in',
        termSource: 'INTERNAL',
        rawSchema: 'raw',
      }),
      mcp(term, 'ownership', owners),
      mcp(term, 'deprecation', { deprecated: true, note: 'old', actor: alice }),
      mcp(term, 'institutionalMemory', {
        elements: [{ url: 'https://wiki/revenue', description: 'Doc', createStamp: audit }],
      }),
      mcp(dataset, 'datasetProperties', { name: 't' }),
      mcp(platform, 'dataPlatformInfo', {
        name: 'dhf',
        type: 'RELATIONAL_DB',
        datasetNameDelimiter: '.',
      }),
    ]);
    const data = await ok(
      `query ($user: String!, $group: String!, $tag: String!, $term: String!, $dataset: String!) {
        corpUser(urn: $user) {
          properties { manager { urn properties { displayName } } departmentId departmentName countryCode }
          info { ... on CorpUserInfo { displayName countryCode } }
          editableProperties { aboutMe teams skills slack platforms { urn } }
          status
          tags { tags { tag { urn } } }
          isNativeUser
        }
        corpGroup(urn: $group) {
          properties { displayName slack }
          editableProperties { description slack }
          ownership { owners { owner { ... on CorpUser { urn } } } }
        }
        tag(urn: $tag) { ownership { owners { type } } }
        glossaryTerm(urn: $term) {
          glossaryTermInfo { name description definition termSource rawSchema }
          properties { rawSchema }
          ownership { owners { type } }
          deprecation { deprecated note }
          institutionalMemory { elements { url label } }
        }
        dataset(urn: $dataset) { platform { properties { type datasetNameDelimiter } } }
      }`,
      { user, group, tag, term, dataset },
    );
    expect(data).toEqual({
      corpUser: {
        properties: {
          manager: { urn: manager, properties: { displayName: 'Boss' } },
          departmentId: 42,
          departmentName: 'Data',
          countryCode: 'FR',
        },
        info: { displayName: 'Dee', countryCode: 'FR' },
        editableProperties: {
          aboutMe: 'hi',
          teams: ['core'],
          skills: ['sql'],
          slack: '@dee',
          platforms: [{ urn: 'urn:li:dataPlatform:hive' }],
        },
        status: 'SUSPENDED',
        tags: { tags: [{ tag: { urn: tag } }] },
        isNativeUser: false,
      },
      corpGroup: {
        properties: { displayName: 'Eng', slack: '#eng' },
        editableProperties: { description: 'edited', slack: '#eng-edited' },
        ownership: { owners: [{ owner: { urn: user } }] },
      },
      tag: { ownership: { owners: [{ type: 'BUSINESS_OWNER' }] } },
      glossaryTerm: {
        glossaryTermInfo: {
          name: 'Revenue',
          description: 'Money in',
          definition: 'Money in',
          termSource: 'INTERNAL',
          rawSchema: 'raw',
        },
        properties: { rawSchema: 'raw' },
        ownership: { owners: [{ type: 'BUSINESS_OWNER' }] },
        deprecation: { deprecated: true, note: 'old' },
        institutionalMemory: { elements: [{ url: 'https://wiki/revenue', label: 'Doc' }] },
      },
      dataset: { platform: { properties: { type: 'RELATIONAL_DB', datasetNameDelimiter: '.' } } },
    });
  });

  it('ML models and groups: created, lastModified and mlModelLineageInfo (ml.md verify queries)', async () => {
    const id = unique();
    const model = `urn:li:mlModel:(urn:li:dataPlatform:mlflow,dhf_${id},PROD)`;
    const group = `urn:li:mlModelGroup:(urn:li:dataPlatform:mlflow,dhf_${id},PROD)`;
    const run = `urn:li:dataProcessInstance:dhf_${id}`;
    await ingest([
      mcp(model, 'mlModelProperties', {
        name: 'arima',
        created: { time: 1600000000000, actor: alice },
        lastModified: { time: 1700000000000 },
        trainingJobs: [run],
        groups: [group],
      }),
      mcp(group, 'mlModelGroupProperties', {
        name: 'forecasts',
        created: { time: 1500000000000, actor: alice },
        downstreamJobs: [run],
      }),
    ]);
    const data = await ok(
      `query ($model: String!, $group: String!) {
        mlModel(urn: $model) {
          properties { created { time actor } lastModified { time actor } mlModelLineageInfo { trainingJobs downstreamJobs } }
          ... on BrowsableEntity { browsePaths { path } }
        }
        mlModelGroup(urn: $group) {
          properties { name created { time } lastModified { time } mlModelLineageInfo { trainingJobs downstreamJobs } }
        }
      }`,
      { model, group },
    );
    expect(data.mlModel).toEqual({
      properties: {
        created: { time: 1600000000000, actor: alice },
        lastModified: { time: 1700000000000, actor: null },
        mlModelLineageInfo: { trainingJobs: [run], downstreamJobs: null },
      },
      browsePaths: null,
    });
    expect(data.mlModelGroup).toEqual({
      properties: {
        name: 'forecasts',
        created: { time: 1500000000000 },
        lastModified: null,
        mlModelLineageInfo: { trainingJobs: null, downstreamJobs: [run] },
      },
    });
  });

  it('accepts DataHub inputs: optional lineage query, search flags, new enum values and mutation fields', async () => {
    const up = datasetUrn(`dhf_lin_up_${unique()}`);
    const down = datasetUrn(`dhf_lin_down_${unique()}`);
    await ingest([
      mcp(up, 'datasetProperties', { name: 'up' }),
      mcp(down, 'upstreamLineage', { upstreams: [{ dataset: up, type: 'TRANSFORMED', auditStamp: audit }] }),
    ]);

    // The SDK lineage client sends no query; a missing query means every entity reached.
    const lineage = await ok(
      `query ($input: ScrollAcrossLineageInput!) {
        scrollAcrossLineage(input: $input) { total searchResults { entity { urn } degree } } }`,
      {
        input: {
          urn: down,
          direction: 'UPSTREAM',
          count: 10,
          types: null,
          searchFlags: {
            groupingSpec: {
              groupingCriteria: [{ baseEntityType: 'SCHEMA_FIELD', groupingEntityType: 'DATASET' }],
            },
          },
          lineageFlags: { ignoreAsHops: [{ entityType: 'DATA_JOB', platforms: ['airflow'] }] },
        },
      },
    );
    expect(lineage.scrollAcrossLineage).toEqual({
      total: 1,
      searchResults: [{ entity: { urn: up }, degree: 1 }],
    });
    const explicitNull = await ok(
      `{ searchAcrossLineage(input: {urn: "${down}", direction: UPSTREAM, query: null}) { total } }`,
    );
    expect(explicitNull.searchAcrossLineage.total).toBe(1);

    // ... but it needs a urn: refused with a clear BAD_REQUEST.
    const noUrn = await gql(`{ searchAcrossLineage(input: {direction: UPSTREAM}) { total } }`);
    expect(noUrn.errors?.[0]?.extensions.type).toBe('BAD_REQUEST');
    expect(noUrn.errors?.[0]?.message).toMatch(/urn is required/);

    // Search flags DataHub's client sends (get_results_by_filter) are accepted.
    const flags = await ok(
      `{ scrollAcrossEntities(input: {types: [DATASET], query: "*", count: 1,
          searchFlags: {fetchExtraFields: ["name"], rewriteQuery: false}}) { count } }`,
    );
    expect(flags.scrollAcrossEntities.count).toBeLessThanOrEqual(1);

    // DataHub's mutation input fields are accepted: a link's settings, a proposal note, a replacement.
    const links = await gql(
      `mutation { addLink(input: {linkUrl: "https://wiki/up", label: "Up", resourceUrn: "${up}",
          settings: {showInAssetPreview: true}}) }`,
    );
    expect(links.errors).toBeUndefined();
    const desc = await gql(
      `mutation { updateDescription(input: {description: "d", resourceUrn: "${up}", proposalNote: "why"}) }`,
    );
    expect(desc.errors).toBeUndefined();
    const batch = await gql(
      `mutation ($resources: [ResourceRefInput]!) {
        batchUpdateDeprecation(input: {deprecated: true, note: "n", resources: $resources, replacement: "${down}"}) }`,
      { resources: [{ resourceUrn: up }] },
    );
    expect(batch.errors).toBeUndefined();
    const withNull = await gql(
      `mutation ($resources: [ResourceRefInput]!) {
        batchUpdateDeprecation(input: {deprecated: false, resources: $resources}) }`,
      { resources: [{ resourceUrn: up }, null] },
    );
    expect(withNull.errors?.[0]?.extensions.type).toBe('BAD_REQUEST');
    expect(withNull.errors?.[0]?.message).toMatch(/resources must not contain null/);
    // A schema field's deprecation is refused rather than applied to the whole dataset.
    const field = await gql(
      `mutation { updateDeprecation(input: {urn: "${up}", subResourceType: DATASET_FIELD, subResource: "id",
          deprecated: true}) }`,
    );
    expect(field.errors?.[0]?.extensions.type).toBe('BAD_REQUEST');
    expect(field.errors?.[0]?.message).toMatch(/schema field/);
    const read = await ok(`{ dataset(urn: "${up}") { deprecation { deprecated note } } }`);
    expect(read.dataset.deprecation).toEqual({ deprecated: true, note: 'n' });

    // relationships needs a direction, as in DataHub.
    const noDirection = await gql(
      `{ dataset(urn: "${up}") { relationships(input: {types: ["DownstreamOf"]}) { total } } }`,
    );
    expect(noDirection.errors?.[0]?.extensions.type).toBe('BAD_REQUEST');
  });
});

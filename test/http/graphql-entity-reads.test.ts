import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime.js';
import { httpClient, post } from '../support/http.js';
import { datasetUrn, mcp, schemaField, schemaMetadata, startTestServer, unique } from '../support/runtime.js';

// What ingestion stores about datasets, pipelines, containers, models, groups, domains, glossaries,
// schema fields and queries, read back through GraphQL with DataHub's names (issue 37).

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
const STAMP = { time: 1700000000000, actor: 'urn:li:corpuser:ann' };
const DAY = 86_400_000;

describe('GraphQL: entities read as DataHub shows them', () => {
  it('editableProperties of flows, jobs, containers and ML assets', async () => {
    const id = unique();
    const flow = `urn:li:dataFlow:(airflow,er_${id},PROD)`;
    const job = `urn:li:dataJob:(${flow},load)`;
    const container = `urn:li:container:er_${id}`;
    const model = `urn:li:mlModel:(urn:li:dataPlatform:sagemaker,er_${id},PROD)`;
    const edited = (d: string) => ({ description: d, created: STAMP, lastModified: STAMP });
    await ingest([
      mcp(flow, 'editableDataFlowProperties', edited('the flow')),
      mcp(job, 'editableDataJobProperties', edited('the job')),
      mcp(container, 'editableContainerProperties', { description: 'the container' }),
      mcp(model, 'editableMlModelProperties', { description: 'the model' }),
    ]);
    const Q = `query q($f: String!, $j: String!, $c: String!, $m: String!) {
      dataFlow(urn: $f) { editableProperties { description } }
      dataJob(urn: $j) { editableProperties { description } }
      container(urn: $c) { editableProperties { description } }
      mlModel(urn: $m) { editableProperties { description } } }`;
    expect(await ok(Q, { f: flow, j: job, c: container, m: model })).toEqual({
      dataFlow: { editableProperties: { description: 'the flow' } },
      dataJob: { editableProperties: { description: 'the job' } },
      container: { editableProperties: { description: 'the container' } },
      mlModel: { editableProperties: { description: 'the model' } },
    });
  });

  it("domains and glossaries: parents nearest first, display properties; a group's older info", async () => {
    const id = unique();
    const [top, mid, leaf] = ['top', 'mid', 'leaf'].map((n) => `urn:li:domain:er_${n}_${id}`) as [
      string,
      string,
      string,
    ];
    const [root, node] = ['root', 'node'].map((n) => `urn:li:glossaryNode:er_${n}_${id}`) as [string, string];
    const term = `urn:li:glossaryTerm:er_${id}`;
    const group = `urn:li:corpGroup:er_${id}`;
    const ann = `urn:li:corpuser:er_ann_${id}`;
    const display = {
      colorHex: '#ff0000',
      icon: { iconLibrary: 'MATERIAL', name: 'Folder', style: 'Outlined' },
    };
    await ingest([
      mcp(top, 'domainProperties', { name: 'Top' }),
      mcp(mid, 'domainProperties', { name: 'Mid', parentDomain: top }),
      mcp(leaf, 'domainProperties', { name: 'Leaf', parentDomain: mid }),
      mcp(leaf, 'displayProperties', display),
      mcp(root, 'glossaryNodeInfo', { definition: 'root', name: 'Root' }),
      mcp(node, 'glossaryNodeInfo', { definition: 'node', name: 'Node', parentNode: root }),
      mcp(node, 'displayProperties', { colorHex: '#00ff00' }),
      mcp(term, 'glossaryTermInfo', { definition: 'd', termSource: 'INTERNAL', name: 'T', parentNode: node }),
      mcp(group, 'corpGroupInfo', {
        displayName: 'Eng',
        email: 'eng@x',
        admins: [ann],
        members: [ann],
        groups: [],
      }),
    ]);
    const Q = `query q($d: String!, $n: String!, $t: String!, $g: String!) {
      domain(urn: $d) { parentDomains { count domains { urn } } displayProperties { colorHex icon { iconLibrary name style } } }
      glossaryNode(urn: $n) { displayProperties { colorHex icon { name } } parentNodes { count nodes { urn } } }
      glossaryTerm(urn: $t) { parentNodes { count nodes { urn } } }
      corpGroup(urn: $g) { info { displayName email admins { urn } members { urn } groups } } }`;
    expect(await ok(Q, { d: leaf, n: node, t: term, g: group })).toEqual({
      domain: {
        parentDomains: { count: 2, domains: [{ urn: mid }, { urn: top }] },
        displayProperties: display,
      },
      glossaryNode: {
        displayProperties: { colorHex: '#00ff00', icon: null },
        parentNodes: { count: 1, nodes: [{ urn: root }] },
      },
      glossaryTerm: { parentNodes: { count: 2, nodes: [{ urn: node }, { urn: root }] } },
      corpGroup: {
        info: {
          displayName: 'Eng',
          email: 'eng@x',
          admins: [{ urn: ann }],
          members: [{ urn: ann }],
          groups: [],
        },
      },
    });
  });

  it("a structured property's definition: when it was created and changed, and by whom", async () => {
    const urn = `urn:li:structuredProperty:er_${unique()}`;
    await ingest([
      mcp(urn, 'propertyDefinition', {
        qualifiedName: urn.split(':')[3],
        valueType: 'urn:li:dataType:datahub.string',
        entityTypes: ['urn:li:entityType:datahub.dataset'],
        created: STAMP,
        lastModified: { time: 1700000000500, actor: 'urn:li:corpuser:__datahub_system' },
      }),
    ]);
    const Q = `query q($urn: String!) { structuredProperty(urn: $urn) { definition {
      created { time actor { urn } } lastModified { time actor { urn } } } } }`;
    expect((await ok(Q, { urn })).structuredProperty.definition).toEqual({
      created: { time: STAMP.time, actor: { urn: STAMP.actor } },
      lastModified: { time: 1700000000500, actor: { urn: 'urn:li:corpuser:__datahub_system' } },
    });
  });

  it('schema fields as entities: path, parent and documentation; queries: origin and custom properties', async () => {
    const id = unique();
    const dataset = datasetUrn(`er_${id}`);
    const field = `urn:li:schemaField:(${dataset},a%2Cb)`;
    const dashboard = `urn:li:dashboard:(looker,er_${id})`;
    const query = `urn:li:query:er_${id}`;
    await ingest([
      mcp(dataset, 'datasetProperties', { name: 'er' }),
      mcp(field, 'documentation', {
        documentations: [
          {
            documentation: 'The a,b column',
            attribution: { time: 5, actor: 'urn:li:corpuser:ann', sourceDetail: { origin: 'dbt' } },
          },
        ],
      }),
      mcp(query, 'queryProperties', {
        statement: { value: 'select 1', language: 'SQL' },
        source: 'SYSTEM',
        created: STAMP,
        lastModified: STAMP,
        origin: dashboard,
        customProperties: { tool: 'looker' },
      }),
    ]);
    const Q = `query q($f: String!, $q: String!) {
      entity(urn: $f) { ... on SchemaFieldEntity { fieldPath parent { urn }
        documentation { documentations { documentation attribution { time actor { urn } sourceDetail { key value } } } } } }
      query: entity(urn: $q) { ... on QueryEntity { properties { origin { urn type } customProperties { key value } } } } }`;
    expect(await ok(Q, { f: field, q: query })).toEqual({
      entity: {
        fieldPath: 'a,b',
        parent: { urn: dataset },
        documentation: {
          documentations: [
            {
              documentation: 'The a,b column',
              attribution: {
                time: 5,
                actor: { urn: 'urn:li:corpuser:ann' },
                sourceDetail: [{ key: 'origin', value: 'dbt' }],
              },
            },
          ],
        },
      },
      query: {
        properties: {
          origin: { urn: dashboard, type: 'DASHBOARD' },
          customProperties: [{ key: 'tool', value: 'looker' }],
        },
      },
    });
  });
});

describe('the members of a domain, a container and a data product', () => {
  it("are searched with the caller's text and filters; a count of 0 answers the total alone", async () => {
    const id = unique();
    const domain = `urn:li:domain:mem_${id}`;
    const container = `urn:li:container:mem_${id}`;
    const product = `urn:li:dataProduct:mem_${id}`;
    const [a, b, c] = ['a', 'b', 'c'].map((n) => datasetUrn(`mem_${n}_${id}`)) as [string, string, string];
    const res = await post(
      rt.url,
      '/aspects?action=ingestProposalBatch',
      {
        proposals: [
          mcp(domain, 'domainProperties', { name: `mem ${id}` }),
          mcp(container, 'containerProperties', { name: `mem ${id}` }),
          ...[a, b, c].map((d) => mcp(d, 'datasetProperties', { name: d.split(',')[1] })),
          ...[a, b].map((d) => mcp(d, 'domains', { domains: [domain] })),
          ...[b, c].map((d) => mcp(d, 'container', { container })),
          mcp(product, 'dataProductProperties', {
            name: 'p',
            assets: [{ destinationUrn: a }, { destinationUrn: c }],
          }),
          mcp(product, 'domains', { domains: [domain] }),
        ],
      },
      { 'X-DataHub-Sync-Index-Update': 'true' },
    );
    expect(res.status).toBe(200);
    const Q = `query q($d: String!, $c: String!, $p: String!) {
      domain(urn: $d) {
        entities(input: { start: 0, count: 10 }) { total searchResults { entity { urn } } }
        assets: entities(input: { start: 0, count: 0, filters: [{ field: "_entityType", negated: true, values: ["DATA_PRODUCT", "DOMAIN"] }] }) { total searchResults { entity { urn } } }
        dataProducts: entities(input: { start: 0, count: 0, filters: [{ field: "_entityType", values: ["DATA_PRODUCT"] }] }) { total }
      }
      container(urn: $c) { entities(input: { filters: [{ field: "_entityType", values: ["DATASET"] }] }) { total searchResults { entity { urn } } } }
      dataProduct(urn: $p) { entities(input: { query: "*", count: 10 }) { total searchResults { entity { urn } } } } }`;
    const data = await ok(Q, { d: domain, c: container, p: product });
    const urns = (r: Record<string, any>) =>
      r.searchResults.map((x: Record<string, any>) => x.entity.urn).sort();
    expect([data.domain.entities.total, urns(data.domain.entities)]).toEqual([3, [a, b, product].sort()]);
    expect(data.domain.assets).toEqual({ total: 2, searchResults: [] });
    expect(data.domain.dataProducts).toEqual({ total: 1 });
    expect([data.container.entities.total, urns(data.container.entities)]).toEqual([2, [b, c].sort()]);
    expect([data.dataProduct.entities.total, urns(data.dataProduct.entities)]).toEqual([2, [a, c].sort()]);
  });

  it('counted together for a page of parents (one search per filter), each total its own', async () => {
    const id = unique();
    const domains = [0, 1, 2, 3].map((i) => `urn:li:domain:memp${i}_${id}`);
    const containers = [0, 1].map((i) => `urn:li:container:memp${i}_${id}`);
    // Domain i holds i datasets (the last also a chart); a dataset in two domains counts in both.
    const sets = [1, 2, 3].map((i) =>
      Array.from({ length: i }, (_, j) => datasetUrn(`memp_${i}_${j}_${id}`)),
    ) as string[][];
    const chart = `urn:li:chart:(looker,memp_${id})`;
    const both = datasetUrn(`memp_both_${id}`);
    const res = await post(
      rt.url,
      '/aspects?action=ingestProposalBatch',
      {
        proposals: [
          ...domains.map((d, i) => mcp(d, 'domainProperties', { name: `memp ${id} ${i}` })),
          ...containers.map((c, i) => mcp(c, 'containerProperties', { name: `memp ${id} ${i}` })),
          ...sets.flatMap((urns, i) => urns.map((u) => mcp(u, 'domains', { domains: [domains[i + 1]] }))),
          mcp(chart, 'domains', { domains: [domains[3]] }),
          mcp(both, 'domains', { domains: [domains[1], domains[2]] }),
          ...(sets[2] as string[]).map((u) => mcp(u, 'container', { container: containers[1] })),
        ],
      },
      { 'X-DataHub-Sync-Index-Update': 'true' },
    );
    expect(res.status).toBe(200);
    const page = await ok(
      `query q($q: String!) {
        searchAcrossEntities(input: { types: [DOMAIN, CONTAINER], query: $q, start: 0, count: 10 }) {
          searchResults { entity { urn
            ... on Domain {
              all: entities(input: { start: 0, count: 0 }) { total }
              datasets: entities(input: { start: 0, count: 0, filters: [{ field: "_entityType", values: ["DATASET"] }] }) { total } }
            ... on Container { entities(input: { start: 0, count: 0 }) { total } } } } } }`,
      { q: `memp ${id}` },
    );
    const got = Object.fromEntries(
      page.searchAcrossEntities.searchResults.map((r: Record<string, any>) => [
        r.entity.urn,
        r.entity.all ? [r.entity.all.total, r.entity.datasets.total] : r.entity.entities.total,
      ]),
    );
    expect(got).toEqual({
      [domains[0] as string]: [0, 0],
      [domains[1] as string]: [2, 2],
      [domains[2] as string]: [3, 3],
      [domains[3] as string]: [4, 3],
      [containers[0] as string]: 0,
      [containers[1] as string]: 3,
    });
    // Each alone answers the same.
    for (const [i, expected] of [0, 2, 3, 4].entries()) {
      const one = await ok(
        `query q($d: String!) { domain(urn: $d) { entities(input: { count: 0 }) { total } } }`,
        {
          d: domains[i],
        },
      );
      expect(one.domain.entities.total).toBe(expected);
    }
  });
});

describe('documents', () => {
  it('read as DataHub shows them, and listed as the related documents of the assets they name', async () => {
    const id = unique();
    const dataset = datasetUrn(`doc_${id}`);
    const [guide, child, other] = ['guide', 'child', 'other'].map(
      (n) => `urn:li:document:doc_${n}_${id}`,
    ) as [string, string, string];
    const info = (title: string, extra: Record<string, unknown> = {}) => ({
      title,
      contents: { text: `${title} text` },
      status: { state: 'PUBLISHED' },
      created: STAMP,
      lastModified: STAMP,
      ...extra,
    });
    const res = await post(
      rt.url,
      '/aspects?action=ingestProposalBatch',
      {
        proposals: [
          mcp(dataset, 'datasetProperties', { name: 'doc' }),
          mcp(
            guide,
            'documentInfo',
            info('Guide', {
              source: { sourceType: 'EXTERNAL', externalUrl: 'https://wiki/guide' },
              relatedAssets: [{ asset: dataset }],
              relatedDocuments: [{ document: other }],
              customProperties: { team: 'data' },
            }),
          ),
          mcp(guide, 'subTypes', { typeNames: ['Runbook'] }),
          mcp(
            child,
            'documentInfo',
            info('Child', { relatedAssets: [{ asset: dataset }], parentDocument: { document: guide } }),
          ),
          mcp(other, 'documentInfo', info('Other')),
        ],
      },
      { 'X-DataHub-Sync-Index-Update': 'true' },
    );
    expect(res.status).toBe(200);
    const Q = `query q($urn: String!, $d: String!) {
      entities(urns: [$urn]) { ... on Document { urn type subType exists platform { urn }
        info { title contents { text } source { sourceType externalUrl } status { state }
          created { time actor { urn } } relatedAssets { asset { urn } } relatedDocuments { document { urn } }
          parentDocument { document { urn } } customProperties { key value } } } }
      dataset(urn: $d) {
        all: relatedDocuments(input: { start: 0, count: 10 }) { start count total documents { urn info { title } } }
        roots: relatedDocuments(input: { rootOnly: true }) { total documents { urn } } } }`;
    const data = await ok(Q, { urn: guide, d: dataset });
    expect(data.entities[0]).toEqual({
      urn: guide,
      type: 'DOCUMENT',
      subType: 'Runbook',
      exists: true,
      platform: { urn: 'urn:li:dataPlatform:datahub' },
      info: {
        title: 'Guide',
        contents: { text: 'Guide text' },
        source: { sourceType: 'EXTERNAL', externalUrl: 'https://wiki/guide' },
        status: { state: 'PUBLISHED' },
        created: { time: STAMP.time, actor: { urn: STAMP.actor } },
        relatedAssets: [{ asset: { urn: dataset } }],
        relatedDocuments: [{ document: { urn: other } }],
        parentDocument: null,
        customProperties: [{ key: 'team', value: 'data' }],
      },
    });
    const titles = (r: Record<string, any>) =>
      r.documents.map((d: Record<string, any>) => d.info?.title ?? d.urn).sort();
    expect([data.dataset.all.total, titles(data.dataset.all)]).toEqual([2, ['Child', 'Guide']]);
    expect(data.dataset.roots).toEqual({ total: 1, documents: [{ urn: guide }] });
  });
});

describe('listQueries', () => {
  it("finds a dataset's queries by subject, source and text, paged, as DataHub's MCP server asks", async () => {
    const id = unique();
    const [orders, users] = [datasetUrn(`lq_orders_${id}`), datasetUrn(`lq_users_${id}`)];
    const q = (n: number, source: string, subjects: string[]) => {
      const urn = `urn:li:query:lq_${n}_${id}`;
      return [
        mcp(urn, 'queryProperties', {
          statement: { value: `select ${n} /* lq${id} */`, language: 'SQL' },
          source,
          name: `lq${id} query ${n}`,
          created: STAMP,
          lastModified: STAMP,
        }),
        mcp(urn, 'querySubjects', { subjects: subjects.map((entity) => ({ entity })) }),
      ];
    };
    const res = await post(
      rt.url,
      '/aspects?action=ingestProposalBatch',
      {
        proposals: [
          ...q(1, 'MANUAL', [orders]),
          ...q(2, 'SYSTEM', [orders, users]),
          ...q(3, 'SYSTEM', [users]),
        ],
      },
      { 'X-DataHub-Sync-Index-Update': 'true' },
    );
    expect(res.status).toBe(200);
    const LIST = `query l($input: ListQueriesInput!) { listQueries(input: $input) {
      start count total queries { urn properties { source name } } } }`;
    const urns = async (input: Record<string, unknown>) =>
      ((await ok(LIST, { input })).listQueries.queries as { urn: string }[])
        .map((x) => x.urn.split('_')[1])
        .sort();
    expect(await urns({ datasetUrn: orders })).toEqual(['1', '2']);
    expect(await urns({ datasetUrn: orders, source: 'SYSTEM' })).toEqual(['2']);
    // As the MCP server sends it: the dataset as an OR filter on `entities`.
    expect(
      await urns({ orFilters: [{ and: [{ field: 'entities', values: [users] }] }], source: 'SYSTEM' }),
    ).toEqual(['2', '3']);
    const page = (await ok(LIST, { input: { query: `lq${id}`, start: 1, count: 1 } })).listQueries;
    expect([page.start, page.count, page.total]).toEqual([1, 1, 3]);
  });
});

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

  it('profiles and operations: newest first, in a range, as stored', async () => {
    const urn = datasetUrn(`dsr_prof_${unique()}`);
    const t0 = 1700000000000;
    const profile = (n: number) =>
      mcp(urn, 'datasetProfile', {
        timestampMillis: t0 + n * DAY,
        rowCount: 100 * n,
        columnCount: 2,
        partitionSpec: { type: 'FULL_TABLE', partition: 'FULL_TABLE_SNAPSHOT' },
        fieldProfiles: [
          {
            fieldPath: 'amount',
            uniqueCount: 10 * n,
            uniqueProportion: 0.5,
            nullCount: 0,
            min: '1',
            max: '99',
            quantiles: [{ quantile: '0.5', value: '42' }],
            distinctValueFrequencies: [{ value: '42', frequency: 3 }],
            sampleValues: ['1', '42'],
          },
        ],
      });
    await ingest([
      profile(1),
      profile(2),
      profile(3),
      mcp(urn, 'operation', {
        timestampMillis: t0,
        lastUpdatedTimestamp: t0 - 5,
        operationType: 'INSERT',
        actor: 'urn:li:corpuser:etl',
        numAffectedRows: 7,
        affectedDatasets: [urn],
        partitionSpec: { type: 'PARTITION', partition: 'ds=2023-11-14' },
        customProperties: { job: 'nightly' },
      }),
    ]);
    const Q = `query q($urn: String!, $start: Long) { dataset(urn: $urn) {
      datasetProfiles(startTimeMillis: $start, limit: 5) { timestampMillis rowCount columnCount
        partitionSpec { type partition }
        fieldProfiles { fieldPath uniqueCount uniqueProportion nullCount min max sampleValues
          quantiles { quantile value } distinctValueFrequencies { value frequency } } }
      latest: datasetProfiles(limit: 1) { rowCount }
      operations { timestampMillis lastUpdatedTimestamp operationType actor numAffectedRows partition
        customProperties { key value } } } }`;
    const d = (await ok(Q, { urn, start: t0 + 2 * DAY })).dataset;
    expect(d.datasetProfiles.map((p: Record<string, any>) => p.rowCount)).toEqual([300, 200]);
    expect(d.datasetProfiles[0]).toMatchObject({
      timestampMillis: t0 + 3 * DAY,
      columnCount: 2,
      partitionSpec: { type: 'FULL_TABLE', partition: 'FULL_TABLE_SNAPSHOT' },
      fieldProfiles: [
        {
          fieldPath: 'amount',
          uniqueCount: 30,
          uniqueProportion: 0.5,
          nullCount: 0,
          min: '1',
          max: '99',
          sampleValues: ['1', '42'],
          quantiles: [{ quantile: '0.5', value: '42' }],
          distinctValueFrequencies: [{ value: '42', frequency: 3 }],
        },
      ],
    });
    expect(d.latest).toEqual([{ rowCount: 300 }]);
    expect(d.operations).toEqual([
      {
        timestampMillis: t0,
        lastUpdatedTimestamp: t0 - 5,
        operationType: 'INSERT',
        actor: 'urn:li:corpuser:etl',
        numAffectedRows: 7,
        partition: 'ds=2023-11-14',
        customProperties: [{ key: 'job', value: 'nightly' }],
      },
    ]);
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

    // usageStats: DataHub's day buckets of a range (the empty days between included), and their sums.
    const U = `query q($urn: String!, $range: TimeRange) { dataset(urn: $urn) { usageStats(range: $range) {
      buckets { duration resource metrics { totalSqlQueries uniqueUserCount users { user { urn } count } } }
      aggregations { totalSqlQueries uniqueUserCount users { user { urn } count } } } } }`;
    const month = (await ok(U, { urn, range: 'MONTH' })).dataset.usageStats;
    expect(month.buckets).toHaveLength(2);
    expect(month.buckets[0]).toMatchObject({ duration: 'DAY', resource: urn });
    expect(month.aggregations).toEqual({
      totalSqlQueries: 15,
      uniqueUserCount: 2,
      users: [
        { user: { urn: ann }, count: 8 },
        { user: { urn: bob }, count: 7 },
      ],
    });
    const all = (await ok(U, { urn, range: 'ALL' })).dataset.usageStats;
    expect([all.buckets.length, all.aggregations.totalSqlQueries]).toEqual([40, 115]);
    expect(all.buckets[1].metrics).toEqual({ totalSqlQueries: null, uniqueUserCount: null, users: null });
    expect((await ok(U, { urn: none, range: 'ALL' })).dataset.usageStats).toEqual({
      buckets: [],
      aggregations: { totalSqlQueries: null, uniqueUserCount: 0, users: [] },
    });
  });
});

describe('dashboard and chart usage', () => {
  it('usageStats and statsSummary: buckets and their sums per user, the latest absolute figures', async () => {
    const id = unique();
    const dashboard = `urn:li:dashboard:(looker,usage_${id})`;
    const chart = `urn:li:chart:(looker,usage_${id})`;
    const [ann, bob] = ['ann', 'bob'].map((u) => `urn:li:corpuser:dbu_${u}_${id}`) as [string, string];
    const now = Date.now();
    const bucket = (urn: string, aspect: string, daysAgo: number, views: number, users: [string, number][]) =>
      mcp(urn, aspect, {
        timestampMillis: now - daysAgo * DAY,
        eventGranularity: { unit: 'DAY', multiple: 1 },
        viewsCount: views,
        uniqueUserCount: users.length,
        userCounts: users.map(([user, n]) => ({
          user,
          viewsCount: n,
          ...(aspect === 'dashboardUsageStatistics' ? { usageCount: n } : {}),
        })),
      });
    await ingest([
      bucket(dashboard, 'dashboardUsageStatistics', 1, 10, [
        [ann, 4],
        [bob, 6],
      ]),
      bucket(dashboard, 'dashboardUsageStatistics', 2, 5, [[ann, 5]]),
      bucket(dashboard, 'dashboardUsageStatistics', 45, 100, [[bob, 100]]),
      // Absolute figures: no granularity.
      mcp(dashboard, 'dashboardUsageStatistics', {
        timestampMillis: now - 3 * DAY,
        viewsCount: 900,
        favoritesCount: 3,
      }),
      mcp(dashboard, 'dashboardUsageStatistics', {
        timestampMillis: now - DAY + 1000,
        viewsCount: 1000,
        favoritesCount: 4,
      }),
      bucket(chart, 'chartUsageStatistics', 1, 7, [[bob, 7]]),
    ]);
    const Q = `query ($u: String!, $start: Long) { dashboard(urn: $u) {
      usageStats(startTimeMillis: $start, limit: 1) {
        buckets { duration resource metrics { viewsCount uniqueUserCount } }
        aggregations { uniqueUserCount viewsCount users { user { urn } viewsCount usageCount } }
        metrics { viewsCount favoritesCount } }
      statsSummary { viewCount viewCountLast30Days uniqueUserCountLast30Days topUsersLast30Days { urn } } } }`;
    const d = (await ok(Q, { u: dashboard, start: now - 30 * DAY })).dashboard;
    expect(d.usageStats.buckets).toEqual([
      { duration: 'DAY', resource: dashboard, metrics: { viewsCount: 10, uniqueUserCount: 2 } },
      { duration: 'DAY', resource: dashboard, metrics: { viewsCount: 5, uniqueUserCount: 1 } },
    ]);
    expect(d.usageStats.aggregations).toEqual({
      uniqueUserCount: 2,
      viewsCount: 15,
      users: [
        { user: { urn: ann }, viewsCount: 9, usageCount: 9 },
        { user: { urn: bob }, viewsCount: 6, usageCount: 6 },
      ],
    });
    expect(d.usageStats.metrics).toEqual([{ viewsCount: 1000, favoritesCount: 4 }]);
    expect(d.statsSummary).toEqual({
      viewCount: 1000,
      viewCountLast30Days: 15,
      uniqueUserCountLast30Days: 2,
      topUsersLast30Days: [{ urn: ann }, { urn: bob }],
    });
    const c = await ok(
      `query ($u: String!) { chart(urn: $u) { statsSummary { viewCount viewCountLast30Days topUsersLast30Days { urn } } } }`,
      {
        u: chart,
      },
    );
    expect(c.chart.statsSummary).toEqual({
      viewCount: null,
      viewCountLast30Days: 7,
      topUsersLast30Days: [{ urn: bob }],
    });
    const unused = `urn:li:chart:(looker,unused_${id})`;
    await ingest([
      mcp(unused, 'chartInfo', {
        title: 'u',
        description: '',
        lastModified: { created: { time: 1, actor: ann }, lastModified: { time: 1, actor: ann } },
      }),
    ]);
    expect(
      (await ok(`query ($u: String!) { chart(urn: $u) { statsSummary { viewCount } } }`, { u: unused })).chart
        .statsSummary,
    ).toBeNull();
  });
});

describe('versions', () => {
  it('versionProperties shows an asset’s version set, tag and aliases; the latest as the set says', async () => {
    const id = unique();
    const set = `urn:li:versionSet:(vs_${id},mlModel)`;
    const [v1, v2] = [1, 2].map((n) => `urn:li:mlModel:(urn:li:dataPlatform:mlflow,vs_${id}_v${n},PROD)`) as [
      string,
      string,
    ];
    const version = (urn: string, tag: string, sortId: string) =>
      mcp(urn, 'versionProperties', {
        versionSet: set,
        version: { versionTag: tag },
        aliases: [{ versionTag: `${tag}-alias` }],
        sortId,
        versioningScheme: 'ALPHANUMERIC_GENERATED_BY_DATAHUB',
        comment: `version ${tag}`,
      });
    await ingest([
      version(v1, '1', 'AAAAAAAA'),
      version(v2, '2', 'AAAAAAAB'),
      mcp(set, 'versionSetProperties', { latest: v2, versioningScheme: 'ALPHANUMERIC_GENERATED_BY_DATAHUB' }),
    ]);
    const Q = `query q($u: String!) { mlModel(urn: $u) { versionProperties {
      versionSet { urn latestVersion { urn } } version { versionTag } aliases { versionTag } comment isLatest } } }`;
    expect((await ok(Q, { u: v1 })).mlModel.versionProperties).toEqual({
      versionSet: { urn: set, latestVersion: { urn: v2 } },
      version: { versionTag: '1' },
      aliases: [{ versionTag: '1-alias' }],
      comment: 'version 1',
      isLatest: false,
    });
    expect((await ok(Q, { u: v2 })).mlModel.versionProperties.isLatest).toBe(true);
    // The set's versions, searched (the index is written by the sync: asked until both show).
    const S = `query q($s: String!) { versionSet(urn: $s) { versionsSearch(input: { query: "*", count: 10 }) {
      total searchResults { entity { urn } } } } }`;
    let found = (await ok(S, { s: set })).versionSet.versionsSearch;
    for (let i = 0; i < 50 && found.total < 2; i++) {
      await new Promise((r) => setTimeout(r, 100));
      found = (await ok(S, { s: set })).versionSet.versionsSearch;
    }
    expect(found.total).toBe(2);
    expect(found.searchResults.map((r: any) => r.entity.urn).sort()).toEqual([v1, v2].sort());
  });
});

describe('links between assets, and the glossary', () => {
  it('siblings, a chart’s input fields, a node’s children and a term’s domain read as stored', async () => {
    const id = unique();
    const [dbt, table] = [datasetUrn(`sib_${id}`, 'dbt'), datasetUrn(`sib_${id}`, 'snowflake')];
    const chart = `urn:li:chart:(looker,links_${id})`;
    const field = `urn:li:schemaField:(${table},amount)`;
    const node = `urn:li:glossaryNode:links_${id}`;
    const sub = `urn:li:glossaryNode:links_sub_${id}`;
    const [t1, t2] = ['1', '2'].map((n) => `urn:li:glossaryTerm:links_${id}_${n}`) as [string, string];
    const domain = `urn:li:domain:links_${id}`;
    await ingest([
      mcp(dbt, 'siblings', { siblings: [table], primary: true }),
      mcp(table, 'siblings', { siblings: [dbt], primary: false }),
      mcp(chart, 'inputFields', {
        fields: [
          {
            schemaFieldUrn: field,
            schemaField: {
              fieldPath: 'amount',
              nativeDataType: 'NUMBER',
              type: { type: { 'com.linkedin.schema.NumberType': {} } },
            },
          },
        ],
      }),
      mcp(node, 'glossaryNodeInfo', { definition: 'n', name: 'N' }),
      mcp(sub, 'glossaryNodeInfo', { definition: 's', name: 'S', parentNode: node }),
      ...[t1, t2].map((t) =>
        mcp(t, 'glossaryTermInfo', { definition: 't', termSource: 'INTERNAL', parentNode: node }),
      ),
      mcp(domain, 'domainProperties', { name: 'D' }),
      mcp(t1, 'domains', { domains: [domain] }),
    ]);
    const data = await ok(
      `query q($d: String!, $c: String!, $n: String!, $t: String!) {
        dataset(urn: $d) { siblings { isPrimary siblings { urn } } }
        chart(urn: $c) { inputFields { fields { schemaFieldUrn schemaField { fieldPath type nativeDataType } } } }
        glossaryNode(urn: $n) { childrenCount { termsCount nodesCount } }
        glossaryTerm(urn: $t) { domain { domain { urn } } } }`,
      { d: dbt, c: chart, n: node, t: t1 },
    );
    expect(data).toEqual({
      dataset: { siblings: { isPrimary: true, siblings: [{ urn: table }] } },
      chart: {
        inputFields: {
          fields: [
            {
              schemaFieldUrn: field,
              schemaField: { fieldPath: 'amount', type: 'NUMBER', nativeDataType: 'NUMBER' },
            },
          ],
        },
      },
      glossaryNode: { childrenCount: { termsCount: 2, nodesCount: 1 } },
      glossaryTerm: { domain: { domain: { urn: domain } } },
    });
  });
});

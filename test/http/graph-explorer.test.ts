import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime.js';
import { get, post, request } from '../support/http.js';
import { datasetUrn, mcp, startTestServer, unique } from '../support/runtime.js';

let rt: Runtime;
beforeAll(async () => {
  rt = await startTestServer();
});
afterAll(async () => rt?.stop());

const graph = async (query: string, variables: Record<string, unknown> = {}) =>
  post(rt.url, '/api/graph', { query, variables });
const ingest = async (proposals: unknown[]) => {
  const res = await post(rt.url, '/aspects?action=ingestProposalBatch', { proposals });
  expect(res.status).toBe(200);
};
const stamp = { time: 1700000000000, actor: 'urn:li:corpuser:datahub' };
const changeAudit = { created: stamp, lastModified: stamp };
const urns = (list: { urn: string }[]) => list.map((x) => x.urn).sort();

/** A small catalog: a lineage chain with owners and a tag, a chart and a dashboard, an ML flow. */
async function catalog() {
  const id = unique();
  const n = {
    raw: datasetUrn(`explorer_${id}_raw`),
    orders: datasetUrn(`explorer_${id}_orders`),
    gone: datasetUrn(`explorer_${id}_gone`),
    alice: `urn:li:corpuser:explorer_${id}_alice`,
    team: `urn:li:corpGroup:explorer_${id}_team`,
    pii: `urn:li:tag:explorer_${id}_pii`,
    chart: `urn:li:chart:(explorer${id},revenue)`,
    dashboard: `urn:li:dashboard:(explorer${id},sales)`,
    feature: `urn:li:mlFeature:(explorer_${id},age)`,
    table: `urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,explorer_${id})`,
    model: `urn:li:mlModel:(urn:li:dataPlatform:sagemaker,explorer_${id}_m,PROD)`,
    group: `urn:li:mlModelGroup:(urn:li:dataPlatform:sagemaker,explorer_${id}_g,PROD)`,
  };
  await ingest([
    mcp(n.raw, 'datasetProperties', { name: `raw ${id}` }),
    mcp(n.orders, 'datasetProperties', { name: `orders ${id}` }),
    mcp(n.orders, 'upstreamLineage', {
      upstreams: [{ dataset: n.raw, type: 'TRANSFORMED', auditStamp: stamp }],
    }),
    mcp(n.orders, 'ownership', {
      owners: [
        { owner: n.alice, type: 'DATAOWNER' },
        { owner: n.team, type: 'TECHNICAL_OWNER' },
      ],
      lastModified: stamp,
    }),
    mcp(n.orders, 'globalTags', { tags: [{ tag: n.pii }] }),
    mcp(n.alice, 'corpUserInfo', { active: true, displayName: 'Alice' }),
    mcp(n.gone, 'datasetProperties', { name: `gone ${id}` }),
    mcp(n.gone, 'globalTags', { tags: [{ tag: n.pii }] }),
    mcp(n.gone, 'status', { removed: true }),
    mcp(n.chart, 'chartInfo', {
      title: 'Revenue',
      description: '',
      lastModified: changeAudit,
      inputs: [{ string: n.orders }],
    }),
    mcp(n.dashboard, 'dashboardInfo', {
      title: 'Sales',
      description: '',
      lastModified: changeAudit,
      charts: [n.chart],
    }),
    mcp(n.feature, 'mlFeatureProperties', { sources: [n.orders] }),
    mcp(n.table, 'mlFeatureTableProperties', { mlFeatures: [n.feature] }),
    mcp(n.model, 'mlModelProperties', { mlFeatures: [n.feature], groups: [n.group] }),
    mcp(n.group, 'mlModelGroupProperties', { description: 'group' }),
  ]);
  return n;
}

describe('graph explorer: /api/graph', () => {
  it('filters entities by URN and follows their edges: owners, upstreams, tags, and the edge properties', async () => {
    const n = await catalog();
    const res = await graph(
      `query ($urn: String!) {
        datasets(where: { urn: { eq: $urn } }) {
          urn entityType name removed stub createdAt
          ownedBy { urn entityType }
          downstreamOf { urn name }
          taggedWith { urn }
          ownedByConnection { edges { properties { aspect createdActor createdOn } node { urn } } }
        }
      }`,
      { urn: n.orders },
    );
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    const [orders] = res.body.data.datasets;
    expect(res.body.data.datasets).toHaveLength(1);
    expect(orders).toMatchObject({
      urn: n.orders,
      entityType: 'dataset',
      name: expect.stringMatching(/^orders /),
    });
    expect(orders).toMatchObject({
      removed: false,
      stub: false,
      createdAt: expect.stringMatching(/^\d{13}$/),
    });
    expect(orders.ownedBy).toEqual(
      expect.arrayContaining([
        { urn: n.alice, entityType: 'corpuser' },
        { urn: n.team, entityType: 'corpGroup' },
      ]),
    );
    expect(orders.ownedBy).toHaveLength(2);
    expect(orders.downstreamOf).toEqual([{ urn: n.raw, name: expect.stringMatching(/^raw /) }]);
    expect(orders.taggedWith).toEqual([{ urn: n.pii }]);
    expect(orders.ownedByConnection.edges).toHaveLength(2);
    expect(orders.ownedByConnection.edges[0].properties).toEqual({
      aspect: 'ownership',
      createdActor: expect.any(String),
      createdOn: expect.stringMatching(/^\d+$/),
    });
  });

  it('walks edges backwards and filters on related nodes', async () => {
    const n = await catalog();
    const res = await graph(
      `query ($raw: String!, $alice: String!, $pii: String!, $team: String!) {
        upstream: datasets(where: { urn: { eq: $raw } }) {
          upstreamOf(limit: 10) { urn consumedByCharts(limit: 10) { urn containedIn(limit: 10) { urn } } derivedFeatures { urn } }
        }
        owned: datasets(where: { ownedBy: { some: { urn: { eq: $alice } } } }) { urn }
        tagged: datasets(where: { taggedWith: { some: { urn: { eq: $pii } } } }) { urn }
        corpUsers(where: { urn: { eq: $alice } }) { owns { urn entityType } }
        corpGroups(where: { urn: { eq: $team } }) { owns { urn } }
        tags(where: { urn: { eq: $pii } }) { taggedEntities { urn ... on Dataset { removed } } }
      }`,
      { raw: n.raw, alice: n.alice, pii: n.pii, team: n.team },
    );
    expect(res.body.errors).toBeUndefined();
    const d = res.body.data;
    expect(d.upstream[0].upstreamOf).toEqual([
      {
        urn: n.orders,
        consumedByCharts: [{ urn: n.chart, containedIn: [{ urn: n.dashboard }] }],
        derivedFeatures: [{ urn: n.feature }],
      },
    ]);
    expect(urns(d.owned)).toEqual([n.orders]);
    expect(urns(d.tagged)).toEqual([n.gone, n.orders].sort());
    expect(d.corpUsers[0].owns).toEqual([{ urn: n.orders, entityType: 'dataset' }]);
    expect(d.corpGroups[0].owns).toEqual([{ urn: n.orders }]);
    expect(d.tags[0].taggedEntities).toEqual(
      expect.arrayContaining([
        { urn: n.orders, removed: false },
        { urn: n.gone, removed: true },
      ]),
    );
  });

  it('lists soft-deleted entities (a raw view) unless the query filters them out', async () => {
    const n = await catalog();
    const res = await graph(
      `query ($pii: String!) {
        all: datasets(where: { taggedWith: { some: { urn: { eq: $pii } } } }) { urn removed }
        live: datasets(where: { taggedWith: { some: { urn: { eq: $pii } } }, removed: { eq: false } }) { urn removed }
      }`,
      { pii: n.pii },
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.all).toEqual(expect.arrayContaining([{ urn: n.gone, removed: true }]));
    expect(urns(res.body.data.live)).toEqual([n.orders]);
  });

  it('follows the ML flow: feature tables, features, models and groups; counts through connections', async () => {
    const n = await catalog();
    const res = await graph(
      `query ($model: String!, $table: String!) {
        mlModels(where: { urn: { eq: $model } }) {
          consumes { urn featureTables { urn } derivedFrom { urn } }
          memberOf { urn models { urn } }
        }
        mlFeatureTablesConnection(where: { urn: { eq: $table } }) { totalCount edges { node { contains { urn } } } }
        entities(where: { urn: { in: [$model, $table] } }) { urn entityType }
        anyEntities(where: { urn: { eq: $model } }) { urn entityType }
      }`,
      { model: n.model, table: n.table },
    );
    expect(res.body.errors).toBeUndefined();
    const d = res.body.data;
    expect(d.mlModels).toEqual([
      {
        consumes: [{ urn: n.feature, featureTables: [{ urn: n.table }], derivedFrom: [{ urn: n.orders }] }],
        memberOf: [{ urn: n.group, models: [{ urn: n.model }] }],
      },
    ]);
    expect(d.mlFeatureTablesConnection).toEqual({
      totalCount: 1,
      edges: [{ node: { contains: [{ urn: n.feature }] } }],
    });
    expect(d.entities).toEqual(
      expect.arrayContaining([
        { urn: n.model, entityType: 'mlModel' },
        { urn: n.table, entityType: 'mlFeatureTable' },
      ]),
    );
    expect(d.anyEntities).toEqual([{ urn: n.model, entityType: 'mlModel' }]);
  });

  it('answers GET queries too', async () => {
    const n = await catalog();
    const query = encodeURIComponent(`{ tags(where: { urn: { eq: "${n.pii}" } }) { urn } }`);
    const res = await request('GET', `${rt.url}/api/graph?query=${query}`, {
      headers: { 'apollo-require-preflight': 'true' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { tags: [{ urn: n.pii }] } });
  });

  it('is read-only: the schema has no mutation, and a mutation request fails', async () => {
    const intro = await graph('{ __schema { mutationType { name } subscriptionType { name } } }');
    expect(intro.body.data.__schema).toEqual({ mutationType: null, subscriptionType: null });
    const urn = datasetUrn(`explorer_${unique()}_created`);
    const res = await graph(`mutation { createDatasets(input: [{ urn: "${urn}" }]) { datasets { urn } } }`);
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.message).toMatch(/mutation/i);
    const check = await graph(`{ anyEntities(where: { urn: { eq: "${urn}" } }) { urn } }`);
    expect(check.body.data.anyEntities).toEqual([]);
  });

  it('reports invalid queries as GraphQL errors', async () => {
    const res = await graph('{ datasets(where: { nope: { eq: 1 } }) { urn } }');
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });
});

describe('GraphiQL: /api/graphiql', () => {
  it('serves the page and its bundles from the installed packages, for both endpoints', async () => {
    const page = await request('GET', `${rt.url}/api/graphiql`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = page.text;
    expect(html).toContain('/api/graph');
    expect(html).toContain('/api/graphql');
    expect(html).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
    // It says where the token goes: the Headers tab, as a bearer Authorization header (filled in as a
    // placeholder), and where a token comes from.
    expect(html).toContain('Every request needs a token: put it in the <b>Headers</b> tab below');
    expect(html).toContain('<code>{"Authorization": "Bearer &lt;token&gt;"}</code>');
    expect(html).toContain('<code>.neohub/root-token</code>');
    expect(html).toContain("the web app's Admin page or with <code>createAccessToken</code>");
    expect(html).toContain(`defaultHeaders: '{"Authorization": "Bearer <token>"}'`);
    const assets = [...html.matchAll(/(?:src|href)="(\/[^"]+)"/g)].map((m) => m[1] as string);
    expect(assets.filter((a) => a.endsWith('.js'))).toHaveLength(3);
    expect(assets.filter((a) => a.endsWith('.css'))).toHaveLength(1);
    for (const asset of assets) {
      expect(asset.startsWith('/api/graphiql/assets/')).toBe(true);
      const res = await request('GET', `${rt.url}${asset}`);
      expect(res.status, asset).toBe(200);
      const type = res.headers.get('content-type') ?? '';
      expect(type).toMatch(asset.endsWith('.css') ? /^text\/css/ : /^text\/javascript/);
      expect(res.bytes.length).toBeGreaterThan(5_000);
    }
  });

  it('answers 404 for an asset it does not serve', async () => {
    const res = await get(rt.url, '/api/graphiql/assets/secret.js');
    expect(res.status).toBe(404);
  });
});

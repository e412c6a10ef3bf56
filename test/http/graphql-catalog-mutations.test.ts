import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime.js';
import { httpClient, post } from '../support/http.js';
import { datasetUrn, mcp, startTestServer, unique } from '../support/runtime.js';

// DataHub's edits of the catalog's structure (issue 37): domains and the glossary as trees, data
// products and their assets, incidents.

let rt: Runtime;
beforeAll(async () => {
  rt = await startTestServer();
});
afterAll(async () => rt?.stop());

const { gql, gqlOk: ok } = httpClient(() => rt.url, { gqlStatus: 200 });
const ingest = async (proposals: unknown[]) => {
  const res = await post(rt.url, '/aspects?action=ingestProposalBatch', { proposals });
  expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
};
const errorOf = async (query: string, variables?: Record<string, unknown>) =>
  (await gql(query, variables)).errors?.[0];

describe('domains and the glossary as trees', () => {
  it('moves a domain under another or to the root, never under itself; deletes one with no child', async () => {
    const id = unique();
    const [top, mid, leaf] = ['top', 'mid', 'leaf'].map((n) => `urn:li:domain:${n}_${id}`) as [
      string,
      string,
      string,
    ];
    await ingest([
      mcp(top, 'domainProperties', { name: `top ${id}` }),
      mcp(mid, 'domainProperties', { name: `mid ${id}`, parentDomain: top }),
      mcp(leaf, 'domainProperties', { name: `leaf ${id}`, description: 'kept' }),
    ]);
    const move = `mutation ($r: String!, $p: String) { moveDomain(input: { resourceUrn: $r, parentDomain: $p }) }`;
    expect(await ok(move, { r: leaf, p: mid })).toEqual({ moveDomain: true });
    const parents = async (urn: string) =>
      (
        await ok(
          `query ($u: String!) { domain(urn: $u) { parentDomains { domains { urn } } properties { description } } }`,
          { u: urn },
        )
      ).domain;
    expect((await parents(leaf)).parentDomains.domains.map((d: { urn: string }) => d.urn)).toEqual([
      mid,
      top,
    ]);
    expect((await parents(leaf)).properties.description).toBe('kept');
    // Under itself or one of its descendants: refused.
    expect((await errorOf(move, { r: top, p: leaf }))?.message).toMatch(
      /under itself or one of its children/,
    );
    expect((await errorOf(move, { r: top, p: top }))?.extensions?.code).toBe(400);
    expect((await errorOf(move, { r: leaf, p: `urn:li:domain:none_${id}` }))?.extensions?.code).toBe(404);
    expect(await ok(move, { r: leaf, p: null })).toEqual({ moveDomain: true });
    expect((await parents(leaf)).parentDomains.domains).toEqual([]);

    const del = `mutation ($u: String!) { deleteDomain(urn: $u) }`;
    expect((await errorOf(del, { u: top }))?.message).toMatch(/has child domains/);
    const ds = datasetUrn(`dom_${id}`);
    await ingest([mcp(ds, 'domains', { domains: [mid] })]);
    expect(await ok(del, { u: mid })).toEqual({ deleteDomain: true });
    const after = await ok(
      `query ($d: String!, $m: String!) { dataset(urn: $d) { domain { domain { urn } } } domain(urn: $m) { urn } }`,
      {
        d: ds,
        m: mid,
      },
    );
    expect(after.dataset.domain).toBeNull();
    expect(after.domain).toBeNull();
    expect(await ok(del, { u: top })).toEqual({ deleteDomain: true });
  });

  it('moves glossary terms and nodes between nodes; deletes one with its references', async () => {
    const id = unique();
    const [a, b] = ['a', 'b'].map((n) => `urn:li:glossaryNode:${n}_${id}`) as [string, string];
    const term = `urn:li:glossaryTerm:t_${id}`;
    const ds = datasetUrn(`gl_${id}`);
    await ingest([
      mcp(a, 'glossaryNodeInfo', { definition: 'a', name: `A ${id}` }),
      mcp(b, 'glossaryNodeInfo', { definition: 'b', name: `B ${id}`, parentNode: a }),
      mcp(term, 'glossaryTermInfo', {
        definition: 't',
        termSource: 'INTERNAL',
        name: `T ${id}`,
        parentNode: a,
      }),
      mcp(ds, 'glossaryTerms', {
        terms: [{ urn: term }],
        auditStamp: { time: 1, actor: 'urn:li:corpuser:x' },
      }),
    ]);
    const move = `mutation ($r: String!, $p: String) { updateParentNode(input: { resourceUrn: $r, parentNode: $p }) }`;
    expect(await ok(move, { r: term, p: b })).toEqual({ updateParentNode: true });
    const nodes = await ok(
      `query ($u: String!) { glossaryTerm(urn: $u) { parentNodes { nodes { urn } } } }`,
      { u: term },
    );
    expect(nodes.glossaryTerm.parentNodes.nodes.map((n: { urn: string }) => n.urn)).toEqual([b, a]);
    expect((await errorOf(move, { r: a, p: b }))?.message).toMatch(/under itself or one of its children/);
    expect((await errorOf(move, { r: term, p: term }))?.extensions?.code).toBe(400);
    expect(await ok(move, { r: b, p: null })).toEqual({ updateParentNode: true });

    expect(await ok(`mutation ($u: String!) { deleteGlossaryEntity(urn: $u) }`, { u: term })).toEqual({
      deleteGlossaryEntity: true,
    });
    const left = await ok(
      `query ($d: String!) { dataset(urn: $d) { glossaryTerms { terms { term { urn } } } } }`,
      { d: ds },
    );
    expect(left.dataset.glossaryTerms.terms).toEqual([]);
    expect(
      (await errorOf(`mutation ($u: String!) { deleteGlossaryEntity(urn: $u) }`, { u: ds }))?.extensions
        ?.code,
    ).toBe(400);
  });
});

describe('the lists of domains, the glossary’s top entries, counts by kind, entityExists', () => {
  it('lists the top domains or a parent’s newest first, and the glossary’s top terms and nodes', async () => {
    const id = unique();
    const domain = (n: string) => `urn:li:domain:list_${n}_${id}`;
    const created = (time: number) => ({ time, actor: 'urn:li:corpuser:x' });
    const node = (n: string) => `urn:li:glossaryNode:list_${n}_${id}`;
    const term = (n: string) => `urn:li:glossaryTerm:list_${n}_${id}`;
    await post(
      rt.url,
      '/aspects?action=ingestProposalBatch',
      {
        proposals: [
          mcp(domain('old'), 'domainProperties', { name: `old ${id}`, created: created(1000) }),
          mcp(domain('new'), 'domainProperties', { name: `new ${id}`, created: created(2000) }),
          mcp(domain('sub'), 'domainProperties', { name: `sub ${id}`, parentDomain: domain('old') }),
          mcp(node('top'), 'glossaryNodeInfo', { definition: 'd', name: `top ${id}` }),
          mcp(node('inner'), 'glossaryNodeInfo', {
            definition: 'd',
            name: `inner ${id}`,
            parentNode: node('top'),
          }),
          mcp(term('top'), 'glossaryTermInfo', {
            definition: 'd',
            termSource: 'INTERNAL',
            name: `top ${id}`,
          }),
          mcp(term('inner'), 'glossaryTermInfo', {
            definition: 'd',
            termSource: 'INTERNAL',
            name: `inner ${id}`,
            parentNode: node('top'),
          }),
        ],
      },
      { 'X-DataHub-Sync-Index-Update': 'true' },
    );
    const domains = async (input: Record<string, unknown>) =>
      (
        await ok(
          `query ($i: ListDomainsInput!) { listDomains(input: $i) { start count total domains { urn } } }`,
          {
            i: input,
          },
        )
      ).listDomains;
    expect(await domains({ query: id })).toEqual({
      start: 0,
      count: 2,
      total: 2,
      domains: [{ urn: domain('new') }, { urn: domain('old') }],
    });
    expect((await domains({ query: id, parentDomain: domain('old') })).domains).toEqual([
      { urn: domain('sub') },
    ]);
    expect((await domains({ query: id, start: 1, count: 1 })).domains).toEqual([{ urn: domain('old') }]);

    // The glossary's top entries: over the whole catalog (no query), each of this test's once.
    const roots = await ok(
      `{ getRootGlossaryTerms(input: {start: 0, count: 1000}) { total terms { urn } }
         getRootGlossaryNodes(input: {start: 0, count: 1000}) { total nodes { urn } } }`,
    );
    const urnsOf = (l: { urn: string }[]) => l.map((e) => e.urn).filter((u) => u.endsWith(id));
    expect(urnsOf(roots.getRootGlossaryTerms.terms)).toEqual([term('top')]);
    expect(urnsOf(roots.getRootGlossaryNodes.nodes)).toEqual([node('top')]);
    expect(roots.getRootGlossaryTerms.total).toBeGreaterThanOrEqual(1);
    // The node's children, scrolled a page at a time.
    const children = async (scrollId: string | null) =>
      (
        await ok(
          `query ($u: String!, $s: String) { glossaryNode(urn: $u) { glossaryChildrenSearch(input: {query: "*", count: 1, scrollId: $s}) {
            nextScrollId count total searchResults { entity { urn } } } } }`,
          { u: node('top'), s: scrollId },
        )
      ).glossaryNode.glossaryChildrenSearch;
    const first = await children(null);
    expect(first.total).toBe(2);
    const second = await children(first.nextScrollId);
    expect(second.nextScrollId).toBeNull();
    expect([...first.searchResults, ...second.searchResults].map((r: any) => r.entity.urn).sort()).toEqual(
      [node('inner'), term('inner')].sort(),
    );

    const bad = await errorOf(`{ listDomains(input: {parentDomain: "nope"}) { total } }`);
    expect(bad?.extensions?.type).toBe('BAD_REQUEST');
  });

  it('counts the entities of each kind asked (every kind searched without types), and says which exist', async () => {
    const id = unique();
    await ingest([mcp(datasetUrn(`count_${id}`), 'status', { removed: false })]);
    const counts = async (input?: unknown) =>
      (
        await ok(
          `query ($i: EntityCountInput) { getEntityCounts(input: $i) { counts { entityType count } } }`,
          {
            i: input,
          },
        )
      ).getEntityCounts.counts as { entityType: string; count: number }[];
    const two = await counts({ types: ['DATASET', 'DOMAIN'] });
    expect(two.map((c) => c.entityType)).toEqual(['DATASET', 'DOMAIN']);
    expect(two[0]?.count).toBeGreaterThanOrEqual(1);
    const all = await counts();
    expect(all.map((c) => c.entityType)).toEqual(
      expect.arrayContaining(['DATASET', 'CHART', 'GLOSSARY_TERM']),
    );
    // Other tests may write between the two counts.
    expect(all.find((c) => c.entityType === 'DATASET')?.count).toBeGreaterThanOrEqual(two[0]?.count ?? 0);

    const exists = await ok(
      `query ($a: String!, $b: String!) { a: entityExists(urn: $a) b: entityExists(urn: $b) }`,
      {
        a: datasetUrn(`count_${id}`),
        b: datasetUrn(`none_${id}`),
      },
    );
    expect(exists).toEqual({ a: true, b: false });
    expect((await errorOf(`{ entityExists(urn: "not a urn") }`))?.extensions?.type).toBe('BAD_REQUEST');

    // A data platform the catalog holds, and one it does not.
    const platform = `urn:li:dataPlatform:plat_${id}`;
    await ingest([
      mcp(platform, 'dataPlatformInfo', {
        name: `plat_${id}`,
        displayName: 'Plat',
        type: 'RELATIONAL_DB',
        datasetNameDelimiter: '.',
      }),
    ]);
    const platforms = await ok(
      `query ($a: String!, $b: String!) { a: dataPlatform(urn: $a) { urn name properties { displayName } } b: dataPlatform(urn: $b) { urn } }`,
      { a: platform, b: `urn:li:dataPlatform:none_${id}` },
    );
    expect(platforms).toEqual({
      a: { urn: platform, name: `plat_${id}`, properties: { displayName: 'Plat' } },
      b: null,
    });
  });
});

describe('data products', () => {
  it('are made in a domain, renamed, given assets (one product per asset), and deleted', async () => {
    const id = unique();
    const domain = `urn:li:domain:dp_${id}`;
    const [x, y] = ['x', 'y'].map((n) => datasetUrn(`dp_${n}_${id}`)) as [string, string];
    await ingest([
      mcp(domain, 'domainProperties', { name: `dp ${id}` }),
      ...[x, y].map((u) => mcp(u, 'status', { removed: false })),
    ]);
    const create = `mutation ($id: String, $d: String!, $n: String!) {
      createDataProduct(input: { id: $id, domainUrn: $d, properties: { name: $n, description: "sales data" } }) {
        urn properties { name description } domain { domain { urn } } ownership { owners { owner { ... on CorpUser { urn } } } } } }`;
    const first = (await ok(create, { id: `first_${id}`, d: domain, n: 'First' })).createDataProduct;
    expect(first).toMatchObject({
      urn: `urn:li:dataProduct:first_${id}`,
      properties: { name: 'First', description: 'sales data' },
      domain: { domain: { urn: domain } },
    });
    expect(first.ownership.owners).toHaveLength(1);
    expect((await errorOf(create, { id: `first_${id}`, d: domain, n: 'Again' }))?.message).toMatch(
      /already exists/,
    );
    expect(
      (await errorOf(create, { id: null, d: `urn:li:domain:none_${id}`, n: 'X' }))?.extensions?.code,
    ).toBe(404);
    const second = (await ok(create, { id: null, d: domain, n: 'Second' })).createDataProduct.urn as string;

    const renamed = await ok(
      `mutation ($u: String!) { updateDataProduct(urn: $u, input: { name: "Renamed" }) { properties { name description } } }`,
      {
        u: first.urn,
      },
    );
    expect(renamed.updateDataProduct.properties).toEqual({ name: 'Renamed', description: 'sales data' });

    const set = `mutation ($p: String, $r: [String!]!) { batchSetDataProduct(input: { dataProductUrn: $p, resourceUrns: $r }) }`;
    const assets = async (p: string) =>
      (
        await ok(
          `query ($p: String!) { dataProduct(urn: $p) { entities(input: { query: "*", count: 10 }) { total } } }`,
          { p },
        )
      ).dataProduct.entities.total;
    await ok(set, { p: first.urn, r: [x, y] });
    const stored = async (p: string) => {
      const res = await fetch(
        `${rt.url}/openapi/v3/entity/dataproduct/${encodeURIComponent(p)}/dataProductProperties`,
      );
      const body = (await res.json()) as { value: { assets: { destinationUrn: string }[] } };
      return body.value.assets.map((a) => a.destinationUrn).sort();
    };
    expect(await stored(first.urn)).toEqual([x, y].sort());
    // An asset belongs to one data product: setting another takes it out of the first.
    await ok(set, { p: second, r: [y] });
    expect(await stored(first.urn)).toEqual([x]);
    expect(await stored(second)).toEqual([y]);
    await ok(set, { p: null, r: [x] });
    expect(await stored(first.urn)).toEqual([]);
    expect(await assets(second)).toBeGreaterThanOrEqual(0);
    expect((await errorOf(set, { p: second, r: [datasetUrn(`none_${id}`)] }))?.extensions?.code).toBe(404);

    expect(await ok(`mutation ($u: String!) { deleteDataProduct(urn: $u) }`, { u: second })).toEqual({
      deleteDataProduct: true,
    });
    expect(
      (await ok(`query ($u: String!) { dataProduct(urn: $u) { urn } }`, { u: second })).dataProduct,
    ).toBeNull();
  });
});

describe('incidents', () => {
  it('are raised on assets by hand and resolved, with who did it', async () => {
    const id = unique();
    const ds = datasetUrn(`inc_${id}`);
    await ingest([mcp(ds, 'status', { removed: false })]);
    const raise = `mutation ($i: RaiseIncidentInput!) { raiseIncident(input: $i) }`;
    const urn = (
      await ok(raise, {
        i: {
          type: 'FRESHNESS',
          title: 'Late',
          description: 'no rows today',
          resourceUrn: ds,
          priority: 'HIGH',
          assigneeUrns: ['urn:li:corpuser:oncall'],
        },
      })
    ).raiseIncident as string;
    expect(urn).toMatch(/^urn:li:incident:/);
    const read = `query ($d: String!) { dataset(urn: $d) { incidents(state: ACTIVE) { total incidents { urn incidentType title priority
      status { state stage message lastUpdated { actor } } source { type } } } health { type status } } }`;
    const active = (await ok(read, { d: ds })).dataset;
    expect(active.incidents.total).toBe(1);
    expect(active.incidents.incidents[0]).toMatchObject({
      urn,
      incidentType: 'FRESHNESS',
      title: 'Late',
      priority: 'HIGH',
      status: { state: 'ACTIVE' },
      source: { type: 'MANUAL' },
    });
    expect(active.health).toContainEqual({ type: 'INCIDENTS', status: 'FAIL' });

    const update = `mutation ($u: String!) { updateIncidentStatus(urn: $u, input: { state: RESOLVED, stage: FIXED, message: "backfilled" }) }`;
    expect(await ok(update, { u: urn })).toEqual({ updateIncidentStatus: true });
    const resolved = (await ok(read.replace('state: ACTIVE', 'state: RESOLVED'), { d: ds })).dataset;
    expect(resolved.incidents.incidents[0].status).toMatchObject({
      state: 'RESOLVED',
      stage: 'FIXED',
      message: 'backfilled',
    });

    expect((await errorOf(raise, { i: { type: 'OPERATIONAL' } }))?.message).toMatch(/resourceUrn/);
    expect((await errorOf(raise, { i: { type: 'CUSTOM', resourceUrn: ds } }))?.message).toMatch(/customType/);
    expect(
      (await errorOf(raise, { i: { type: 'SQL', resourceUrn: datasetUrn(`none_${id}`) } }))?.extensions?.code,
    ).toBe(404);
    expect((await errorOf(update, { u: ds }))?.extensions?.code).toBe(400);
  });
});

describe('updateLineage', () => {
  it('adds and removes edges where DataHub keeps them, every end checked, in one batch', async () => {
    const id = unique();
    const [raw, orders, report] = ['raw', 'orders', 'report'].map((n) => datasetUrn(`ul_${n}_${id}`)) as [
      string,
      string,
      string,
    ];
    const chart = `urn:li:chart:(looker,ul_${id})`;
    const dashboard = `urn:li:dashboard:(looker,ul_${id})`;
    const flow = `urn:li:dataFlow:(airflow,ul_${id},PROD)`;
    const job = `urn:li:dataJob:(${flow},load)`;
    const stamps = {
      created: { time: 1, actor: 'urn:li:corpuser:x' },
      lastModified: { time: 1, actor: 'urn:li:corpuser:x' },
    };
    await ingest([
      ...[raw, orders, report].map((u) => mcp(u, 'status', { removed: false })),
      mcp(chart, 'chartInfo', { title: 'c', description: '', lastModified: stamps }),
      mcp(dashboard, 'dashboardInfo', { title: 'd', description: '', lastModified: stamps }),
      mcp(job, 'dataJobInfo', { name: 'load', type: { string: 'COMMAND' } }),
    ]);
    const update = `mutation ($add: [LineageEdge]!, $remove: [LineageEdge]!) { updateLineage(input: { edgesToAdd: $add, edgesToRemove: $remove }) }`;
    const edge = (upstreamUrn: string, downstreamUrn: string) => ({ upstreamUrn, downstreamUrn });
    expect(
      await ok(update, {
        add: [
          edge(raw, orders),
          edge(orders, chart),
          edge(chart, dashboard),
          edge(orders, dashboard),
          edge(raw, job),
          edge(job, report),
        ],
        remove: [],
      }),
    ).toEqual({ updateLineage: true });
    const aspect = async (kind: string, urn: string, name: string) =>
      (
        (await (
          await fetch(`${rt.url}/openapi/v3/entity/${kind}/${encodeURIComponent(urn)}/${name}`)
        ).json()) as { value: Record<string, any> }
      ).value;
    const ups = await aspect('dataset', orders, 'upstreamLineage');
    expect(ups.upstreams).toEqual([
      expect.objectContaining({ dataset: raw, type: 'TRANSFORMED', properties: { source: 'UI' } }),
    ]);
    expect((await aspect('chart', chart, 'chartInfo')).inputEdges.map((e: any) => e.destinationUrn)).toEqual([
      orders,
    ]);
    const dash = await aspect('dashboard', dashboard, 'dashboardInfo');
    expect([
      dash.chartEdges.map((e: any) => e.destinationUrn),
      dash.datasetEdges.map((e: any) => e.destinationUrn),
    ]).toEqual([[chart], [orders]]);
    const io = await aspect('datajob', job, 'dataJobInputOutput');
    expect([
      io.inputDatasetEdges.map((e: any) => e.destinationUrn),
      io.outputDatasetEdges.map((e: any) => e.destinationUrn),
    ]).toEqual([[raw], [report]]);
    // The lineage reads follow them.
    const lineage = await ok(
      `query ($u: String!) { dataset(urn: $u) { lineage(input: { direction: DOWNSTREAM, count: 10 }) { relationships { entity { urn } } } } }`,
      { u: orders },
    );
    expect(lineage.dataset.lineage.relationships.map((r: any) => r.entity.urn).sort()).toEqual(
      [chart, dashboard].sort(),
    );

    // Adding again changes nothing; removing takes the edge out of both lists.
    await ok(update, { add: [edge(raw, orders)], remove: [edge(orders, chart), edge(job, report)] });
    expect((await aspect('dataset', orders, 'upstreamLineage')).upstreams).toHaveLength(1);
    expect((await aspect('chart', chart, 'chartInfo')).inputEdges).toEqual([]);
    expect((await aspect('datajob', job, 'dataJobInputOutput')).outputDatasetEdges).toEqual([]);

    const missing = await errorOf(update, { add: [edge(datasetUrn(`none_${id}`), orders)], remove: [] });
    expect(missing?.extensions?.code).toBe(404);
    const wrong = await errorOf(update, { add: [edge(dashboard, orders)], remove: [] });
    expect(wrong?.message).toMatch(/No lineage edge from a dashboard to a dataset/);
    // Nothing of a refused batch is written.
    expect((await aspect('dataset', orders, 'upstreamLineage')).upstreams).toHaveLength(1);
  });

  it('edits column-level lineage between schema fields in the downstream dataset’s fine-grained lineage', async () => {
    const id = unique();
    const [raw, orders] = ['raw', 'orders'].map((n) => datasetUrn(`ulc_${n}_${id}`)) as [string, string];
    const f = (ds: string, col: string) => `urn:li:schemaField:(${ds},${col})`;
    // orders.total and orders.net come from raw.amount in one entry, as a source may write them.
    await ingest([
      mcp(raw, 'status', { removed: false }),
      mcp(orders, 'upstreamLineage', {
        upstreams: [],
        fineGrainedLineages: [
          {
            upstreamType: 'FIELD_SET',
            upstreams: [f(raw, 'amount')],
            downstreamType: 'FIELD_SET',
            downstreams: [f(orders, 'total'), f(orders, 'net')],
          },
        ],
      }),
    ]);
    const update = `mutation ($add: [LineageEdge]!, $remove: [LineageEdge]!) { updateLineage(input: { edgesToAdd: $add, edgesToRemove: $remove }) }`;
    const edge = (upstreamUrn: string, downstreamUrn: string) => ({ upstreamUrn, downstreamUrn });
    const lineage = async () =>
      (
        (await (
          await fetch(`${rt.url}/openapi/v3/entity/dataset/${encodeURIComponent(orders)}/upstreamLineage`)
        ).json()) as { value: Record<string, any> }
      ).value;
    const columns = (v: Record<string, any>) =>
      Object.fromEntries(
        ['total', 'net', 'id'].map((c) => [
          c,
          v.fineGrainedLineages
            .filter((g: any) => g.downstreams.includes(f(orders, c)))
            .flatMap((g: any) => g.upstreams)
            .sort(),
        ]),
      );
    // Add: a new column gets an entry of its own; the table edge comes with it.
    await ok(update, {
      add: [edge(f(raw, 'id'), f(orders, 'id')), edge(f(raw, 'tax'), f(orders, 'total'))],
      remove: [],
    });
    let v = await lineage();
    expect(v.upstreams).toEqual([
      expect.objectContaining({ dataset: raw, type: 'TRANSFORMED', properties: { source: 'UI' } }),
    ]);
    expect(columns(v)).toEqual({
      total: [f(raw, 'amount'), f(raw, 'tax')].sort(),
      net: [f(raw, 'amount')],
      id: [f(raw, 'id')],
    });
    // Remove: orders.total loses raw.amount; orders.net, which shared the entry, keeps it.
    await ok(update, { add: [], remove: [edge(f(raw, 'amount'), f(orders, 'total'))] });
    v = await lineage();
    expect(columns(v)).toEqual({ total: [f(raw, 'tax')], net: [f(raw, 'amount')], id: [f(raw, 'id')] });
    expect(v.upstreams).toHaveLength(1);
    // The column walk follows the edit.
    const walk = await post(rt.url, '/relationships?action=getLineage', {
      urn: f(orders, 'id'),
      direction: 'UPSTREAM',
      maxHops: 2,
      count: 10,
    });
    expect(walk.body.value.relationships.map((r: any) => r.entity)).toEqual([f(raw, 'id')]);
    // A field of no dataset, and a field to a table, are refused; nothing is written.
    const chartField = `urn:li:schemaField:(urn:li:chart:(looker,c_${id}),x)`;
    const noDataset = await errorOf(update, { add: [edge(chartField, f(orders, 'id'))], remove: [] });
    expect(noDataset?.message).toMatch(/no field of a dataset/);
    const mixed = await errorOf(update, { add: [edge(raw, f(orders, 'id'))], remove: [] });
    expect(mixed?.message).toMatch(/No lineage edge from a dataset to a schemaField/);
    const missing = await errorOf(update, {
      add: [edge(f(datasetUrn(`none_${id}`), 'a'), f(orders, 'id'))],
      remove: [],
    });
    expect(missing?.extensions?.code).toBe(404);
    expect(columns(await lineage())).toEqual(columns(v));
  });
});

describe('updateDescription', () => {
  it('writes each kind’s description where DataHub keeps it, and refuses kinds it has none for', async () => {
    const id = unique();
    const container = `urn:li:container:desc_${id}`;
    const domain = `urn:li:domain:desc_${id}`;
    const term = `urn:li:glossaryTerm:desc_${id}`;
    const tag = `urn:li:tag:desc_${id}`;
    const group = `urn:li:corpGroup:desc_${id}`;
    const model = `urn:li:mlModel:(urn:li:dataPlatform:sagemaker,desc_${id},PROD)`;
    await ingest([
      mcp(container, 'containerProperties', { name: 'c' }),
      mcp(domain, 'domainProperties', { name: 'd' }),
      mcp(term, 'glossaryTermInfo', { definition: 'old', termSource: 'INTERNAL', name: 'T' }),
      mcp(tag, 'status', { removed: false }),
      mcp(group, 'corpGroupInfo', { displayName: 'G', admins: [], members: [], groups: [] }),
      mcp(model, 'mlModelProperties', { name: 'm' }),
    ]);
    const update = `mutation ($u: String!, $d: String!) { updateDescription(input: { resourceUrn: $u, description: $d }) }`;
    for (const urn of [container, domain, term, tag, group, model])
      expect(await ok(update, { u: urn, d: `about ${urn}` })).toEqual({ updateDescription: true });
    const stored = async (kind: string, urn: string, aspect: string) =>
      (
        (await (
          await fetch(`${rt.url}/openapi/v3/entity/${kind}/${encodeURIComponent(urn)}/${aspect}`)
        ).json()) as {
          value: Record<string, unknown>;
        }
      ).value;
    expect((await stored('container', container, 'editableContainerProperties')).description).toBe(
      `about ${container}`,
    );
    expect((await stored('domain', domain, 'domainProperties')).description).toBe(`about ${domain}`);
    expect((await stored('glossaryterm', term, 'glossaryTermInfo')).definition).toBe(`about ${term}`);
    expect(await stored('tag', tag, 'tagProperties')).toEqual({
      name: `desc_${id}`,
      description: `about ${tag}`,
    });
    expect((await stored('corpgroup', group, 'corpGroupEditableInfo')).description).toBe(`about ${group}`);
    expect((await stored('mlmodel', model, 'editableMlModelProperties')).description).toBe(`about ${model}`);
    const read = await ok(`query ($u: String!) { glossaryTerm(urn: $u) { properties { description } } }`, {
      u: term,
    });
    expect(read.glossaryTerm.properties.description).toBe(`about ${term}`);

    const flow = `urn:li:dataFlow:(airflow,desc_${id},PROD)`;
    await ingest([mcp(flow, 'status', { removed: false })]);
    expect((await errorOf(update, { u: flow, d: 'x' }))?.message).toMatch(/updateDescription supports/);
    const missing = `urn:li:domain:none_${id}`;
    expect((await errorOf(update, { u: missing, d: 'x' }))?.extensions?.code).toBe(404);
  });
});

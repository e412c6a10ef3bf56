import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime.js';
import { httpClient, post } from '../support/http.js';
import { datasetUrn, mcp, startTestServer, unique } from '../support/runtime.js';

let rt: Runtime;
beforeAll(async () => {
  rt = await startTestServer();
});
afterAll(async () => rt?.stop());

const SYNC = { 'X-DataHub-Sync-Index-Update': 'true' };
const ingest = async (proposals: unknown[]) => {
  const res = await post(rt.url, '/aspects?action=ingestProposalBatch', { proposals }, SYNC);
  expect(res.status).toBe(200);
};
const { gql } = httpClient(() => rt.url, { gqlStatus: 200 });
const audit = { time: 1700000000000, actor: 'urn:li:corpuser:etl' };
const upstreams = (...urns: string[]) => ({
  upstreams: urns.map((dataset) => ({ dataset, type: 'TRANSFORMED', auditStamp: audit })),
});

describe('GraphQL: search', () => {
  it('searchAcrossEntities: words, orFilters, _entityType and platform facets, matched fields', async () => {
    const word = `gqlsearch${unique()}`;
    const a = datasetUrn(`${word}_orders`);
    const b = datasetUrn(`${word}_users`, 'kafka');
    const c = `urn:li:chart:(looker,${word}_chart)`;
    await ingest([
      mcp(a, 'datasetProperties', { name: `${word} orders`, description: 'every order' }),
      mcp(a, 'globalTags', { tags: [{ tag: `urn:li:tag:${word}` }] }),
      mcp(b, 'datasetProperties', { name: `${word} users` }),
      mcp(c, 'chartInfo', {
        title: `${word} chart`,
        description: '',
        lastModified: { created: audit, lastModified: audit },
      }),
    ]);
    const q = `query s($input: SearchAcrossEntitiesInput!) {
      searchAcrossEntities(input: $input) {
        start count total
        searchResults { entity { urn type ... on Dataset { name platform { name } } } matchedFields { name value } }
        facets { field displayName aggregations { value count entity { urn } } }
      } }`;
    const all = await gql(q, { input: { query: word, start: 0, count: 10 } });
    expect(all.errors).toBeUndefined();
    const res = all.data?.searchAcrossEntities;
    expect(res).toMatchObject({ start: 0, count: 3, total: 3 });
    expect(res.searchResults.map((r: any) => r.entity.urn).sort()).toEqual([a, b, c].sort());
    expect(res.searchResults.every((r: any) => r.matchedFields.length > 0)).toBe(true);
    const types = res.facets.find((f: any) => f.field === '_entityType');
    expect(types.aggregations).toEqual([
      { value: 'DATASET', count: 2, entity: null },
      { value: 'CHART', count: 1, entity: null },
    ]);
    const platform = res.facets.find((f: any) => f.field === 'platform');
    expect(platform.displayName).toBe('Platform');
    expect(platform.aggregations).toContainEqual({
      value: 'urn:li:dataPlatform:kafka',
      count: 1,
      entity: { urn: 'urn:li:dataPlatform:kafka' },
    });

    const filtered = await gql(q, {
      input: {
        types: ['DATASET'],
        query: word,
        orFilters: [
          { and: [{ field: 'tags', values: [`urn:li:tag:${word}`] }] },
          { and: [{ field: 'platform', values: ['urn:li:dataPlatform:kafka'], condition: 'EQUAL' }] },
        ],
        searchFlags: { skipAggregates: true },
      },
    });
    expect(filtered.errors).toBeUndefined();
    const f = filtered.data?.searchAcrossEntities;
    expect(f.searchResults.map((r: any) => r.entity.urn).sort()).toEqual([a, b].sort());
    expect(f.facets).toEqual([]);
    const negated = await gql(q, {
      input: {
        query: word,
        orFilters: [{ and: [{ field: '_entityType', values: ['DATASET'], negated: true }] }],
      },
    });
    expect(negated.data?.searchAcrossEntities.searchResults.map((r: any) => r.entity.urn)).toEqual([c]);
    const sorted = await gql(q, {
      input: {
        query: word,
        types: ['DATASET'],
        sortInput: { sortCriteria: [{ field: 'urn', sortOrder: 'DESCENDING' }] },
      },
    });
    expect(sorted.data?.searchAcrossEntities.searchResults.map((r: any) => r.entity.urn)).toEqual(
      [a, b].sort().reverse(),
    );
    // Entity types DataHub has and this catalog does not: nothing of them, no error.
    const jobs = await gql(q, { input: { query: word, types: ['DATA_JOB'] } });
    expect(jobs.errors).toBeUndefined();
    expect(jobs.data?.searchAcrossEntities).toMatchObject({ total: 0, searchResults: [] });
    const mixed = await gql(q, { input: { query: word, types: ['DATA_JOB', 'CHART'] } });
    expect(mixed.data?.searchAcrossEntities.searchResults.map((r: any) => r.entity.urn)).toEqual([c]);
  });

  it('scrollAcrossEntities pages to the end as the client does (get_urns_by_filter)', async () => {
    const word = `gqlscroll${unique()}`;
    const urns = Array.from({ length: 5 }, (_, i) => datasetUrn(`${word}_${i}`));
    await ingest(urns.map((u, i) => mcp(u, 'datasetProperties', { name: `${word} ${i}` })));
    const q = `query scrollUrnsWithFilters($types: [EntityType!], $query: String!, $orFilters: [AndFilterInput!], $batchSize: Int!, $scrollId: String) {
      scrollAcrossEntities(input: {query: $query, count: $batchSize, scrollId: $scrollId, types: $types, orFilters: $orFilters,
          searchFlags: {skipHighlighting: true, skipAggregates: true}}) {
        nextScrollId total count
        searchResults { entity { urn } }
      } }`;
    const seen: string[] = [];
    let scrollId: string | null = null;
    let pages = 0;
    do {
      const res = await gql(q, {
        types: ['DATASET'],
        query: word,
        orFilters: [{ and: [{ field: 'platform', values: ['hive'] }] }],
        batchSize: 2,
        scrollId,
      });
      expect(res.errors).toBeUndefined();
      const page = res.data?.scrollAcrossEntities;
      expect(page.total).toBe(5);
      seen.push(...page.searchResults.map((r: any) => r.entity.urn));
      scrollId = page.nextScrollId;
      pages++;
    } while (scrollId && pages < 10);
    expect(pages).toBe(3);
    expect(seen.sort()).toEqual([...urns].sort());
    const bad = await gql(q, { query: word, batchSize: 2, scrollId: 'not-a-scroll-id' });
    expect(bad.errors?.[0]?.extensions.type).toBe('BAD_REQUEST');
    expect(bad.errors?.[0]?.message).toMatch(/scrollId/);
  });

  it('aggregateAcrossEntities counts the requested facets with maxAggValues', async () => {
    const word = `gqlagg${unique()}`;
    await ingest(
      ['hive', 'hive', 'kafka', 'mysql'].map((p, i) =>
        mcp(datasetUrn(`${word}_${i}`, p), 'datasetProperties', { name: `${word} ${i}` }),
      ),
    );
    const res = await gql(
      `{ aggregateAcrossEntities(input: {types: [DATASET], query: "${word}", facets: ["platform", "_entityType"],
           searchFlags: {maxAggValues: 2}}) { facets { field aggregations { value count } } } }`,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.aggregateAcrossEntities.facets).toEqual([
      {
        field: 'platform',
        aggregations: [
          { value: 'urn:li:dataPlatform:hive', count: 2 },
          { value: 'urn:li:dataPlatform:kafka', count: 1 },
        ],
      },
      { field: '_entityType', aggregations: [{ value: 'DATASET', count: 4 }] },
    ]);
  });

  it('autoComplete and autoCompleteForMultiple suggest names and their entities', async () => {
    const word = `gqlauto${unique()}`;
    const d = datasetUrn(`${word}_sales`);
    const c = `urn:li:chart:(looker,${word}_c)`;
    await ingest([
      mcp(d, 'datasetProperties', { name: `${word}_sales` }),
      mcp(c, 'chartInfo', {
        title: `${word} revenue chart`,
        description: '',
        lastModified: { created: audit, lastModified: audit },
      }),
    ]);
    const one = await gql(
      `{ autoComplete(input: {type: DATASET, query: "${word}", limit: 5}) { query suggestions entities { urn type } } }`,
    );
    expect(one.errors).toBeUndefined();
    expect(one.data?.autoComplete.query).toBe(word);
    expect(one.data?.autoComplete.suggestions).toContain(`${word}_sales`);
    expect(one.data?.autoComplete.entities).toEqual([{ urn: d, type: 'DATASET' }]);
    const multi = await gql(
      `{ autoCompleteForMultiple(input: {types: [DATASET, CHART, DASHBOARD], query: "${word}", limit: 5}) {
          query suggestions { type suggestions entities { urn } } } }`,
    );
    expect(multi.errors).toBeUndefined();
    const byType = Object.fromEntries(
      multi.data?.autoCompleteForMultiple.suggestions.map((s: any) => [
        s.type,
        s.entities.map((e: any) => e.urn),
      ]),
    );
    expect(byType).toEqual({ DATASET: [d], CHART: [c] });
  });

  it('browseV2 walks browsePathsV2 as DataHub’s SQL source writes them: platform instance, database, schema', async () => {
    const id = unique();
    const platform = `urn:li:dataPlatform:bv2${id}`;
    const instance = `urn:li:dataPlatformInstance:(${platform},warehouse)`;
    const [db, s1, s2] = ['db', 's1', 's2'].map((n) => `urn:li:container:${n}${id}`) as [
      string,
      string,
      string,
    ];
    const entry = (urn: string) => ({ id: urn, urn });
    const table = (n: string) => `urn:li:dataset:(${platform},${n}${id},PROD)`;
    const container = (urn: string, name: string, parent?: string) => [
      mcp(urn, 'containerProperties', { name }),
      mcp(urn, 'dataPlatformInstance', { platform, instance }),
      ...(parent ? [mcp(urn, 'container', { container: parent })] : []),
    ];
    await ingest([
      ...container(db, 'main'),
      ...container(s1, 'sales', db),
      ...container(s2, 'hr', db),
      mcp(instance, 'dataPlatformInstanceProperties', { name: 'warehouse' }),
      ...[
        [table('orders'), s1],
        [table('lines'), s1],
        [table('people'), s2],
      ].flatMap(([urn, schema]) => [
        mcp(urn as string, 'container', { container: schema }),
        mcp(urn as string, 'browsePathsV2', { path: [entry(instance), entry(db), entry(schema as string)] }),
      ]),
      // Written without browsePathsV2: its first write stores DataHub's default (the Default folder).
      mcp(table('teams'), 'container', { container: s2 }),
    ]);
    // An entity stored without browsePathsV2 (loaded before the service wrote defaults) is indexed
    // under DataHub's backfilled default, its container chain (no platform instance).
    await ingest([mcp(table('teams'), 'browsePathsV2', {}, 'DELETE')]);
    const q = `query b($path: [String!], $p: String!) {
      browseV2(input: {types: [DATASET], path: $path, start: 0, count: 10,
                       orFilters: [{and: [{field: "platform", values: [$p]}]}]}) {
        start count total
        groups { name count hasSubGroups entity { urn type ... on Container { properties { name } } } }
        metadata { path totalNumEntities } } }`;
    const root = await gql(q, { path: [], p: platform });
    expect(root.errors).toBeUndefined();
    expect(root.data?.browseV2).toEqual({
      start: 0,
      count: 10,
      total: 2,
      groups: [
        {
          name: instance,
          count: 3,
          hasSubGroups: true,
          entity: { urn: instance, type: 'DATA_PLATFORM_INSTANCE' },
        },
        {
          name: db,
          count: 1,
          hasSubGroups: true,
          entity: { urn: db, type: 'CONTAINER', properties: { name: 'main' } },
        },
      ],
      metadata: { path: [], totalNumEntities: 4 },
    });
    const inDb = await gql(q, { path: [instance, db], p: platform });
    expect(inDb.errors).toBeUndefined();
    expect(inDb.data?.browseV2).toEqual({
      start: 0,
      count: 10,
      total: 2,
      groups: [
        {
          name: s1,
          count: 2,
          hasSubGroups: false,
          entity: { urn: s1, type: 'CONTAINER', properties: { name: 'sales' } },
        },
        {
          name: s2,
          count: 1,
          hasSubGroups: false,
          entity: { urn: s2, type: 'CONTAINER', properties: { name: 'hr' } },
        },
      ],
      metadata: { path: [instance, db], totalNumEntities: 3 },
    });
    const second = await gql(q.replace('start: 0, count: 10', 'start: 1, count: 1'), {
      path: [instance, db],
      p: platform,
    });
    expect(second.data?.browseV2).toMatchObject({ start: 1, count: 1, total: 2, groups: [{ name: s2 }] });
    // The default path: the container chain, top first.
    const byChain = await gql(q, { path: [db], p: platform });
    expect(byChain.data?.browseV2.groups).toEqual([
      {
        name: s2,
        count: 1,
        hasSubGroups: false,
        entity: { urn: s2, type: 'CONTAINER', properties: { name: 'hr' } },
      },
    ]);
    // Legacy browse is unchanged: the default path of env, platform and name.
    const legacy = await gql(
      `query ($p: [String!]) { browse(input: {type: DATASET, path: $p, start: 0, count: 10}) { groups { name } } }`,
      { p: ['prod', `bv2${id}`] },
    );
    expect(legacy.errors).toBeUndefined();
    expect(legacy.data?.browse.groups.map((g: any) => g.name).sort()).toEqual(
      ['orders', 'lines', 'people', 'teams'].map((n) => `${n}${id}`).sort(),
    );
  });

  it('listRecommendations: the catalog’s platforms, tags and terms, and what changed last', async () => {
    const id = unique();
    const ds = datasetUrn(`recs_${id}`);
    await ingest([
      mcp(ds, 'datasetProperties', { name: `recs ${id}` }),
      mcp(ds, 'globalTags', { tags: [{ tag: `urn:li:tag:recs_${id}` }] }),
    ]);
    const Q = `query ($s: ScenarioType!) { listRecommendations(input: { userUrn: "urn:li:corpuser:x", limit: 5,
      requestContext: { scenario: $s } }) { modules { moduleId title renderType content { value entity { urn }
      params { searchParams { query filters { field values } } entityProfileParams { urn type } contentParams { count } } } } } }`;
    const home = await gql(Q, { s: 'HOME' });
    expect(home.errors).toBeUndefined();
    const modules = home.data?.listRecommendations.modules as any[];
    const byId = Object.fromEntries(modules.map((m) => [m.moduleId, m]));
    expect(byId.RecentlyEditedEntities).toMatchObject({
      title: 'Recently Edited',
      renderType: 'ENTITY_NAME_LIST',
    });
    expect(byId.RecentlyEditedEntities.content[0]).toEqual({
      value: ds,
      entity: { urn: ds },
      params: { searchParams: null, entityProfileParams: { urn: ds, type: 'DATASET' }, contentParams: null },
    });
    expect(byId.RecentlyEditedEntities.content.length).toBeLessThanOrEqual(5);
    const hive = byId.Platforms.content.find((c: any) => c.value === 'urn:li:dataPlatform:hive');
    expect(hive).toMatchObject({
      entity: { urn: 'urn:li:dataPlatform:hive' },
      params: {
        searchParams: { query: '', filters: [{ field: 'platform', values: ['urn:li:dataPlatform:hive'] }] },
      },
    });
    expect(hive.params.contentParams.count).toBeGreaterThan(0);
    expect(byId.TopTags.renderType).toBe('TAG_SEARCH_LIST');
    const search = (await gql(Q, { s: 'SEARCH_RESULTS' })).data?.listRecommendations.modules as any[];
    expect(search.map((m) => m.moduleId)).toContain('TopTags');
    expect(search.every((m) => ['TopTags', 'TopTerms'].includes(m.moduleId))).toBe(true);
    expect((await gql(Q, { s: 'ENTITY_PROFILE' })).data?.listRecommendations.modules).toEqual([]);
  });

  it('the older search, browse and browsePaths answer as DataHub scripts read them', async () => {
    const root = `gqlold${unique()}`;
    const [t1, t2, t3] = [1, 2, 3].map((i) => datasetUrn(`${root}_${i}`)) as [string, string, string];
    const chart = `urn:li:chart:(looker,${root}_chart)`;
    await ingest([
      mcp(t1, 'browsePaths', { paths: [`/prod/${root}/db1`, `/dev/${root}`] }),
      mcp(t1, 'datasetProperties', { name: `${root} one` }),
      mcp(t2, 'browsePaths', { paths: [`/prod/${root}/db1`] }),
      mcp(t3, 'browsePaths', { paths: [`/prod/${root}/db2`] }),
      mcp(chart, 'chartInfo', {
        title: `${root} chart`,
        description: '',
        lastModified: { created: audit, lastModified: audit },
      }),
    ]);
    const search = await gql(
      `query ($q: String!) { search(input: {type: DATASET, query: $q, start: 0, count: 10}) {
        start count total searchResults { entity { urn } } facets { field } } }`,
      { q: root },
    );
    expect(search.errors).toBeUndefined();
    expect(search.data?.search).toMatchObject({ start: 0, count: 3, total: 3 });
    expect(search.data?.search.searchResults.map((r: any) => r.entity.urn).sort()).toEqual(
      [t1, t2, t3].sort(),
    );
    expect(search.data?.search.facets.map((f: any) => f.field)).toContain('platform');

    const browse = `query ($p: [String!]) { browse(input: {type: DATASET, path: $p, start: 0, count: 1}) {
      start count total entities { urn } groups { name count } metadata { path totalNumEntities } } }`;
    const top = await gql(browse, { p: ['prod', root] });
    expect(top.errors).toBeUndefined();
    expect(top.data?.browse).toEqual({
      start: 0,
      count: 0,
      total: 0,
      entities: [],
      groups: [
        { name: 'db1', count: 2 },
        { name: 'db2', count: 1 },
      ],
      metadata: { path: ['prod', root], totalNumEntities: 3 },
    });
    const db1 = (await gql(browse, { p: ['prod', root, 'db1'] })).data?.browse;
    expect(db1).toMatchObject({ start: 0, count: 1, total: 2, groups: [] });
    expect([t1, t2]).toContain(db1.entities[0].urn);

    const paths = await gql(`query ($u: String!) { browsePaths(input: {type: DATASET, urn: $u}) { path } }`, {
      u: t1,
    });
    expect(paths.data?.browsePaths).toEqual([{ path: ['prod', root, 'db1'] }, { path: ['dev', root] }]);
    const none = await gql(`query ($u: String!) { browsePaths(input: {type: CHART, urn: $u}) { path } }`, {
      u: chart,
    });
    expect(none.data?.browsePaths).toEqual([]);
  });
});

describe('GraphQL: search across lineage', () => {
  it('finds upstream entities with their degree and path, filters and facets on degree, and scrolls', async () => {
    const id = unique();
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((n) => datasetUrn(`gqllin${id}_${n}`)) as [
      string,
      string,
      string,
      string,
    ];
    const e = datasetUrn(`gqllin${id}_e`, 'kafka');
    // a <- b <- c <- d, and a <- e (e is on kafka)
    await ingest([
      mcp(a, 'upstreamLineage', upstreams(b, e)),
      mcp(b, 'upstreamLineage', upstreams(c)),
      mcp(c, 'upstreamLineage', upstreams(d)),
      ...[b, c, d, e].map((u) => mcp(u, 'datasetProperties', { name: `lin ${u}` })),
    ]);
    const q = `query l($input: SearchAcrossLineageInput!) { searchAcrossLineage(input: $input) {
        start count total isPartial
        searchResults { entity { urn } degree paths { path { urn } } }
        facets { field aggregations { value count } } } }`;
    const all = await gql(q, { input: { urn: a, direction: 'UPSTREAM', query: '*', start: 0, count: 10 } });
    expect(all.errors).toBeUndefined();
    const res = all.data?.searchAcrossLineage;
    expect(res).toMatchObject({ start: 0, count: 4, total: 4, isPartial: false });
    expect(res.searchResults.map((r: any) => [r.entity.urn, r.degree])).toEqual([
      ...[b, e].sort().map((u) => [u, 1]),
      [c, 2],
      [d, 3],
    ]);
    const toD = res.searchResults.find((r: any) => r.entity.urn === d);
    expect(toD.paths[0].path.map((p: any) => p.urn)).toEqual([a, b, c, d]);
    expect(res.facets.find((f: any) => f.field === 'degree').aggregations).toEqual([
      { value: '1', count: 2 },
      { value: '2', count: 1 },
      { value: '3+', count: 1 },
    ]);

    const filtered = await gql(q, {
      input: {
        urn: a,
        direction: 'UPSTREAM',
        query: '*',
        orFilters: [{ and: [{ field: 'degree', values: ['2', '3+'] }] }],
      },
    });
    expect(filtered.data?.searchAcrossLineage.searchResults.map((r: any) => r.entity.urn)).toEqual([c, d]);
    const kafka = await gql(q, {
      input: {
        urn: a,
        direction: 'UPSTREAM',
        query: '',
        orFilters: [{ and: [{ field: 'platform', values: ['urn:li:dataPlatform:kafka'] }] }],
      },
    });
    expect(kafka.data?.searchAcrossLineage.searchResults.map((r: any) => r.entity.urn)).toEqual([e]);
    const down = await gql(q, { input: { urn: d, direction: 'DOWNSTREAM', query: '*' } });
    expect(down.data?.searchAcrossLineage.searchResults.map((r: any) => [r.entity.urn, r.degree])).toEqual([
      [c, 1],
      [b, 2],
      [a, 3],
    ]);

    const scroll = `query s($scrollId: String) { scrollAcrossLineage(input: {urn: "${a}", direction: UPSTREAM, query: "*",
        count: 3, scrollId: $scrollId}) { nextScrollId count total searchResults { entity { urn } degree } } }`;
    const first = await gql(scroll, {});
    expect(first.data?.scrollAcrossLineage).toMatchObject({ count: 3, total: 4 });
    const second = await gql(scroll, { scrollId: first.data?.scrollAcrossLineage.nextScrollId });
    expect(second.data?.scrollAcrossLineage.searchResults.map((r: any) => r.entity.urn)).toEqual([d]);
    expect(second.data?.scrollAcrossLineage.nextScrollId).toBeNull();
  });

  /**
   * a.total <- b.amount and b.tax; b.amount <- c.amount: b holds two upstream columns of a.total. The
   * upstream columns are entities of their own (a `status` each) when `fieldEntities`.
   */
  const field = (ds: string, f: string) => `urn:li:schemaField:(${ds},${f})`;
  async function columnChain(fieldEntities = false): Promise<[string, string, string]> {
    const id = unique();
    const [a, b, c] = ['a', 'b', 'c'].map((n) => datasetUrn(`gqlcol${id}_${n}`)) as [string, string, string];
    const fine = (ups: string[], downs: string[]) => ({
      upstreamType: 'FIELD_SET',
      downstreamType: 'FIELD',
      upstreams: ups,
      downstreams: downs,
    });
    const columns = [field(b, 'amount'), field(b, 'tax'), field(c, 'amount')];
    await ingest([
      mcp(a, 'upstreamLineage', {
        ...upstreams(b),
        fineGrainedLineages: [fine([field(b, 'amount'), field(b, 'tax')], [field(a, 'total')])],
      }),
      mcp(b, 'upstreamLineage', {
        ...upstreams(c),
        fineGrainedLineages: [fine([field(c, 'amount')], [field(b, 'amount')])],
      }),
      ...[a, b, c].map((u) => mcp(u, 'datasetProperties', { name: u.split(',')[1] })),
      ...(fieldEntities ? columns.map((f) => mcp(f, 'status', { removed: false })) : []),
    ]);
    return [a, b, c];
  }

  it('from a column, answers the datasets of the columns reached, each with the path to its nearest', async () => {
    const [a, b, c] = await columnChain();
    const res = await gql(
      `query ($u: String!) { searchAcrossLineage(input: { urn: $u, direction: UPSTREAM, query: "*", count: 10 }) {
        total searchResults { degree entity { urn type } paths { path { urn type } } } } }`,
      { u: field(a, 'total') },
    );
    expect(res.errors).toBeUndefined();
    const found = res.data?.searchAcrossLineage;
    expect(found.total).toBe(2);
    expect(found.searchResults.map((r: any) => [r.entity.urn, r.entity.type, r.degree])).toEqual([
      [b, 'DATASET', 1],
      [c, 'DATASET', 2],
    ]);
    expect(found.searchResults[1].paths[0].path.map((p: any) => p.urn)).toEqual([
      field(a, 'total'),
      field(b, 'amount'),
      field(c, 'amount'),
    ]);
    expect(found.searchResults[1].paths[0].path[2].type).toBe('SCHEMA_FIELD');
  });

  it('from a column with a groupingSpec, groups as its criteria say: none, and the columns answer themselves', async () => {
    const [a, b, c] = await columnChain(true);
    const search = async (spec: unknown) => {
      const res = await gql(
        `query ($u: String!, $g: GroupingSpec) { searchAcrossLineage(input: { urn: $u, direction: UPSTREAM,
          query: "*", count: 10, searchFlags: { groupingSpec: $g } }) { total searchResults { degree entity { urn type } } } }`,
        { u: field(a, 'total'), g: spec },
      );
      expect(res.errors).toBeUndefined();
      return res.data?.searchAcrossLineage.searchResults.map((r: any) => [
        r.entity.urn,
        r.entity.type,
        r.degree,
      ]);
    };
    const columns = [
      [field(b, 'amount'), 'SCHEMA_FIELD', 1],
      [field(b, 'tax'), 'SCHEMA_FIELD', 1],
      [field(c, 'amount'), 'SCHEMA_FIELD', 2],
    ];
    const datasets = [
      [b, 'DATASET', 1],
      [c, 'DATASET', 2],
    ];
    const sorted = (rows: any[]) => [...rows].sort((x, y) => x[2] - y[2] || String(x[0]).localeCompare(y[0]));
    expect(sorted(await search({ groupingCriteria: [] }))).toEqual(columns);
    expect(
      await search({ groupingCriteria: [{ baseEntityType: 'SCHEMA_FIELD', groupingEntityType: 'DATASET' }] }),
    ).toEqual(datasets);
    // A spec without criteria keeps DataHub's default, as no spec does.
    expect(await search({})).toEqual(datasets);
    expect(await search(null)).toEqual(datasets);
    // scrollAcrossLineage groups alike.
    const scrolled = await gql(
      `query ($u: String!) { scrollAcrossLineage(input: { urn: $u, direction: UPSTREAM, query: "*", count: 10,
        searchFlags: { groupingSpec: { groupingCriteria: [] } } }) { total searchResults { entity { urn } } } }`,
      { u: field(a, 'total') },
    );
    expect(scrolled.errors).toBeUndefined();
    expect(scrolled.data?.scrollAcrossLineage.total).toBe(3);
  });

  it('answers bad inputs with BAD_REQUEST errors', async () => {
    const bad = await gql(
      `{ searchAcrossLineage(input: {urn: "not-a-urn", direction: UPSTREAM, query: "*"}) { total } }`,
    );
    expect(bad.errors?.[0]?.extensions.type).toBe('BAD_REQUEST');
    const field = await gql(
      `{ searchAcrossEntities(input: {query: "*", orFilters: [{and: [{field: "nope", values: ["x"]}]}]}) { total } }`,
    );
    expect(field.errors?.[0]?.extensions.type).toBe('BAD_REQUEST');
    expect(field.errors?.[0]?.message).toMatch(/nope/);
    const cond = await gql(
      `{ searchAcrossEntities(input: {query: "*", orFilters: [{and: [{field: "platform", values: ["x"], condition: DESCENDANTS_INCL}]}]}) { total } }`,
    );
    expect(cond.errors?.[0]?.extensions.type).toBe('BAD_REQUEST');
    const neg = await gql(`{ searchAcrossEntities(input: {query: "*", count: -1}) { total } }`);
    expect(neg.errors?.[0]?.extensions.type).toBe('BAD_REQUEST');
    const degree = await gql(
      `{ searchAcrossLineage(input: {urn: "${datasetUrn('x')}", direction: UPSTREAM, query: "*",
          orFilters: [{and: [{field: "degree", values: ["7"]}]}]}) { total } }`,
    );
    expect(degree.errors?.[0]?.extensions.type).toBe('BAD_REQUEST');
  });
});

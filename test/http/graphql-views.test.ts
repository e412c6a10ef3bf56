import { beforeAll, describe, expect, it } from 'vitest';
import { useAuthGraphql, type TestTokens } from '../support/auth.js';
import { datasetUrn, mcp, unique } from '../support/runtime.js';

// DataHub's Views (issue 37): saved searches anyone makes for themself, global ones an Admin's, applied
// to a search by URN.

const { as, tokens, ingest } = useAuthGraphql();
let t: TestTokens;
beforeAll(() => {
  t = tokens();
});

const CREATE = `mutation ($i: CreateViewInput!) { createView(input: $i) {
  urn viewType name description definition { entityTypes filter { operator filters { field condition values negated } } } } }`;

describe('Views', () => {
  it('are made by anyone for themself, listed as theirs, changed and deleted by their maker', async () => {
    const id = unique();
    const made = await as(t.reader).gqlOk(CREATE, {
      i: {
        viewType: 'PERSONAL',
        name: `Mine ${id}`,
        description: 'hive tables',
        definition: {
          entityTypes: ['DATASET', 'CHART'],
          filter: { operator: 'AND', filters: [{ field: 'platform', values: ['urn:li:dataPlatform:hive'] }] },
        },
      },
    });
    const view = made.createView;
    expect(view).toEqual({
      urn: expect.stringMatching(/^urn:li:dataHubView:/),
      viewType: 'PERSONAL',
      name: `Mine ${id}`,
      description: 'hive tables',
      definition: {
        entityTypes: ['DATASET', 'CHART'],
        filter: {
          operator: 'AND',
          filters: [
            { field: 'platform', condition: 'EQUAL', values: ['urn:li:dataPlatform:hive'], negated: false },
          ],
        },
      },
    });
    const mine = async (token: string) =>
      (
        await as(token).gqlOk(
          `{ listMyViews(input: { start: 0, count: 50, viewType: PERSONAL }) { total views { urn } } }`,
        )
      ).listMyViews.views.map((v: { urn: string }) => v.urn);
    // The list is searched: wait for the index by asking until it shows.
    for (let i = 0; i < 50 && !(await mine(t.reader)).includes(view.urn); i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(await mine(t.reader)).toContain(view.urn);
    expect(await mine(t.editor)).not.toContain(view.urn);

    const update = `mutation ($u: String!, $i: UpdateViewInput!) { updateView(urn: $u, input: $i) { name definition { filter { operator filters { field values } } } } }`;
    const orFilter = {
      entityTypes: ['DATASET'],
      filter: {
        operator: 'OR',
        filters: [
          { field: 'platform', values: ['urn:li:dataPlatform:hive'] },
          { field: 'platform', values: ['urn:li:dataPlatform:kafka'] },
        ],
      },
    };
    const updated = await as(t.reader).gqlOk(update, {
      u: view.urn,
      i: { name: `Renamed ${id}`, definition: orFilter },
    });
    expect(updated.updateView).toEqual({
      name: `Renamed ${id}`,
      definition: {
        filter: {
          operator: 'OR',
          filters: [
            { field: 'platform', values: ['urn:li:dataPlatform:hive'] },
            { field: 'platform', values: ['urn:li:dataPlatform:kafka'] },
          ],
        },
      },
    });
    const byOther = await as(t.editor).gql(update, { u: view.urn, i: { name: 'theirs' } });
    expect(byOther.errors?.[0]?.extensions?.code).toBe(403);
    expect(
      await as(t.reader).gqlOk(`mutation ($u: String!) { deleteView(urn: $u) }`, { u: view.urn }),
    ).toEqual({
      deleteView: true,
    });
  });

  it('global ones are an Admin’s to make, listed for everyone', async () => {
    const id = unique();
    const input = {
      viewType: 'GLOBAL',
      name: `Everyone ${id}`,
      definition: { entityTypes: [], filter: { operator: 'AND', filters: [] } },
    };
    expect((await as(t.editor).gql(CREATE, { i: input })).errors?.[0]?.extensions?.code).toBe(403);
    const urn = (await as(t.admin).gqlOk(CREATE, { i: input })).createView.urn as string;
    const global = async () =>
      (
        await as(t.reader).gqlOk(`{ listGlobalViews(input: { count: 100 }) { views { urn } } }`)
      ).listGlobalViews.views.map((v: { urn: string }) => v.urn);
    for (let i = 0; i < 50 && !(await global()).includes(urn); i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(await global()).toContain(urn);
    const byReader = await as(t.reader).gql(`mutation ($u: String!) { deleteView(urn: $u) }`, { u: urn });
    expect(byReader.errors?.[0]?.extensions?.code).toBe(403);
  });

  it('a search with a viewUrn keeps what the View keeps, with its own filters too', async () => {
    const id = unique();
    const [hive, kafka] = [datasetUrn(`view_${id}_h`), datasetUrn(`view_${id}_k`, 'kafka')];
    const chart = `urn:li:chart:(looker,view_${id})`;
    await ingest([
      mcp(hive, 'datasetProperties', { name: `view ${id} hive`, description: 'gold' }),
      mcp(kafka, 'datasetProperties', { name: `view ${id} kafka`, description: 'gold' }),
      mcp(chart, 'chartInfo', {
        title: `view ${id} chart`,
        description: '',
        lastModified: {
          created: { time: 1, actor: 'urn:li:corpuser:x' },
          lastModified: { time: 1, actor: 'urn:li:corpuser:x' },
        },
      }),
    ]);
    const view = (
      await as(t.reader).gqlOk(CREATE, {
        i: {
          viewType: 'PERSONAL',
          name: `Hive ${id}`,
          definition: {
            entityTypes: ['DATASET'],
            filter: {
              operator: 'AND',
              filters: [{ field: 'platform', values: ['urn:li:dataPlatform:hive'] }],
            },
          },
        },
      })
    ).createView.urn as string;
    const search = async (extra: string) =>
      (
        await as(t.reader).gqlOk(
          `query ($v: String) { searchAcrossEntities(input: { query: "view ${id}", count: 10, viewUrn: $v${extra} }) { total searchResults { entity { urn } } } }`,
          { v: view },
        )
      ).searchAcrossEntities;
    const all = await as(t.reader).gqlOk(
      `{ searchAcrossEntities(input: { query: "view ${id}", count: 10 }) { total } }`,
    );
    expect(all.searchAcrossEntities.total).toBe(3);
    const viewed = await search('');
    expect(viewed.searchResults.map((r: { entity: { urn: string } }) => r.entity.urn)).toEqual([hive]);
    expect((await search(', types: [CHART]')).total).toBe(0);
    expect(
      (await search(', orFilters: [{ and: [{ field: "platform", values: ["urn:li:dataPlatform:kafka"] }] }]'))
        .total,
    ).toBe(0);
    // A View that does not exist (a default View deleted since it was set) is left out, as DataHub's
    // search leaves it out: the search answers as without it.
    const missing = await as(t.reader).gqlOk(
      `query ($v: String) { searchAcrossEntities(input: { query: "view ${id}", count: 10, viewUrn: $v }) { total } }`,
      { v: `urn:li:dataHubView:none_${id}` },
    );
    expect(missing.searchAcrossEntities.total).toBe(3);
    // A View of no kinds (DataHub's UI saves them so) keeps every kind its filter keeps.
    const anyKind = (
      await as(t.reader).gqlOk(CREATE, {
        i: {
          viewType: 'PERSONAL',
          name: `Kafka ${id}`,
          definition: {
            entityTypes: [],
            filter: {
              operator: 'AND',
              filters: [{ field: 'platform', values: ['urn:li:dataPlatform:kafka'] }],
            },
          },
        },
      })
    ).createView.urn as string;
    const kafkaOnly = await as(t.reader).gqlOk(
      `query ($v: String) { searchAcrossEntities(input: { query: "view ${id}", count: 10, viewUrn: $v }) { searchResults { entity { urn } } } }`,
      { v: anyKind },
    );
    expect(kafkaOnly.searchAcrossEntities.searchResults).toEqual([{ entity: { urn: kafka } }]);
  });

  it('a default View: the organisation’s set by an Admin, one’s own by anyone', async () => {
    const id = unique();
    const input = (viewType: string) => ({
      viewType,
      name: `Default ${id}`,
      definition: { entityTypes: ['DATASET'], filter: { operator: 'AND', filters: [] } },
    });
    const global = (await as(t.admin).gqlOk(CREATE, { i: input('GLOBAL') })).createView.urn as string;
    const mine = (await as(t.reader).gqlOk(CREATE, { i: input('PERSONAL') })).createView.urn as string;
    const setGlobal = `mutation ($v: String) { updateGlobalViewsSettings(input: { defaultView: $v }) }`;
    expect((await as(t.editor).gql(setGlobal, { v: global })).errors?.[0]?.extensions?.code).toBe(403);
    expect(await as(t.admin).gqlOk(setGlobal, { v: global })).toEqual({ updateGlobalViewsSettings: true });
    const read = async () =>
      await as(t.reader).gqlOk(
        `{ globalViewsSettings { defaultView } me { corpUser { settings { views { defaultView { urn } } } } } }`,
      );
    expect((await read()).globalViewsSettings.defaultView).toBe(global);
    const setMine = `mutation ($v: String) { updateCorpUserViewsSettings(input: { defaultView: $v }) }`;
    expect(await as(t.reader).gqlOk(setMine, { v: mine })).toEqual({ updateCorpUserViewsSettings: true });
    expect((await read()).me.corpUser.settings.views.defaultView.urn).toBe(mine);
    expect(await as(t.reader).gqlOk(setMine, { v: null })).toEqual({ updateCorpUserViewsSettings: true });
    expect((await read()).me.corpUser.settings.views.defaultView).toBeNull();
    const none = await as(t.reader).gql(setMine, { v: `urn:li:dataHubView:none_${id}` });
    expect(none.errors?.[0]?.extensions?.code).toBe(404);
    await as(t.admin).gqlOk(setGlobal, { v: null });
    expect((await read()).globalViewsSettings.defaultView).toBeNull();
  });
});

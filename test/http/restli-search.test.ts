import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime.js';
import { get, post } from '../support/http.js';
import { datasetUrn, mcp, startTestServer, unique } from '../support/runtime.js';

let rt: Runtime;
let base: string;
beforeAll(async () => {
  rt = await startTestServer();
  base = rt.url;
});
afterAll(async () => rt?.stop());

const SYNC = { 'X-DataHub-Sync-Index-Update': 'true' };
const ingest = (proposals: unknown[]) =>
  post(base, '/aspects?action=ingestProposalBatch', { proposals, async: 'false' }, SYNC);
const search = (body: Record<string, unknown>) =>
  post(base, '/entities?action=search', { entity: 'dataset', start: 0, count: 10, ...body });

describe('search through Rest.li, fed by the sync worker', () => {
  it('finds ingested entities by words, exact field values and filters, with aggregations', async () => {
    const id = unique();
    const word = `zebra${id}`;
    const a = datasetUrn(`${word}_orders`);
    const b = datasetUrn(`${word}_customers`, 'kafka');
    await ingest([
      mcp(a, 'datasetProperties', { name: `${word} orders`, description: 'all orders' }),
      mcp(a, 'globalTags', { tags: [{ tag: `urn:li:tag:t${id}` }] }),
      mcp(b, 'datasetProperties', { name: `${word} customers`, description: 'all customers' }),
    ]);
    const free = await search({ input: word });
    expect(free.status).toBe(200);
    expect(free.body.value).toMatchObject({ numEntities: 2, from: 0, pageSize: 10 });
    expect(free.body.value.entities.map((e: { entity: string }) => e.entity).sort()).toEqual([a, b].sort());
    expect(free.body.value.entities[0].matchedFields.length).toBeGreaterThan(0);
    expect(
      free.body.value.metadata.aggregations.find((x: { name: string }) => x.name === 'platform')
        ?.aggregations,
    ).toEqual({
      'urn:li:dataPlatform:hive': 1,
      'urn:li:dataPlatform:kafka': 1,
    });
    const colon = await search({ input: `tags:t${id}` });
    expect(colon.body.value.entities).toEqual([
      { entity: a, matchedFields: [{ name: 'tags', value: `urn:li:tag:t${id}` }] },
    ]);
    const filtered = await search({
      input: word,
      filter: {
        or: [{ and: [{ field: 'platform', value: 'urn:li:dataPlatform:kafka', condition: 'EQUAL' }] }],
      },
    });
    expect(filtered.body.value.entities.map((e: { entity: string }) => e.entity)).toEqual([b]);
  });

  it('hides soft-deleted entities and shows them again when restored; forgets hard-deleted ones', async () => {
    const word = `yak${unique()}`;
    const urn = datasetUrn(word);
    await ingest([mcp(urn, 'datasetProperties', { name: word })]);
    const count = async (): Promise<number> => (await search({ input: word })).body.value.numEntities;
    expect(await count()).toBe(1);
    await ingest([mcp(urn, 'status', { removed: true })]);
    expect(await count()).toBe(0);
    await ingest([mcp(urn, 'status', { removed: false })]);
    expect(await count()).toBe(1);
    await post(base, '/entities?action=delete', { urn });
    expect(await rt.services.search.waitForIndex()).toBe(true);
    expect(await count()).toBe(0);
  });

  it('autocompletes and browses with DataHub request and response shapes', async () => {
    const id = unique();
    const tool = `tool${id}`;
    const charts = ['Baz Chart 1', 'Baz Chart 2'].map((title, i) => ({
      urn: `urn:li:chart:(${tool},baz${i})`,
      title,
    }));
    await ingest(
      charts.map((c) =>
        mcp(c.urn, 'chartInfo', {
          title: `${c.title} ${id}`,
          description: '',
          lastModified: {
            created: { time: 0, actor: 'urn:li:corpuser:x' },
            lastModified: { time: 0, actor: 'urn:li:corpuser:x' },
          },
        }),
      ),
    );
    const ac = await post(base, '/entities?action=autocomplete', {
      query: `Baz Chart 1 ${id}`,
      entity: 'chart',
      start: 0,
      limit: 10,
    });
    expect(ac.status).toBe(200);
    expect(ac.body.value).toMatchObject({ query: `Baz Chart 1 ${id}`, suggestions: [`Baz Chart 1 ${id}`] });
    const folder = await post(base, '/entities?action=browse', {
      path: '/',
      entity: 'chart',
      start: 0,
      limit: 10,
    });
    expect(folder.body.value.metadata.groups).toContainEqual({ name: tool, count: 2 });
    // As DataHub's browse DAO: at /<tool>, the charts' own folders (their paths go one further)...
    const toolFolder = await post(base, '/entities?action=browse', {
      path: `/${tool}`,
      entity: 'chart',
      start: 0,
      limit: 10,
    });
    expect(toolFolder.body.value).toMatchObject({
      numEntities: 0,
      from: 0,
      metadata: {
        totalNumEntities: 2,
        groups: [
          { name: 'baz0', count: 1 },
          { name: 'baz1', count: 1 },
        ],
        path: `/${tool}`,
      },
      entities: [],
    });
    // ...and at each chart's own path, the chart, named by its URN.
    const leaf = await post(base, '/entities?action=browse', {
      path: `/${tool}/baz0`,
      entity: 'chart',
      start: 0,
      limit: 10,
    });
    expect(leaf.body.value).toMatchObject({
      numEntities: 1,
      metadata: { totalNumEntities: 1, groups: [], path: `/${tool}/baz0` },
    });
    expect(leaf.body.value.entities).toEqual([{ name: charts[0]?.urn, urn: charts[0]?.urn }]);
    expect(
      (
        await post(base, '/entities?action=autocomplete', {
          query: 'x',
          entity: 'chart',
          field: 'colour',
          limit: 5,
        })
      ).status,
    ).toBe(400);
  });

  it('lists URNs of an entity type from the store', async () => {
    const urn = `urn:li:corpuser:listed_${unique()}`;
    await ingest([mcp(urn, 'corpUserInfo', { active: true })]);
    const first = await post(base, '/entities?action=listUrns', {
      entity: 'corpuser',
      start: 0,
      count: 10000,
    });
    expect(first.body.value.entities).toContain(urn);
    expect(first.body.value.total).toBeGreaterThanOrEqual(1);
    expect((await post(base, '/entities?action=listUrns', { entity: 'nope' })).status).toBe(422);
  });

  it('reports the sync lag and rejects bad searches clearly', async () => {
    const status = await get(base, '/health/search');
    expect(status.body).toMatchObject({
      checkpoint: expect.any(Number),
      head: expect.any(Number),
      lag: expect.any(Number),
    });
    expect((await search({ entity: 'spaceship', input: '*' })).status).toBe(422);
    const badField = await search({
      input: '*',
      filter: { or: [{ and: [{ field: 'colour', value: 'red' }] }] },
    });
    expect(badField.status).toBe(400);
    expect(badField.body.message).toMatch(/Unknown filter field/);
  });
});

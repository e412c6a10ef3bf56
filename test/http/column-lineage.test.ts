import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime.js';
import { httpClient } from '../support/http.js';
import { datasetUrn, mcp, schemaField, schemaMetadata, startTestServer, unique } from '../support/runtime.js';

/**
 * Column-level lineage from every entry point (decision 0055): fine-grained lineage alone, between
 * fields that are no entities of their own, answers Rest.li's getLineage and relationships, GraphQL's
 * `lineage` field of a field, and GraphQL's searchAcrossLineage / scrollAcrossLineage from a field, its
 * fields as themselves (a `groupingSpec` without the dataset grouping) or as their datasets.
 */
let rt: Runtime;
beforeAll(async () => {
  rt = await startTestServer();
});
afterAll(async () => rt?.stop());

const SYNC = { 'X-DataHub-Sync-Index-Update': 'true' };
const { call, gql, gqlOk } = httpClient(() => rt.url, { gqlStatus: 200 });
const ingest = async (...proposals: unknown[]) => {
  const res = await call('POST', '/aspects?action=ingestProposalBatch', { proposals }, SYNC);
  expect(res.status, res.text).toBe(200);
};
const f = (ds: string, path: string) => `urn:li:schemaField:(${ds},${path})`;
const fine = (down: string, ups: string[]) => ({
  upstreamType: 'FIELD_SET',
  downstreamType: 'FIELD',
  upstreams: ups,
  downstreams: [down],
});

/**
 * src.amount -> mid.doubled -> out.total -> dash.total (dash on kafka), and mid.label <- src.label:
 * datasets that exist (properties; mid has a schema), fields that are no entities.
 */
async function chain() {
  const id = unique();
  const [src, mid, out] = ['src', 'mid', 'out'].map((n) => datasetUrn(`cll${id}_${n}`)) as [
    string,
    string,
    string,
  ];
  const dash = datasetUrn(`cll${id}_dash`, 'kafka');
  await ingest(
    ...[src, mid, out, dash].map((u) => mcp(u, 'datasetProperties', { name: u.split(',')[1] })),
    mcp(mid, 'schemaMetadata', schemaMetadata([schemaField('doubled'), schemaField('label')])),
    mcp(mid, 'upstreamLineage', {
      upstreams: [{ dataset: src, type: 'VIEW' }],
      fineGrainedLineages: [
        fine(f(mid, 'doubled'), [f(src, 'amount')]),
        fine(f(mid, 'label'), [f(src, 'label')]),
      ],
    }),
    mcp(out, 'upstreamLineage', {
      upstreams: [{ dataset: mid, type: 'TRANSFORMED' }],
      fineGrainedLineages: [fine(f(out, 'total'), [f(mid, 'doubled')])],
    }),
    mcp(dash, 'upstreamLineage', {
      upstreams: [{ dataset: out, type: 'TRANSFORMED' }],
      fineGrainedLineages: [fine(f(dash, 'total'), [f(out, 'total')])],
    }),
  );
  return { src, mid, out, dash };
}

const COLUMNS = {
  groupingCriteria: [{ baseEntityType: 'SCHEMA_FIELD', groupingEntityType: 'SCHEMA_FIELD' }],
};

describe('column-level lineage', () => {
  it('Rest.li: getLineage walks fields both ways, multi-hop; relationships reads one hop', async () => {
    const { src, mid, out, dash } = await chain();
    const walk = async (urn: string, direction: string) => {
      const res = await call('POST', '/relationships?action=getLineage', { urn, direction, maxHops: 3 });
      expect(res.status, res.text).toBe(200);
      return res.body.value.relationships.map((r: any) => [r.entity, r.degree, r.type]);
    };
    expect(await walk(f(mid, 'doubled'), 'DOWNSTREAM')).toEqual([
      [f(out, 'total'), 1, 'DownstreamOf'],
      [f(dash, 'total'), 2, 'DownstreamOf'],
    ]);
    expect(await walk(f(dash, 'total'), 'UPSTREAM')).toEqual([
      [f(out, 'total'), 1, 'DownstreamOf'],
      [f(mid, 'doubled'), 2, 'DownstreamOf'],
      [f(src, 'amount'), 3, 'DownstreamOf'],
    ]);
    const rels = await call(
      'GET',
      `/relationships?urn=${encodeURIComponent(f(out, 'total'))}&types=List(DownstreamOf)&direction=INCOMING`,
    );
    expect(rels.status, rels.text).toBe(200);
    expect(rels.body.entities).toEqual([f(dash, 'total')]);
  });

  it("GraphQL: a field's lineage field walks fine-grained lineage", async () => {
    const { src, mid, out, dash } = await chain();
    const data = await gqlOk(
      `query ($u: String!) { dataset(urn: $u) { schemaMetadata { fields { fieldPath schemaFieldEntity {
         down: lineage(input: { direction: DOWNSTREAM, maxHops: 3 }) { total relationships { degree entity { urn type } } }
         up: lineage(input: { direction: UPSTREAM }) { total relationships { degree entity { urn } } } } } } } }`,
      { u: mid },
    );
    const doubled = data.dataset.schemaMetadata.fields.find((x: any) => x.fieldPath === 'doubled');
    expect(doubled.schemaFieldEntity.down.relationships).toEqual([
      { degree: 1, entity: { urn: f(out, 'total'), type: 'SCHEMA_FIELD' } },
      { degree: 2, entity: { urn: f(dash, 'total'), type: 'SCHEMA_FIELD' } },
    ]);
    expect(doubled.schemaFieldEntity.up.relationships).toEqual([
      { degree: 1, entity: { urn: f(src, 'amount') } },
    ]);
  });

  it('searchAcrossLineage from a field: its columns (fields that are no entities), with paths and facets', async () => {
    const { src, mid, out, dash } = await chain();
    const search = (input: Record<string, unknown>) =>
      gqlOk(
        `query ($input: SearchAcrossLineageInput!) { searchAcrossLineage(input: $input) { total
           searchResults { degree entity { urn type } paths { path { urn type } } }
           facets { field aggregations { value count } } } }`,
        { input: { query: '*', count: 10, searchFlags: { groupingSpec: COLUMNS }, ...input } },
      ).then((d) => d.searchAcrossLineage);
    const down = await search({ urn: f(src, 'amount'), direction: 'DOWNSTREAM' });
    expect(down.total).toBe(3);
    expect(down.searchResults.map((r: any) => [r.entity.urn, r.entity.type, r.degree])).toEqual([
      [f(mid, 'doubled'), 'SCHEMA_FIELD', 1],
      [f(out, 'total'), 'SCHEMA_FIELD', 2],
      [f(dash, 'total'), 'SCHEMA_FIELD', 3],
    ]);
    expect(down.searchResults[2].paths[0].path.map((p: any) => p.urn)).toEqual([
      f(src, 'amount'),
      f(mid, 'doubled'),
      f(out, 'total'),
      f(dash, 'total'),
    ]);
    const degree = down.facets.find((x: any) => x.field === 'degree');
    expect(degree.aggregations).toEqual(
      expect.arrayContaining([
        { value: '1', count: 1 },
        { value: '2', count: 1 },
        { value: '3+', count: 1 },
      ]),
    );
    const platform = down.facets.find((x: any) => x.field === 'platform');
    expect(platform.aggregations).toEqual(
      expect.arrayContaining([
        { value: 'urn:li:dataPlatform:hive', count: 2 },
        { value: 'urn:li:dataPlatform:kafka', count: 1 },
      ]),
    );

    // Upstream, from the last column.
    const up = await search({ urn: f(dash, 'total'), direction: 'UPSTREAM' });
    expect(up.searchResults.map((r: any) => [r.entity.urn, r.degree])).toEqual([
      [f(out, 'total'), 1],
      [f(mid, 'doubled'), 2],
      [f(src, 'amount'), 3],
    ]);

    // The filters DataHub's SDK sends (degree, not removed), and a field's platform and origin (its dataset's).
    const filtered = async (and: unknown[]) =>
      (
        await search({ urn: f(src, 'amount'), direction: 'DOWNSTREAM', orFilters: [{ and }] })
      ).searchResults.map((r: any) => r.entity.urn);
    expect(
      await filtered([
        { field: 'degree', values: ['1', '2'] },
        { field: 'removed', values: ['true'], negated: true },
      ]),
    ).toEqual([f(mid, 'doubled'), f(out, 'total')]);
    expect(await filtered([{ field: 'platform', values: ['urn:li:dataPlatform:kafka'] }])).toEqual([
      f(dash, 'total'),
    ]);
    expect(await filtered([{ field: 'platform', values: ['kafka'], negated: true }])).toEqual([
      f(mid, 'doubled'),
      f(out, 'total'),
    ]);
    expect(await filtered([{ field: 'origin', values: ['DEV'] }])).toEqual([]);

    // A soft-deleted field is left out by `removed`; the walk goes on through it.
    await ingest(mcp(f(out, 'total'), 'status', { removed: true }));
    expect(await filtered([{ field: 'removed', values: ['true'], negated: true }])).toEqual([
      f(mid, 'doubled'),
      f(dash, 'total'),
    ]);
  });

  it('searchAcrossLineage from a field without a groupingSpec: the datasets of the columns reached', async () => {
    const { src, mid, out, dash } = await chain();
    const res = await gqlOk(
      `query ($u: String!) { searchAcrossLineage(input: { urn: $u, direction: DOWNSTREAM, query: "*", count: 10 }) {
         total searchResults { degree entity { urn type } } } }`,
      { u: f(src, 'amount') },
    );
    expect(
      res.searchAcrossLineage.searchResults.map((r: any) => [r.entity.urn, r.entity.type, r.degree]),
    ).toEqual([
      [mid, 'DATASET', 1],
      [out, 'DATASET', 2],
      [dash, 'DATASET', 3],
    ]);
  });

  it('scrollAcrossLineage from a field pages its columns to the end', async () => {
    const { src, mid, out, dash } = await chain();
    const q = `query ($input: ScrollAcrossLineageInput!) { scrollAcrossLineage(input: $input) {
      nextScrollId count total searchResults { degree entity { urn } } } }`;
    const seen: [string, number][] = [];
    let scrollId: string | null = null;
    for (let page = 0; page < 5; page++) {
      const input: Record<string, unknown> = {
        urn: f(src, 'amount'),
        direction: 'DOWNSTREAM',
        count: 2,
        searchFlags: { groupingSpec: COLUMNS },
        ...(scrollId ? { scrollId } : {}),
      };
      const res: any = (await gqlOk(q, { input })).scrollAcrossLineage;
      expect(res.total).toBe(3);
      seen.push(...res.searchResults.map((r: any) => [r.entity.urn, r.degree] as [string, number]));
      scrollId = res.nextScrollId;
      if (!scrollId) break;
    }
    expect(seen).toEqual([
      [f(mid, 'doubled'), 1],
      [f(out, 'total'), 2],
      [f(dash, 'total'), 3],
    ]);
  });

  it('answers a bad scroll id and a bad direction with BAD_REQUEST', async () => {
    const { src } = await chain();
    const res = await gql(
      `query ($u: String!) { scrollAcrossLineage(input: { urn: $u, direction: DOWNSTREAM, scrollId: "nope",
         searchFlags: { groupingSpec: { groupingCriteria: [] } } }) { total } }`,
      { u: f(src, 'amount') },
    );
    expect(res.errors?.[0]?.extensions.type).toBe('BAD_REQUEST');
  });
});

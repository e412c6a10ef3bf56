import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime.js';
import { get, post } from '../support/http.js';
import { datasetUrn, enc, startTestServer, unique } from '../support/runtime.js';

let rt: Runtime;
let base: string;
beforeAll(async () => {
  rt = await startTestServer();
  base = rt.url;
});
afterAll(async () => rt?.stop());

const snapshot = (fqn: string, urn: string, aspects: Record<string, unknown>[]): unknown => ({
  entity: { value: { [`com.linkedin.metadata.snapshot.${fqn}`]: { urn, aspects } } },
});
const audit = { time: 0, actor: 'urn:li:corpuser:fbar' };

describe('POST /entities?action=ingest (legacy snapshots)', () => {
  it('ingests each of the seven snapshot types and reads them back with the key first', async () => {
    const id = unique();
    const cases: [string, string, Record<string, unknown>[], string][] = [
      [
        'CorpUserSnapshot',
        `urn:li:corpuser:u_${id}`,
        [
          {
            'com.linkedin.identity.CorpUserInfo': {
              active: true,
              displayName: 'Foo',
              fullName: 'Foo Bar',
              email: 'f@x.io',
            },
          },
        ],
        'com.linkedin.metadata.key.CorpUserKey',
      ],
      [
        'CorpGroupSnapshot',
        `urn:li:corpGroup:g_${id}`,
        [
          {
            'com.linkedin.identity.CorpGroupInfo': {
              email: 'g@x.io',
              admins: [`urn:li:corpuser:u_${id}`],
              members: [`urn:li:corpuser:u_${id}`],
              groups: [],
            },
          },
        ],
        'com.linkedin.metadata.key.CorpGroupKey',
      ],
      [
        'DatasetSnapshot',
        datasetUrn(`d_${id}`),
        [
          {
            'com.linkedin.common.Ownership': {
              owners: [{ owner: `urn:li:corpuser:u_${id}`, type: 'DATAOWNER' }],
              lastModified: audit,
            },
          },
          { 'com.linkedin.common.GlobalTags': { tags: [{ tag: `urn:li:tag:t_${id}` }] } },
          {
            'com.linkedin.schema.SchemaMetadata': {
              schemaName: 'FooEvent',
              platform: 'urn:li:dataPlatform:hive',
              version: 0,
              created: audit,
              lastModified: audit,
              hash: '',
              platformSchema: { 'com.linkedin.schema.KafkaSchema': { documentSchema: '{}' } },
              fields: [
                {
                  fieldPath: 'foo',
                  description: 'Bar',
                  nativeDataType: 'string',
                  type: { type: { 'com.linkedin.schema.StringType': {} } },
                },
              ],
            },
          },
        ],
        'com.linkedin.metadata.key.DatasetKey',
      ],
      [
        'ChartSnapshot',
        `urn:li:chart:(looker,c_${id})`,
        [
          {
            'com.linkedin.chart.ChartInfo': {
              title: 'Chart',
              description: 'd',
              inputs: [{ string: datasetUrn(`d_${id}`) }],
              lastModified: { created: audit, lastModified: audit },
            },
          },
        ],
        'com.linkedin.metadata.key.ChartKey',
      ],
      [
        'DashboardSnapshot',
        `urn:li:dashboard:(looker,b_${id})`,
        [
          {
            'com.linkedin.dashboard.DashboardInfo': {
              title: 'Board',
              description: 'd',
              charts: [`urn:li:chart:(looker,c_${id})`],
              lastModified: { created: audit, lastModified: audit },
            },
          },
        ],
        'com.linkedin.metadata.key.DashboardKey',
      ],
      [
        'TagSnapshot',
        `urn:li:tag:t_${id}`,
        [{ 'com.linkedin.tag.TagProperties': { name: `t_${id}`, description: 'a tag' } }],
        'com.linkedin.metadata.key.TagKey',
      ],
      [
        'GlossaryTermSnapshot',
        `urn:li:glossaryTerm:term_${id}`,
        [
          {
            'com.linkedin.glossary.GlossaryTermInfo': {
              definition: 'def',
              termSource: 'EXTERNAL',
              sourceRef: 'FIBO',
              customProperties: { a: 'b' },
            },
          },
        ],
        'com.linkedin.metadata.key.GlossaryTermKey',
      ],
    ];
    for (const [fqn, urn, aspects, keyRecord] of cases) {
      const res = await post(base, '/entities?action=ingest', snapshot(fqn, urn, aspects));
      expect(res.status, `${fqn}: ${JSON.stringify(res.body)}`).toBe(200);
      const read = await get(base, `/entities/${enc(urn)}`);
      expect(read.status).toBe(200);
      const snap = read.body.value[`com.linkedin.metadata.snapshot.${fqn}`];
      expect(snap.urn).toBe(urn);
      expect(Object.keys(snap.aspects[0])).toEqual([keyRecord]);
      const names = snap.aspects.map((x: Record<string, unknown>) => Object.keys(x)[0]);
      for (const a of aspects) expect(names).toContain(Object.keys(a)[0]);
    }
    // A snapshot is written through the one write path: a new dataset gets DataHub's default aspects
    // (decision 0056) as it would from a proposal.
    const defaults = await get(
      base,
      `/entitiesV2/${enc(datasetUrn(`d_${id}`))}?aspects=List(browsePathsV2,dataPlatformInstance)`,
    );
    expect(defaults.body.aspects.browsePathsV2.value.path).toEqual(expect.any(Array));
    expect(defaults.body.aspects.dataPlatformInstance.value).toMatchObject({
      platform: expect.stringMatching(/^urn:li:dataPlatform:/),
    });
    const owned = await get(
      base,
      `/relationships?direction=INCOMING&urn=${enc(`urn:li:corpuser:u_${id}`)}&types=List(OwnedBy,IsPartOf)`,
    );
    expect(owned.body.relationships).toEqual(
      expect.arrayContaining([
        { entity: datasetUrn(`d_${id}`), type: 'OwnedBy' },
        { entity: `urn:li:corpGroup:g_${id}`, type: 'IsPartOf' },
      ]),
    );
  });

  it('soft deletes and restores through a Status aspect', async () => {
    const urn = `urn:li:chart:(looker,soft_${unique()})`;
    for (const removed of [true, false]) {
      await post(
        base,
        '/entities?action=ingest',
        snapshot('ChartSnapshot', urn, [{ 'com.linkedin.common.Status': { removed } }]),
      );
      const read = await get(base, `/entitiesV2/${enc(urn)}?aspects=List(status)`);
      expect(read.body.aspects.status.value).toEqual({ removed });
    }
  });

  it('rejects an invalid snapshot with the full path and writes nothing', async () => {
    const urn = datasetUrn(`badsnap_${unique()}`);
    const res = await post(
      base,
      '/entities?action=ingest',
      snapshot('DatasetSnapshot', urn, [
        { 'com.linkedin.common.Status': { removed: false } },
        { 'com.linkedin.dataset.DatasetProperties': { name: 5 } },
      ]),
    );
    expect(res.status).toBe(422);
    expect(res.body.message).toContain(
      '/value/com.linkedin.metadata.snapshot.DatasetSnapshot/aspects/1/com.linkedin.dataset.DatasetProperties/name',
    );
    expect((await get(base, `/entities/${enc(urn)}`)).status).toBe(404);
  });
});

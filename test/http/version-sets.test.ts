import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime.js';
import { get, post, request } from '../support/http.js';
import { datasetUrn, enc, mcp, startTestServer, unique } from '../support/runtime.js';

let rt: Runtime;
beforeAll(async () => {
  rt = await startTestServer();
});
afterAll(async () => rt?.stop());

const ingest = async (proposals: unknown[]) =>
  post(rt.url, '/aspects?action=ingestProposalBatch', { proposals, async: 'false' });

const aspect = async (urn: string, name: string, fqn: string): Promise<Record<string, any> | undefined> => {
  const res = await get(rt.url, `/aspects/${enc(urn)}?aspect=${name}&version=0`);
  return res.status === 200 ? res.body.aspect[fqn] : undefined;
};
const version = (urn: string) => aspect(urn, 'versionProperties', 'com.linkedin.common.VersionProperties');
const setProps = (urn: string) =>
  aspect(urn, 'versionSetProperties', 'com.linkedin.versionset.VersionSetProperties');

const props = (set: string, tag: string, sortId: string, extra: Record<string, unknown> = {}) => ({
  versionSet: set,
  version: { versionTag: tag },
  sortId,
  versioningScheme: 'LEXICOGRAPHIC_STRING',
  aliases: [],
  ...extra,
});

describe('version sets, as DataHub’s side effects compute them', () => {
  it('the first version makes its set; a greater sortId takes latest over, a lower one does not', async () => {
    const id = unique();
    const set = `urn:li:versionSet:(vs_${id},dataset)`;
    const [v1, v2, v0] = ['v1', 'v2', 'v0'].map((n) => datasetUrn(`vs_${n}_${id}`)) as [
      string,
      string,
      string,
    ];

    expect(
      (await ingest([mcp(v1, 'versionProperties', props(set, '1', 'AAAAAAAB', { isLatest: false }))])).status,
    ).toBe(200);
    expect(await version(v1)).toMatchObject({ versionSet: set, isLatest: true });
    expect(await setProps(set)).toMatchObject({ latest: v1, versioningScheme: 'LEXICOGRAPHIC_STRING' });
    // The set is an entity with its key aspect.
    expect(await aspect(set, 'versionSetKey', 'com.linkedin.metadata.key.VersionSetKey')).toEqual({
      id: `vs_${id}`,
      entityType: 'dataset',
    });

    await ingest([mcp(v2, 'versionProperties', props(set, '2', 'AAAAAAAC'))]);
    expect(await version(v2)).toMatchObject({ isLatest: true });
    expect(await version(v1)).toMatchObject({ isLatest: false });
    expect((await setProps(set))?.latest).toBe(v2);

    // Lower than the latest: it joins the set, not as its latest.
    await ingest([mcp(v0, 'versionProperties', props(set, '0', 'AAAAAAAA', { isLatest: true }))]);
    expect(await version(v0)).toMatchObject({ isLatest: false });
    expect((await setProps(set))?.latest).toBe(v2);

    // Rewriting the latest keeps it the latest.
    await ingest([mcp(v2, 'versionProperties', props(set, '2b', 'AAAAAAAC'))]);
    expect(await version(v2)).toMatchObject({ isLatest: true, version: { versionTag: '2b' } });

    // GraphQL reads the same.
    const gql = await post(rt.url, '/api/graphql', {
      query: `query($u: String!) { versionSet(urn: $u) { latestVersion { urn } } }`,
      variables: { u: set },
    });
    expect(gql.body.data.versionSet.latestVersion.urn).toBe(v2);
  });

  it('deleting the latest version hands latest to the next lower; the last one takes the set with it', async () => {
    const id = unique();
    const set = `urn:li:versionSet:(vd_${id},dataset)`;
    const [a, b, c] = ['a', 'b', 'c'].map((n) => datasetUrn(`vd_${n}_${id}`)) as [string, string, string];
    await ingest([
      mcp(a, 'versionProperties', props(set, 'a', 'AAAAAAAA')),
      mcp(b, 'versionProperties', props(set, 'b', 'AAAAAAAB')),
      mcp(c, 'versionProperties', props(set, 'c', 'AAAAAAAC')),
    ]);
    expect((await setProps(set))?.latest).toBe(c);
    expect((await version(a))?.isLatest).toBe(false);
    expect((await version(b))?.isLatest).toBe(false);
    expect((await version(c))?.isLatest).toBe(true);

    const del = await request('DELETE', `${rt.url}/openapi/v3/entity/dataset/${enc(c)}/versionProperties`);
    expect(del.status).toBe(200);
    expect((await setProps(set))?.latest).toBe(b);
    expect((await version(b))?.isLatest).toBe(true);

    // Not the latest: the set keeps its latest.
    await request('DELETE', `${rt.url}/openapi/v3/entity/dataset/${enc(a)}/versionProperties`);
    expect((await setProps(set))?.latest).toBe(b);
    await request('DELETE', `${rt.url}/openapi/v3/entity/dataset/${enc(b)}/versionProperties`);
    expect(await setProps(set)).toBeUndefined();
    expect((await get(rt.url, `/aspects/${enc(set)}?aspect=versionSetKey&version=0`)).status).toBe(404);
  });

  it('versionSetProperties written with another latest moves isLatest; refused for an unversioned entity', async () => {
    const id = unique();
    const set = `urn:li:versionSet:(vw_${id},dataset)`;
    const [a, b] = ['a', 'b'].map((n) => datasetUrn(`vw_${n}_${id}`)) as [string, string];
    await ingest([
      mcp(a, 'versionProperties', props(set, 'a', 'AAAAAAAA')),
      mcp(b, 'versionProperties', props(set, 'b', 'AAAAAAAB')),
    ]);
    await ingest([mcp(set, 'versionSetProperties', { latest: a, versioningScheme: 'LEXICOGRAPHIC_STRING' })]);
    expect((await version(a))?.isLatest).toBe(true);
    expect((await version(b))?.isLatest).toBe(false);

    const bad = await ingest([
      mcp(set, 'versionSetProperties', {
        latest: datasetUrn(`vw_none_${id}`),
        versioningScheme: 'LEXICOGRAPHIC_STRING',
      }),
    ]);
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain('unversioned entity');
    const scheme = await ingest([
      mcp(set, 'versionSetProperties', { latest: a, versioningScheme: 'ALPHANUMERIC_GENERATED_BY_DATAHUB' }),
    ]);
    expect(scheme.status).toBe(422);
    expect((await setProps(set))?.latest).toBe(a);
  });

  it('refuses a version set of another entity type, and a version of another scheme than its set', async () => {
    const id = unique();
    const urn = datasetUrn(`vx_${id}`);
    const wrong = await ingest([
      mcp(urn, 'versionProperties', props(`urn:li:versionSet:(vx_${id},mlModel)`, '1', 'AAAAAAAA')),
    ]);
    expect(wrong.status).toBe(422);
    expect(JSON.stringify(wrong.body)).toContain('expected type: mlModel');

    const set = `urn:li:versionSet:(vy_${id},dataset)`;
    await ingest([mcp(urn, 'versionProperties', props(set, '1', 'AAAAAAAA'))]);
    const other = await ingest([
      mcp(datasetUrn(`vy2_${id}`), 'versionProperties', {
        ...props(set, '2', 'AAAAAAAB'),
        versioningScheme: 'ALPHANUMERIC_GENERATED_BY_DATAHUB',
      }),
    ]);
    expect(other.status).toBe(422);
    expect(JSON.stringify(other.body)).toContain('Versioning Scheme does not match');
  });

  it('linkAssetVersion and unlinkAssetVersion (GraphQL) link an mlModel’s versions and unlink them', async () => {
    const id = unique();
    const set = `urn:li:versionSet:(vl_${id},mlModel)`;
    const other = `urn:li:versionSet:(vl_other_${id},mlModel)`;
    const [m1, m2] = ['1', '2'].map(
      (n) => `urn:li:mlModel:(urn:li:dataPlatform:mlflow,vl_${n}_${id},PROD)`,
    ) as [string, string];
    await ingest([m1, m2].map((m) => mcp(m, 'mlModelProperties', { name: m })));
    const gql = async (query: string, input: Record<string, unknown>) =>
      (await post(rt.url, '/api/graphql', { query, variables: { input } })).body;
    const link = (input: Record<string, unknown>) =>
      gql('mutation($input: LinkVersionInput!) { linkAssetVersion(input: $input) { urn type } }', input);
    const unlink = (input: Record<string, unknown>) =>
      gql('mutation($input: UnlinkVersionInput!) { unlinkAssetVersion(input: $input) { urn } }', input);
    const model = (urn: string) =>
      gql(
        `query($input: String!) { mlModel(urn: $input) { versionProperties { isLatest version { versionTag } comment
           createdInSource { time } versionSet { urn latestVersion { urn } } } } }`,
        urn as never,
      );

    const first = await link({
      versionSet: set,
      linkedEntity: m1,
      version: 'v1',
      comment: 'first',
      sourceTimestamp: 1700000000000,
      sourceCreator: 'alice',
    });
    expect(first).toEqual({ data: { linkAssetVersion: { urn: set, type: 'VERSION_SET' } } });
    expect(await version(m1)).toMatchObject({
      versionSet: set,
      version: { versionTag: 'v1' },
      sortId: 'AAAAAAAA',
      versioningScheme: 'ALPHANUMERIC_GENERATED_BY_DATAHUB',
      comment: 'first',
      sourceCreatedTimestamp: { time: 1700000000000, actor: 'urn:li:corpuser:alice' },
      isLatest: true,
    });
    expect(await setProps(set)).toMatchObject({
      latest: m1,
      versioningScheme: 'ALPHANUMERIC_GENERATED_BY_DATAHUB',
    });

    expect((await link({ versionSet: set, linkedEntity: m2, version: 'v2' })).data.linkAssetVersion.urn).toBe(
      set,
    );
    expect(await version(m2)).toMatchObject({
      sortId: 'AAAAAAAB',
      isLatest: true,
      version: { versionTag: 'v2' },
    });
    expect((await version(m1))?.isLatest).toBe(false);
    expect((await model(m2)).data.mlModel.versionProperties).toMatchObject({
      isLatest: true,
      version: { versionTag: 'v2' },
      versionSet: { urn: set, latestVersion: { urn: m2 } },
    });
    expect((await model(m1)).data.mlModel.versionProperties).toMatchObject({
      isLatest: false,
      comment: 'first',
      createdInSource: { time: 1700000000000 },
    });

    // Already a version of this set: nothing written, null; of another set: refused.
    expect(
      (await link({ versionSet: set, linkedEntity: m2, version: 'again' })).data.linkAssetVersion,
    ).toBeNull();
    expect((await version(m2))?.version.versionTag).toBe('v2');
    const elsewhere = await link({ versionSet: other, linkedEntity: m1, version: 'x' });
    expect(elsewhere.errors[0].message).toContain('different Version Set');
    const wrongType = await link({
      versionSet: `urn:li:versionSet:(vl_${id},dataset)`,
      linkedEntity: m1,
      version: 'x',
    });
    expect(wrongType.errors[0].message).toContain('must match');
    const notASet = await link({ versionSet: m2, linkedEntity: m1, version: 'x' });
    expect(notASet.errors[0].message).toContain('must be of type Version Set');

    // Unlinking the latest hands latest back; of another set refused; not a version: null.
    const wrongSet = await unlink({ versionSet: other, unlinkedEntity: m2 });
    expect(wrongSet.errors[0].message).toContain('not linked to specified version set');
    expect(await unlink({ versionSet: set, unlinkedEntity: m2 })).toEqual({
      data: { unlinkAssetVersion: { urn: set } },
    });
    expect(await version(m2)).toBeUndefined();
    expect((await setProps(set))?.latest).toBe(m1);
    expect((await version(m1))?.isLatest).toBe(true);
    expect((await unlink({ versionSet: set, unlinkedEntity: m2 })).data.unlinkAssetVersion).toBeNull();

    // The next link counts on from the latest's sort id.
    await link({ versionSet: set, linkedEntity: m2, version: 'v3' });
    expect(await version(m2)).toMatchObject({ sortId: 'AAAAAAAB', isLatest: true });
    await unlink({ versionSet: set, unlinkedEntity: m2 });

    // The last version takes the set with it.
    expect((await unlink({ versionSet: set, unlinkedEntity: m1 })).data.unlinkAssetVersion.urn).toBe(set);
    expect(await setProps(set)).toBeUndefined();
    expect((await model(m1)).data.mlModel.versionProperties).toBeNull();
  });
});

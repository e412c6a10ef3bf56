import { beforeAll, describe, expect, it } from 'vitest';
import { useAuthGraphql, type TestTokens } from '../support/auth.js';
import { mcp, unique } from '../support/runtime.js';

// Users and groups as DataHub's web app manages them (issue 37): lists, a group's members, a user's and a
// group's editable properties, status, removal, and the older getAccessToken.

const { as, tokens, ingest } = useAuthGraphql();
let t: TestTokens;
beforeAll(() => {
  t = tokens();
});

const user = (id: string) => `urn:li:corpuser:${id}`;
const group = (id: string) => `urn:li:corpGroup:${id}`;

/** The users whose `nativeGroupMembership` or `groupMembership` names the group, by GraphQL. */
async function membersOf(urn: string): Promise<string[]> {
  const res = await as(t.admin).gql(
    `query ($u: String!) { corpGroup(urn: $u) { relationships(input: {types: ["IsMemberOfGroup", "IsMemberOfNativeGroup"], direction: INCOMING}) { relationships { entity { urn } } } } }`,
    { u: urn },
  );
  expect(res.errors).toBeUndefined();
  return (res.data?.corpGroup.relationships.relationships as { entity: { urn: string } }[])
    .map((r) => r.entity.urn)
    .sort();
}

describe('listUsers and listGroups', () => {
  it('lists users (service accounts left out) for anyone, and groups for Admins only', async () => {
    const u = unique();
    await ingest([
      mcp(user(`alice_${u}`), 'corpUserInfo', { active: true, displayName: `Alice ${u}` }),
      mcp(user(`bot_${u}`), 'corpUserInfo', { active: true, displayName: `Bot ${u}` }),
      mcp(user(`bot_${u}`), 'subTypes', { typeNames: ['SERVICE_ACCOUNT'] }),
      mcp(group(`eng_${u}`), 'corpGroupInfo', {
        displayName: `Eng ${u}`,
        admins: [],
        members: [],
        groups: [],
      }),
    ]);
    const users = await as(t.reader).gql(
      `{ listUsers(input: {query: "${u}", start: 0, count: 10}) { start count total users { urn username properties { displayName } } } }`,
    );
    expect(users.errors).toBeUndefined();
    expect(users.data?.listUsers).toEqual({
      start: 0,
      count: 1,
      total: 1,
      users: [{ urn: user(`alice_${u}`), username: `alice_${u}`, properties: { displayName: `Alice ${u}` } }],
    });
    const groups = `{ listGroups(input: {query: "${u}"}) { total groups { urn name properties { displayName } } } }`;
    expect((await as(t.admin).gql(groups)).data?.listGroups).toEqual({
      total: 1,
      groups: [{ urn: group(`eng_${u}`), name: `eng_${u}`, properties: { displayName: `Eng ${u}` } }],
    });
    const refused = await as(t.editor).gql(groups);
    expect(refused.errors?.[0]?.extensions?.code).toBe(403);
  });
});

describe('group members', () => {
  it('adds and removes members of a native group; only Admins may', async () => {
    const u = unique();
    const grp = (
      await as(t.admin).gqlOk(`mutation { createGroup(input: {id: "team_${u}", name: "Team ${u}"}) }`)
    ).createGroup as string;
    const [a, b] = [user(`a_${u}`), user(`b_${u}`)];
    await ingest([
      mcp(a, 'corpUserKey', { username: `a_${u}` }),
      mcp(b, 'corpUserKey', { username: `b_${u}` }),
    ]);
    const add = `mutation ($g: String!, $u: [String!]!) { addGroupMembers(input: {groupUrn: $g, userUrns: $u}) }`;
    const remove = `mutation ($g: String!, $u: [String!]!) { removeGroupMembers(input: {groupUrn: $g, userUrns: $u}) }`;

    const byEditor = await as(t.editor).gql(add, { g: grp, u: [a] });
    expect(byEditor.errors?.[0]?.extensions?.code).toBe(403);
    expect(await as(t.admin).gqlOk(add, { g: grp, u: [a, b] })).toEqual({ addGroupMembers: true });
    // Adding again changes nothing.
    await as(t.admin).gqlOk(add, { g: grp, u: [a] });
    expect(await membersOf(grp)).toEqual([a, b].sort());
    const read = await as(t.admin).call('GET', `/openapi/v3/entity/corpuser/${encodeURIComponent(a)}`);
    expect(read.body.nativeGroupMembership.value).toEqual({ nativeGroups: [grp] });

    expect(await as(t.admin).gqlOk(remove, { g: grp, u: [a] })).toEqual({ removeGroupMembers: true });
    expect(await membersOf(grp)).toEqual([b]);

    const missing = await as(t.admin).gql(add, { g: grp, u: [user(`nobody_${u}`)] });
    expect(missing.errors?.[0]?.message).toMatch(/does not exist/);
    const noGroup = await as(t.admin).gql(add, { g: group(`none_${u}`), u: [a] });
    expect(noGroup.errors?.[0]?.extensions?.code).toBe(404);
    const notAGroup = await as(t.admin).gql(add, { g: a, u: [b] });
    expect(notAGroup.errors?.[0]?.extensions?.code).toBe(400);
  });

  it('makes a group with no origin native first, moving its members; refuses an external group', async () => {
    const u = unique();
    const [legacy, external, m, n] = [group(`old_${u}`), group(`ext_${u}`), user(`m_${u}`), user(`n_${u}`)];
    await ingest([
      mcp(legacy, 'corpGroupInfo', { displayName: 'Old', admins: [], members: [], groups: [] }),
      mcp(external, 'corpGroupInfo', { displayName: 'Ext', admins: [], members: [], groups: [] }),
      mcp(external, 'origin', { type: 'EXTERNAL', externalType: 'okta' }),
      mcp(m, 'groupMembership', { groups: [legacy, external] }),
      mcp(n, 'corpUserKey', { username: `n_${u}` }),
    ]);
    const add = `mutation ($g: String!, $u: [String!]!) { addGroupMembers(input: {groupUrn: $g, userUrns: $u}) }`;
    await as(t.admin).gqlOk(add, { g: legacy, u: [n] });
    expect(await membersOf(legacy)).toEqual([m, n].sort());
    const mAspects = await as(t.admin).call('GET', `/openapi/v3/entity/corpuser/${encodeURIComponent(m)}`);
    expect(mAspects.body.groupMembership.value).toEqual({ groups: [external] });
    expect(mAspects.body.nativeGroupMembership.value).toEqual({ nativeGroups: [legacy] });
    const origin = await as(t.admin).call(
      'GET',
      `/openapi/v3/entity/corpgroup/${encodeURIComponent(legacy)}/origin`,
    );
    expect(origin.body.value).toEqual({ type: 'NATIVE' });

    const refused = await as(t.admin).gql(add, { g: external, u: [n] });
    expect(refused.errors?.[0]?.message).toMatch(/ingested from an external provider/);
    expect(await membersOf(external)).toEqual([m]);
  });
});

describe('editable properties, status and removal', () => {
  it("lets a user edit their own properties, an Admin anyone's; unknown personas are refused", async () => {
    const update = `mutation ($u: String!, $i: CorpUserUpdateInput!) { updateCorpUserProperties(urn: $u, input: $i) {
      urn editableProperties { displayName title teams skills slack email platforms { urn } } } }`;
    const own = await as(t.reader).gqlOk(update, {
      u: t.actors.reader,
      i: { displayName: 'Rea', teams: ['data'], platformUrns: ['urn:li:dataPlatform:hive'] },
    });
    expect(own.updateCorpUserProperties.editableProperties).toMatchObject({
      displayName: 'Rea',
      teams: ['data'],
      platforms: [{ urn: 'urn:li:dataPlatform:hive' }],
    });
    // A second update keeps what it does not name.
    const again = await as(t.reader).gqlOk(update, { u: t.actors.reader, i: { title: 'Analyst' } });
    expect(again.updateCorpUserProperties.editableProperties).toMatchObject({
      displayName: 'Rea',
      title: 'Analyst',
    });

    const other = await as(t.editor).gql(update, { u: t.actors.reader, i: { title: 'Boss' } });
    expect(other.errors?.[0]?.extensions?.code).toBe(403);
    const byAdmin = await as(t.admin).gqlOk(update, { u: t.actors.reader, i: { slack: '@rea' } });
    expect(byAdmin.updateCorpUserProperties.editableProperties.slack).toBe('@rea');
    const persona = await as(t.reader).gql(update, {
      u: t.actors.reader,
      i: { personaUrn: 'urn:li:dataHubPersona:x' },
    });
    expect(persona.errors?.[0]?.message).toMatch(/persona urn .* does not exist/);
    const ok = await as(t.reader).gqlOk(update, {
      u: t.actors.reader,
      i: { personaUrn: 'urn:li:dataHubPersona:dataSteward' },
    });
    expect(ok.updateCorpUserProperties.urn).toBe(t.actors.reader);
  });

  it("updates a group's properties, a user's status, and removes users and groups with their references", async () => {
    const u = unique();
    const grp = (await as(t.admin).gqlOk(`mutation { createGroup(input: {id: "g_${u}", name: "G"}) }`))
      .createGroup as string;
    const gone = user(`gone_${u}`);
    const ds = `urn:li:dataset:(urn:li:dataPlatform:hive,people_${u},PROD)`;
    await ingest([
      mcp(gone, 'corpUserInfo', { active: true, displayName: 'Gone' }),
      mcp(ds, 'ownership', {
        owners: [
          { owner: gone, type: 'DATAOWNER' },
          { owner: grp, type: 'DATAOWNER' },
        ],
      }),
    ]);
    const group = await as(t.admin).gqlOk(
      `mutation ($u: String!) { updateCorpGroupProperties(urn: $u, input: {description: "builders", slack: "#eng"}) {
        urn editableProperties { description slack email } } }`,
      { u: grp },
    );
    expect(group.updateCorpGroupProperties).toEqual({
      urn: grp,
      editableProperties: { description: 'builders', slack: '#eng', email: null },
    });
    expect(
      await as(t.admin).gqlOk(`mutation ($u: String!) { updateUserStatus(urn: $u, status: SUSPENDED) }`, {
        u: gone,
      }),
    ).toEqual({ updateUserStatus: gone });
    const status = await as(t.admin).gqlOk(`query ($u: String!) { corpUser(urn: $u) { status } }`, {
      u: gone,
    });
    expect(status.corpUser.status).toBe('SUSPENDED');

    const byEditor = await as(t.editor).gql(`mutation ($u: String!) { removeUser(urn: $u) }`, { u: gone });
    expect(byEditor.errors?.[0]?.extensions?.code).toBe(403);
    expect(await as(t.admin).gqlOk(`mutation ($u: String!) { removeUser(urn: $u) }`, { u: gone })).toEqual({
      removeUser: true,
    });
    expect(await as(t.admin).gqlOk(`mutation ($u: String!) { removeGroup(urn: $u) }`, { u: grp })).toEqual({
      removeGroup: true,
    });
    const after = await as(t.admin).gqlOk(
      `query ($u: String!, $d: String!) { corpUser(urn: $u) { exists } dataset(urn: $d) { ownership { owners { owner { ... on Entity { urn } } } } } }`,
      { u: gone, d: ds },
    );
    expect(after.corpUser).toBeNull();
    expect(after.dataset.ownership.owners).toEqual([]);
    const wrongKind = await as(t.admin).gql(`mutation ($u: String!) { removeGroup(urn: $u) }`, { u: ds });
    expect(wrongKind.errors?.[0]?.extensions?.code).toBe(400);
  });
});

describe('getAccessToken', () => {
  it('makes a personal token for the caller only, with a duration or an ISO duration of the same length', async () => {
    const get = `query ($i: GetAccessTokenInput!) { getAccessToken(input: $i) { accessToken } }`;
    const made = await as(t.reader).gqlOk(get, {
      i: { type: 'PERSONAL', actorUrn: t.actors.reader, duration: 'ONE_HOUR' },
    });
    const token = made.getAccessToken.accessToken as string;
    const me = await as(token).gqlOk('{ me { corpUser { urn } } }');
    expect(me.me.corpUser.urn).toBe(t.actors.reader);
    const iso = await as(t.reader).gqlOk(get, {
      i: { type: 'PERSONAL', actorUrn: t.actors.reader, durationIso: 'P1D' },
    });
    expect(iso.getAccessToken.accessToken).toMatch(/\S{20,}/);

    const other = await as(t.admin).gql(get, {
      i: { type: 'PERSONAL', actorUrn: t.actors.reader, duration: 'ONE_DAY' },
    });
    expect(other.errors?.[0]?.extensions?.code).toBe(403);
    const both = await as(t.reader).gql(get, {
      i: { type: 'PERSONAL', actorUrn: t.actors.reader, duration: 'ONE_DAY', durationIso: 'P1D' },
    });
    expect(both.errors?.[0]?.message).toMatch(/Exactly one of duration or durationIso/);
    const odd = await as(t.reader).gql(get, {
      i: { type: 'PERSONAL', actorUrn: t.actors.reader, durationIso: 'PT5M' },
    });
    expect(odd.errors?.[0]?.message).toMatch(/not allowed/);
  });
});

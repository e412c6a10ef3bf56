import { beforeAll, describe, expect, it } from 'vitest';
import { useAuthGraphql, type TestTokens } from '../support/auth.js';
import { mcp, unique } from '../support/runtime.js';

// A user's role as DataHub's web app reads it (issue 38, the Admin page): the user's `IsMemberOfRole`
// relationship to a DataHubRole, which `batchAssignRole` changes.

const { as, tokens, ingest } = useAuthGraphql();
let t: TestTokens;
beforeAll(() => {
  t = tokens();
});

const ROLES = `query ($u: String!) { corpUser(urn: $u) {
  roles: relationships(input: {types: ["IsMemberOfRole"], direction: OUTGOING, start: 0}) {
    start count total relationships { type direction entity { urn type } }
  }
} }`;
const rolesOf = async (urn: string): Promise<string[]> => {
  const res = await as(t.reader).gql(ROLES, { u: urn });
  expect(res.errors).toBeUndefined();
  return (res.data?.corpUser.roles.relationships as { entity: { urn: string } }[]).map((r) => r.entity.urn);
};

describe("a user's role (IsMemberOfRole)", () => {
  it('is the role an Admin assigned, Reader until one does, for any reader of the user', async () => {
    const u = `urn:li:corpuser:roles_${unique()}`;
    await ingest([mcp(u, 'corpUserInfo', { active: true, displayName: 'Role holder' })]);
    const res = await as(t.reader).gql(ROLES, { u });
    expect(res.data?.corpUser.roles).toEqual({
      start: 0,
      count: 1,
      total: 1,
      relationships: [
        {
          type: 'IsMemberOfRole',
          direction: 'OUTGOING',
          entity: { urn: 'urn:li:dataHubRole:Reader', type: 'DATAHUB_ROLE' },
        },
      ],
    });
    const assign = (token: string, role: string) =>
      as(token).gql('mutation ($i: BatchAssignRoleInput!) { batchAssignRole(input: $i) }', {
        i: { roleUrn: `urn:li:dataHubRole:${role}`, actors: [u] },
      });
    expect((await assign(t.admin, 'Editor')).data?.batchAssignRole).toBe(true);
    expect(await rolesOf(u)).toEqual(['urn:li:dataHubRole:Editor']);
    // Only an Admin assigns roles.
    expect((await assign(t.editor, 'Admin')).errors?.[0]?.extensions?.code).toBe(403);
    expect(await rolesOf(u)).toEqual(['urn:li:dataHubRole:Editor']);
    // The root user is an Admin from the first start.
    expect(await rolesOf('urn:li:corpuser:datahub')).toEqual(['urn:li:dataHubRole:Admin']);
  });

  it('leaves other relationships to the graph, and incoming ones alone', async () => {
    const u = `urn:li:corpuser:roles_${unique()}`;
    const g = `urn:li:corpGroup:roles_${unique()}`;
    await ingest([
      mcp(u, 'corpUserInfo', { active: true }),
      mcp(u, 'groupMembership', { groups: [g] }),
      mcp(g, 'corpGroupInfo', { admins: [], members: [], groups: [] }),
    ]);
    const res = await as(t.reader).gql(
      `query ($u: String!) { corpUser(urn: $u) {
        both: relationships(input: {types: ["IsMemberOfRole", "IsMemberOfGroup"], direction: OUTGOING}) {
          total relationships { type entity { urn } }
        }
        groups: relationships(input: {types: ["IsMemberOfGroup"], direction: OUTGOING}) { total }
        incoming: relationships(input: {types: ["IsMemberOfRole"], direction: INCOMING}) { total }
      } }`,
      { u },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.corpUser).toEqual({
      both: {
        total: 2,
        relationships: [
          { type: 'IsMemberOfRole', entity: { urn: 'urn:li:dataHubRole:Reader' } },
          { type: 'IsMemberOfGroup', entity: { urn: g } },
        ],
      },
      groups: { total: 1 },
      incoming: { total: 0 },
    });
  });
});

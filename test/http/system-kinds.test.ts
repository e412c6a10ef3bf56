/**
 * No way in through DataHub's system kinds (issue 17, item 8): writes of Admin-only kinds and of secret
 * aspects need Admin on every write route; secret values are read by Admins only (everyone else reads a
 * placeholder), are never indexed, and DataHub's role and membership aspects never change neohub's own
 * authorization.
 */
import { describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime.js';
import { REDACTED } from '../../src/auth/redaction.js';
import { useAuthServer, type TestTokens } from '../support/auth.js';
import { httpClient, JSON_CONTENT, RESTLI } from '../support/http.js';
import { enc, mcp, unique } from '../support/runtime.js';

let rt: Runtime;
let t: TestTokens;
useAuthServer({ NEOHUB_RATE_LIMIT_PER_MINUTE: '0' }, (r, tokens) => {
  rt = r;
  t = tokens;
});
const { as } = httpClient(() => rt.url, { headers: { ...JSON_CONTENT, ...RESTLI } });

describe("DataHub's system kinds", () => {
  it('every Admin-only kind is refused to an Editor on Rest.li and OpenAPI v3, and allowed to an Admin', async () => {
    const u = unique();
    const kinds = rt.services.registry.allEntities().filter((e) => e.adminOnly);
    expect(kinds.map((k) => k.name)).toEqual(
      expect.arrayContaining([
        'dataHubSecret',
        'dataHubAccessToken',
        'dataHubPolicy',
        'dataHubRole',
        'inviteToken',
        'globalSettings',
        'dataHubConnection',
      ]),
    );
    for (const kind of kinds) {
      const urn = `urn:li:${kind.name}:sys${u}`;
      if (kind.keyFields.length !== 1) continue;
      const key = { [kind.keyFields[0] as string]: `sys${u}` };
      const restli = await as(t.editor).call('POST', '/aspects?action=ingestProposal', {
        proposal: mcp(urn, kind.keyAspect, key),
      });
      expect(restli.status, `${kind.name} Rest.li`).toBe(403);
      const v3 = await as(t.editor).call('POST', `/openapi/v3/entity/${kind.name.toLowerCase()}`, [
        { urn, [kind.keyAspect]: { value: key } },
      ]);
      expect(v3.status, `${kind.name} OpenAPI v3`).toBe(403);
      const admin = await as(t.admin).call('POST', '/aspects?action=ingestProposal', {
        proposal: mcp(urn, kind.keyAspect, key),
      });
      expect(admin.status, `${kind.name} as Admin`).toBe(200);
    }
  });

  it('secret values are read by Admins only, on every read route, and never found by search', async () => {
    // dataHubSecret is a hidden kind: a Reader or Editor reading one is refused; a user's credentials
    // (a secret aspect of a kind everyone reads) read as a placeholder.
    const u = unique();
    const secret = `urn:li:dataHubSecret:s${u}`;
    const value = `hunter2-${u}`;
    const wrote = await as(t.admin).call('POST', '/aspects?action=ingestProposal', {
      proposal: mcp(secret, 'dataHubSecretValue', { name: `s${u}`, value, description: 'db password' }),
    });
    expect(wrote.status, wrote.text).toBe(200);
    const user = `urn:li:corpuser:cred${u}`;
    const refused = await as(t.editor).call('POST', '/aspects?action=ingestProposal', {
      proposal: mcp(user, 'corpUserCredentials', { salt: 's', hashedPassword: 'h' }),
    });
    expect(refused.status).toBe(403);

    const creds = await as(t.admin).call('POST', '/aspects?action=ingestProposal', {
      proposal: mcp(user, 'corpUserCredentials', { salt: `salt-${u}`, hashedPassword: value }),
    });
    expect(creds.status, creds.text).toBe(200);
    const reads = (token: string, urn: string, aspect: string, kind: string) =>
      Promise.all([
        as(token).call('GET', `/entitiesV2/${enc(urn)}`),
        as(token).call('GET', `/aspects/${enc(urn)}?aspect=${aspect}&version=0`),
        as(token).call('GET', `/openapi/v3/entity/${kind}/${enc(urn)}`),
        as(token).call('GET', `/openapi/v2/entity/${kind}/${enc(urn)}/${aspect}`),
      ]);
    const secretReads = (token: string) => reads(token, secret, 'dataHubSecretValue', 'datahubsecret');
    const userReads = (token: string) => reads(token, user, 'corpUserCredentials', 'corpuser');
    for (const token of [t.reader, t.editor]) {
      for (const r of await secretReads(token)) {
        expect(r.status, r.text).toBe(403);
        expect(r.text).not.toContain(value);
      }
      for (const r of await userReads(token)) {
        expect(r.status, r.text).toBe(200);
        expect(r.text).not.toContain(value);
        expect(r.text).not.toContain(`salt-${u}`);
        expect(r.text).toContain(REDACTED);
      }
    }
    for (const r of await secretReads(t.admin)) expect(r.text).toContain(value);
    for (const r of await userReads(t.admin)) expect(r.text).toContain(value);

    expect(await rt.services.search.waitForIndex()).toBe(true);
    const found = await as(t.admin).call('POST', '/entities?action=search', {
      entity: 'dataHubSecret',
      input: value,
      start: 0,
      count: 10,
    });
    expect(found.status).toBe(200);
    expect(found.body.value.numEntities).toBe(0);
  });

  it("DataHub's role and membership aspects do not change neohub's authorization", async () => {
    const reader = t.actors.reader;
    const wrote = await as(t.admin).call('POST', '/aspects?action=ingestProposalBatch', {
      proposals: [
        mcp(reader, 'roleMembership', { roles: ['urn:li:dataHubRole:Admin'] }),
        mcp(reader, 'groupMembership', { groups: ['urn:li:corpGroup:admins'] }),
      ],
    });
    expect(wrote.status, wrote.text).toBe(200);
    const attempt = await as(t.reader).call('POST', '/aspects?action=ingestProposal', {
      proposal: mcp(`urn:li:tag:t${unique()}`, 'tagProperties', { name: 'x' }),
    });
    expect(attempt.status).toBe(403);
  });

  it("a policy's privileges are DataHub's list of what it grants; an asset's are what the caller may do", async () => {
    const policy = `urn:li:dataHubPolicy:p${unique()}`;
    const wrote = await as(t.admin).call('POST', '/aspects?action=ingestProposal', {
      proposal: mcp(policy, 'dataHubPolicyInfo', {
        displayName: 'p',
        description: 'd',
        type: 'PLATFORM',
        state: 'ACTIVE',
        privileges: ['MANAGE_POLICIES', 'VIEW_ANALYTICS'],
        actors: { allUsers: true, resourceOwners: false },
        editable: true,
      }),
    });
    expect(wrote.status, wrote.text).toBe(200);
    const q = (token: string, query: string) => as(token).call('POST', '/api/graphql', { query });
    const read = await q(t.admin, `{ entity(urn: "${policy}") { ... on DataHubPolicy { privileges } } }`);
    expect(read.body).toEqual({ data: { entity: { privileges: ['MANAGE_POLICIES', 'VIEW_ANALYTICS'] } } });
    const dataset = `urn:li:dataset:(urn:li:dataPlatform:hive,privileges_${unique()},PROD)`;
    await as(t.admin).call('POST', '/aspects?action=ingestProposal', {
      proposal: mcp(dataset, 'datasetProperties', { name: 'privileges' }),
    });
    const asset = (token: string) =>
      q(token, `{ dataset(urn: "${dataset}") { privileges { canEditDescription canViewDatasetProfile } } }`);
    expect((await asset(t.editor)).body.data.dataset.privileges).toEqual({
      canEditDescription: true,
      canViewDatasetProfile: true,
    });
    expect((await asset(t.reader)).body.data.dataset.privileges).toEqual({
      canEditDescription: false,
      canViewDatasetProfile: true,
    });
  });
});

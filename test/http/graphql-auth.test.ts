import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime.js';
import { mintTokens, startAuthServer, type TestTokens } from '../support/auth.js';
import { httpClient, JSON_CONTENT, RESTLI } from '../support/http.js';
import { datasetUrn, mcp, unique } from '../support/runtime.js';

let rt: Runtime;
let t: TestTokens;
beforeAll(async () => {
  const started = await startAuthServer();
  rt = started.rt;
  t = await mintTokens(rt, started.root);
});
afterAll(async () => rt?.stop());

/** GraphQL answers errors with HTTP 200 once the token is good. */
const { as } = httpClient(() => rt.url, { headers: { ...JSON_CONTENT, ...RESTLI }, gqlStatus: 200 });

/** A GraphQL request refused with DataHub's error of this status (`extensions.code`), at HTTP 200. */
async function refused(
  code: number,
  token: string,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<string> {
  const res = await as(token).gql(query, variables);
  expect(res.errors?.[0]?.extensions?.code).toBe(code);
  return res.errors?.[0]?.message as string;
}

const METADATA = 'urn type id name description actorUrn ownerUrn createdAt expiresAt';
const CREATE = `mutation create($input: CreateAccessTokenInput!) {
  createAccessToken(input: $input) { accessToken metadata { ${METADATA} } }
}`;
const LIST = `query list($input: ListAccessTokenInput!) {
  listAccessTokens(input: $input) { start count total tokens { ${METADATA} } }
}`;
const METADATA_OF = `query meta($token: String!) { getAccessTokenMetadata(token: $token) { ${METADATA} } }`;
const REVOKE = `mutation revoke($id: String!) { revokeAccessToken(tokenId: $id) }`;
const ASSIGN = `mutation assign($input: BatchAssignRoleInput!) { batchAssignRole(input: $input) }`;

const tokenInput = (actorUrn: string, duration = 'ONE_DAY', name = `t_${unique()}`) => ({
  input: { type: 'PERSONAL', actorUrn, duration, name, description: `for ${actorUrn}` },
});

/** Creates a token as `by` for `actor`: its string and metadata. */
async function create(by: string, actor: string, duration = 'ONE_DAY') {
  const data = await as(by).gqlOk(CREATE, tokenInput(actor, duration));
  return data.createAccessToken as { accessToken: string; metadata: Record<string, any> };
}

async function list(by: string, filters?: unknown[], count = 1000) {
  const data = await as(by).gqlOk(LIST, { input: { start: 0, count, ...(filters ? { filters } : {}) } });
  return data.listAccessTokens as { start: number; count: number; total: number; tokens: any[] };
}

const createTag = (id: string) => `mutation { createTag(input: {id: "${id}", name: "${id}"}) }`;

describe('createAccessToken', () => {
  it('lets a Reader create a token for themself, with its metadata', async () => {
    const before = Date.now();
    const { accessToken, metadata } = await create(t.reader, t.actors.reader);
    expect(accessToken).toMatch(/^nh_[A-Za-z0-9_-]{43}$/);
    expect(metadata).toMatchObject({
      urn: `urn:li:dataHubAccessToken:${metadata.id}`,
      type: 'ACCESS_TOKEN',
      actorUrn: t.actors.reader,
      ownerUrn: t.actors.reader,
      description: `for ${t.actors.reader}`,
    });
    expect(metadata.createdAt).toBeGreaterThanOrEqual(before);
    expect(metadata.createdAt).toBeLessThanOrEqual(Date.now());
    expect(metadata.expiresAt).toBe(metadata.createdAt + 86_400_000);
  });

  it('refuses a Reader a token for another user (403) and lets an Admin create one', async () => {
    const message = await refused(403, t.reader, CREATE, tokenInput(t.actors.editor));
    expect(message).toContain(t.actors.reader);
    const { metadata } = await create(t.admin, t.actors.editor);
    expect(metadata).toMatchObject({ actorUrn: t.actors.editor, ownerUrn: t.actors.admin });
  });

  it('NO_EXPIRY has expiresAt null; ONE_HOUR expires an hour after its creation', async () => {
    expect((await create(t.reader, t.actors.reader, 'NO_EXPIRY')).metadata.expiresAt).toBeNull();
    const hour = (await create(t.reader, t.actors.reader, 'ONE_HOUR')).metadata;
    expect(hour.expiresAt).toBe(hour.createdAt + 3_600_000);
  });

  it('refuses bad input with 400: an actor that is no user, an empty name, an unknown duration', async () => {
    await refused(400, t.reader, CREATE, tokenInput('urn:li:corpGroup:nope'));
    await refused(400, t.reader, CREATE, tokenInput(t.actors.reader, 'ONE_DAY', ' '));
    await refused(400, t.reader, CREATE, tokenInput(t.actors.reader, 'FOREVER'));
  });

  it('gives a token that works as a bearer token for REST', async () => {
    const urn = datasetUrn(`gqlauth_${unique()}`);
    const ingest = await as(t.root).call('POST', '/aspects?action=ingestProposal', {
      proposal: mcp(urn, 'datasetProperties', { name: 'tokens', customProperties: {} }),
    });
    expect(ingest.status).toBe(200);
    const { accessToken } = await create(t.reader, t.actors.reader);
    const res = await as(accessToken).call('GET', `/entitiesV2/${encodeURIComponent(urn)}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('tokens');
    // and for GraphQL, as its actor
    const created = await create(accessToken, t.actors.reader);
    expect(created.metadata.ownerUrn).toBe(t.actors.reader);
  });
});

describe('listAccessTokens', () => {
  it("shows a Reader their own tokens only, and never a token's string", async () => {
    const mine = await create(t.reader, t.actors.reader);
    await create(t.admin, t.actors.editor);
    const res = await as(t.reader).gqlRes(LIST, { input: { start: 0, count: 1000 } });
    expect(res.body.errors).toBeUndefined();
    const page = res.body.data.listAccessTokens;
    expect(page.tokens.map((x: any) => x.id)).toContain(mine.metadata.id);
    for (const x of page.tokens) expect([x.actorUrn, x.ownerUrn]).toContain(t.actors.reader);
    expect(page.total).toBeGreaterThanOrEqual(page.tokens.length);
    expect(page).toMatchObject({ start: 0, count: page.tokens.length });
    expect(res.text).not.toContain(mine.accessToken);
    expect(res.text).not.toContain(t.reader);
  });

  it('has no field for the token string on the metadata', async () => {
    await refused(400, t.reader, `{ listAccessTokens(input: {}) { tokens { accessToken } } }`);
  });

  it('filters on actorUrn and ownerUrn, with `value` or `values`', async () => {
    const forReader = await create(t.admin, t.actors.reader);
    const own = await create(t.reader, t.actors.reader);
    const byOwner = await list(t.reader, [{ field: 'ownerUrn', value: t.actors.reader }]);
    expect(byOwner.tokens.map((x) => x.id)).toContain(own.metadata.id);
    expect(byOwner.tokens.map((x) => x.id)).not.toContain(forReader.metadata.id);
    for (const x of byOwner.tokens) expect(x.ownerUrn).toBe(t.actors.reader);
    const byActor = await list(t.reader, [{ field: 'actorUrn', values: [t.actors.reader] }]);
    expect(byActor.tokens.map((x) => x.id)).toEqual(
      expect.arrayContaining([own.metadata.id, forReader.metadata.id]),
    );
    for (const x of byActor.tokens) expect(x.actorUrn).toBe(t.actors.reader);
  });

  it("refuses a Reader other users' tokens (403) and shows them to an Admin", async () => {
    const forEditor = await create(t.admin, t.actors.editor);
    await refused(403, t.reader, LIST, {
      input: { filters: [{ field: 'actorUrn', value: t.actors.editor }] },
    });
    await refused(403, t.reader, LIST, {
      input: { filters: [{ field: 'ownerUrn', value: t.actors.admin }] },
    });
    const byActor = await list(t.admin, [{ field: 'actorUrn', value: t.actors.editor }]);
    expect(byActor.tokens.map((x) => x.id)).toContain(forEditor.metadata.id);
    for (const x of byActor.tokens) expect(x.actorUrn).toBe(t.actors.editor);
    const byOwner = await list(t.admin, [{ field: 'ownerUrn', value: t.actors.admin }]);
    expect(byOwner.tokens.map((x) => x.id)).toContain(forEditor.metadata.id);
  });

  it('pages, newest first', async () => {
    const actor = `urn:li:corpuser:pages_${unique()}`;
    const made = [];
    for (let i = 0; i < 3; i++) made.push((await create(t.admin, actor)).metadata.id);
    const filters = [{ field: 'actorUrn', value: actor }];
    const first = await as(t.admin).gqlOk(LIST, { input: { start: 0, count: 2, filters } });
    expect(first.listAccessTokens).toMatchObject({ start: 0, count: 2, total: 3 });
    const second = await as(t.admin).gqlOk(LIST, { input: { start: 2, count: 2, filters } });
    expect(second.listAccessTokens).toMatchObject({ start: 2, count: 1, total: 3 });
    const ids = [...first.listAccessTokens.tokens, ...second.listAccessTokens.tokens].map((x: any) => x.id);
    expect(new Set(ids)).toEqual(new Set(made));
  });

  it('refuses filters it cannot apply (400)', async () => {
    const bad = async (filter: Record<string, unknown>) =>
      refused(400, t.admin, LIST, { input: { filters: [filter] } });
    await bad({ field: 'name', value: 'x' });
    await bad({ field: 'actorUrn', values: [t.actors.reader, t.actors.editor] });
    await bad({ field: 'actorUrn', value: t.actors.reader, negated: true });
    await bad({ field: 'actorUrn', value: t.actors.reader, condition: 'CONTAIN' });
    await refused(400, t.admin, LIST, { input: { start: -1 } });
  });
});

describe('getAccessTokenMetadata', () => {
  it("gives the metadata of one's own token, an Admin anyone's, and refuses a Reader others' (403)", async () => {
    const own = await create(t.reader, t.actors.reader);
    const data = await as(t.reader).gqlOk(METADATA_OF, { token: own.accessToken });
    expect(data.getAccessTokenMetadata).toEqual(own.metadata);
    const admins = await create(t.admin, t.actors.admin);
    await refused(403, t.reader, METADATA_OF, { token: admins.accessToken });
    expect((await as(t.admin).gqlOk(METADATA_OF, { token: own.accessToken })).getAccessTokenMetadata.id).toBe(
      own.metadata.id,
    );
    const res = await as(t.reader).gqlRes(METADATA_OF, { token: own.accessToken });
    expect(res.text).not.toContain(own.accessToken);
  });

  it('answers 404 for a token that does not exist', async () => {
    await refused(404, t.reader, METADATA_OF, { token: t.forged });
    await refused(404, t.reader, METADATA_OF, { token: 'not a token' });
  });
});

describe('revokeAccessToken', () => {
  it('revokes at once: the next request with the token gets HTTP 401', async () => {
    const own = await create(t.reader, t.actors.reader);
    expect((await as(own.accessToken).gqlRes('{ __typename }')).status).toBe(200);
    expect((await as(t.reader).gqlOk(REVOKE, { id: own.metadata.id })).revokeAccessToken).toBe(true);
    const graphql = await as(own.accessToken).gqlRes('{ __typename }');
    expect(graphql.status).toBe(401);
    expect(graphql.body.errors[0].extensions.code).toBe(401);
    expect(
      (await as(own.accessToken).call('GET', `/entitiesV2/${encodeURIComponent(datasetUrn('x'))}`)).status,
    ).toBe(401);
    const listed = await list(t.reader, [{ field: 'actorUrn', value: t.actors.reader }]);
    expect(listed.tokens.map((x) => x.id)).not.toContain(own.metadata.id);
  });

  it("refuses a Reader someone else's token (403); an Admin may revoke it", async () => {
    const editors = await create(t.admin, t.actors.editor);
    await refused(403, t.reader, REVOKE, { id: editors.metadata.id });
    expect((await as(editors.accessToken).gqlRes('{ __typename }')).status).toBe(200);
    expect((await as(t.admin).gqlOk(REVOKE, { id: editors.metadata.id })).revokeAccessToken).toBe(true);
    expect((await as(editors.accessToken).gqlRes('{ __typename }')).status).toBe(401);
  });

  it('lets the actor revoke a token an Admin made for them', async () => {
    const forReader = await create(t.admin, t.actors.reader);
    expect((await as(t.reader).gqlOk(REVOKE, { id: forReader.metadata.id })).revokeAccessToken).toBe(true);
    expect((await as(forReader.accessToken).gqlRes('{ __typename }')).status).toBe(401);
  });

  it('answers 404 for an unknown token id', async () => {
    await refused(404, t.admin, REVOKE, { id: 'no-such-token' });
  });
});

describe('batchAssignRole', () => {
  it('makes a Reader an Editor: their next mutation succeeds; null takes the role away', async () => {
    const user = `urn:li:corpuser:promoted_${unique()}`;
    const { accessToken } = await create(t.admin, user);
    await refused(403, accessToken, createTag(`promoted_${unique()}`));
    const assign = { input: { roleUrn: 'urn:li:dataHubRole:Editor', actors: [user] } };
    expect((await as(t.admin).gqlOk(ASSIGN, assign)).batchAssignRole).toBe(true);
    const tag = `promoted_${unique()}`;
    expect((await as(accessToken).gqlOk(createTag(tag))).createTag).toBe(`urn:li:tag:${tag}`);
    expect(
      (await as(t.admin).gqlOk(ASSIGN, { input: { roleUrn: null, actors: [user] } })).batchAssignRole,
    ).toBe(true);
    await refused(403, accessToken, createTag(`promoted_${unique()}`));
  });

  it('makes an Admin: they may then list the tokens of others', async () => {
    const user = `urn:li:corpuser:admin2_${unique()}`;
    const { accessToken } = await create(t.admin, user);
    const filters = [{ field: 'actorUrn', value: t.actors.editor }];
    await refused(403, accessToken, LIST, { input: { filters } });
    await as(t.root).gqlOk(ASSIGN, { input: { roleUrn: 'urn:li:dataHubRole:Admin', actors: [user] } });
    await as(accessToken).gqlOk(LIST, { input: { filters } });
  });

  it('is refused to non-Admins (403)', async () => {
    const assign = { input: { roleUrn: 'urn:li:dataHubRole:Admin', actors: [t.actors.reader] } };
    await refused(403, t.reader, ASSIGN, assign);
    await refused(403, t.editor, ASSIGN, assign);
    await refused(403, t.editor, CREATE, tokenInput(t.actors.reader));
  });

  it('refuses an unknown role or an actor that is no user (400)', async () => {
    await refused(400, t.admin, ASSIGN, {
      input: { roleUrn: 'urn:li:dataHubRole:Owner', actors: [t.actors.reader] },
    });
    await refused(400, t.admin, ASSIGN, {
      input: { roleUrn: 'urn:li:dataHubRole:Reader', actors: ['urn:li:corpGroup:x'] },
    });
  });
});

describe('the GraphQL limits', () => {
  it('refuse a query deeper than the limit with 400 BAD_REQUEST naming the limit', async () => {
    // A dataset's container's container...: 1 + 50 + 1 deep, and cheap (no page multiplies it).
    let inner = 'urn';
    for (let i = 0; i < 50; i++) inner = `container { ${inner} }`;
    const res = await as(t.reader).gqlRes(
      `{ dataset(urn: "${datasetUrn('x').replace(/"/g, '')}") { ${inner} } }`,
    );
    expect(res.status).toBe(200);
    expect(res.body.errors[0].extensions).toMatchObject({ code: 400, type: 'BAD_REQUEST' });
    expect(res.body.errors[0].message).toContain('depth limit (NEOHUB_GRAPHQL_MAX_DEPTH) is 50');
  });

  it('pass the standard introspection query', async () => {
    const { getIntrospectionQuery } = await import('graphql');
    const data = await as(t.reader).gqlOk(
      getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true }),
    );
    const types = (data.__schema.types as { name: string }[]).map((x) => x.name);
    expect(types).toEqual(
      expect.arrayContaining(['AccessTokenMetadata', 'AccessToken', 'BatchAssignRoleInput']),
    );
  });
});

/**
 * DataHub's service paths beyond the entity API (issue 40, item 3; docs/decisions/0060): proposal ingest
 * at `/openapi/v2/platform/entities/v1/`, usage tracking, the audit search, system information, the
 * throttle, aspect names in OpenAPI paths regardless of case, and the `/config` fields DataHub's clients
 * read. Each with DataHub's shapes, and bad input answered with a clear error and the right status.
 */
import { describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime.js';
import { useAuthServer, type TestTokens } from '../support/auth.js';
import { httpClient, request } from '../support/http.js';
import { datasetUrn, enc, unique } from '../support/runtime.js';

let rt: Runtime;
let t: TestTokens;
useAuthServer(
  { NEOHUB_RATE_LIMIT_PER_MINUTE: '0', UI_INGESTION_DEFAULT_CLI_VERSION: '1.4.0.7' },
  (r, tokens) => {
    rt = r;
    t = tokens;
  },
);
const { as } = httpClient(() => rt.url);

/** A proposal as DataHub's OpenAPI MetadataChangeProposal carries it: the aspect as an object. */
const proposal = (urn: string, aspectName: string, value: unknown) => ({
  entityType: urn.split(':')[2],
  entityUrn: urn,
  changeType: 'UPSERT',
  aspectName,
  aspect: { value, contentType: 'application/json' },
});

/** A fresh user with a role and a token of its own: its actions are the only ones under its name. */
async function freshUser(role: 'Admin' | 'Editor' | 'Reader'): Promise<{ urn: string; token: string }> {
  const urn = `urn:li:corpuser:svc_${unique()}`;
  expect(
    (
      await as(t.root).call('POST', '/api/graphql', {
        query: 'mutation($r: String!, $a: [String!]!) { batchAssignRole(input: {roleUrn: $r, actors: $a}) }',
        variables: { r: `urn:li:dataHubRole:${role}`, a: [urn] },
      })
    ).status,
  ).toBe(200);
  const res = await as(t.root).call('POST', '/api/graphql', {
    query: `mutation($a: String!) { createAccessToken(input: {type: PERSONAL, actorUrn: $a, duration: ONE_DAY, name: "svc"}) { accessToken } }`,
    variables: { a: urn },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { urn, token: res.body.data.createAccessToken.accessToken as string };
}

describe('POST /openapi/v2/platform/entities/v1/', () => {
  const P = '/openapi/v2/platform/entities/v1/';

  it('writes proposals through the write path: 201 with the changed URNs, 200 [] when nothing changed', async () => {
    const u = unique();
    const a = datasetUrn(`platform_a_${u}`);
    const b = datasetUrn(`platform_b_${u}`);
    const body = [
      proposal(a, 'datasetProperties', { name: `a ${u}`, description: 'from the platform API' }),
      proposal(b, 'status', { removed: false }),
      // Rest.li's form of the value (JSON text) is accepted too.
      {
        ...proposal(b, 'globalTags', null),
        aspect: { value: JSON.stringify({ tags: [{ tag: `urn:li:tag:p_${u}` }] }) },
      },
    ];
    const res = await as(t.editor).call('POST', P, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect([...(res.body as string[])].sort()).toEqual([a, b].sort());
    expect(res.headers.get('traceparent')).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    const read = await as(t.reader).call('GET', `/openapi/v3/entity/dataset/${enc(a)}/datasetProperties`);
    expect(read.body.value).toMatchObject({ name: `a ${u}`, description: 'from the platform API' });

    const again = await as(t.editor).call('POST', P, body);
    expect(again.status).toBe(200);
    expect(again.body).toEqual([]);
    // Asynchronous: written the same, answered as DataHub answers a queued write.
    const queued = await as(t.editor).call('POST', `${P}?async=true`, [
      proposal(a, 'datasetProperties', { name: `a2 ${u}` }),
    ]);
    expect(queued.status).toBe(200);
    expect(queued.body).toEqual([]);
    const after = await as(t.reader).call('GET', `/openapi/v3/entity/dataset/${enc(a)}/datasetProperties`);
    expect(after.body.value.name).toBe(`a2 ${u}`);
    // Answered once the search index has the write, when asked.
    const synced = await as(t.editor).call(
      'POST',
      P,
      [proposal(a, 'datasetProperties', { name: `synced ${u}` })],
      { 'X-DataHub-Sync-Index-Update': 'true' },
    );
    expect(synced.status).toBe(201);
    const found = await as(t.reader).call(
      'POST',
      `/openapi/v3/entity/scroll?count=5&query=${enc(`synced ${u}`)}`,
      { entities: ['dataset'] },
    );
    expect(JSON.stringify(found.body)).toContain(a);
    expect((await as(t.editor).call('POST', `${P}`, [])).body).toEqual([]);
  });

  it('refuses bad input clearly, all or nothing', async () => {
    const u = unique();
    const a = datasetUrn(`platform_bad_${u}`);
    const notList = await as(t.editor).call('POST', P, proposal(a, 'status', { removed: false }));
    expect(notList.status).toBe(400);
    expect(notList.body.error).toMatch(/list of metadata change proposals/);
    const notObject = await as(t.editor).call('POST', P, ['x']);
    expect(notObject.status).toBe(400);
    expect(notObject.body.message).toMatch(/must be an object/);
    // One proposal the model refuses: nothing of the batch is written.
    const bad = await as(t.editor).call('POST', P, [
      proposal(a, 'datasetProperties', { name: 'never' }),
      proposal(a, 'noSuchAspect', { x: 1 }),
    ]);
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({
      error: 'Validation Error',
      message: expect.stringMatching(/noSuchAspect/),
    });
    const none = await as(t.reader).call('GET', `/openapi/v3/entity/dataset/${enc(a)}`);
    expect(none.status).toBe(404);
    const badUrn = await as(t.editor).call('POST', P, [
      proposal('urn:li:dataset:nope', 'status', { removed: false }),
    ]);
    expect(badUrn.status).toBe(400);
    const badAsync = await as(t.editor).call('POST', `${P}?async=maybe`, []);
    expect(badAsync.status).toBe(400);
    // A Reader may not write.
    const reader = await as(t.reader).call('POST', P, [proposal(a, 'status', { removed: false })]);
    expect(reader.status).toBe(403);
  });
});

describe('usage tracking and the audit search', () => {
  const track = (token: string, event: unknown) =>
    as(token).call('POST', '/openapi/v1/tracking/track', event);
  const audit = (query: string, body: unknown) =>
    as(t.admin).call('POST', `/openapi/v1/events/audit/search${query}`, body);

  it('stores tracking events under the caller, found by their type', async () => {
    const me = await freshUser('Reader');
    const urn = datasetUrn(`tracked_${unique()}`);
    const ok = await track(me.token, {
      type: 'EntityViewEvent',
      entityType: 'dataset',
      entityUrn: urn,
      actorUrn: 'urn:li:corpuser:someone_else',
      usageSource: 'backend',
    });
    expect(ok.status).toBe(200);
    expect((await track(me.token, { type: 'SearchEvent', query: 'orders' })).status).toBe(200);

    // DataHub's audit search leaves clients' events out unless their type is asked for.
    const backend = await audit('', { actorUrns: [me.urn] });
    expect(backend.body.usageEvents.map((e: any) => e.eventType)).not.toContain('EntityViewEvent');
    const res = await audit('', { actorUrns: [me.urn], eventTypes: ['EntityViewEvent', 'SearchEvent'] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 2, total: 2 });
    const [search, view] = res.body.usageEvents;
    expect(search).toMatchObject({ eventType: 'SearchEvent', actorUrn: me.urn });
    expect(search.rawUsageEvent).toMatchObject({ type: 'SearchEvent', query: 'orders', actorUrn: me.urn });
    // The actor is the caller's, whatever the body says, and a client's event is never a backend one.
    expect(view).toMatchObject({
      eventType: 'EntityViewEvent',
      actorUrn: me.urn,
      entityUrn: urn,
      entityType: 'dataset',
    });
    expect(view.rawUsageEvent.usageSource).toBeUndefined();
    expect(search.timestamp).toBeGreaterThanOrEqual(view.timestamp);
  });

  it('refuses tracking events without a type, or not objects', async () => {
    for (const bad of [{}, { type: '' }, { type: 5 }, [], 'x'])
      expect((await track(t.reader, bad)).status, JSON.stringify(bad)).toBe(400);
    expect((await track(t.reader, { type: 'x', blob: 'y'.repeat(70_000) })).status).toBe(400);
    const anonymous = await request('POST', `${rt.url}/openapi/v1/tracking/track`, { body: { type: 'X' } });
    expect(anonymous.status).toBe(401);
  });

  it('answers writes, tokens, roles and sign-ins with DataHub filters and paging', async () => {
    const me = await freshUser('Editor');
    const u = unique();
    const urn = datasetUrn(`audited_${u}`);
    // A write through the platform API, then one of a tag: two UpdateAspectEvents of the user.
    expect(
      (
        await as(me.token).call('POST', '/openapi/v2/platform/entities/v1/', [
          proposal(urn, 'datasetProperties', { name: u }),
        ])
      ).status,
    ).toBe(201);
    expect(
      (
        await as(me.token).call('POST', '/openapi/v2/platform/entities/v1/', [
          proposal(urn, 'globalTags', { tags: [{ tag: `urn:li:tag:a_${u}` }] }),
        ])
      ).status,
    ).toBe(201);
    // A token the user makes for itself, and revokes.
    const made = await as(me.token).call('POST', '/api/graphql', {
      query: `mutation($a: String!) { createAccessToken(input: {type: PERSONAL, actorUrn: $a, duration: ONE_HOUR, name: "audit"}) { metadata { id } } }`,
      variables: { a: me.urn },
    });
    const id = made.body.data.createAccessToken.metadata.id as string;
    expect(
      (
        await as(me.token).call('POST', '/api/graphql', {
          query: 'mutation($id: String!) { revokeAccessToken(tokenId: $id) }',
          variables: { id },
        })
      ).body.data.revokeAccessToken,
    ).toBe(true);

    // The user's writes of these aspects and its token (a new entity's key and default aspects are
    // written under its name too).
    const mine = {
      actorUrns: [me.urn],
      aspectTypes: ['datasetProperties', 'globalTags', 'dataHubAccessTokenKey'],
    };
    const all = await audit('', mine);
    expect(all.status).toBe(200);
    const types = all.body.usageEvents.map((e: any) => e.eventType);
    expect(types).toEqual([
      'RevokeAccessTokenEvent',
      'CreateAccessTokenEvent',
      'UpdateAspectEvent',
      'UpdateAspectEvent',
    ]);
    const [revoked, , tags, props] = all.body.usageEvents;
    expect(revoked).toMatchObject({
      actorUrn: me.urn,
      entityUrn: `urn:li:dataHubAccessToken:${id}`,
      entityType: 'dataHubAccessToken',
      aspectName: 'dataHubAccessTokenKey',
    });
    expect(tags).toMatchObject({ entityUrn: urn, entityType: 'dataset', aspectName: 'globalTags' });
    expect(tags.telemetryTraceId).toMatch(/^[0-9a-f]{32}$/);
    expect(tags.rawUsageEvent).toMatchObject({
      type: 'UpdateAspectEvent',
      usageSource: 'backend',
      entityUrn: urn,
    });
    expect(props.aspectName).toBe('datasetProperties');
    expect(all.body).toMatchObject({ count: 4, total: 4 });
    expect(all.body.nextScrollId).toBeUndefined();

    // Filters: aspect, entity type, event type; and no raw events when asked.
    const byAspect = await audit('?includeRaw=false', { actorUrns: [me.urn], aspectTypes: ['globalTags'] });
    expect(byAspect.body.usageEvents).toHaveLength(1);
    expect(byAspect.body.usageEvents[0].rawUsageEvent).toBeUndefined();
    const byEntity = await audit('', { actorUrns: [me.urn], entityTypes: ['dataHubAccessToken'] });
    expect(byEntity.body.usageEvents.map((e: any) => e.eventType)).toEqual([
      'RevokeAccessTokenEvent',
      'CreateAccessTokenEvent',
    ]);
    const byType = await audit('', { actorUrns: [me.urn], eventTypes: ['CreateAccessTokenEvent'] });
    expect(byType.body.total).toBe(1);

    // Paging: 3 at a time through the scroll ids, newest first, each once.
    const seen: string[] = [];
    let scroll: string | undefined;
    for (let i = 0; i < 6; i++) {
      const page = await audit(`?size=3${scroll ? `&scrollId=${enc(scroll)}` : ''}`, mine);
      expect(page.status).toBe(200);
      seen.push(...page.body.usageEvents.map((e: any) => e.eventType));
      scroll = page.body.nextScrollId;
      if (!scroll) break;
    }
    expect(seen).toEqual(types);
    // A window before the writes holds none of them.
    const old = await audit(`?startTime=1000&endTime=2000`, { actorUrns: [me.urn] });
    expect(old.body).toMatchObject({ count: 0, total: 0, usageEvents: [] });
  });

  it('records roles given and sign-ins', async () => {
    const since = Date.now() - 1;
    const me = await freshUser('Reader');
    const roles = await audit(`?size=1000&startTime=${since}`, { eventTypes: ['UpdateUserEvent'] });
    expect(roles.status).toBe(200);
    const mine = roles.body.usageEvents.filter((e: any) => e.entityUrn === me.urn);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ entityType: 'corpuser', aspectName: 'roleMembership' });
    // A sign-in of the web app with the user's token, and a refused password.
    const signIn = await request('POST', `${rt.url}/logIn`, { body: { token: me.token } });
    expect(signIn.status).toBe(200);
    const failed = await request('POST', `${rt.url}/logIn`, {
      body: { username: me.urn.slice('urn:li:corpuser:'.length), password: 'wrong password' },
    });
    expect(failed.status).toBe(401);
    const events = await audit('', { actorUrns: [me.urn], eventTypes: ['LogInEvent', 'FailedLogInEvent'] });
    expect(events.body.usageEvents.map((e: any) => e.eventType)).toEqual(['FailedLogInEvent', 'LogInEvent']);
    expect(events.body.usageEvents[0].rawUsageEvent).toMatchObject({
      type: 'FailedLogInEvent',
      actorUrn: me.urn,
      usageSource: 'backend',
    });
  });

  it('refuses bad filters and paging clearly; Admins only', async () => {
    expect((await audit('', { actorUrns: 'x' })).status).toBe(400);
    expect((await audit('', { eventTypes: [1] })).status).toBe(400);
    expect((await audit('', [])).status).toBe(400);
    expect((await audit('?size=-1', {})).status).toBe(400);
    expect((await audit('?size=abc', {})).status).toBe(400);
    expect((await audit('?scrollId=nope', {})).status).toBe(400);
    expect((await audit('?includeRaw=maybe', {})).status).toBe(400);
    expect((await audit('?startTime=x', {})).status).toBe(400);
    // No body: every event of the last day (the test database holds other runs' too).
    expect((await as(t.admin).call('POST', '/openapi/v1/events/audit/search?size=1')).status).toBe(200);
    expect((await as(t.editor).call('POST', '/openapi/v1/events/audit/search', {})).status).toBe(403);
    expect((await as(t.reader).call('POST', '/openapi/v1/events/audit/search', {})).status).toBe(403);
  });
});

describe('system information', () => {
  it("answers DataHub's shapes to Admins, with every secret redacted", async () => {
    const info = await as(t.admin).call('GET', '/openapi/v1/system-info');
    expect(info.status).toBe(200);
    const { gms, maeConsumer, mceConsumer } = info.body.springComponents;
    expect(gms).toMatchObject({ name: 'GMS', status: 'AVAILABLE', version: expect.any(String) });
    expect(maeConsumer).toMatchObject({ name: 'MAE Consumer', status: 'AVAILABLE' });
    expect(mceConsumer).toMatchObject({ name: 'MCE Consumer', status: 'AVAILABLE' });
    const components = await as(t.admin).call('GET', '/openapi/v1/system-info/spring-components');
    expect(Object.keys(components.body).sort()).toEqual(['gms', 'maeConsumer', 'mceConsumer']);

    const props = await as(t.admin).call('GET', '/openapi/v1/system-info/properties');
    expect(props.status).toBe(200);
    const p = props.body;
    expect(p.totalProperties).toBe(Object.keys(p.properties).length);
    expect(p.properties.UI_INGESTION_DEFAULT_CLI_VERSION).toMatchObject({
      key: 'UI_INGESTION_DEFAULT_CLI_VERSION',
      value: '1.4.0.7',
      resolvedValue: '1.4.0.7',
      source: 'systemEnvironment',
    });
    expect(p.properties.NEOHUB_MAX_PAGE_SIZE).toMatchObject({ value: '10000', source: 'neohubDefaults' });
    expect(p.properties.NEOHUB_ROOT_TOKEN).toMatchObject({ value: '********', source: 'systemEnvironment' });
    expect(p.properties.NEO4J_PASSWORD.value).toBe('********');
    expect(p.properties.NEOHUB_AUTH.value).toBe('true');
    expect(p.redactedProperties).toBeGreaterThanOrEqual(2);
    expect(p.propertySources.map((s: any) => s.name)).toEqual(['systemEnvironment', 'neohubDefaults']);

    const simple = await as(t.admin).call('GET', '/openapi/v1/system-info/properties/simple');
    expect(simple.body).toMatchObject({
      UI_INGESTION_DEFAULT_CLI_VERSION: '1.4.0.7',
      NEOHUB_ROOT_TOKEN: '********',
    });
    // No answer holds the root token or the Neo4j password, Admin's neither.
    const secrets = [t.root, process.env.NEO4J_PASSWORD].filter((s): s is string => !!s && s.length > 3);
    for (const res of [info, components, props, simple])
      for (const secret of secrets) expect(res.text).not.toContain(secret);
  });

  it('is for Admins only', async () => {
    for (const path of ['', '/spring-components', '/properties', '/properties/simple']) {
      expect((await as(t.editor).call('GET', `/openapi/v1/system-info${path}`)).status).toBe(403);
      expect((await request('GET', `${rt.url}/openapi/v1/system-info${path}`)).status).toBe(401);
    }
  });
});

describe('the throttle', () => {
  const T = '/openapi/operations/throttle/requests';

  it('holds API writes back while the manual throttle is on', async () => {
    expect((await as(t.admin).call('GET', T)).body).toEqual({});
    const on = await as(t.admin).call('POST', `${T}/manual?enabled=true`);
    expect(on.status).toBe(200);
    const active = { '[MANUAL]': { activeThrottles: ['MANUAL'], disabledThrottles: [], throttled: true } };
    expect(on.body).toEqual(active);
    try {
      expect((await as(t.editor).call('GET', T)).status).toBe(403);
      expect((await as(t.admin).call('GET', T)).body).toEqual(active);
      const urn = datasetUrn(`throttled_${unique()}`);
      const held = await as(t.editor).call('POST', '/openapi/v2/platform/entities/v1/', [
        proposal(urn, 'status', { removed: false }),
      ]);
      expect(held.status).toBe(429);
      expect(held.headers.get('retry-after')).toBe('60');
      expect(JSON.stringify(held.body)).toMatch(/throttle/);
      // Reads go on; a browser's writes (the web app) too.
      expect((await as(t.reader).call('GET', `/openapi/v3/entity/dataset/${enc(urn)}`)).status).toBe(404);
      const browser = await as(t.editor).call(
        'POST',
        '/openapi/v2/platform/entities/v1/',
        [proposal(urn, 'status', { removed: false })],
        { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64)' },
      );
      expect(browser.status).toBe(201);
    } finally {
      const off = await as(t.admin).call('POST', `${T}/manual?enabled=false`);
      expect(off.body).toEqual({});
    }
    const urn = datasetUrn(`unthrottled_${unique()}`);
    expect(
      (
        await as(t.editor).call('POST', '/openapi/v2/platform/entities/v1/', [
          proposal(urn, 'status', { removed: false }),
        ])
      ).status,
    ).toBe(201);
  });

  it('refuses a missing or bad `enabled`, and non-Admins', async () => {
    expect((await as(t.admin).call('POST', `${T}/manual`)).status).toBe(400);
    const bad = await as(t.admin).call('POST', `${T}/manual?enabled=yes`);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/enabled/);
    expect((await as(t.editor).call('POST', `${T}/manual?enabled=true`)).status).toBe(403);
    expect((await as(t.admin).call('GET', T)).body).toEqual({});
  });
});

describe('aspect names in OpenAPI paths, all lowercase as DataHub matches them', () => {
  it('reads, checks, writes, patches and deletes `globalTags` as `globaltags`', async () => {
    const u = unique();
    const urn = datasetUrn(`case_${u}`);
    const tag = `urn:li:tag:case_${u}`;
    const tags = { tags: [{ tag }] };
    for (const v of ['v2', 'v3']) {
      const P = `/openapi/${v}/entity/dataset/${enc(urn)}`;
      const w = await as(t.editor).call(
        'POST',
        `${P}/globaltags?async=false`,
        v === 'v3' ? { value: tags } : tags,
      );
      expect(w.status, JSON.stringify(w.body)).toBeLessThan(300);
      for (const name of ['globaltags', 'globalTags']) {
        const r = await as(t.reader).call('GET', `${P}/${name}`);
        expect(r.status, `${v} ${name}`).toBe(200);
        expect(JSON.stringify(r.body)).toContain(tag);
        expect((await as(t.reader).call('HEAD', `${P}/${name}`)).status).toBe(204);
      }
      const patched = await as(t.editor).call(
        'PATCH',
        `${P}/globaltags`,
        { patch: [{ op: 'add', path: `/tags/${tag}_2`, value: { tag: `${tag}_2` } }] },
        { 'Content-Type': 'application/json-patch+json' },
      );
      expect(patched.status, JSON.stringify(patched.body)).toBeLessThan(300);
      const aspects = await as(t.reader).call('GET', `${P}?aspects=globaltags`);
      expect(JSON.stringify(aspects.body)).toContain(`${tag}_2`);
      // Another spelling is no aspect's (as in DataHub, where a mixed case could name a key aspect).
      expect((await as(t.reader).call('GET', `${P}/GlobalTags`)).status).toBe(404);
      expect((await as(t.editor).call('DELETE', `${P}/globaltags`)).status).toBeLessThan(300);
      expect((await as(t.reader).call('GET', `${P}/globalTags`)).status).toBe(404);
    }
  });
});

describe('/config', () => {
  it('carries managedIngestion.defaultCliVersion, and userType with ?verbose', async () => {
    const plain = await request('GET', `${rt.url}/config`);
    expect(plain.body.managedIngestion).toEqual({ enabled: false, defaultCliVersion: '1.4.0.7' });
    expect(plain.body.userType).toBeUndefined();
    expect((await request('GET', `${rt.url}/config?verbose=true`)).body.userType).toBe('anonymous');
    const bad = await request('GET', `${rt.url}/config?verbose=true`, {
      headers: { Authorization: 'Bearer nope' },
    });
    expect(bad.status).toBe(200);
    expect(bad.body.userType).toBe('anonymous');
    expect((await as(t.reader).call('GET', '/config?verbose=true')).body.userType).toBe('user');
    expect((await as(t.admin).call('GET', '/config?verbose=false')).body.userType).toBeUndefined();
  });
});

/**
 * One redaction on every route (issue 35, items 1, 2 and 6). A secret is planted in every secret field
 * the registry declares, and entities of hidden kinds (secrets, tokens, policies, connections, ingestion
 * sources and their runs) are written, all by one ingestion run. Then every registered route (from
 * `app.routePolicies`, so a new route cannot go unchecked) is asked, by a Reader and by an Editor, for
 * what would show them: no answer may hold a planted secret or the id of a hidden entity. An Admin's
 * answers on the direct reads hold both, which proves the plants are there to be found.
 */
import { describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime.js';
import { useAuthServer, type TestTokens } from '../support/auth.js';
import { httpClient, RESTLI, type Res } from '../support/http.js';
import { enc, mcp, unique } from '../support/runtime.js';

let rt: Runtime;
let t: TestTokens;
useAuthServer({ NEOHUB_RATE_LIMIT_PER_MINUTE: '0' }, (r, tokens) => {
  rt = r;
  t = tokens;
});
const { as } = httpClient(() => rt.url, {
  headers: { 'Content-Type': 'application/json', ...RESTLI, 'apollo-require-preflight': 'true' },
});

const id = unique();
/** What every secret field holds, and what the id of every hidden entity holds. */
const SECRET = `S3CR3T${id}`;
const HIDDEN = `HIDN${id}`;
const run = `secret-run-${id}`;
const user = `urn:li:corpuser:sec_${id}`;
const role = `urn:li:dataHubRole:sec_${id}`;
const hidden = {
  secret: `urn:li:dataHubSecret:${HIDDEN}s`,
  invite: `urn:li:inviteToken:${HIDDEN}i`,
  connection: `urn:li:dataHubConnection:${HIDDEN}c`,
  source: `urn:li:dataHubIngestionSource:${HIDDEN}src`,
  request: `urn:li:dataHubExecutionRequest:${HIDDEN}req`,
  policy: `urn:li:dataHubPolicy:${HIDDEN}p`,
  token: `urn:li:dataHubAccessToken:${HIDDEN}t`,
};
const instance = `urn:li:dataPlatformInstance:(urn:li:dataPlatform:iceberg,sec_${id})`;
const recipe = JSON.stringify({ source: { type: 'mysql', config: { password: SECRET } } });

/** The fixture: every secret field planted (the test checks it is every one the registry has). */
const planted: Record<string, { urn: string; value: Record<string, unknown>; secrets: string[] }> = {
  dataHubSecretValue: {
    urn: hidden.secret,
    value: { name: `${HIDDEN}s`, value: SECRET, description: 'db password' },
    secrets: ['value'],
  },
  corpUserCredentials: {
    urn: user,
    value: { salt: SECRET, hashedPassword: SECRET, passwordResetToken: SECRET },
    secrets: ['salt', 'hashedPassword', 'passwordResetToken'],
  },
  inviteToken: { urn: hidden.invite, value: { token: SECRET, role }, secrets: ['token'] },
  dataHubConnectionDetails: {
    urn: hidden.connection,
    value: { type: 'JSON', name: 'warehouse', json: { encryptedBlob: SECRET } },
    secrets: ['json/encryptedBlob'],
  },
  dataHubIngestionSourceInfo: {
    urn: hidden.source,
    value: { name: 'warehouse', type: 'mysql', config: { recipe, extraArgs: { password: SECRET } } },
    secrets: ['config/recipe', 'config/extraArgs'],
  },
  dataHubExecutionRequestInput: {
    urn: hidden.request,
    value: {
      task: 'RUN_INGEST',
      args: { recipe },
      executorId: 'default',
      source: { type: 'MANUAL_INGESTION_SOURCE', ingestionSource: hidden.source },
      requestedAt: 1700000000000,
      actorUrn: user,
    },
    secrets: ['args'],
  },
  icebergWarehouseInfo: {
    urn: instance,
    value: {
      dataRoot: 's3://warehouse',
      clientId: hidden.secret,
      clientSecret: `urn:li:dataHubSecret:${SECRET}`,
      region: 'eu-west-1',
      env: 'PROD',
    },
    secrets: ['clientId', 'clientSecret'],
  },
};

async function plant(): Promise<void> {
  const proposals = [
    ...Object.entries(planted).map(([aspect, p]) => mcp(p.urn, aspect, p.value)),
    mcp(user, 'corpUserInfo', { active: true, displayName: `Secret keeper ${id}` }),
    mcp(hidden.source, 'ownership', { owners: [{ owner: user, type: 'DATAOWNER' }] }),
    mcp(hidden.policy, 'dataHubPolicyInfo', {
      displayName: `${HIDDEN} policy`,
      description: 'hidden',
      type: 'PLATFORM',
      state: 'ACTIVE',
      privileges: ['MANAGE_SECRETS'],
      actors: { users: [user], roles: [role] },
    }),
    mcp(hidden.token, 'dataHubAccessTokenInfo', {
      name: `${HIDDEN} token`,
      actorUrn: user,
      ownerUrn: user,
      createdAt: 1700000000000,
    }),
    mcp(role, 'dataHubRoleInfo', { name: `role ${id}`, description: 'secret keepers' }),
  ].map((p) => ({ ...p, systemMetadata: { runId: run, lastObserved: 1700000000000 } }));
  const res = await as(t.root).call('POST', '/aspects?action=ingestProposalBatch', { proposals });
  expect(res.status, res.text).toBe(200);
  expect(await rt.services.search.waitForIndex()).toBe(true);
}

interface Sample {
  readonly path: string;
  readonly body?: unknown;
  /** An Admin's answer holds a planted secret or a hidden id (the plant is there to be found). */
  readonly adminSees?: boolean;
}

/**
 * The routes that answer no stored value and name no entity (no body, or their own data, docs, assets; the
 * schema registry holds Avro schemas only).
 */
const NO_STORED_VALUES =
  /^(OPTIONS|HEAD|GET \/(config|health)|GET \/openapi\/(swagger-ui|v3\/api-docs|v1\/registry)|GET \/api\/graphiql|(GET|POST) \/schema-registry\/api\/)/;

/** What each route is asked, keyed `METHOD url` as registered (without /gms or /api/gms). */
function samples(eventOffsets: Record<string, string>): Record<string, readonly Sample[]> {
  const u = enc(user);
  const byUrn = (urn: string): Sample[] => [
    { path: `/entitiesV2/${enc(urn)}`, adminSees: true },
    { path: `/entities/${enc(urn)}` },
  ];
  const name = user.split(':')[3] as string;
  const out: Record<string, Sample[]> = {
    // Sign-in with the planted user's name and the planted value as its password or token.
    'POST /auth/verifyNativeUserCredentials': [
      { path: '/auth/verifyNativeUserCredentials', body: { userUrn: user, password: SECRET } },
    ],
    'POST /auth/generateSessionTokenForUser': [
      { path: '/auth/generateSessionTokenForUser', body: { userId: name } },
    ],
    'POST /auth/signUp': [
      {
        path: '/auth/signUp',
        body: { userUrn: user, fullName: 'x', email: 'x@y.io', password: 'long enough', inviteToken: SECRET },
      },
    ],
    'POST /auth/resetNativeUserCredentials': [
      {
        path: '/auth/resetNativeUserCredentials',
        body: { userUrn: user, password: 'long enough', resetToken: SECRET },
      },
    ],
    'POST /logIn': [{ path: '/logIn', body: { username: name, password: SECRET } }],
    'POST /signUp': [
      {
        path: '/signUp',
        body: { fullName: 'x', email: 'x@y.io', password: 'long enough', inviteToken: SECRET },
      },
    ],
    'POST /resetNativeUserCredentials': [
      {
        path: '/resetNativeUserCredentials',
        body: { email: name, password: 'long enough', resetToken: SECRET },
      },
    ],
    'GET /logOut': [{ path: '/logOut' }],
    // Figures only: route patterns, follower names; never a value, a URN or a secret.
    'GET /actuator/prometheus': [{ path: '/actuator/prometheus' }],
    'POST /logOut': [{ path: '/logOut' }],
    // The web app's page: the same static page whatever the address names.
    'GET /': [{ path: '/' }],
    'GET /search': [{ path: `/search?q=${HIDDEN}` }],
    'GET /login': [{ path: '/login' }],
    'GET /signup': [{ path: `/signup?invite_token=${HIDDEN}` }],
    'GET /reset': [{ path: `/reset?reset_token=${HIDDEN}` }],
    'GET /entity/*': [{ path: `/entity/${enc(hidden.secret)}` }],
    'GET /lineage/*': [{ path: `/lineage/${enc(hidden.secret)}` }],
    'GET /admin': [{ path: '/admin' }],
    'GET /assets/*': [{ path: '/assets/none.js' }],
    'POST /aspects': [
      { path: '/aspects?action=getCount', body: { aspect: 'dataHubSecretValue' } },
      // A count of an aspect hidden kinds share, over a pattern of hidden URNs (an oracle on their ids).
      {
        path: '/aspects?action=getCount',
        body: { aspect: 'ownership', urnLike: `urn:li:dataHubIngestionSource:${HIDDEN}%` },
      },
      {
        path: '/aspects?action=getTimeseriesAspectValues',
        body: { urn: user, entity: 'corpuser', aspect: 'corpUserUsageFeatures' },
      },
    ],
    'GET /aspects/*': [
      { path: `/aspects/${u}?aspect=corpUserCredentials&version=0`, adminSees: true },
      ...Object.values(hidden).map((urn) => ({ path: `/aspects/${enc(urn)}?aspect=status&version=0` })),
      { path: `/aspects/${enc(hidden.secret)}?aspect=dataHubSecretValue&version=0`, adminSees: true },
    ],
    'GET /entitiesV2/*': [user, instance, ...Object.values(hidden)].flatMap((urn) => byUrn(urn).slice(0, 1)),
    'GET /entities/*': [user, ...Object.values(hidden)].flatMap((urn) => byUrn(urn).slice(1)),
    'GET /entitiesV2': [
      { path: `/entitiesV2?ids=List(${u},${enc(hidden.secret)})` },
      { path: `/entitiesV2?ids=List(${u})`, adminSees: true },
    ],
    'POST /entities': [
      // What refers to an entity, from entities the caller may not see.
      ...[user, role, hidden.source].map((urn) => ({
        path: '/entities?action=deleteReferences',
        body: { urn, dryRun: true },
        adminSees: true,
      })),
      ...['corpuser', 'dataHubSecret', 'dataHubPolicy', 'dataHubIngestionSource'].flatMap((entity) => [
        {
          path: '/entities?action=search',
          body: { input: HIDDEN, entity, start: 0, count: 10 },
          adminSees: entity === 'dataHubSecret' || entity === 'dataHubPolicy',
        },
        { path: '/entities?action=search', body: { input: SECRET, entity, start: 0, count: 10 } },
        {
          path: '/entities?action=searchAcrossEntities',
          body: { input: HIDDEN, entities: [entity], start: 0, count: 10 },
          adminSees: entity === 'dataHubSecret' || entity === 'dataHubPolicy',
        },
        {
          path: '/entities?action=listUrns',
          body: { entity, start: 0, count: 10000 },
          adminSees: entity !== 'corpuser',
        },
        // The query is echoed: a prefix of the hidden ids, so that only a suggestion can show one.
        { path: '/entities?action=autocomplete', body: { query: HIDDEN.slice(0, -2), entity, limit: 10 } },
        { path: '/entities?action=browse', body: { path: '/', entity, start: 0, limit: 100 } },
      ]),
    ],
    'GET /relationships': [
      {
        path: `/relationships?urn=${u}&types=List(OwnedBy)&direction=INCOMING&count=1000`,
        adminSees: true,
      },
      {
        path: `/relationships?urn=${enc(role)}&types=List(IsAssociatedWithRole)&direction=INCOMING`,
        adminSees: true,
      },
      { path: `/relationships?urn=${enc(hidden.source)}&types=List(OwnedBy)&direction=OUTGOING` },
    ],
    'POST /relationships': [
      { path: '/relationships?action=getLineage', body: { urn: user, direction: 'UPSTREAM' } },
    ],
    'POST /operations': [
      { path: '/operations?action=getIndexSizes', body: {} },
      { path: '/operations?action=getStructuredPropertyMappings', body: {} },
    ],
    // Usage of entities the caller may not see: DataHub's usage is of datasets, the others have none.
    'POST /usageStats': [hidden.secret, hidden.source, user].map((resource) => ({
      path: '/usageStats?action=queryRange',
      body: { resource, duration: 'DAY', rangeFromEnd: 'ALL' },
    })),
    'POST /analytics': [
      {
        path: '/analytics?action=getTimeseriesStats',
        body: {
          entityName: 'dataHubSecret',
          aspectName: 'dataHubSecretValue',
          metrics: [{ fieldPath: 'value', aggregationType: 'LATEST' }],
        },
      },
    ],
    'POST /runs': [
      { path: '/runs?action=list', body: { pageSize: 100 } },
      {
        path: '/runs?action=describe',
        body: { runId: run, count: 100, includeAspect: true },
        adminSees: true,
      },
      { path: '/runs?action=rollback', body: { runId: run, dryRun: true }, adminSees: true },
    ],
    'POST /test': [
      { path: '/test?action=evaluate', body: { urn: user } },
      // 404 for a made-up URN and 200 for a stored one would tell which hidden entities exist.
      { path: '/test?action=evaluate', body: { urn: `urn:li:dataHubSecret:${HIDDEN}none` } },
    ],
    'GET /openapi/relationships/v1/': [
      {
        path: `/openapi/relationships/v1/?urn=${u}&relationshipTypes=OwnedBy&direction=INCOMING`,
        adminSees: true,
      },
    ],
    'GET /openapi/v3/relationship/scroll': [
      {
        path: `/openapi/v3/relationship/scroll?relationshipTypes=OwnedBy&destinationUrns=${u}&count=100`,
        adminSees: true,
      },
    ],
    'POST /openapi/v3/relationship/scroll': [
      {
        path: '/openapi/v3/relationship/scroll?count=100',
        body: {
          destinationFilter: { and: [{ criteria: [{ field: 'urn', condition: 'EQUAL', values: [user] }] }] },
        },
      },
    ],
    'POST /openapi/v1/trace/write/:traceId': [
      {
        path: `/openapi/v1/trace/write/${'0123456789abcdef'.repeat(2)}`,
        body: { [hidden.secret]: ['dataHubSecretValue'], [user]: ['corpUserCredentials'] },
      },
    ],
    ...Object.fromEntries(
      ['/openapi/v2/timeline/v1', '/openapi/timeline/v1'].map((p) => [
        `GET ${p}/:urn`,
        [user, hidden.source, hidden.policy].map((urn) => ({
          path: `${p}/${enc(urn)}?categories=OWNER,TECHNICAL_SCHEMA,LIFECYCLE,DOCUMENTATION&raw=true`,
        })),
      ]),
    ),
    // A client's own event: answered with nothing.
    'POST /openapi/v1/tracking/track': [
      { path: '/openapi/v1/tracking/track', body: { type: 'EntityViewEvent', entityUrn: hidden.secret } },
    ],
    // Admin only (an Admin's audit names hidden entities, as every Admin read does).
    'POST /openapi/v1/events/audit/search': [
      {
        path: '/openapi/v1/events/audit/search?size=100',
        body: { entityTypes: ['dataHubSecret', 'corpuser'] },
      },
    ],
    ...Object.fromEntries(
      ['', '/spring-components', '/properties', '/properties/simple'].map((p) => [
        `GET /openapi/v1/system-info${p}`,
        [{ path: `/openapi/v1/system-info${p}` }],
      ]),
    ),
    'GET /openapi/operations/throttle/requests': [{ path: '/openapi/operations/throttle/requests' }],
    'POST /openapi/operations/throttle/requests/manual': [
      { path: '/openapi/operations/throttle/requests/manual?enabled=false', body: {} },
    ],
    'GET /openapi/v1/events/poll': Object.entries(eventOffsets).map(([topic, offset]) => ({
      path: `/openapi/v1/events/poll?topic=${topic}&offsetId=${offset}&limit=10000&pollTimeoutSeconds=0`,
    })),
    'POST /openapi/v3/entity/generic/batchGet': [
      {
        path: '/openapi/v3/entity/generic/batchGet',
        body: { corpuser: [{ urn: user }], dataHubSecret: [{ urn: hidden.secret }] },
      },
      { path: '/openapi/v3/entity/generic/batchGet', body: { corpuser: [{ urn: user }] }, adminSees: true },
    ],
    'POST /openapi/v3/entity/scroll': [
      { path: '/openapi/v3/entity/scroll?count=100', body: { entities: ['corpuser'], filter: undefined } },
      {
        path: '/openapi/v3/entity/scroll?count=100',
        body: { entities: ['dataHubSecret', 'dataHubIngestionSource'] },
      },
      { path: `/openapi/v3/entity/scroll?count=100&query=${HIDDEN}`, body: {} },
    ],
    'POST /openapi/v3/entity/:entityName/batchGet': [
      { path: '/openapi/v3/entity/corpuser/batchGet', body: [{ urn: user }], adminSees: true },
      { path: '/openapi/v3/entity/datahubsecret/batchGet', body: [{ urn: hidden.secret }] },
    ],
    'POST /openapi/v2/entity/batch/:entityName': [
      { path: '/openapi/v2/entity/batch/corpuser', body: { urns: [user] }, adminSees: true },
      { path: '/openapi/v2/entity/batch/dataHubIngestionSource', body: { urns: [hidden.source] } },
    ],
    'POST /api/graphql': [
      {
        path: '/api/graphql',
        body: {
          query: `query($u: String!, $s: String!) {
            a: entity(urn: $u) { urn type }
            b: entity(urn: $s) { urn }
            c: searchAcrossEntities(input: { query: "${HIDDEN}", start: 0, count: 100 }) {
              searchResults { entity { urn } }
            }
            d: corpUser(urn: $u) { urn relationships(input: { types: ["OwnedBy"], direction: INCOMING }) {
              relationships { entity { urn } } } }
          }`,
          variables: { u: user, s: hidden.secret },
        },
        adminSees: true,
      },
    ],
    'GET /api/graphql': [
      { path: `/api/graphql?query=${enc(`{ entity(urn: "${hidden.policy}") { urn } }`)}` },
    ],
    'GET /api/graph': [
      {
        path: `/api/graph?query=${enc(`{ anyEntities(where: { urn: { contains: "${HIDDEN}" } }) { urn } }`)}`,
        adminSees: true,
      },
    ],
    'POST /api/graph': [
      {
        path: '/api/graph',
        body: {
          query: `{ anyEntities(where: { urn: { contains: "${HIDDEN}" } }) { urn } corpUsers(where: { urn: { eq: "${user}" } }) { urn } }`,
        },
        adminSees: true,
      },
    ],
  };
  for (const v of ['v2', 'v3'] as const) {
    const P = `/openapi/${v}/entity`;
    out[`GET ${P}/:entityName`] = [
      { path: `${P}/corpuser?count=100&query=${enc(`sec_${id}`)}` },
      { path: `${P}/datahubsecret?count=100`, adminSees: true },
      { path: `${P}/datahubingestionsource?count=100` },
    ];
    out[`GET ${P}/:entityName/*`] = [
      { path: `${P}/corpuser/${u}`, adminSees: true },
      { path: `${P}/corpuser/${u}/corpUserCredentials`, adminSees: true },
      ...Object.values(hidden).map((urn) => ({ path: `${P}/${urn.split(':')[2]}/${enc(urn)}` })),
    ];
  }
  return out;
}

/** The registered routes, one per method and path without prefix. */
function routeKeys(): string[] {
  const bare = (url: string): string =>
    ['/gms', '/api/gms'].reduce((x, p) => (x.startsWith(`${p}/`) ? x.slice(p.length) : x), url);
  return [...new Set(rt.app.routePolicies.map((r) => `${r.method} ${bare(r.url)}`))];
}

/** Routes whose every request writes (their answers echo what the caller sent, no stored value). */
const writes = (key: string): boolean =>
  /^(PATCH|DELETE) |^POST \/openapi\/v[23]\/entity\/(:entityName|generic)(\/\*)?$|^POST \/openapi\/v2\/platform\/entities\/v1\/$|^POST \/openapi\/openlineage\/api\/v1\/lineage$/.test(
    key,
  );

const shows = (res: Res): boolean => res.text.includes(SECRET) || res.text.includes(HIDDEN);

describe('one redaction over every route', () => {
  it('plants a secret in every secret field the registry declares', () => {
    const declared = rt.services.registry
      .allAspects()
      .filter((a) => a.secretPaths?.length)
      .map((a) => [a.name, [...(a.secretPaths ?? [])].sort()]);
    const inFixture = Object.entries(planted).map(([name, p]) => [name, [...p.secrets].sort()]);
    expect(Object.fromEntries(inFixture)).toEqual(Object.fromEntries(declared));
  });

  it('shows no secret and no hidden entity to a Reader or an Editor on any route', async () => {
    const topics = ['MetadataChangeLog_Versioned_v1', 'MetadataChangeLog_Timeseries_v1', 'PlatformEvent_v1'];
    const offsets: Record<string, string> = {};
    for (const topic of topics) {
      const head = await as(t.root).call(
        'GET',
        `/openapi/v1/events/poll?topic=${topic}&pollTimeoutSeconds=0`,
      );
      expect(head.status, head.text).toBe(200);
      offsets[topic] = head.body.offsetId;
    }
    await plant();
    const table = samples(offsets);
    const keys = routeKeys();
    const missing = keys.filter((k) => !NO_STORED_VALUES.test(k) && !writes(k) && !(k in table));
    expect(missing, 'routes with no sample: add them to samples() here').toEqual([]);
    expect(Object.keys(table).filter((k) => !keys.includes(k))).toEqual([]);

    const problems: string[] = [];
    const all = Object.values(table).flat();
    for (const token of [t.reader, t.editor]) {
      const who = token === t.reader ? 'Reader' : 'Editor';
      for (const s of all) {
        const method = s.body === undefined ? 'GET' : 'POST';
        const res = await as(token).call(method, s.path, s.body);
        if (res.status >= 500)
          problems.push(`${who} ${method} ${s.path}: ${res.status} ${res.text.slice(0, 200)}`);
        if (shows(res)) problems.push(`${who} ${method} ${s.path} shows: ${res.text.slice(0, 300)}`);
      }
    }
    for (const s of all.filter((x) => x.adminSees)) {
      const res = await as(t.admin).call(s.body === undefined ? 'GET' : 'POST', s.path, s.body);
      if (!shows(res)) problems.push(`Admin ${s.path} does not show the plant: ${res.text.slice(0, 300)}`);
    }
    expect(problems).toEqual([]);
  });

  it('refuses a Reader and an Editor a direct read of a hidden entity with 403, and lets an Admin', async () => {
    for (const token of [t.reader, t.editor]) {
      for (const urn of Object.values(hidden)) {
        const res = await as(token).call('GET', `/entitiesV2/${enc(urn)}`);
        expect(res.status, `${urn}: ${res.text}`).toBe(403);
        expect(res.body.message).toMatch(/needs the Admin role/);
      }
      const gql = await as(token).gqlRes(`{ entity(urn: "${hidden.source}") { urn } }`);
      expect(gql.body.errors?.[0]?.extensions?.code).toBe(403);
      const count = await as(token).call('POST', '/aspects?action=getCount', {
        aspect: 'dataHubSecretValue',
      });
      expect(count.status).toBe(403);
      // An aspect hidden and visible kinds share is counted over the entities the caller sees.
      const owned = { aspect: 'ownership', urnLike: `urn:li:dataHubIngestionSource:${HIDDEN}%` };
      expect((await as(token).call('POST', '/aspects?action=getCount', owned)).body.value).toBe(0);
      expect((await as(t.admin).call('POST', '/aspects?action=getCount', owned)).body.value).toBe(1);
      const search = await as(token).call('POST', '/entities?action=search', {
        input: '*',
        entity: 'dataHubPolicy',
        start: 0,
        count: 1,
      });
      expect(search.status).toBe(403);
    }
    for (const urn of [hidden.secret, hidden.source, hidden.request])
      expect((await as(t.admin).call('GET', `/entitiesV2/${enc(urn)}`)).status).toBe(200);
  });

  it('keeps ingestion sources to Admins: an Editor can neither create nor replace one', async () => {
    const urn = `urn:li:dataHubIngestionSource:editor_${unique()}`;
    const value = { name: 'mine', type: 'mysql', config: { recipe: '{}' } };
    const restli = await as(t.editor).call('POST', '/aspects?action=ingestProposal', {
      proposal: mcp(urn, 'dataHubIngestionSourceInfo', value),
    });
    expect(restli.status).toBe(403);
    const v3 = await as(t.editor).call('POST', '/openapi/v3/entity/datahubingestionsource', [
      { urn: hidden.source, dataHubIngestionSourceInfo: { value } },
    ]);
    expect(v3.status).toBe(403);
    const admin = await as(t.admin).call('POST', '/aspects?action=ingestProposal', {
      proposal: mcp(urn, 'dataHubIngestionSourceInfo', value),
    });
    expect(admin.status, admin.text).toBe(200);
  });
});

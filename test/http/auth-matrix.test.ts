import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Privilege } from '../../src/auth/index.js';
import { MUTATION_PRIVILEGES, QUERY_PRIVILEGES } from '../../src/graphql/operation-privileges.js';
import { privilegeOf, type Policy } from '../../src/http/route-policy.js';
import type { Runtime } from '../../src/runtime.js';
import { mintTokens, startAuthServer, type TestTokens } from '../support/auth.js';
import { bearer, httpClient, type Res, RESTLI } from '../support/http.js';
import { datasetUrn, enc, mcp, unique } from '../support/runtime.js';

/*
 * The authorization matrix (issue 7, item 6): every registered route (from `app.routePolicies`, so a new
 * route cannot go untested) and every root GraphQL field (from introspection) times every way a token can
 * be missing or bad and every role. Bad tokens get a 401 in the transport's shape, a role below what the
 * request needs a 403, a role with it anything but 401/403. Failures are collected and shown together.
 */

let rt: Runtime;
let tokens: TestTokens;
let fx: Fixture;

beforeAll(async () => {
  const started = await startAuthServer({ NEOHUB_RATE_LIMIT_PER_MINUTE: '0' });
  rt = started.rt;
  tokens = await mintTokens(rt, started.root);
  fx = await fixture('m');
});
afterAll(async () => rt?.stop());

// ---------------------------------------------------------------------------------------------------
// HTTP

const { call, as } = httpClient(() => rt.url, {
  headers: { ...RESTLI, 'apollo-require-preflight': 'true' },
});

/** Runs `fn` over `items`, `n` at a time, keeping the order of the results. */
async function pool<T, R>(items: readonly T[], n: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker));
  return out;
}
const CONCURRENCY = 8;

// ---------------------------------------------------------------------------------------------------
// Callers: the ways a token can be missing or bad, and the three roles

type Role = 'Reader' | 'Editor' | 'Admin';
const RANK: Record<Privilege, number> = { public: -1, read: 0, write: 1, admin: 2 };
const ROLE_RANK: Record<Role, number> = { Reader: 0, Editor: 1, Admin: 2 };
const has = (role: Role, needs: Privilege): boolean => ROLE_RANK[role] >= RANK[needs];

interface Case {
  readonly name: string;
  /** Also run on the prefixed copy of each route (the cases that tell one route's policy from another's). */
  readonly prefixed?: boolean;
  /** The role of a valid token; none: a token that must be refused. */
  readonly role?: Role;
  /** Only for requests that need more than `read` (the impersonation attempts). */
  readonly writesOnly?: boolean;
  readonly headers: () => Record<string, string>;
}

const b64 = (v: unknown): string => Buffer.from(JSON.stringify(v)).toString('base64url');
/** An unsigned JWT (`alg: none`) claiming to be the Admin, as DataHub's tokens look. */
const algNoneJwt = (): string =>
  `${b64({ alg: 'none', typ: 'JWT' })}.${b64({
    actorType: 'USER',
    actorId: tokens.actors.admin.slice('urn:li:corpuser:'.length),
    type: 'PERSONAL',
    version: '2',
    sub: tokens.actors.admin.slice('urn:li:corpuser:'.length),
    iss: 'datahub-metadata-service',
    exp: Math.floor(Date.now() / 1000) + 3600,
  })}.`;
/** Headers that name a caller in some proxies; none of them may change who the caller is. */
const impersonate = (): Record<string, string> => ({
  'X-DataHub-Actor': tokens.actors.admin,
  'X-DataHub-Delegated-For': tokens.actors.admin,
  'X-Forwarded-User': tokens.actors.admin,
});

const CASES: readonly Case[] = [
  { name: 'no token', prefixed: true, headers: () => ({}) },
  { name: 'no token, X-DataHub-Actor of an Admin', headers: impersonate },
  { name: 'Basic abc', headers: () => ({ Authorization: 'Basic abc' }) },
  { name: 'Bearer alone', headers: () => ({ Authorization: 'Bearer' }) },
  { name: 'two tokens', headers: () => ({ Authorization: `Bearer ${tokens.forged} ${tokens.root}` }) },
  { name: 'forged', headers: () => bearer(tokens.forged) },
  { name: 'expired', headers: () => bearer(tokens.expired) },
  { name: 'revoked', headers: () => bearer(tokens.revoked) },
  { name: 'JWT alg none', headers: () => bearer(algNoneJwt()) },
  { name: 'Reader', role: 'Reader', prefixed: true, headers: () => bearer(tokens.reader) },
  { name: 'Editor', role: 'Editor', prefixed: true, headers: () => bearer(tokens.editor) },
  { name: 'Admin', role: 'Admin', prefixed: true, headers: () => bearer(tokens.admin) },
  {
    name: 'Reader with X-DataHub-Actor of an Admin',
    role: 'Reader',
    writesOnly: true,
    headers: () => ({ ...bearer(tokens.reader), ...impersonate() }),
  },
  {
    name: 'Editor with X-DataHub-Actor of an Admin',
    role: 'Editor',
    writesOnly: true,
    headers: () => ({ ...bearer(tokens.editor), ...impersonate() }),
  },
];

type Outcome = 401 | 403 | 'allowed';
function expected(c: Case, needs: Privilege): Outcome {
  if (needs === 'public') return 'allowed';
  if (!c.role) return 401;
  return has(c.role, needs) ? 'allowed' : 403;
}

// ---------------------------------------------------------------------------------------------------
// The catalog the samples point at (written with the root token)

interface Fixture {
  readonly id: string;
  /** The dataset every read and write sample uses. */
  readonly dataset: string;
  readonly upstream: string;
  /** A dataset for whole-entity deletes (only an Admin may). */
  readonly victim: string;
  readonly tag: string;
  readonly term: string;
  readonly user: string;
  /** A structured property with a definition, and one written only by the samples. */
  readonly property: string;
  readonly newProperty: string;
}

const stamp = { time: 1700000000000, actor: 'urn:li:corpuser:datahub' };
const definition = (qualifiedName: string) => ({
  qualifiedName,
  displayName: 'Matrix',
  valueType: 'urn:li:dataType:datahub.string',
  cardinality: 'SINGLE',
  entityTypes: ['urn:li:entityType:datahub.dataset'],
});

async function fixture(tag: string): Promise<Fixture> {
  const id = `${tag}${unique()}`;
  const f: Fixture = {
    id,
    dataset: datasetUrn(`authm_${id}`),
    upstream: datasetUrn(`authm_${id}_up`),
    victim: datasetUrn(`authm_${id}_victim`),
    tag: `urn:li:tag:authm_${id}`,
    term: `urn:li:glossaryTerm:authm_${id}`,
    user: `urn:li:corpuser:authm_${id}`,
    property: `urn:li:structuredProperty:authm.${id}.p`,
    newProperty: `urn:li:structuredProperty:authm.${id}.q`,
  };
  const res = await as(tokens.root).call('POST', '/aspects?action=ingestProposalBatch', {
    proposals: [
      mcp(f.property, 'propertyDefinition', definition(`authm.${id}.p`)),
      mcp(f.upstream, 'datasetProperties', { name: `up ${id}` }),
      mcp(f.dataset, 'datasetProperties', { name: `main ${id}`, description: 'matrix' }),
      mcp(f.dataset, 'upstreamLineage', {
        upstreams: [{ dataset: f.upstream, type: 'TRANSFORMED', auditStamp: stamp }],
      }),
      mcp(f.dataset, 'globalTags', { tags: [{ tag: f.tag }] }),
      mcp(f.dataset, 'ownership', { owners: [{ owner: f.user, type: 'DATAOWNER' }], lastModified: stamp }),
      mcp(f.dataset, 'datasetProfile', { timestampMillis: 1700000000000, rowCount: 10 }),
      mcp(f.victim, 'datasetProperties', { name: `victim ${id}` }),
      mcp(f.tag, 'tagProperties', { name: `authm_${id}` }),
      mcp(f.term, 'glossaryTermInfo', { name: 'Matrix', definition: 'matrix', termSource: 'INTERNAL' }),
      mcp(f.user, 'corpUserInfo', { active: true, displayName: 'Matrix User' }),
    ],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return f;
}

// ---------------------------------------------------------------------------------------------------
// One sample request per route (and per Rest.li action), with what it needs

interface Sample {
  /** The path with its query, without the `/gms` or `/api/gms` prefix. */
  readonly path: string;
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
  /** What the request needs when its content asks for more than the route's privilege. */
  readonly needs?: Privilege;
  /** The aspect this request writes, with the caller in its AuditStamp. */
  readonly writes?: { readonly entity: string; readonly urn: string; readonly aspect: string };
}

const TRACE = `/openapi/v1/trace/write/${'0123456789abcdef'.repeat(2)}`;
const SWAGGER_ASSETS = [
  'index.html',
  'swagger-ui.css',
  'swagger-ui-bundle.js',
  'swagger-ui-standalone-preset.js',
  'favicon-32x32.png',
  'favicon-16x16.png',
];
const GRAPHIQL_ASSETS = [
  'react.production.min.js',
  'react-dom.production.min.js',
  'graphiql.min.js',
  'graphiql.min.css',
];

/** The schema registry's routes, with a schema of the fixture's own. */
function registrySamples(id: string): Record<string, Sample[]> {
  const P = '/schema-registry/api';
  const subject = `matrix_${id}-value`;
  const body = { schema: JSON.stringify({ type: 'record', name: `M${id}`, fields: [] }) };
  return {
    'GET /schema-registry/api/': [{ path: `${P}/` }],
    'GET /schema-registry/api/config': [{ path: `${P}/config` }],
    'GET /schema-registry/api/schemas/types': [{ path: `${P}/schemas/types` }],
    'GET /schema-registry/api/subjects': [{ path: `${P}/subjects` }],
    'GET /schema-registry/api/associations/resources/:namespace/:name': [
      { path: `${P}/associations/resources/-/${subject}?resourceType=topic&associationType=value` },
    ],
    'GET /schema-registry/api/schemas/ids/:id': [{ path: `${P}/schemas/ids/1` }],
    'POST /schema-registry/api/subjects/:subject': [{ path: `${P}/subjects/${subject}`, body }],
    'GET /schema-registry/api/subjects/:subject/versions': [{ path: `${P}/subjects/${subject}/versions` }],
    'POST /schema-registry/api/subjects/:subject/versions': [
      { path: `${P}/subjects/${subject}/versions`, body },
    ],
    'GET /schema-registry/api/subjects/:subject/versions/:version': [
      { path: `${P}/subjects/${subject}/versions/latest` },
    ],
  };
}

/**
 * Every route's samples, keyed `METHOD url` as registered (without the prefixes). A HEAD route without
 * its own entry uses its GET's samples. Routes with a policy per Rest.li action need a sample for each
 * action and one for an unlisted action.
 */
function samples(f: Fixture): Record<string, readonly Sample[]> {
  const ds = enc(f.dataset);
  const props = (name: string) => ({ name, description: `matrix ${f.id}` });
  // Each write sample writes its own value, so that none is a no-op that keeps an earlier AuditStamp.
  const tagPatch = (suffix: string) => {
    const tag = `${f.tag}_${suffix}`;
    return { op: 'add', path: `/tags/${tag}`, value: { tag } };
  };
  const writesDs = (aspect: string) => ({ entity: 'dataset', urn: f.dataset, aspect });
  // Searches kept to the fixture's dataset (the test database holds every earlier run's entities).
  const mine = { or: [{ and: [{ field: 'urn', values: [f.dataset], condition: 'EQUAL' }] }] };
  const mineV3 = { and: [{ criteria: [{ field: 'urn', values: [f.dataset], condition: 'EQUAL' }] }] };
  const out: Record<string, Sample[]> = {
    'GET /config': [{ path: '/config' }],
    'GET /actuator/prometheus': [{ path: '/actuator/prometheus' }],
    'GET /health': [{ path: '/health' }],
    'GET /health/live': [{ path: '/health/live' }],
    'GET /health/search': [{ path: '/health/search' }],
    // Sign-in: the auth servlet (Admin; bodies that pass the route and fail in the service are fine),
    // and the web app's routes, public, with bodies they refuse before any attempt is counted.
    'POST /auth/generateSessionTokenForUser': [
      { path: '/auth/generateSessionTokenForUser', body: { userId: 'datahub' } },
    ],
    'POST /auth/signUp': [
      {
        path: '/auth/signUp',
        body: {
          userUrn: 'urn:li:corpuser:m',
          fullName: 'M',
          email: 'm@x.io',
          password: 'x',
          inviteToken: 'x',
        },
      },
    ],
    'POST /auth/verifyNativeUserCredentials': [
      {
        path: '/auth/verifyNativeUserCredentials',
        body: { userUrn: 'urn:li:corpuser:datahub', password: 'x' },
      },
    ],
    'POST /auth/resetNativeUserCredentials': [
      {
        path: '/auth/resetNativeUserCredentials',
        body: { userUrn: 'urn:li:corpuser:datahub', password: 'x', resetToken: 'x' },
      },
    ],
    'POST /logIn': [{ path: '/logIn', body: { username: '' } }],
    'POST /signUp': [{ path: '/signUp', body: {} }],
    'POST /resetNativeUserCredentials': [{ path: '/resetNativeUserCredentials', body: {} }],
    'GET /logOut': [{ path: '/logOut' }],
    'POST /logOut': [{ path: '/logOut' }],
    // The web app's page and files: static, public.
    'GET /': [{ path: '/' }],
    'GET /search': [{ path: '/search?q=x' }],
    'GET /login': [{ path: '/login' }],
    'GET /signup': [{ path: '/signup?invite_token=abc' }],
    'GET /reset': [{ path: '/reset?reset_token=abc' }],
    'GET /entity/*': [{ path: '/entity/urn%3Ali%3Acorpuser%3Adatahub' }],
    'GET /lineage/*': [{ path: '/lineage/urn%3Ali%3Acorpuser%3Adatahub' }],
    'GET /admin': [{ path: '/admin' }],
    'GET /assets/*': [{ path: '/assets/none.js' }],
    // Rest.li
    'POST /aspects': [
      {
        path: '/aspects?action=ingestProposal',
        body: { proposal: mcp(f.dataset, 'datasetProperties', props('ingestProposal')) },
        writes: writesDs('datasetProperties'),
      },
      {
        path: '/aspects?action=ingestProposal',
        body: { proposal: mcp(f.newProperty, 'propertyDefinition', definition(f.newProperty.slice(26))) },
        needs: 'admin',
      },
      {
        path: '/aspects?action=ingestProposalBatch',
        body: { proposals: [mcp(f.dataset, 'editableDatasetProperties', { description: `batch ${f.id}` })] },
        writes: writesDs('editableDatasetProperties'),
      },
      {
        path: '/aspects?action=ingestProposalBatch',
        body: {
          proposals: [
            { entityType: 'dataset', entityUrn: f.victim, changeType: 'DELETE', aspectName: 'datasetKey' },
          ],
        },
        needs: 'admin',
      },
      {
        path: '/aspects?action=getTimeseriesAspectValues',
        body: { urn: f.dataset, entity: 'dataset', aspect: 'datasetProfile' },
      },
      { path: '/aspects?action=getCount', body: { aspect: 'datasetProperties' } },
      { path: '/aspects?action=noSuchAction', body: {} },
    ],
    'GET /aspects/*': [{ path: `/aspects/${ds}?aspect=datasetProperties&version=0` }],
    'POST /entities': [
      {
        path: '/entities?action=ingest',
        body: {
          entity: {
            value: {
              'com.linkedin.metadata.snapshot.DatasetSnapshot': {
                urn: f.dataset,
                aspects: [{ 'com.linkedin.common.Status': { removed: false } }],
              },
            },
          },
        },
        writes: writesDs('status'),
      },
      {
        path: '/entities?action=batchIngest',
        body: {
          entities: [
            {
              value: {
                'com.linkedin.metadata.snapshot.DatasetSnapshot': {
                  urn: f.dataset,
                  aspects: [{ 'com.linkedin.dataset.DatasetProperties': props('batchIngest') }],
                },
              },
            },
          ],
        },
        writes: writesDs('datasetProperties'),
      },
      { path: '/entities?action=delete', body: { urn: f.victim }, needs: 'admin' },
      {
        path: '/entities?action=delete',
        body: { urn: f.dataset, aspectName: 'datasetProfile', startTimeMillis: 0, endTimeMillis: 1 },
      },
      // References to a tag nobody uses: nothing to remove, but a write all the same.
      { path: '/entities?action=deleteReferences', body: { urn: `urn:li:tag:authm_unused_${f.id}` } },
      { path: '/entities?action=search', body: { input: '*', entity: 'dataset', filter: mine, count: 1 } },
      {
        path: '/entities?action=searchAcrossEntities',
        body: { input: '*', entities: ['dataset'], filter: mine, start: 0, count: 1 },
      },
      {
        path: '/entities?action=autocomplete',
        body: { query: 'authm', entity: 'dataset', filter: mine, limit: 1 },
      },
      { path: '/entities?action=browse', body: { path: '/', entity: 'dataset', filter: mine, limit: 1 } },
      { path: '/entities?action=listUrns', body: { entity: 'dataset', start: 0, count: 1 } },
      { path: '/entities?action=noSuchAction', body: {} },
    ],
    'GET /entities/*': [{ path: `/entities/${ds}` }],
    'GET /entitiesV2/*': [{ path: `/entitiesV2/${ds}?aspects=List(datasetProperties)` }],
    'GET /entitiesV2': [{ path: `/entitiesV2?ids=List(${ds})` }],
    'POST /relationships': [
      { path: '/relationships?action=getLineage', body: { urn: f.dataset, direction: 'UPSTREAM' } },
    ],
    'GET /relationships': [{ path: `/relationships?urn=${ds}&types=List(DownstreamOf)&direction=OUTGOING` }],
    'POST /operations': [
      { path: '/operations?action=getIndexSizes', body: {} },
      { path: '/operations?action=getStructuredPropertyMappings', body: {} },
    ],
    'POST /usageStats': [
      { path: '/usageStats?action=query', body: { resource: f.dataset, duration: 'DAY' } },
      {
        path: '/usageStats?action=queryRange',
        body: { resource: f.dataset, duration: 'DAY', rangeFromEnd: 'WEEK' },
      },
      {
        path: '/usageStats?action=batchIngest',
        body: {
          buckets: [{ bucket: 0, duration: 'DAY', resource: f.dataset, metrics: { totalSqlQueries: 1 } }],
        },
      },
      { path: '/usageStats?action=noSuchAction', body: {} },
    ],
    'POST /analytics': [
      {
        path: '/analytics?action=getTimeseriesStats',
        body: {
          entityName: 'dataset',
          aspectName: 'datasetUsageStatistics',
          filter: mine,
          metrics: [{ fieldPath: 'totalSqlQueries', aggregationType: 'SUM' }],
        },
      },
    ],
    'POST /runs': [
      { path: '/runs?action=list', body: { pageSize: 1 } },
      { path: '/runs?action=describe', body: { runId: 'matrix-run', count: 1 } },
      // A rollback, and its dry run, need Admin (test/http/runs.test.ts).
      { path: '/runs?action=rollback', body: { runId: 'matrix-run', dryRun: true } },
      { path: '/runs?action=unknownAction', body: {} },
    ],
    // Evaluating reads; pushing needs Editor, which the service checks (test/http/metadata-tests.test.ts).
    'POST /test': [
      { path: '/test?action=evaluate', body: { urn: f.dataset } },
      { path: '/test?action=evaluateAll', body: { tests: ['urn:li:test:matrix-none'] } },
      { path: '/test?action=unknownAction', body: {} },
    ],
    // OpenAPI
    'GET /openapi/relationships/v1/': [
      { path: `/openapi/relationships/v1/?urn=${ds}&relationshipTypes=DownstreamOf&direction=OUTGOING` },
    ],
    'GET /openapi/v3/relationship/scroll': [
      { path: `/openapi/v3/relationship/scroll?relationshipTypes=DownstreamOf&sourceUrns=${ds}&count=1` },
    ],
    'POST /openapi/v3/relationship/scroll': [
      {
        path: '/openapi/v3/relationship/scroll?count=1',
        body: {
          sourceFilter: { and: [{ criteria: [{ field: 'urn', condition: 'EQUAL', values: [f.dataset] }] }] },
          edgeFilter: { and: [{ criteria: [{ field: 'relationshipType', values: ['DownstreamOf'] }] }] },
        },
      },
    ],
    'POST /openapi/v1/trace/write/:traceId': [{ path: TRACE, body: { [f.dataset]: ['datasetProperties'] } }],
    'GET /openapi/v2/timeline/v1/:urn': [{ path: `/openapi/v2/timeline/v1/${ds}?categories=TAG` }],
    'GET /openapi/timeline/v1/:urn': [{ path: `/openapi/timeline/v1/${ds}?categories=TAG` }],
    'GET /openapi/v1/events/poll': [
      { path: '/openapi/v1/events/poll?topic=PlatformEvent_v1&pollTimeoutSeconds=0' },
    ],
    'POST /openapi/v2/platform/entities/v1/': [
      {
        path: '/openapi/v2/platform/entities/v1/',
        body: [
          {
            entityType: 'dataset',
            entityUrn: f.dataset,
            changeType: 'UPSERT',
            aspectName: 'datasetProperties',
            aspect: { value: props(`platform ${unique()}`), contentType: 'application/json' },
          },
        ],
        writes: writesDs('datasetProperties'),
      },
    ],
    'POST /openapi/v1/tracking/track': [
      { path: '/openapi/v1/tracking/track', body: { type: 'EntityViewEvent', entityUrn: f.dataset } },
    ],
    // An OpenLineage run reading the fixture's dataset (hive, its name): its schema, a column of its own.
    'POST /openapi/openlineage/api/v1/lineage': [
      {
        path: '/openapi/openlineage/api/v1/lineage',
        body: {
          eventType: 'COMPLETE',
          eventTime: '2024-05-01T12:00:00Z',
          producer: 'https://github.com/OpenLineage/OpenLineage/tree/1.54.0/client/python',
          run: { runId: randomUUID() },
          job: { namespace: 'authm', name: `authm_${f.id}` },
          inputs: [
            {
              namespace: 'hive',
              name: `authm_${f.id}`,
              facets: { schema: { fields: [{ name: `c_${unique()}`, type: 'string' }] } },
            },
          ],
        },
        writes: writesDs('schemaMetadata'),
      },
    ],
    'POST /openapi/v1/events/audit/search': [
      { path: '/openapi/v1/events/audit/search?size=1', body: { actorUrns: [tokens.actors.editor] } },
    ],
    // The schema registry: public (Kafka clients send no token), as DataHub's.
    ...registrySamples(f.id),
    'GET /openapi/v1/system-info': [{ path: '/openapi/v1/system-info' }],
    'GET /openapi/v1/system-info/spring-components': [{ path: '/openapi/v1/system-info/spring-components' }],
    'GET /openapi/v1/system-info/properties': [{ path: '/openapi/v1/system-info/properties' }],
    'GET /openapi/v1/system-info/properties/simple': [{ path: '/openapi/v1/system-info/properties/simple' }],
    'GET /openapi/operations/throttle/requests': [{ path: '/openapi/operations/throttle/requests' }],
    // Turning the throttle off (never on: the other samples write).
    'POST /openapi/operations/throttle/requests/manual': [
      { path: '/openapi/operations/throttle/requests/manual?enabled=false' },
    ],
    'GET /openapi/v1/registry/models/entity/specifications': [
      { path: '/openapi/v1/registry/models/entity/specifications' },
    ],
    'GET /openapi/v1/registry/models/entity/specifications/:entityName': [
      { path: '/openapi/v1/registry/models/entity/specifications/dataset' },
    ],
    'GET /openapi/v1/registry/models/entity/specifications/:entityName/aspects': [
      { path: '/openapi/v1/registry/models/entity/specifications/dataset/aspects' },
    ],
    'GET /openapi/v1/registry/models/aspect/specifications': [
      { path: '/openapi/v1/registry/models/aspect/specifications' },
    ],
    'GET /openapi/v1/registry/models/aspect/specifications/:aspectName': [
      { path: '/openapi/v1/registry/models/aspect/specifications/datasetProperties' },
    ],
    'GET /openapi/v3/api-docs': [{ path: '/openapi/v3/api-docs' }],
    'GET /openapi/v3/api-docs/swagger-config': [{ path: '/openapi/v3/api-docs/swagger-config' }],
    'GET /openapi/swagger-ui': [{ path: '/openapi/swagger-ui' }],
    'GET /openapi/swagger-ui.html': [{ path: '/openapi/swagger-ui.html' }],
    ...Object.fromEntries(
      SWAGGER_ASSETS.map((a) => [`GET /openapi/swagger-ui/${a}`, [{ path: `/openapi/swagger-ui/${a}` }]]),
    ),
    'POST /openapi/v2/entity/batch/:entityName': [
      {
        path: '/openapi/v2/entity/batch/dataset',
        body: { urns: [f.dataset], aspectNames: ['datasetProperties'] },
      },
    ],
    'POST /openapi/v3/entity/:entityName/batchGet': [
      { path: '/openapi/v3/entity/dataset/batchGet', body: [{ urn: f.dataset, datasetProperties: {} }] },
    ],
    'POST /openapi/v3/entity/generic/batchGet': [
      { path: '/openapi/v3/entity/generic/batchGet', body: { dataset: [{ urn: f.dataset }] } },
    ],
    'POST /openapi/v3/entity/scroll': [
      { path: '/openapi/v3/entity/scroll?count=1', body: { entities: ['dataset'], filter: mineV3 } },
    ],
    'POST /openapi/v3/entity/generic': [
      {
        path: '/openapi/v3/entity/generic?async=false',
        body: { dataset: [{ urn: f.dataset, datasetProperties: { value: props('generic') } }] },
        writes: writesDs('datasetProperties'),
      },
      {
        path: '/openapi/v3/entity/generic?async=false',
        body: { structuredProperty: [{ urn: f.newProperty, status: { value: { removed: false } } }] },
        needs: 'admin',
      },
    ],
    'PATCH /openapi/v3/entity/generic': [
      {
        path: '/openapi/v3/entity/generic?async=false',
        body: { dataset: [{ urn: f.dataset, globalTags: { value: { patch: [tagPatch('generic')] } } }] },
        writes: writesDs('globalTags'),
      },
    ],
    'PATCH /openapi/v3/entity/:entityName': [
      {
        path: '/openapi/v3/entity/dataset?async=false',
        body: [{ urn: f.dataset, globalTags: { value: { patch: [tagPatch('batch')] } } }],
        writes: writesDs('globalTags'),
      },
      {
        path: '/openapi/v3/entity/structuredProperty?async=false',
        body: [
          {
            urn: f.property,
            propertyDefinition: { value: { patch: [{ op: 'add', path: '/description', value: 'x' }] } },
          },
        ],
        needs: 'admin',
      },
    ],
  };
  for (const v of ['v2', 'v3'] as const) {
    const P = `/openapi/${v}/entity`;
    const item = (urn: string, aspect: string, value: unknown) =>
      v === 'v3' ? { urn, [aspect]: { value } } : { urn, aspects: { [aspect]: { value } } };
    const one = (value: unknown) => (v === 'v3' ? { value } : value);
    out[`GET ${P}/:entityName`] = [{ path: `${P}/dataset?count=1&query=${enc(`authm_${f.id}`)}` }];
    out[`GET ${P}/:entityName/*`] = [
      { path: `${P}/dataset/${ds}` },
      { path: `${P}/dataset/${ds}/datasetProperties?systemMetadata=true` },
    ];
    out[`HEAD ${P}/:entityName/*`] = [{ path: `${P}/dataset/${ds}` }, { path: `${P}/dataset/${ds}/status` }];
    out[`POST ${P}/:entityName`] = [
      {
        path: `${P}/dataset?async=false`,
        body: [item(f.dataset, 'datasetProperties', props(`batch ${v}`))],
        writes: writesDs('datasetProperties'),
      },
      {
        path: `${P}/structuredProperty?async=false`,
        body: [item(f.newProperty, 'propertyDefinition', definition(f.newProperty.slice(26)))],
        needs: 'admin',
      },
    ];
    out[`POST ${P}/:entityName/*`] = [
      {
        path: `${P}/dataset/${ds}/datasetProperties?createIfNotExists=false`,
        body: one(props(`one ${v}`)),
        writes: writesDs('datasetProperties'),
      },
      {
        path: `${P}/structuredProperty/${enc(f.property)}/propertyDefinition?createIfNotExists=false`,
        body: one(definition(f.property.slice(26))),
        needs: 'admin',
      },
    ];
    out[`PATCH ${P}/:entityName/*`] = [
      {
        path: `${P}/dataset/${ds}/globalTags`,
        body: { patch: [tagPatch(`one_${v}`)] },
        headers: { 'Content-Type': 'application/json-patch+json' },
        writes: writesDs('globalTags'),
      },
      {
        path: `${P}/structuredProperty/${enc(f.property)}/propertyDefinition`,
        body: { patch: [{ op: 'add', path: '/description', value: 'y' }] },
        needs: 'admin',
      },
    ];
    out[`DELETE ${P}/:entityName/*`] = [
      { path: `${P}/dataset/${ds}/editableDatasetProperties` },
      { path: `${P}/dataset/${enc(f.victim)}`, needs: 'admin' },
      { path: `${P}/dataset/${enc(f.victim)}?aspects=datasetKey`, needs: 'admin' },
      { path: `${P}/structuredProperty/${enc(f.newProperty)}/status`, needs: 'admin' },
    ];
  }
  // GraphQL and the graph explorer (their own matrix covers every operation).
  out['GET /api/graphql'] = [{ path: `/api/graphql?query=${enc('{ __typename }')}` }];
  out['POST /api/graphql'] = [
    { path: '/api/graphql', body: { query: `{ dataset(urn: "${f.dataset}") { urn } }` } },
  ];
  out['OPTIONS /api/graphql'] = [{ path: '/api/graphql' }];
  const explorerQuery = `{ datasets(where: { urn: { eq: "${f.dataset}" } }, limit: 1) { urn } }`;
  out['GET /api/graph'] = [{ path: `/api/graph?query=${enc(explorerQuery)}` }];
  out['POST /api/graph'] = [{ path: '/api/graph', body: { query: explorerQuery } }];
  out['OPTIONS /api/graph'] = [{ path: '/api/graph' }];
  out['GET /api/graphiql'] = [{ path: '/api/graphiql' }];
  for (const a of GRAPHIQL_ASSETS)
    out[`GET /api/graphiql/assets/${a}`] = [{ path: `/api/graphiql/assets/${a}` }];
  return out;
}

// ---------------------------------------------------------------------------------------------------
// The route table

const PREFIXES = ['/gms', '/api/gms'];
const bare = (url: string): string =>
  PREFIXES.reduce((u, p) => (u.startsWith(`${p}/`) ? u.slice(p.length) : u), url);

interface Route {
  readonly method: string;
  readonly url: string;
  readonly policy: Policy;
  readonly key: string;
  /** The prefixes this route is also registered under. */
  readonly prefixes: string[];
}

/** The registered routes, one per method and path without prefix, with the prefixes each has. */
function routes(): Route[] {
  const byKey = new Map<string, Route>();
  for (const r of rt.app.routePolicies) {
    const url = bare(r.url);
    const key = `${r.method} ${url}`;
    const route = byKey.get(key) ?? { method: r.method, url, policy: r.policy, key, prefixes: [] };
    if (url !== r.url) route.prefixes.push(r.url.slice(0, r.url.length - url.length));
    byKey.set(key, route);
  }
  return [...byKey.values()];
}

const samplesOf = (table: Record<string, readonly Sample[]>, r: Route): readonly Sample[] | undefined =>
  table[r.key] ?? (r.method === 'HEAD' ? table[`GET ${r.url}`] : undefined);

const actionOf = (path: string): string | undefined =>
  new URLSearchParams(path.split('?')[1] ?? '').get('action') ?? undefined;

/** What a sample needs: the route's privilege for its action, or more where its content decides. */
const needsOf = (r: Route, s: Sample): Privilege => s.needs ?? privilegeOf(r.policy, actionOf(s.path));

type Transport = 'restli' | 'openapi' | 'graphql';
const transportOf = (url: string): Transport =>
  /^\/api\/graph(ql)?(\/|\?|$)/.test(url) ? 'graphql' : url.startsWith('/openapi/') ? 'openapi' : 'restli';

/** Why a refusal does not have the transport's error shape, or undefined when it has. */
function shapeProblem(transport: Transport, method: string, status: 401 | 403, res: Res): string | undefined {
  if (method === 'HEAD') return undefined;
  const b = res.body;
  const show = JSON.stringify(b)?.slice(0, 200);
  if (transport === 'restli') {
    const ok =
      b?.exceptionClass === 'com.linkedin.restli.server.RestLiServiceException' &&
      typeof b.message === 'string' &&
      b.status === status &&
      res.headers.get('x-restli-error-response') === 'true';
    return ok ? undefined : `not Rest.li's error shape: ${show}`;
  }
  if (transport === 'openapi')
    return typeof b?.error === 'string' && b.error ? undefined : `not OpenAPI's {error}: ${show}`;
  const e = b?.errors?.[0];
  return e?.extensions?.code === status && typeof e.message === 'string'
    ? undefined
    : `not GraphQL's {errors:[{extensions:{code:${status}}}]}: ${show}`;
}

/** A mismatch between what a response is and what it should be, or undefined. */
function judge(outcome: Outcome, transport: Transport, method: string, res: Res): string | undefined {
  if (outcome === 'allowed')
    return res.status === 401 || res.status === 403
      ? `expected access, got ${res.status} ${JSON.stringify(res.body)?.slice(0, 200)}`
      : undefined;
  if (res.status !== outcome)
    return `expected ${outcome}, got ${res.status} ${JSON.stringify(res.body)?.slice(0, 200)}`;
  const problem = shapeProblem(transport, method, outcome, res);
  return problem ? `${outcome} ${problem}` : undefined;
}

interface Probe {
  readonly route: Route;
  readonly sample: Sample;
  readonly prefix: string;
  readonly needs: Privilege;
}

/** Every sample of every route, bare and under one of the route's prefixes (alternating). */
function probes(table: Record<string, readonly Sample[]>): Probe[] {
  const out: Probe[] = [];
  routes().forEach((route, i) => {
    for (const sample of samplesOf(table, route) ?? []) {
      const needs = needsOf(route, sample);
      out.push({ route, sample, prefix: '', needs });
      const prefix = route.prefixes[i % Math.max(route.prefixes.length, 1)];
      if (prefix !== undefined) out.push({ route, sample, prefix, needs });
    }
  });
  return out;
}

async function runProbe(p: Probe, c: Case): Promise<string | undefined> {
  const { method } = p.route;
  const res = await call(method, `${p.prefix}${p.sample.path}`, p.sample.body, {
    ...p.sample.headers,
    ...c.headers(),
  });
  const problem = judge(expected(c, p.needs), transportOf(p.route.url), method, res);
  return problem && `${method} ${p.prefix}${p.sample.path} [needs ${p.needs}] as ${c.name}: ${problem}`;
}

// ---------------------------------------------------------------------------------------------------
// GraphQL operations, from the schema

interface TypeRef {
  readonly kind: string;
  readonly name: string | null;
  readonly ofType: TypeRef | null;
}
interface InputValue {
  readonly name: string;
  readonly type: TypeRef;
  readonly defaultValue: string | null;
}
interface SchemaType {
  readonly kind: string;
  readonly name: string;
  readonly fields: { name: string; args: InputValue[]; type: TypeRef }[] | null;
  readonly inputFields: InputValue[] | null;
  readonly enumValues: { name: string }[] | null;
}

const INTROSPECTION = `query {
  __schema {
    queryType { name }
    mutationType { name }
    types {
      kind name
      fields(includeDeprecated: true) { name args { name type { ...T } defaultValue } type { ...T } }
      inputFields { name type { ...T } defaultValue }
      enumValues(includeDeprecated: true) { name }
    }
  }
}
fragment T on __Type { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } } }`;

interface Operation {
  readonly kind: 'query' | 'mutation';
  readonly name: string;
  /** The root field with its arguments and selection. */
  readonly call: string;
  readonly text: string;
  readonly needs: Privilege;
}

/** A placeholder string for an argument or input field, by its name: mostly the fixture's dataset. */
function placeholder(name: string, f: Fixture): string {
  if (/^tagUrns?$/.test(name)) return f.tag;
  if (/^termUrns?$/.test(name)) return f.term;
  if (/^(ownerUrn|owner|author|actors)$/.test(name)) return f.user;
  if (/^structuredPropertyUrns?$/.test(name)) return f.property;
  if (name === 'valueType') return 'urn:li:dataType:datahub.string';
  if (name === 'entityTypes') return 'urn:li:entityType:datahub.dataset';
  if (name === 'linkUrl' || name === 'url') return 'https://example.com/authm';
  if (name === 'query') return `authm_${f.id}`;
  if (/^(name|label|description|note|fieldPath)$/.test(name)) return `authm ${f.id}`;
  return f.dataset;
}

/** Every root Query and Mutation field as a request: placeholder values for required arguments. */
async function operations(f: Fixture): Promise<Operation[]> {
  const res = await call('POST', '/api/graphql', { query: INTROSPECTION }, bearer(tokens.root));
  expect(res.status).toBe(200);
  const schema = res.body.data.__schema as {
    queryType: { name: string };
    mutationType: { name: string } | null;
    types: SchemaType[];
  };
  const types = new Map(schema.types.map((t) => [t.name, t]));
  const named = (t: TypeRef): SchemaType => {
    let n: TypeRef = t;
    while (n.ofType) n = n.ofType;
    const found = types.get(n.name ?? '');
    if (!found) throw new Error(`type ${n.name} is not in the schema`);
    return found;
  };
  const required = (v: InputValue) => v.type.kind === 'NON_NULL' && v.defaultValue === null;
  // Input objects get their required fields, and an optional `urn` (lineage searches need one).
  const filled = (v: InputValue) => required(v) || v.name === 'urn';
  const literal = (t: TypeRef, name: string): string => {
    if (t.kind === 'NON_NULL') return literal(t.ofType as TypeRef, name);
    if (t.kind === 'LIST') return `[${literal(t.ofType as TypeRef, name)}]`;
    const type = named(t);
    if (type.kind === 'ENUM') return type.enumValues?.[0]?.name ?? 'null';
    if (type.kind === 'INPUT_OBJECT')
      return `{ ${(type.inputFields ?? [])
        .filter(filled)
        .map((v) => `${v.name}: ${literal(v.type, v.name)}`)
        .join(', ')} }`;
    if (type.name === 'Int' || type.name === 'Long') return '1';
    if (type.name === 'Float') return '1.5';
    if (type.name === 'Boolean') return 'false';
    return JSON.stringify(placeholder(name, f));
  };
  const ops: Operation[] = [];
  const roots = [
    ['query', schema.queryType.name],
    ['mutation', schema.mutationType?.name],
  ] as const;
  for (const [kind, rootName] of roots) {
    const root = rootName ? types.get(rootName) : undefined;
    for (const field of root?.fields ?? []) {
      const args = field.args.filter(required).map((a) => `${a.name}: ${literal(a.type, a.name)}`);
      const result = named(field.type);
      const selection = ['OBJECT', 'INTERFACE', 'UNION'].includes(result.kind) ? ' { __typename }' : '';
      const call = `${field.name}${args.length ? `(${args.join(', ')})` : ''}${selection}`;
      const needs =
        kind === 'mutation'
          ? (MUTATION_PRIVILEGES[field.name] ?? 'write')
          : (QUERY_PRIVILEGES[field.name] ?? 'read');
      ops.push({ kind, name: field.name, call, text: `${kind} { ${call} }`, needs });
    }
  }
  return ops;
}

/** A mismatch between a GraphQL answer and what it should be, or undefined. */
function judgeGraphql(outcome: Outcome, res: Res): string | undefined {
  const show = () => `HTTP ${res.status} ${JSON.stringify(res.body)?.slice(0, 240)}`;
  const codes: unknown[] = (res.body?.errors ?? []).map((e: any) => e?.extensions?.code);
  if (outcome === 401) {
    if (res.status !== 401) return `expected HTTP 401, got ${show()}`;
    return shapeProblem('graphql', 'POST', 401, res);
  }
  if (res.status === 401 || res.status === 403) return `expected access, got ${show()}`;
  if (outcome === 403)
    return codes[0] === 403 && Object.values(res.body?.data ?? {}).every((v) => v === null)
      ? undefined
      : `expected errors[0].extensions.code 403, got ${show()}`;
  return codes.includes(401) || codes.includes(403) ? `expected access, got ${show()}` : undefined;
}

// ---------------------------------------------------------------------------------------------------

describe('authorization matrix over the route table', () => {
  it('has a sample for every registered route, every action of a route, and no sample without a route', () => {
    const table = samples(fx);
    const all = routes();
    const problems: string[] = [];
    for (const r of all) {
      const list = samplesOf(table, r);
      if (!list?.length) {
        problems.push(`no sample for ${r.key}: add one to samples() in test/http/auth-matrix.test.ts`);
        continue;
      }
      if (typeof r.policy !== 'string') {
        const listed = r.policy.byAction;
        const actions = list.map((s) => actionOf(s.path));
        for (const a of Object.keys(listed))
          if (!actions.includes(a)) problems.push(`no sample for ${r.key}?action=${a}`);
        if (!actions.some((a) => a === undefined || !(a in listed)))
          problems.push(`no sample for ${r.key} with an action its policy does not list`);
      }
      for (const s of list) {
        const base = privilegeOf(r.policy, actionOf(s.path));
        if (s.needs && RANK[s.needs] <= RANK[base])
          problems.push(`${r.key} ${s.path}: needs ${s.needs} is not above the route's ${base}`);
      }
    }
    const keys = new Set(all.map((r) => r.key));
    for (const key of Object.keys(table)) if (!keys.has(key)) problems.push(`sample for no route: ${key}`);
    expect(problems).toEqual([]);
    expect(all.length).toBeGreaterThan(50);
  });

  it('answers every bad token with 401, a role below the need with 403, and lets every role with it in', async () => {
    const work = probes(samples(fx)).flatMap((p) =>
      CASES.filter((c) => (!c.writesOnly || RANK[p.needs] > RANK.read) && (!p.prefix || c.prefixed)).map(
        (c) => ({ p, c }),
      ),
    );
    const problems = (await pool(work, CONCURRENCY, ({ p, c }) => runProbe(p, c))).filter(
      (x): x is string => x !== undefined,
    );
    expect(problems).toEqual([]);
    // Every route times every case: about a minute on a small machine, more while it is shared.
  }, 180_000);

  it('lets a Reader query the graph explorer', async () => {
    const query = `{ datasets(where: { urn: { eq: "${fx.dataset}" } }) { urn name } }`;
    const res = await call('POST', '/api/graph', { query }, bearer(tokens.reader));
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.datasets).toMatchObject([{ urn: fx.dataset }]);
  });
});

describe('authorization matrix over the GraphQL operations', () => {
  it('refuses bad tokens, Readers their mutations, Editors the Admin ones, and lets the rest run', async () => {
    const ops = await operations(fx);
    expect(ops.filter((o) => o.kind === 'query').length).toBeGreaterThan(10);
    expect(ops.filter((o) => o.kind === 'mutation').length).toBeGreaterThan(10);
    const mutations = new Set(ops.filter((o) => o.kind === 'mutation').map((o) => o.name));
    expect(Object.keys(MUTATION_PRIVILEGES).filter((m) => !mutations.has(m))).toEqual([]);
    const queries = new Set(ops.filter((o) => o.kind === 'query').map((o) => o.name));
    expect(Object.keys(QUERY_PRIVILEGES).filter((q) => !queries.has(q))).toEqual([]);
    const work = ops.flatMap((op) =>
      CASES.filter((c) => !c.writesOnly || RANK[op.needs] > RANK.read).map((c) => ({ op, c })),
    );
    const problems = await pool(work, CONCURRENCY, async ({ op, c }) => {
      const res = await call('POST', '/api/graphql', { query: op.text }, c.headers());
      const problem = judgeGraphql(expected(c, op.needs), res);
      return problem && `${op.kind} ${op.name} [needs ${op.needs}] as ${c.name}: ${problem}\n  ${op.text}`;
    });
    expect(problems.filter((x) => x !== undefined)).toEqual([]);
  });
});

describe('the privilege of a Rest.li action', () => {
  it('cannot be lowered by spelling the action another way', async () => {
    const f = await fixture('e');
    const table = samples(f);
    const snapshot = async () =>
      Promise.all(
        [f.dataset, f.victim, f.newProperty].map(
          async (urn) => (await as(tokens.root).call('GET', `/entitiesV2/${enc(urn)}`)).body,
        ),
      );
    const before = await snapshot();
    const spellings = (action: string): string[] => [
      `action=${action}&action=${action}`,
      `action=listUrns&action=${action}`,
      `action=${action}&action=listUrns`,
      `action=${action.toUpperCase()}`,
      `Action=${action}`,
      `action=${action}%20`,
      `action%5B%5D=${action}`,
      `action%5B0%5D=${action}`,
      `action=${enc(action).replace(/^./, (ch) => `%${ch.charCodeAt(0).toString(16)}`)}`,
      '',
    ];
    const work = routes()
      .filter((r) => typeof r.policy !== 'string')
      .flatMap((r) =>
        (table[r.key] ?? []).flatMap((sample) => {
          const action = actionOf(sample.path);
          if (!action || RANK[needsOf(r, sample)] <= RANK.read) return [];
          const path = sample.path.split('?')[0] as string;
          return spellings(action).flatMap((q) =>
            [path, `${path}/`].map((p) => ({
              method: r.method,
              path: q ? `${p}?${q}` : p,
              body: { ...(sample.body as object), action },
            })),
          );
        }),
      );
    expect(work.length).toBeGreaterThan(50);
    const problems = await pool(work, CONCURRENCY, async (w) => {
      const res = await call(w.method, w.path, w.body, bearer(tokens.reader));
      return res.status >= 200 && res.status < 300
        ? `${w.method} ${w.path} as Reader: ${res.status}`
        : undefined;
    });
    expect(problems.filter((x) => x !== undefined)).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });
});

describe('the privilege of a mutation', () => {
  it('is checked before any resolver runs, however the operation spells the mutation', async () => {
    const mutations = (await operations(fx)).filter((o) => o.kind === 'mutation');
    const forms = (op: Operation): [string, string][] => [
      ['plain', `mutation { ${op.call} }`],
      ['alias', `mutation { query: ${op.call} }`],
      ['inline fragment', `mutation { ... on Mutation { ${op.call} } }`],
      ['fragment spread', `mutation { ...M } fragment M on Mutation { ${op.call} }`],
      ['after an allowed field', `mutation { __typename ${op.call} }`],
    ];
    const work = mutations.flatMap((op) =>
      CASES.filter((c) => c.role && !c.writesOnly && !has(c.role, op.needs)).flatMap((c) =>
        forms(op).map(([form, text]) => ({ op, c, form, text })),
      ),
    );
    expect(work.length).toBeGreaterThan(20);
    const problems = await pool(work, CONCURRENCY, async ({ op, c, form, text }) => {
      const res = await call('POST', '/api/graphql', { query: text }, c.headers());
      const e = res.body?.errors?.[0];
      // Refused when the operation is known: a 403 for the operation (no path), and no data at all.
      const early = e?.extensions?.code === 403 && e.path === undefined && res.body?.data == null;
      return early
        ? undefined
        : `${op.name} (${form}) as ${c.name}: expected a 403 before any resolver runs, got HTTP ${res.status} ` +
            `${JSON.stringify(res.body)?.slice(0, 240)}`;
    });
    expect(problems.filter((x) => x !== undefined)).toEqual([]);
  });
});

describe('no request header changes the caller', () => {
  const spoofed = () => ({ ...bearer(tokens.editor), ...impersonate() });
  /** The actor of an aspect's latest version, as OpenAPI v3 and Rest.li's entitiesV2 show it. */
  async function actors(entity: string, urn: string, aspect: string): Promise<unknown[]> {
    const v3 = await as(tokens.root).call(
      'GET',
      `/openapi/v3/entity/${entity}/${enc(urn)}/${aspect}?systemMetadata=true`,
    );
    const v2 = await as(tokens.root).call('GET', `/entitiesV2/${enc(urn)}?aspects=List(${aspect})`);
    return [v3.body?.auditStamp?.actor, v2.body?.aspects?.[aspect]?.created?.actor];
  }

  it("records an Editor's writes, with an Admin named in headers, under the Editor's actor", async () => {
    // Each write on a catalog of its own, so that no earlier write by the Editor can answer for it.
    const table = samples(fx);
    const writes = routes().flatMap((r) =>
      (table[r.key] ?? []).flatMap((s, i) => (s.writes ? [{ method: r.method, key: r.key, i }] : [])),
    );
    expect(writes.length).toBeGreaterThan(10);
    const found = await pool(writes, 4, async ({ method, key, i }) => {
      const s = samples(await fixture('s'))[key]?.[i] as Sample;
      const w = s.writes as NonNullable<Sample['writes']>;
      const res = await call(method, s.path, s.body, { ...s.headers, ...spoofed() });
      const got = res.status < 300 ? await actors(w.entity, w.urn, w.aspect) : [];
      return res.status >= 300 || got.length === 0 || got.some((a) => a !== tokens.actors.editor)
        ? `${method} ${s.path} (${w.aspect}): HTTP ${res.status}, actors ${JSON.stringify(got)}`
        : undefined;
    });
    const problems = found.filter((x): x is string => x !== undefined);
    const f = await fixture('s');
    const gql = await call(
      'POST',
      '/api/graphql',
      {
        query: `mutation { updateDescription(input: { description: "spoof ${f.id}", resourceUrn: "${f.dataset}" }) }`,
      },
      spoofed(),
    );
    expect(gql.body).toEqual({ data: { updateDescription: true } });
    const got = await actors('dataset', f.dataset, 'editableDatasetProperties');
    if (got.some((a) => a !== tokens.actors.editor))
      problems.push(`GraphQL updateDescription: actors ${JSON.stringify(got)}`);
    expect(problems).toEqual([]);
  });
});

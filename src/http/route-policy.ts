import type { Privilege } from '../auth/index.js';

/** A route's privilege, or one per Rest.li `action` (with the privilege of an unknown action). */
export type Policy =
  Privilege | { readonly byAction: Readonly<Record<string, Privilege>>; readonly other: Privilege };

const V = ['v2', 'v3'] as const;
const both = (f: (v: string) => [string, Policy][]): [string, Policy][] => V.flatMap((v) => f(v));

/**
 * Every route with what it needs, keyed `METHOD path` as the route is registered (without the `/gms`
 * and `/api/gms` prefixes). The app refuses to start with a route missing here, so a new route cannot
 * go unguarded; the services check again (and check content: hard deletes, structured properties).
 */
export const ROUTE_POLICY: ReadonlyMap<string, Policy> = new Map<string, Policy>([
  ['GET /health', 'public'],
  ['GET /health/live', 'public'],
  ['GET /health/search', 'public'],
  ['GET /config', 'public'],
  // Prometheus' scrape: figures of the service, never data (public in DataHub's service too).
  ['GET /actuator/prometheus', 'public'],
  // Static explorer pages: the pages and the API description, never data.
  ['GET /api/graphiql', 'public'],
  ['GET /api/graphiql/assets/*', 'public'],
  ['GET /openapi/v3/api-docs', 'public'],
  ['GET /openapi/v3/api-docs/swagger-config', 'public'],
  ['GET /openapi/swagger-ui/*', 'public'],
  ['GET /openapi/swagger-ui', 'public'],
  ['GET /openapi/swagger-ui.html', 'public'],
  ['OPTIONS /api/graphql', 'public'],
  ['OPTIONS /api/graph', 'public'],
  // GraphQL: reading needs a token; each mutation's own privilege is checked per operation.
  ['GET /api/graphql', 'read'],
  ['POST /api/graphql', 'read'],
  ['GET /api/graph', 'read'],
  ['POST /api/graph', 'read'],
  // DataHub's auth servlet (its frontend calls it as the system): an Admin's token, never a session.
  ['POST /auth/generateSessionTokenForUser', 'admin'],
  ['POST /auth/signUp', 'admin'],
  ['POST /auth/verifyNativeUserCredentials', 'admin'],
  ['POST /auth/resetNativeUserCredentials', 'admin'],
  // The schema registry (Confluent's API) for DataHub's Kafka clients: public, as DataHub's (Kafka clients
  // send no token); it holds Avro schemas only, never metadata, and caps its bodies.
  ['GET /schema-registry/api/', 'public'],
  ['GET /schema-registry/api/config', 'public'],
  ['GET /schema-registry/api/schemas/types', 'public'],
  ['GET /schema-registry/api/schemas/ids/:id', 'public'],
  ['GET /schema-registry/api/subjects', 'public'],
  ['GET /schema-registry/api/associations/resources/:namespace/:name', 'public'],
  ['POST /schema-registry/api/subjects/:subject', 'public'],
  ['GET /schema-registry/api/subjects/:subject/versions', 'public'],
  ['POST /schema-registry/api/subjects/:subject/versions', 'public'],
  ['GET /schema-registry/api/subjects/:subject/versions/:version', 'public'],
  // The web app: its page and files, never data (the page asks GraphQL, with the session cookie).
  ['GET /', 'public'],
  ['GET /search', 'public'],
  ['GET /login', 'public'],
  ['GET /signup', 'public'],
  ['GET /reset', 'public'],
  ['GET /entity/*', 'public'],
  ['GET /lineage/*', 'public'],
  ['GET /admin', 'public'],
  ['GET /assets/*', 'public'],
  // The web app's sign-in (DataHub's frontend routes): the way in, so no token.
  ['POST /logIn', 'public'],
  ['POST /signUp', 'public'],
  ['POST /resetNativeUserCredentials', 'public'],
  ['GET /logOut', 'public'],
  ['POST /logOut', 'public'],
  // Rest.li
  [
    'POST /aspects',
    {
      byAction: {
        ingestProposal: 'write',
        ingestProposalBatch: 'write',
        getTimeseriesAspectValues: 'read',
        getCount: 'read',
      },
      other: 'read',
    },
  ],
  ['GET /aspects/*', 'read'],
  [
    'POST /entities',
    {
      byAction: {
        ingest: 'write',
        batchIngest: 'write',
        delete: 'write',
        deleteReferences: 'write',
        search: 'read',
        searchAcrossEntities: 'read',
        autocomplete: 'read',
        browse: 'read',
        listUrns: 'read',
      },
      other: 'read',
    },
  ],
  ['GET /entities/*', 'read'],
  ['GET /entitiesV2/*', 'read'],
  ['GET /entitiesV2', 'read'],
  ['POST /relationships', 'read'],
  ['GET /relationships', 'read'],
  ['POST /operations', 'admin'],
  // Usage and time-series aggregations read; DataHub's usage batchIngest writes.
  [
    'POST /usageStats',
    { byAction: { query: 'read', queryRange: 'read', batchIngest: 'write' }, other: 'read' },
  ],
  ['POST /analytics', 'read'],
  // Metadata tests: evaluating reads; `push` writes results and needs Editor (checked by the service).
  ['POST /test', { byAction: { evaluate: 'read', evaluateAll: 'write' }, other: 'read' }],
  // Runs: listing and describing read; a rollback, and its dry run, need Admin (as DataHub checks the
  // delete privilege before it plans).
  ['POST /runs', { byAction: { list: 'read', describe: 'read', rollback: 'admin' }, other: 'read' }],
  // OpenAPI
  ['GET /openapi/relationships/v1/', 'read'],
  ['GET /openapi/v3/relationship/scroll', 'read'],
  ['POST /openapi/v3/relationship/scroll', 'read'],
  ['POST /openapi/v1/trace/write/:traceId', 'read'],
  ['GET /openapi/v2/timeline/v1/:urn', 'read'],
  ['GET /openapi/timeline/v1/:urn', 'read'],
  // The events API: any role reads every topic (events of Admin-only kinds never appear on them).
  ['GET /openapi/v1/events/poll', 'read'],
  // Proposal ingest (DataHub's PlatformEntitiesController): a write; each proposal checked as any write.
  ['POST /openapi/v2/platform/entities/v1/', 'write'],
  // OpenLineage run events (DataHub's LineageApiImpl): written through the write path, as proposal ingest.
  ['POST /openapi/openlineage/api/v1/lineage', 'write'],
  // Usage tracking: anyone reports what they viewed or searched (as themselves).
  ['POST /openapi/v1/tracking/track', 'read'],
  // The audit log, system information and the throttle: DataHub's MANAGE_SYSTEM_OPERATIONS and
  // analytics privileges, which neohub gives Admins.
  ['POST /openapi/v1/events/audit/search', 'admin'],
  ['GET /openapi/v1/system-info', 'admin'],
  ['GET /openapi/v1/system-info/spring-components', 'admin'],
  ['GET /openapi/v1/system-info/properties', 'admin'],
  ['GET /openapi/v1/system-info/properties/simple', 'admin'],
  ['GET /openapi/operations/throttle/requests', 'admin'],
  ['POST /openapi/operations/throttle/requests/manual', 'admin'],
  ['GET /openapi/v1/registry/models/entity/specifications', 'read'],
  ['GET /openapi/v1/registry/models/entity/specifications/:entityName', 'read'],
  ['GET /openapi/v1/registry/models/entity/specifications/:entityName/aspects', 'read'],
  ['GET /openapi/v1/registry/models/aspect/specifications', 'read'],
  ['GET /openapi/v1/registry/models/aspect/specifications/:aspectName', 'read'],
  ['POST /openapi/v3/entity/scroll', 'read'],
  ['POST /openapi/v3/entity/:entityName/batchGet', 'read'],
  ['POST /openapi/v3/entity/generic/batchGet', 'read'],
  ['POST /openapi/v2/entity/batch/:entityName', 'read'],
  ['POST /openapi/v3/entity/generic', 'write'],
  ['PATCH /openapi/v3/entity/generic', 'write'],
  ...both((v): [string, Policy][] => [
    [`GET /openapi/${v}/entity/:entityName`, 'read'],
    [`GET /openapi/${v}/entity/:entityName/*`, 'read'],
    [`HEAD /openapi/${v}/entity/:entityName/*`, 'read'],
    [`POST /openapi/${v}/entity/:entityName`, 'write'],
    [`PATCH /openapi/${v}/entity/:entityName`, 'write'],
    [`POST /openapi/${v}/entity/:entityName/*`, 'write'],
    [`PATCH /openapi/${v}/entity/:entityName/*`, 'write'],
    [`DELETE /openapi/${v}/entity/:entityName/*`, 'write'],
  ]),
]);

const PREFIXES = ['/api/gms', '/gms'];

/** The policy of a registered route (HEAD routes Fastify adds for GETs follow their GET). */
export function policyOf(method: string, url: string): Policy | undefined {
  const bare = PREFIXES.reduce((u, p) => (u.startsWith(`${p}/`) ? u.slice(p.length) : u), url);
  const path = bare.length > 1 ? bare.replace(/\/$/, '') : bare;
  const folder = `${path.slice(0, path.lastIndexOf('/'))}/*`;
  const methods = method === 'HEAD' ? ['HEAD', 'GET'] : [method];
  for (const m of methods)
    for (const key of [`${m} ${path}`, `${m} ${path}/`, `${m} ${folder}`])
      if (ROUTE_POLICY.has(key)) return ROUTE_POLICY.get(key);
  return undefined;
}

/** The privilege a request needs under a policy. */
export function privilegeOf(policy: Policy, action: string | undefined): Privilege {
  if (typeof policy === 'string') return policy;
  return (
    (action !== undefined && Object.hasOwn(policy.byAction, action) && policy.byAction[action]) ||
    policy.other
  );
}

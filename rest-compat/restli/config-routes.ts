import type { FastifyInstance } from 'fastify';
import type { Services } from '../../src/services/index.js';
import { neohubVersion } from '../../src/version.js';

/**
 * `GET /config` (what DataHub's client checks first; it answers whatever the state of the graph store) and
 * `GET /health` (503 while the graph store or the search index does not answer); both need no token. Every
 * capability flag says what neohub has built: no retention policies; stateful ingestion (its checkpoint
 * is DataHub's `datahubIngestionCheckpoint` time series on a dataJob, read back newest first); PATCH and
 * impact analysis (search across lineage) are served. `managedIngestion.defaultCliVersion` is the CLI
 * version DataHub's CLI compares itself with; `?verbose=true` adds `userType` (DataHub's: `anonymous`
 * without a valid token, else `user`).
 */
export function configRoutes(app: FastifyInstance, s: Services): void {
  const version = neohubVersion();
  app.get('/config', async (req, reply) =>
    reply.header('Content-Type', 'application/json').send({
      noCode: 'true',
      retention: 'false',
      statefulIngestionCapable: true,
      patchCapable: true,
      supportsImpactAnalysis: true,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone ?? 'GMT',
      versions: { 'acryldata/datahub': { version: s.config.reportedVersion, commit: 'neohub' } },
      telemetry: { enabledCli: false, enabledIngestion: false },
      managedIngestion: { enabled: false, defaultCliVersion: s.config.defaultCliVersion },
      datahub: { serverType: 'prod' },
      datasetUrnNameCasing: false,
      models: {},
      neohub: { version },
      ...((req.query as { verbose?: unknown }).verbose === 'true'
        ? { userType: await userType(s, req.headers.authorization) }
        : {}),
    }),
  );
  // 200 with no body while the graph store and the configured search index answer (as DataHub's); else
  // 503 with `Retry-After` and what is down, so that load balancers take this instance out meanwhile.
  app.get('/health', async (_req, reply) => {
    const report = await s.health.check();
    if (report.healthy) return reply.status(200).send();
    return reply
      .status(503)
      .header('Retry-After', String(s.health.retryAfterSeconds()))
      .send({ status: 'unavailable', graphStore: report.graphStore, searchIndex: report.searchIndex });
  });
  app.get('/health/live', async (_req, reply) => reply.status(200).send());
  app.get('/health/search', async (_req, reply) => reply.send(await s.search.status()));
}

/** DataHub's `userType`: `anonymous` without a valid token (the route needs none), `user` with one. */
async function userType(s: Services, authorization: string | undefined): Promise<'anonymous' | 'user'> {
  if (authorization === undefined) return 'anonymous';
  try {
    await s.auth.authenticate(authorization);
    return 'user';
  } catch {
    return 'anonymous';
  }
}

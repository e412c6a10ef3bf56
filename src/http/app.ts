import Fastify, { type FastifyInstance } from 'fastify';
import { registerCompatRoutes, sendRestliError } from '../../rest-compat/index.js';
import { callerMay } from '../auth/index.js';
import { BadRequestError, MalformedBodyError, NotFoundError } from '../errors/index.js';
import { registerGraphExplorer, type GraphExplorerOptions } from '../graph-explorer/index.js';
import { graphqlLimits, registerGraphql, sendGraphqlError } from '../graphql/index.js';
import { type Services, guardServices } from '../services/index.js';
import {
  JsonDepthError,
  MAX_JSON_DEPTH,
  parseJson,
  stringifyWithRaw,
  textNestsDeeper,
} from '../json/index.js';
import { registerAuthHooks } from './auth-hooks.js';
import { registerBodyDecoding } from './body-encoding.js';
import { registerDroppedFieldsReport } from './dropped-fields.js';
import type { ServiceMetrics } from '../metrics/index.js';
import { registerRequestLog } from './request-log.js';
import { registerTraceHeader } from './trace-header.js';
import { RateLimiter } from './rate-limiter.js';
import { sessionRoutes } from './session-routes.js';
import { registerWebApp } from './web-app.js';

const isGraphqlPath = (url: string): boolean => /^(\/api\/gms|\/gms)?\/api\/graph(ql)?(\/|\?|$)/.test(url);

/**
 * The HTTP app: body parsing shared by all transports, then the transports themselves. Every body is
 * read as JSON whatever its content type (DataHub's doc curls send none: JSON, JSON Patch and GraphQL
 * bodies alike), up to the configured size and `MAX_JSON_DEPTH` levels of nesting (found before parsing),
 * sent as is or gzip-compressed (`Content-Encoding: gzip`; the size limit is the decompressed size's).
 * The graph explorer queries Neo4j itself (through @neo4j/graphql), so it gets the store's driver.
 */
export async function createApp(
  services: Services,
  explorer: Omit<GraphExplorerOptions, 'limits' | 'isAdmin'>,
  metrics: ServiceMetrics,
): Promise<FastifyInstance> {
  const s = guardServices(services);
  const app = Fastify({
    bodyLimit: s.config.maxBodyBytes,
    logger: false,
    routerOptions: { maxParamLength: 8192, ignoreDuplicateSlashes: false, ignoreTrailingSlash: true },
  });
  // Answers as JSON, with the aspect texts the transports made (doubles as `30.0`) placed as they are.
  app.setReplySerializer((payload) => stringifyWithRaw(payload));
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, text, done) => {
    const str = String(text);
    if (str.trim() === '') return done(null, undefined);
    try {
      done(null, parseJson(str, 'JSON body'));
    } catch (err) {
      done(
        err instanceof JsonDepthError
          ? new BadRequestError(err.message, { cause: err })
          : new MalformedBodyError(err),
        undefined,
      );
    }
  });
  // Bodies compressed with gzip are read decompressed, the body limit applying to what they inflate to.
  registerBodyDecoding(app, s.config.maxBodyBytes);
  // GraphQL over GET carries its variables and extensions as JSON in the query string: bounded the same.
  app.addHook('preValidation', async (req) => {
    if (req.method !== 'GET' || !isGraphqlPath(req.url)) return;
    const query = req.query as Record<string, unknown>;
    for (const name of ['variables', 'extensions'])
      if (typeof query[name] === 'string' && textNestsDeeper(query[name]))
        throw new BadRequestError(
          `GraphQL ${name} are nested deeper than ${MAX_JSON_DEPTH} levels (the limit of objects and arrays inside each other)`,
        );
  });
  app.setErrorHandler((err, req, reply) =>
    isGraphqlPath(req.url) ? sendGraphqlError(reply, err, s.log) : sendRestliError(reply, err, s.log),
  );
  app.setNotFoundHandler((req, reply) =>
    sendRestliError(reply, new NotFoundError(`No resource at ${req.method} ${req.url.split('?')[0]}`), s.log),
  );
  // One log line per request once answered, and the request counted in the metrics.
  registerRequestLog(app, s.log, metrics);
  // Every 503 (the graph store or the search index is down, or restarting) says when to try again.
  app.addHook('onSend', async (_req, reply, payload) => {
    if (reply.statusCode === 503 && !reply.hasHeader('retry-after'))
      reply.header('Retry-After', String(s.health.retryAfterSeconds()));
    return payload;
  });
  // Every answer names the request's trace (W3C `traceparent`), under which its writes are recorded.
  registerTraceHeader(app);
  // What the writes of a request dropped (fields the model lacks): a header and a warning, every route.
  registerDroppedFieldsReport(app, s.log);
  registerAuthHooks(app, services.auth, new RateLimiter(s.config.rateLimitPerMinute), services.throttle);
  // Prometheus' scrape, without a token as DataHub's service serves it (its `excludedPaths`).
  app.get('/actuator/prometheus', async (_req, reply) => {
    const { contentType, body } = await metrics.exposition();
    return reply.header('Content-Type', contentType).send(body);
  });
  await registerCompatRoutes(app, s, s.log);
  // Sign-in attempts: 10 a minute per user name, 300 per client address.
  sessionRoutes(app, s, { perUser: new RateLimiter(10), perAddress: new RateLimiter(300) });
  await registerGraphql(app, s, (type, cost) => metrics.graphqlOperation(type, cost));
  registerWebApp(app);
  await registerGraphExplorer(app, {
    ...explorer,
    limits: graphqlLimits(s.config),
    isAdmin: () => callerMay('admin'),
  });
  return app;
}

import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import fastifyApollo, { fastifyApolloDrainPlugin } from '@as-integrations/fastify';
import { expressMiddleware } from '@as-integrations/express5';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import express from 'express';
import Fastify from 'fastify';
import { inRequestScope, setCaller } from '../src/auth/index.js';
import { loadConfig } from '../src/config.js';
import { BadRequestError, wireStatus } from '../src/errors/index.js';
import { apolloServer, createContext } from '../src/graphql/index.js';
import { createLogger } from '../src/logger.js';
import { startRuntime } from '../src/runtime.js';
import { guardServices, type Proposal, type Services } from '../src/services/index.js';
import { parseRestliQuery } from '../rest-compat/restli/index.js';

/**
 * The servers of the HTTP-layer measure (bench/http-layer.ts), in their own process: neohub as it runs
 * (its fastify app), and two bare apps, fastify and express, that serve the same routes on the same
 * services with the same steps: every body read as text and parsed as JSON, a request scope, the caller
 * from the bearer token, the route's service call, errors as Rest.li errors, Apollo mounted through each
 * framework's integration. Prints one JSON line with their addresses once all three listen.
 */
const config = loadConfig({
  ...process.env,
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  NEOHUB_SEARCH_SYNC: 'false',
  NEOHUB_RATE_LIMIT_PER_MINUTE: '1000000000',
});
const runtime = await startRuntime(
  config,
  { uri: config.neo4jUri ?? '', user: config.neo4jUser, password: config.neo4jPassword },
  createLogger('warn'),
);
const services = guardServices(runtime.services);

/** `GET /entitiesV2?ids=List(...)`: the latest aspects of each entity. */
async function readEntities(s: Services, url: string): Promise<unknown> {
  const ids = parseRestliQuery(url).get('ids') ?? [];
  if (!ids.length) throw new BadRequestError("Parameter 'ids' is required: ids=List(<urn>,...)");
  const views = await s.reads.entities(ids);
  return { results: Object.fromEntries(views.map((v) => [v.urn, v])), statuses: {}, errors: {} };
}

/** `POST /aspects?action=ingestProposalBatch`. */
async function ingestBatch(s: Services, body: unknown): Promise<unknown> {
  const proposals = (body as { proposals?: unknown } | undefined)?.proposals;
  if (!Array.isArray(proposals)) throw new BadRequestError("Parameter 'proposals' must be a list");
  const traceId = randomBytes(16).toString('hex');
  await s.ingest.ingest(proposals as Proposal[], { actor: 'urn:li:corpuser:bench', traceId });
  return { value: 'success' };
}

const parseJson = (text: string): unknown => {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new BadRequestError(`Malformed JSON body: ${(err as Error).message}`, { cause: err });
  }
};
const restliError = (err: unknown) => {
  const { status, message } = wireStatus(err);
  return {
    status,
    body: { exceptionClass: 'com.linkedin.restli.server.RestLiServiceException', message, status },
  };
};

async function fastifyApp(s: Services): Promise<string> {
  const app = Fastify({ bodyLimit: s.config.maxBodyBytes, logger: false });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, text, done) => {
    try {
      done(null, parseJson(String(text)));
    } catch (err) {
      done(err as Error, undefined);
    }
  });
  app.addHook('onRequest', (_req, _reply, done) => inRequestScope(done));
  app.addHook('onRequest', async (req) => setCaller(await s.auth.authenticate(req.headers.authorization)));
  app.setErrorHandler((err, _req, reply) => {
    const { status, body } = restliError(err);
    return reply.status(status).header('X-RestLi-Error-Response', 'true').send(body);
  });
  app.get('/health', async () => ({ status: 'ok' }));
  app.get('/entitiesV2', async (req) => readEntities(s, req.url));
  app.post('/aspects', async (req) => ingestBatch(s, req.body));
  const apollo = await apolloServer(s, [fastifyApolloDrainPlugin(app)]);
  await app.register(fastifyApollo(apollo), { path: '/api/graphql', context: async () => createContext(s) });
  return app.listen({ port: 0, host: '127.0.0.1' });
}

async function expressApp(s: Services): Promise<string> {
  const app = express();
  const server = app.listen(0, '127.0.0.1');
  app.use(express.text({ type: () => true, limit: s.config.maxBodyBytes }));
  app.use((req, _res, next) => {
    try {
      req.body = parseJson(typeof req.body === 'string' ? req.body : '');
      next();
    } catch (err) {
      next(err);
    }
  });
  app.use((_req, _res, next) => inRequestScope(next));
  app.use(async (req, _res, next) => {
    try {
      setCaller(await s.auth.authenticate(req.headers.authorization));
      next();
    } catch (err) {
      next(err);
    }
  });
  app.get('/health', (_req, res) => void res.json({ status: 'ok' }));
  app.get('/entitiesV2', async (req, res) => void res.json(await readEntities(s, req.url)));
  app.post('/aspects', async (req, res) => void res.json(await ingestBatch(s, req.body)));
  const apollo = await apolloServer(s, [ApolloServerPluginDrainHttpServer({ httpServer: server })]);
  app.use('/api/graphql', expressMiddleware(apollo, { context: async () => createContext(s) }));
  app.use((err: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    const { status, body } = restliError(err);
    res.status(status).set('X-RestLi-Error-Response', 'true').json(body);
  });
  await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', resolve)));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const addresses = {
  neohub: runtime.url,
  fastify: await fastifyApp(services),
  express: await expressApp(services),
};
process.stdout.write(`${JSON.stringify(addresses)}\n`);
process.on('SIGTERM', () => {
  void runtime.stop().finally(() => process.exit(0));
});

import type { FastifyInstance } from 'fastify';
import { GRAPHIQL_ASSETS, readAsset } from './graphiql-assets.js';
import { graphiqlPage } from './graphiql-page.js';

/**
 * GraphiQL, offline: `GET /api/graphiql` is a static page and `GET /api/graphiql/assets/<name>` serves
 * the bundles it loads from node_modules, so the page works with no access to any CDN.
 */
export async function registerGraphiql(app: FastifyInstance): Promise<void> {
  const page = graphiqlPage();
  app.get('/api/graphiql', async (_req, reply) =>
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(page),
  );
  for (const [name, asset] of Object.entries(GRAPHIQL_ASSETS)) {
    app.get(`/api/graphiql/assets/${name}`, async (_req, reply) =>
      reply
        .type(asset.type)
        .header('Cache-Control', 'public, max-age=3600')
        .send(await readAsset(name, asset)),
    );
  }
}

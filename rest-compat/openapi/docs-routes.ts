import type { FastifyInstance } from 'fastify';
import type { Services } from '../../src/services/index.js';
import { openApiJson, readSwaggerUiAsset, SWAGGER_UI_ASSETS, swaggerUiPage } from './document/index.js';

/**
 * The OpenAPI document and Swagger UI, as DataHub's GMS serves them: `GET /openapi/v3/api-docs` (the
 * document, generated from the registry), `/openapi/v3/api-docs/swagger-config` (springdoc's list of
 * documents) and Swagger UI, offline, at `/openapi/swagger-ui/index.html`.
 */
export function openApiDocsRoutes(app: FastifyInstance, s: Services): void {
  const prefix = app.prefix;
  const docs = `${prefix}/openapi/v3/api-docs`;
  const ui = `${prefix}/openapi/swagger-ui/index.html`;
  app.get('/openapi/v3/api-docs', async (_req, reply) =>
    reply.type('application/json').header('Cache-Control', 'no-cache').send(openApiJson(s.registry, prefix)),
  );
  app.get('/openapi/v3/api-docs/swagger-config', async (_req, reply) =>
    reply.send({
      configUrl: `${docs}/swagger-config`,
      url: docs,
      urls: [{ url: docs, name: 'DataHub v3 (OpenAPI)' }],
      validatorUrl: 'none',
      docExpansion: 'none',
      defaultModelsExpandDepth: -1,
      filter: true,
    }),
  );
  const page = swaggerUiPage();
  app.get('/openapi/swagger-ui/index.html', async (_req, reply) =>
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(page),
  );
  for (const path of ['/openapi/swagger-ui', '/openapi/swagger-ui.html'])
    app.get(path, async (_req, reply) => reply.redirect(ui));
  for (const [name, asset] of Object.entries(SWAGGER_UI_ASSETS)) {
    app.get(`/openapi/swagger-ui/${name}`, async (_req, reply) =>
      reply
        .type(asset.type)
        .header('Cache-Control', 'public, max-age=3600')
        .send(await readSwaggerUiAsset(asset)),
    );
  }
}

import type { FastifyInstance } from 'fastify';
import type { Logger } from '../src/logger.js';
import type { Services } from '../src/services/index.js';
import { openApiDocsRoutes } from './openapi/docs-routes.js';
import { sendOpenApiError } from './openapi/errors.js';
import { entityReadRoutes } from './openapi/entity-read-routes.js';
import { entityScrollRoutes } from './openapi/entity-scroll-routes.js';
import { entityWriteRoutes } from './openapi/entity-write-routes.js';
import { openApiRelationshipsRoutes } from './openapi/relationships-routes.js';
import { registryRoutes } from './openapi/registry-routes.js';
import { relationshipScrollRoutes } from './openapi/relationship-scroll-routes.js';
import { traceRoutes } from './openapi/trace-routes.js';
import { aspectsRoutes } from './restli/aspects-routes.js';
import { configRoutes } from './restli/config-routes.js';
import { entitiesRoutes } from './restli/entities-routes.js';
import { sendRestliError } from './restli/errors.js';
import { operationsRoutes } from './restli/operations-routes.js';
import { relationshipsRoutes } from './restli/relationships-routes.js';

/** The path prefixes every route also answers under (DataHub's frontend proxy and gateway forms). */
export const PREFIXES = ['', '/gms', '/api/gms'] as const;

/** Registers the Rest.li and OpenAPI compatibility routes, each under every prefix. */
export async function registerCompatRoutes(app: FastifyInstance, s: Services, log: Logger): Promise<void> {
  for (const prefix of PREFIXES) {
    await app.register(
      async (scope) => {
        scope.setErrorHandler((err, _req, reply) => sendRestliError(reply, err, log));
        configRoutes(scope, s);
        aspectsRoutes(scope, s);
        entitiesRoutes(scope, s);
        relationshipsRoutes(scope, s);
        operationsRoutes(scope, s);
      },
      { prefix },
    );
    await app.register(
      async (scope) => {
        scope.setErrorHandler((err, _req, reply) => sendOpenApiError(reply, err, log));
        openApiRelationshipsRoutes(scope, s);
        relationshipScrollRoutes(scope, s);
        traceRoutes(scope, s);
        registryRoutes(scope, s);
        openApiDocsRoutes(scope, s);
        for (const version of ['v2', 'v3'] as const) {
          entityReadRoutes(scope, s, version);
          entityWriteRoutes(scope, s, version);
          entityScrollRoutes(scope, s, version);
        }
      },
      { prefix },
    );
  }
}

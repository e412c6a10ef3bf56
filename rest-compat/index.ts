import type { FastifyInstance } from 'fastify';
import type { Logger } from '../src/logger.js';
import type { Services } from '../src/services/index.js';
import { authServletRoutes, sendAuthServletError } from './auth/index.js';
import { openApiRoutes, sendOpenApiError } from './openapi/index.js';
import { restliRoutes, sendRestliError } from './restli/index.js';
import { schemaRegistryRoutes, sendSchemaRegistryError } from './schema-registry/index.js';

/** The path prefixes every route also answers under (DataHub's frontend proxy and gateway forms). */
export const PREFIXES = ['', '/gms', '/api/gms'] as const;

export { sendRestliError } from './restli/index.js';

/**
 * Registers the Rest.li, OpenAPI, auth servlet and schema registry compatibility routes, each under every
 * prefix.
 */
export async function registerCompatRoutes(app: FastifyInstance, s: Services, log: Logger): Promise<void> {
  for (const prefix of PREFIXES) {
    await app.register(
      async (scope) => {
        scope.setErrorHandler((err, _req, reply) => sendRestliError(reply, err, log));
        restliRoutes(scope, s);
      },
      { prefix },
    );
    await app.register(
      async (scope) => {
        scope.setErrorHandler((err, _req, reply) => sendOpenApiError(reply, err, log));
        openApiRoutes(scope, s);
      },
      { prefix },
    );
    await app.register(
      async (scope) => {
        scope.setErrorHandler((err, _req, reply) => sendAuthServletError(reply, err, log));
        authServletRoutes(scope, s);
      },
      { prefix },
    );
    await app.register(
      async (scope) => {
        scope.setErrorHandler((err, _req, reply) => sendSchemaRegistryError(reply, err, log));
        schemaRegistryRoutes(scope, s);
      },
      { prefix },
    );
  }
}

import type { FastifyInstance } from 'fastify';
import type { Services } from '../../src/services/index.js';
import { analyticsRoutes } from './analytics-routes.js';
import { aspectsRoutes } from './aspects-routes.js';
import { configRoutes } from './config-routes.js';
import { entitiesRoutes } from './entities-routes.js';
import { operationsRoutes } from './operations-routes.js';
import { relationshipsRoutes } from './relationships-routes.js';
import { runsRoutes } from './runs-routes.js';
import { testRoutes } from './test-routes.js';
import { usageRoutes } from './usage-routes.js';

export { sendRestliError } from './errors.js';
export { capBatch } from './batch-cap.js';
export { readProposal } from './proposals.js';
export { reportFailedItems, FAILED_ITEMS_HEADER } from './failed-items.js';
export { syncIndexIfAsked, traceparentOf, writeContext } from './context.js';
export { relationshipsPage, RELATIONSHIPS_PAGE } from './relationships-routes.js';
export { parseRestliQuery } from './query.js';

/** Registers DataHub's Rest.li resources in a scope. */
export function restliRoutes(scope: FastifyInstance, s: Services): void {
  configRoutes(scope, s);
  aspectsRoutes(scope, s);
  entitiesRoutes(scope, s);
  relationshipsRoutes(scope, s);
  operationsRoutes(scope, s);
  runsRoutes(scope, s);
  testRoutes(scope, s);
  usageRoutes(scope, s);
  analyticsRoutes(scope, s);
}

import type { FastifyInstance } from 'fastify';
import type { Services } from '../../src/services/index.js';
import { openApiDocsRoutes } from './docs-routes.js';
import { entityReadRoutes } from './entity-read-routes.js';
import { eventsRoutes } from './events-routes.js';
import { entityScrollRoutes } from './entity-scroll-routes.js';
import { entityWriteRoutes } from './entity-write-routes.js';
import { registryRoutes } from './registry-routes.js';
import { relationshipScrollRoutes } from './relationship-scroll-routes.js';
import { openApiRelationshipsRoutes } from './relationships-routes.js';
import { timelineRoutes } from './timeline-routes.js';
import { traceRoutes } from './trace-routes.js';
import { openLineageRoutes } from './openlineage-routes.js';
import { platformRoutes } from './platform-routes.js';
import { systemRoutes } from './system-routes.js';
import { usageRoutes } from './usage-routes.js';

export { sendOpenApiError } from './errors.js';
export { openApiJson } from './document/index.js';

/**
 * Registers DataHub's OpenAPI routes (relationships, trace, timeline, events, proposal ingest, OpenLineage run events, tracking
 * and audit, system information and throttle, registry, docs, entity v2 and v3) in a scope.
 */
export function openApiRoutes(scope: FastifyInstance, s: Services): void {
  openApiRelationshipsRoutes(scope, s);
  relationshipScrollRoutes(scope, s);
  traceRoutes(scope, s);
  timelineRoutes(scope, s);
  eventsRoutes(scope, s);
  platformRoutes(scope, s);
  openLineageRoutes(scope, s);
  usageRoutes(scope, s);
  systemRoutes(scope, s);
  registryRoutes(scope, s);
  openApiDocsRoutes(scope, s);
  for (const version of ['v2', 'v3'] as const) {
    entityReadRoutes(scope, s, version);
    entityWriteRoutes(scope, s, version);
    entityScrollRoutes(scope, s, version);
  }
}

import type { FastifyInstance } from 'fastify';
import type { Services } from '../../src/services/index.js';
import { syncIndexIfAsked, traceparentOf, writeContext } from '../restli/index.js';

/** DataHub's OpenLineage endpoint (its LineageApiImpl); OpenLineage's HTTP transport posts to it. */
export const OPENLINEAGE_PATH = '/openapi/openlineage/api/v1/lineage';

/**
 * `POST /openapi/openlineage/api/v1/lineage`: one OpenLineage run event, mapped as DataHub maps it
 * with the configured settings (flow, job, run, datasets, lineage; docs/decisions/0065) and written through the one write path in one
 * batch; 200 with no body, as DataHub answers, 400 naming the field of a bad event.
 */
export function openLineageRoutes(app: FastifyInstance, s: Services): void {
  app.post(OPENLINEAGE_PATH, async (req, reply) => {
    const proposals = s.openLineage.proposals(req.body);
    reply.header('traceparent', traceparentOf(req));
    await s.ingest.ingest(proposals, writeContext(req));
    await syncIndexIfAsked(req, s);
    return reply.status(200).send();
  });
}

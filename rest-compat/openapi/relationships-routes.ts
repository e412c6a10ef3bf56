import type { FastifyInstance } from 'fastify';
import type { Services } from '../../src/services/index.js';
import { relationshipsPage } from '../restli/index.js';

/** `GET /openapi/relationships/v1/`: what the Python client's `get_related_entities` calls. */
export function openApiRelationshipsRoutes(app: FastifyInstance, s: Services): void {
  app.get('/openapi/relationships/v1/', async (req, reply) => {
    const { relationships, ...page } = await relationshipsPage(req, s, 'relationshipTypes');
    return reply.send({
      ...page,
      entities: relationships.map((r) => ({ urn: r.entity, relationshipType: r.type })),
    });
  });
}

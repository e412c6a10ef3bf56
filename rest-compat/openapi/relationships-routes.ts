import type { FastifyInstance } from 'fastify';
import type { Services } from '../../src/services/index.js';
import { relationshipParams } from '../restli/index.js';

/** `GET /openapi/relationships/v1/`: what the Python client's `get_related_entities` calls. */
export function openApiRelationshipsRoutes(app: FastifyInstance, s: Services): void {
  app.get('/openapi/relationships/v1/', async (req, reply) => {
    const p = relationshipParams(req, s, 'relationshipTypes');
    const page = await s.reads.relationships(p.urn, p.types, p.direction, p.start, p.count);
    return reply.send({
      start: p.start,
      count: page.relationships.length,
      total: page.total,
      entities: page.relationships.map((r) => ({ urn: r.entity, relationshipType: r.type })),
    });
  });
}

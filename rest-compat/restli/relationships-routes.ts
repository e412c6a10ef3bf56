import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BadRequestError } from '../../src/errors/index.js';
import type { Services } from '../../src/services/index.js';
import { action, body, ok, optionalInt, requiredString } from './context.js';
import { all, first, parseRestliQuery } from './query.js';

/** Largest offset a page may start at (Neo4j's SKIP takes a 32-bit count here). */

export interface RelationshipParams {
  readonly urn: string;
  readonly types: string[];
  readonly direction: 'INCOMING' | 'OUTGOING';
  readonly start: number;
  readonly count: number;
}

/** The page size of a relationships read that names none. */
export const RELATIONSHIPS_PAGE = 100;

/** Reads the shared relationship query (`types` for Rest.li, `relationshipTypes` for OpenAPI). */
function relationshipParams(req: FastifyRequest, s: Services, typesParam: string): RelationshipParams {
  const q = parseRestliQuery(req.raw.url ?? '');
  const urn = first(q, 'urn');
  if (!urn) throw new BadRequestError("Parameter 'urn' is required");
  const types = all(q, typesParam);
  if (!types.length) throw new BadRequestError(`Parameter '${typesParam}' is required`);
  const direction = (first(q, 'direction') ?? '').toUpperCase();
  if (direction !== 'INCOMING' && direction !== 'OUTGOING')
    throw new BadRequestError("Parameter 'direction' must be INCOMING or OUTGOING");
  const start = optionalInt(first(q, 'start'), 'start') ?? 0;
  const count = optionalInt(first(q, 'count'), 'count') ?? Math.min(RELATIONSHIPS_PAGE, s.config.maxPageSize);
  return { urn, types, direction, start, count };
}

/**
 * A page of an entity's relationships, as the shared relationship query asks (`typesParam` naming the
 * parameter of the types): where it starts, its size, the total, and the relationships.
 */
export async function relationshipsPage(req: FastifyRequest, s: Services, typesParam: string) {
  const p = relationshipParams(req, s, typesParam);
  const page = await s.reads.relationships(p.urn, p.types, p.direction, p.start, p.count);
  return {
    start: p.start,
    count: page.relationships.length,
    total: page.total,
    relationships: page.relationships,
  };
}

/**
 * `POST /relationships?action=getLineage` (urn, direction UPSTREAM|DOWNSTREAM, start, count, maxHops):
 * multi-hop lineage as DataHub's EntityLineageResult, each relationship with its degree and path.
 */
function lineageRoute(app: FastifyInstance, s: Services): void {
  app.post('/relationships', async (req, reply) => {
    if (action(req) !== 'getLineage')
      throw new BadRequestError(`Unsupported action on /relationships: ${String(action(req))}`);
    const b = body(req);
    const start = optionalInt(b.start, 'start') ?? 0;
    const count = optionalInt(b.count, 'count') ?? 100;
    const result = await s.lineage.lineage({
      urn: requiredString(b, 'urn'),
      direction: requiredString(b, 'direction'),
      maxHops: optionalInt(b.maxHops, 'maxHops'),
      start,
      count,
    });
    const page = result.hits;
    return ok(reply, {
      start,
      count: page.length,
      total: result.total,
      filtered: result.filtered,
      partial: result.partial,
      relationships: page.map((h) => ({
        type: h.type,
        entity: h.urn,
        degree: h.degree,
        paths: [{ path: h.path }],
        ...(h.createdOn !== null ? { createdOn: h.createdOn } : {}),
        ...(h.createdActor !== null ? { createdActor: h.createdActor } : {}),
      })),
    });
  });
}

/** `GET /relationships`: the entities on the other side of an entity's edges. */
export function relationshipsRoutes(app: FastifyInstance, s: Services): void {
  lineageRoute(app, s);
  app.get('/relationships', async (req, reply) => {
    const { relationships, ...page } = await relationshipsPage(req, s, 'types');
    return reply.send({
      ...page,
      relationships: relationships.map((r) => ({ entity: r.entity, type: r.type })),
      entities: relationships.map((r) => r.entity),
    });
  });
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BadRequestError } from '../../src/errors/index.js';
import { decodeScrollId, encodeScrollId, type EdgeEnd, type Services } from '../../src/services/index.js';
import { bool, int, isObj, type Json, list, str, urns } from './params.js';
import { Q } from './query-params.js';

const DIRECTIONS = ['OUTGOING', 'INCOMING', 'UNDIRECTED'] as const;

/**
 * `/openapi/v3/relationship/scroll`: edges by type with conditions on their ends. Current clients POST
 * filters (`sourceFilter`, `destinationFilter`, `edgeFilter`); older ones GET with `sourceUrns` and
 * `destinationUrns`. Filters may name `urn` and `entityType` of an end and `relationshipType` of the edge.
 */
export function relationshipScrollRoutes(app: FastifyInstance, s: Services): void {
  const handler = async (req: FastifyRequest) => {
    const b = isObj(req.body) ? req.body : {};
    const direction = str(req, Q.direction).toUpperCase();
    if (!(DIRECTIONS as readonly string[]).includes(direction))
      throw new BadRequestError(`Direction must be INCOMING, OUTGOING, or UNDIRECTED, got: ${direction}`);
    const source = end(b.sourceFilter, list(req, 'sourceTypes'), urns(req, 'sourceUrns'));
    const destination = end(b.destinationFilter, list(req, 'destinationTypes'), urns(req, 'destinationUrns'));
    const types = intersect(list(req, 'relationshipTypes'), edgeTypes(b.edgeFilter));
    const offset = decodeScrollId(str(req, Q.scrollId));
    const count = int(req, Q.count);
    const rows =
      types === null
        ? []
        : await s.reads.edges({
            types,
            source,
            destination,
            direction: direction as (typeof DIRECTIONS)[number],
            includeRemoved: bool(req, Q.includeSoftDelete),
            start: offset,
            count: count + 1,
          });
    const page = rows.slice(0, count);
    return {
      scrollId: rows.length > count ? encodeScrollId(offset + count) : null,
      results: page.map((r) => ({ relationshipType: r.type, source: r.source, destination: r.destination })),
    };
  };
  app.post('/openapi/v3/relationship/scroll', async (req, reply) => reply.send(await handler(req)));
  app.get('/openapi/v3/relationship/scroll', async (req, reply) => reply.send(await handler(req)));
}

/** The criteria of a v3 filter `{and: [{criteria: [...]}]}`; only one clause is meaningful here. */
function criteria(f: unknown): Json[] {
  if (f === undefined || f === null) return [];
  if (!isObj(f) || !Array.isArray(f.and))
    throw new BadRequestError('filter must be {"and": [{"criteria": [...]}]}');
  if (f.and.length > 1) throw new BadRequestError('Relationship filters take one clause of criteria');
  const clause = f.and[0];
  if (clause === undefined) return [];
  if (!isObj(clause) || !Array.isArray(clause.criteria))
    throw new BadRequestError('each filter clause needs criteria');
  return clause.criteria.filter(isObj);
}

const valuesOf = (c: Json): string[] =>
  Array.isArray(c.values) ? c.values.map(String) : c.value !== undefined ? [String(c.value)] : [];

function end(filter: unknown, types: string[], urns: string[]): EdgeEnd {
  const out = { types: [...types], urns: [...urns] };
  for (const c of criteria(filter)) {
    const cond = String(c.condition ?? 'EQUAL');
    if ((cond !== 'EQUAL' && cond !== 'IN') || c.negated === true)
      throw new BadRequestError(`Relationship filters support EQUAL and IN, got ${cond}`);
    if (c.field === 'urn') out.urns.push(...valuesOf(c));
    else if (c.field === 'entityType' || c.field === '_entityType') out.types.push(...valuesOf(c));
    else
      throw new BadRequestError(
        `Relationship filters support the fields urn and entityType, got ${String(c.field)}`,
      );
  }
  return out;
}

/** Relationship types an edge filter asks for; undefined when it names none. */
function edgeTypes(filter: unknown): string[] | undefined {
  const found = criteria(filter);
  if (!found.length) return undefined;
  return found.flatMap((c) => {
    if (c.field !== 'relationshipType')
      throw new BadRequestError(`Edge filters support relationshipType, got ${String(c.field)}`);
    return valuesOf(c);
  });
}

/** Types asked by both the query and the edge filter; null when they exclude each other. */
function intersect(a: string[], b: string[] | undefined): string[] | null {
  if (!b) return a;
  if (!a.length) return b;
  const both = a.filter((t) => b.includes(t));
  return both.length ? both : null;
}

import { lookup } from '../../src/json/index.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BadRequestError } from '../../src/errors/index.js';
import { decodeScrollId, nextScrollId, type Criterion, type Services } from '../../src/services/index.js';
import type { SortCriterion } from '../../search-sync/model/index.js';
import { entityOut, type ApiVersion } from './entity-shapes.js';
import { bool, int, isObj, type Json, list, sortOrder, str } from './params.js';
import { Q } from './query-params.js';

/** v3 filter conditions, as the index's. */
const CONDITIONS: Record<string, string> = {
  EQUAL: 'EQUAL',
  STARTS_WITH: 'START_WITH',
  ENDS_WITH: 'END_WITH',
  EXISTS: 'EXISTS',
  IN: 'IN',
  CONTAIN: 'CONTAIN',
  GREATER_THAN: 'GREATER_THAN',
  LESS_THAN: 'LESS_THAN',
};

/** Scroll (list) of entities: `GET /{entityName}` and, in v3, the cross-entity `POST /scroll`. */
export function entityScrollRoutes(app: FastifyInstance, s: Services, version: ApiVersion): void {
  const P = `/openapi/${version}/entity`;

  app.get(`${P}/:entityName`, { exposeHeadRoute: false }, async (req, reply) => {
    const kind = s.entityApi.entityKind((req.params as { entityName: string }).entityName);
    const criteria = list(req, 'sortCriteria');
    const order = sortOrder(req);
    const sort = (criteria.length ? criteria : [str(req, Q.sort)]).map((field) => ({
      field,
      order,
    }));
    const page = await scroll(s, req, [kind.name], undefined, sort, list(req, 'aspects', 'aspectNames'));
    return reply.send(
      version === 'v3'
        ? { scrollId: page.scrollId, entities: page.entities, facets: [], totalCount: page.total }
        : { scrollId: page.scrollId, results: page.entities },
    );
  });

  if (version !== 'v3') return;

  app.post(`${P}/scroll`, async (req, reply) => {
    const b = isObj(req.body) ? req.body : {};
    const entities = Array.isArray(b.entities)
      ? b.entities.map((e) => s.entityApi.entityKind(String(e)).name)
      : [];
    const bodySort = Array.isArray(b.sortCriteria)
      ? b.sortCriteria.map((c) => {
          if (!isObj(c) || typeof c.field !== 'string')
            throw new BadRequestError('sortCriteria items need a field');
          const o = c.order ?? 'ASCENDING';
          if (o !== 'ASCENDING' && o !== 'DESCENDING')
            throw new BadRequestError(`Unknown sort order ${String(o)}`);
          return { field: c.field, order: o } as SortCriterion;
        })
      : [];
    const order = sortOrder(req);
    const querySort = list(req, 'sortCriteria').map((field) => ({ field, order }));
    const sort = bodySort.length
      ? bodySort
      : querySort.length
        ? querySort
        : [{ field: str(req, Q.sort), order }];
    // No `aspects` key: URN-only entities; `aspects: []`: every aspect.
    const aspects = Array.isArray(b.aspects) ? b.aspects.map(String) : undefined;
    const page = await scroll(s, req, entities, v3Filter(b.filter), sort, aspects);
    return reply.send({
      scrollId: page.scrollId,
      entities: page.entities,
      facets: [],
      totalCount: page.total,
    });
  });

  async function scroll(
    services: Services,
    req: FastifyRequest,
    entities: string[],
    filter: unknown,
    sort: SortCriterion[],
    aspects: string[] | undefined,
  ): Promise<{ scrollId: string | null; entities: Json[]; total: number }> {
    const offset = decodeScrollId(str(req, Q.scrollId));
    const count = int(req, Q.count);
    const res = await services.search.search({
      entities,
      input: '*',
      queryString: str(req, Q.query),
      filter,
      start: offset,
      count,
      facets: [],
      sort,
      includeRemoved: bool(req, Q.includeSoftDelete),
    });
    const urns = res.hits.map((h) => h.urn);
    const withSM = bool(req, Q.systemMetadata);
    const out =
      aspects === undefined && req.method === 'POST'
        ? urns.map((urn) => ({ urn }))
        : (await services.entityApi.read(urns, aspects))
            .filter((v) => Object.keys(v.aspects).length)
            .map((v) => entityOut(v, version, withSM));
    return {
      scrollId: nextScrollId(offset, res.hits.length, res.total) ?? null,
      entities: out,
      total: res.total,
    };
  }
}

/** A v3 filter `{and: [{criteria: [...]}]}` (the outer list OR-ed) as the index's `{or: [{and}]}`. */
function v3Filter(f: unknown): unknown {
  if (f === undefined || f === null) return undefined;
  if (!isObj(f) || !Array.isArray(f.and))
    throw new BadRequestError('filter must be {"and": [{"criteria": [...]}]}');
  return {
    or: f.and.map((clause) => {
      if (!isObj(clause) || !Array.isArray(clause.criteria))
        throw new BadRequestError('each filter clause needs a criteria list');
      return {
        and: clause.criteria.map((c): Criterion => {
          if (!isObj(c) || typeof c.field !== 'string')
            throw new BadRequestError('every criterion needs a field');
          const cond = String(c.condition ?? 'EQUAL');
          const mapped = lookup(CONDITIONS, cond);
          if (!mapped) throw new BadRequestError(`Unsupported filter condition ${cond}`);
          return {
            field: c.field,
            values: Array.isArray(c.values)
              ? c.values.map(String)
              : c.value !== undefined
                ? [String(c.value)]
                : [],
            condition: mapped,
            negated: c.negated === true,
          };
        }),
      };
    }),
  };
}

import type { FastifyInstance } from 'fastify';
import { BadRequestError, NotFoundError } from '../../src/errors/index.js';
import type { EntityView, Services } from '../../src/services/index.js';
import { wireValue, type Registry } from '../../src/registry/index.js';
import { capBatch } from './batch-cap.js';
import { action, body, bool, ok, optionalInt, requiredString, urnFromPath, writeContext } from './context.js';
import { all, parseRestliQuery } from './query.js';
import type { SortCriterion } from '../../search-sync/model/index.js';
import { restliSearchResult } from './search-shapes.js';
import { snapshotToProposals, viewToSnapshot } from './snapshot.js';

/** `/entities` (legacy snapshots, delete) and `/entitiesV2` (latest aspects, single and batch). */
export function entitiesRoutes(app: FastifyInstance, s: Services): void {
  app.post('/entities', async (req, reply) => {
    const b = body(req);
    switch (action(req)) {
      case 'ingest': {
        const proposals = snapshotToProposals(s.registry, b.entity, b.systemMetadata);
        await s.ingest.ingest(proposals, writeContext(req));
        return reply.status(200).send();
      }
      case 'batchIngest': {
        if (!Array.isArray(b.entities)) throw new BadRequestError("Parameter 'entities' must be a list");
        capBatch(b.entities.length, s.config.maxBatchProposals, 'batchIngest', 'snapshots');
        const sms = Array.isArray(b.systemMetadata) ? b.systemMetadata : [];
        // DataHub's check: one system metadata per snapshot when any is given (the batch is all or nothing).
        if (Array.isArray(b.systemMetadata) && sms.length !== b.entities.length)
          throw new BadRequestError('entities and systemMetadata length must match');
        const proposals = b.entities.flatMap((e, i) => snapshotToProposals(s.registry, e, sms[i]));
        await s.ingest.ingest(proposals, writeContext(req));
        return reply.status(200).send();
      }
      case 'delete': {
        const urn = requiredString(b, 'urn');
        const ctx = writeContext(req);
        if (typeof b.aspectName === 'string' && b.aspectName) {
          const start = optionalInt(b.startTimeMillis, 'startTimeMillis');
          const end = optionalInt(b.endTimeMillis, 'endTimeMillis');
          const timeseriesRows = await s.ingest.deleteTimeseries(urn, b.aspectName, start, end, ctx);
          return ok(reply, { urn, rows: 0, timeseriesRows });
        }
        const { rows, timeseriesRows, tasks } = await s.ingest.deleteEntity(urn, ctx);
        if (tasks.length) reply.header('x-neohub-tasks', tasks.join(','));
        return ok(reply, { urn, rows, timeseriesRows });
      }
      case 'deleteReferences': {
        const dryRun = bool(b.dryRun, 'dryRun', false);
        return ok(
          reply,
          await s.references.deleteReferences(requiredString(b, 'urn'), dryRun, writeContext(req)),
        );
      }
      case 'search': {
        const entity = typeof b.entity === 'string' && b.entity ? [b.entity] : [];
        return ok(reply, await restliSearch(s, b, entity, typeof b.input === 'string' ? b.input : '*'));
      }
      case 'searchAcrossEntities': {
        if (typeof b.input !== 'string') throw new BadRequestError("Parameter 'input' is required");
        return ok(reply, await restliSearch(s, b, entityNames(b.entities), b.input));
      }
      case 'autocomplete': {
        const limit = optionalInt(b.limit, 'limit') ?? 10;
        const query = typeof b.query === 'string' ? b.query : '';
        const entity = typeof b.entity === 'string' && b.entity ? [b.entity] : [];
        const field = typeof b.field === 'string' && b.field ? b.field : undefined;
        const r = await s.search.autocomplete({ entities: entity, query, field, filter: b.filter, limit });
        return ok(reply, {
          query,
          suggestions: r.suggestions,
          entities: r.entities.map((e) => ({ urn: e.urn })),
        });
      }
      case 'browse': {
        const path = typeof b.path === 'string' ? b.path : '/';
        const start = optionalInt(b.start, 'start') ?? 0;
        const limit = optionalInt(b.limit, 'limit') ?? 10;
        const entity = typeof b.entity === 'string' && b.entity ? [b.entity] : [];
        const r = await s.search.browse({ entities: entity, path, filter: b.filter, start, count: limit });
        return ok(reply, {
          numEntities: r.totalEntities,
          pageSize: r.entities.length,
          from: start,
          metadata: {
            totalNumEntities: r.totalBelow,
            groups: r.groups.map((g) => ({ name: g.name, count: g.count })),
            path,
          },
          entities: r.entities,
        });
      }
      case 'listUrns': {
        const entity = requiredString(b, 'entity');
        const start = optionalInt(b.start, 'start') ?? 0;
        const count = optionalInt(b.count, 'count') ?? 10;
        const page = await s.reads.listUrns(entity, start, count);
        return ok(reply, { entities: page.urns, start, count: page.urns.length, total: page.total });
      }
      default:
        throw new BadRequestError(`Unsupported action on /entities: ${String(action(req))}`);
    }
  });

  app.get('/entities/*', async (req, reply) => {
    const urn = urnFromPath(req);
    const snapshot = viewToSnapshot(s.registry, await s.reads.entity(urn));
    if (!snapshot) throw new NotFoundError(`Entity ${urn} not found`);
    return reply.send({ value: snapshot });
  });

  app.get('/entitiesV2/*', async (req, reply) => {
    const urn = urnFromPath(req);
    const q = parseRestliQuery(req.raw.url ?? '');
    const aspects = q.has('aspects') ? all(q, 'aspects') : undefined;
    return reply.send(entityV2(s.registry, await s.reads.entity(urn, aspects)));
  });

  app.get('/entitiesV2', async (req, reply) => {
    const q = parseRestliQuery(req.raw.url ?? '');
    const ids = q.get('ids') ?? [];
    if (!ids.length) throw new BadRequestError("Parameter 'ids' is required: ids=List(<urn>,...)");
    if (ids.length > s.config.maxPageSize)
      throw new BadRequestError(`At most ${s.config.maxPageSize} ids per request`);
    const aspects = q.has('aspects') ? all(q, 'aspects') : undefined;
    const views = await s.reads.entities(ids, aspects);
    return reply.send({
      results: Object.fromEntries(views.map((v) => [v.urn, entityV2(s.registry, v)])),
      statuses: {},
      errors: {},
    });
  });
}

/** The `entities` of a search across entities: a list of entity names (none: every kind). */
function entityNames(v: unknown): string[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v) || !v.every((e) => typeof e === 'string'))
    throw new BadRequestError("Parameter 'entities' must be a list of entity names");
  return v.filter((e) => e !== '');
}

const SORT_ORDERS: readonly string[] = ['ASCENDING', 'DESCENDING'];

/** A `SortCriterion` of a Rest.li search: `{field, order}`. */
function sortCriterion(c: unknown, name: string): SortCriterion {
  const o = c && typeof c === 'object' && !Array.isArray(c) ? (c as Record<string, unknown>) : undefined;
  if (!o || typeof o.field !== 'string' || !o.field)
    throw new BadRequestError(`${name} must be {field, order}`);
  const order = o.order ?? 'ASCENDING';
  if (typeof order !== 'string' || !SORT_ORDERS.includes(order))
    throw new BadRequestError(`${name}.order must be ASCENDING or DESCENDING, not ${JSON.stringify(order)}`);
  return { field: o.field, order: order as SortCriterion['order'] };
}

/** The sort of a Rest.li search: `sortCriteria` when it names any, else the single `sort`. */
function searchSort(b: Record<string, unknown>): SortCriterion[] | undefined {
  if (b.sortCriteria !== undefined && b.sortCriteria !== null) {
    if (!Array.isArray(b.sortCriteria)) throw new BadRequestError("Parameter 'sortCriteria' must be a list");
    if (b.sortCriteria.length) return b.sortCriteria.map((c, i) => sortCriterion(c, `sortCriteria[${i}]`));
  }
  return b.sort !== undefined && b.sort !== null ? [sortCriterion(b.sort, 'sort')] : undefined;
}

/**
 * Rest.li's `search` and `searchAcrossEntities` on `/entities`, over the one search service: a page,
 * a filter, a sort, and of the `searchFlags` those that change the answer (`skipAggregates`,
 * `includeSoftDeleted`).
 */
async function restliSearch(
  s: Services,
  b: Record<string, unknown>,
  entities: string[],
  input: string,
): Promise<Record<string, unknown>> {
  const start = optionalInt(b.start, 'start') ?? 0;
  const count = optionalInt(b.count, 'count') ?? 10;
  const flags = b.searchFlags;
  if (flags !== undefined && flags !== null && (typeof flags !== 'object' || Array.isArray(flags)))
    throw new BadRequestError("Parameter 'searchFlags' must be a SearchFlags record");
  const f = (flags ?? {}) as Record<string, unknown>;
  const skipAggregates = bool(f.skipAggregates, 'searchFlags.skipAggregates', false);
  const includeRemoved = bool(f.includeSoftDeleted, 'searchFlags.includeSoftDeleted', false);
  const sort = searchSort(b);
  const result = await s.search.search({
    entities,
    input,
    filter: b.filter,
    start,
    count,
    ...(skipAggregates ? { facets: [] } : {}),
    ...(sort ? { sort } : {}),
    ...(includeRemoved ? { includeRemoved } : {}),
  });
  return restliSearchResult(result, start, count);
}

/**
 * An entity as `/entitiesV2` answers it: each enveloped aspect with DataHub's `type` (`VERSIONED`: the
 * latest aspects read there are never time series), which DataHub's CLI reads (`datahub get --details`).
 */
function entityV2(registry: Registry, view: EntityView): Record<string, unknown> {
  const aspects = Object.fromEntries(
    Object.entries(view.aspects).map(([name, { defaulted, ...a }]) => [
      name,
      // Doubles as DataHub writes them (`30.0`), without the defaults validation filled in.
      { ...a, value: wireValue(registry, name, a.value, defaulted), type: 'VERSIONED' },
    ]),
  );
  return { ...view, aspects };
}

import { Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context.js';
import { DEFAULT_PAGE } from '../cost-model.js';
import { make } from '../types/common.js';
import { entityTypeName, type EntityType } from '../types/entity-type.js';
import { IngestionSourceExecutionRequests, ListExecutionRequestsInput } from '../types/execution-requests.js';
import { EntityCountInput, GetRootGlossaryEntitiesInput, ListDomainsInput } from '../types/search.js';
import {
  EntityCountResult,
  EntityCountResults,
  GetRootGlossaryNodesResult,
  GetRootGlossaryTermsResult,
  ListDomainsResult,
} from '../types/search-results.js';
import { declareRootFields, rootField } from './root-fields.js';
import { entityNames, toEntities, toFilter, UNSCOPED, withView } from './search-mapping.js';

/** One page of a kind's entities from the search index (under a filter): their URNs and the total. */
async function page(
  ctx: GraphQLContext,
  kind: string,
  p: { query?: string | null; start?: number | null; count?: number | null; fallback: number },
  filter: unknown,
  sort?: { field: string; order: 'ASCENDING' | 'DESCENDING' },
): Promise<{ start: number; urns: string[]; total: number }> {
  const start = p.start ?? 0;
  const res = await ctx.services.search.search({
    entities: [kind],
    input: p.query?.trim() || '*',
    filter,
    start,
    count: Math.min(p.count ?? p.fallback, ctx.services.config.maxPageSize),
    facets: [],
    ...(sort ? { sort: [sort] } : {}),
  });
  return { start, urns: res.hits.map((h) => h.urn), total: res.total };
}

/** A filter of one condition. */
const only = (criterion: { field: string; values: string[] }) => ({ or: [{ and: [criterion] }] });

/** The top entries of the glossary of a kind (those whose info names no parent node), answered as `key`. */
function glossaryRoots(
  kind: string,
  result: typeof GetRootGlossaryTermsResult | typeof GetRootGlossaryNodesResult,
  key: 'terms' | 'nodes',
) {
  return rootField(GetRootGlossaryEntitiesInput, result, async (i, ctx) => {
    const p = await page(
      ctx,
      kind,
      { ...i, fallback: i.count },
      only({ field: 'hasParentNode', values: ['false'] }),
    );
    const entities = toEntities(ctx, p.urns);
    return make<object>(result, {
      start: p.start,
      count: entities.length,
      total: p.total,
      [key]: entities,
    });
  });
}

/**
 * DataHub's list queries over the search index: domains (under a parent, or the top ones; newest first,
 * as DataHub lists them), ingestion runs' execution requests, the glossary's top terms and nodes, and how
 * many entities there are of each kind.
 */
@Resolver()
export class ListQueries {}

declareRootFields(ListQueries, Query, {
  listDomains: rootField(ListDomainsInput, ListDomainsResult, async (i, ctx) => {
    const parent = i.parentDomain
      ? { field: 'parentDomain', values: [ctx.services.registry.parseEntityUrn(i.parentDomain).parsed.urn] }
      : { field: 'hasParentDomain', values: ['false'] };
    const p = await page(ctx, 'domain', { ...i, fallback: DEFAULT_PAGE.listDomains }, only(parent), {
      field: 'createdTime',
      order: 'DESCENDING',
    });
    const domains = toEntities(ctx, p.urns);
    return make(ListDomainsResult, { start: p.start, count: domains.length, total: p.total, domains });
  }),
  /** DataHub's ingestion runs as its UI lists them: the execution requests, newest first (an Admin's). */
  listExecutionRequests: rootField(
    ListExecutionRequestsInput,
    IngestionSourceExecutionRequests,
    async (i, ctx) => {
      const sort = i.sort ? { field: i.sort.field, order: i.sort.sortOrder } : undefined;
      const p = await page(
        ctx,
        'dataHubExecutionRequest',
        { ...i, fallback: DEFAULT_PAGE.listExecutionRequests },
        toFilter(undefined, i.filters),
        sort ?? { field: 'requestTimeMs', order: 'DESCENDING' },
      );
      const executionRequests = toEntities(ctx, p.urns);
      return make(IngestionSourceExecutionRequests, {
        start: p.start,
        count: executionRequests.length,
        total: p.total,
        executionRequests,
      });
    },
  ),
  getRootGlossaryTerms: glossaryRoots('glossaryTerm', GetRootGlossaryTermsResult, 'terms'),
  getRootGlossaryNodes: glossaryRoots('glossaryNode', GetRootGlossaryNodesResult, 'nodes'),
  getEntityCounts: rootField(
    EntityCountInput,
    EntityCountResults,
    async (i: EntityCountInput | null, ctx) => {
      const { entities, filter } = await withView(ctx, i?.viewUrn, entityNames(i?.types), undefined);
      if (!entities) return make(EntityCountResults, { counts: [] });
      const kinds = ctx.services.search.kinds(entities, UNSCOPED);
      const counts = await Promise.all(
        kinds.map(async (kind) => {
          const res = await ctx.services.search.search({
            entities: [kind],
            input: '*',
            filter,
            start: 0,
            count: 0,
            facets: [],
          });
          return make(EntityCountResult, {
            entityType: entityTypeName(kind) as EntityType,
            count: res.total,
          });
        }),
      );
      return make(EntityCountResults, { counts });
    },
    { optionalArg: true },
  ),
});

import DataLoader from 'dataloader';
import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, FieldResolver, Info, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../context.js';
import { DEFAULT_PAGE } from '../cost-model.js';
import { make } from '../types/common.js';
import { Container, DataProduct, Domain, GlossaryNode } from '../types/containers.js';
import { entityClass } from '../types/entity-classes.js';
import { EntityType } from '../types/entity-type.js';
import type { Entity } from '../types/entity.js';
import { list, obj, str } from '../types/json.js';
import {
  ContainerEntitiesInput,
  DomainEntitiesInput,
  ScrollAcrossEntitiesInput,
  SearchAcrossEntitiesInput,
  type AndFilterInput,
  type FacetFilterInput,
} from '../types/search.js';
import { ScrollResults, SearchResults } from '../types/search-results.js';
import {
  decodeScrollId,
  facetFields,
  filterWith,
  nextScrollId,
  present,
  selectsFacets,
  toFacets,
  toSearchResult,
  toSort,
  UNSCOPED,
} from './search-mapping.js';

/** What the `entities` fields take: DataHub's DomainEntitiesInput and kin, or a SearchAcrossEntitiesInput. */
type MembersInput = {
  readonly query?: string | null;
  readonly start?: number | null;
  readonly count?: number | null;
  readonly filters?: readonly FacetFilterInput[] | null;
  readonly orFilters?: readonly AndFilterInput[] | null;
  readonly sortInput?: SearchAcrossEntitiesInput['sortInput'];
};

/** A total of members asked alone: those whose `field` holds `value`, through the caller's query and filters. */
interface MemberTotal {
  readonly field: string;
  readonly value: string;
  readonly query: string;
  readonly filters: readonly FacetFilterInput[] | null;
  readonly orFilters: readonly AndFilterInput[] | null;
}

/** The most parents one batched count takes. */
const MAX_PARENTS = 100;
const totals = new WeakMap<GraphQLContext, DataLoader<MemberTotal, number, string>>();

/**
 * The member totals a request asks, counted together: the totals of every parent asked with the same
 * query and filters in one turn of the event loop (a page of lineage results whose previews each ask the
 * members of their domain) are one search over all their members, counted per parent (a facet of the
 * membership field). A parent alone is its search's total.
 */
function memberTotals(ctx: GraphQLContext): DataLoader<MemberTotal, number, string> {
  let loader = totals.get(ctx);
  if (!loader) {
    loader = new DataLoader((keys) => countMembers(ctx, keys), {
      cacheKeyFn: (k) => JSON.stringify(k),
      maxBatchSize: MAX_PARENTS,
      batchScheduleFn: (run) => void setImmediate(run),
    });
    totals.set(ctx, loader);
  }
  return loader;
}

async function countMembers(ctx: GraphQLContext, keys: readonly MemberTotal[]): Promise<number[]> {
  const groups = new Map<string, MemberTotal[]>();
  for (const k of keys) {
    const group = JSON.stringify([k.field, k.query, k.filters, k.orFilters]);
    groups.set(group, [...(groups.get(group) ?? []), k]);
  }
  const counted = new Map<MemberTotal, number>();
  await Promise.all(
    [...groups.values()].map(async (group) => {
      const { field, query, filters, orFilters } = group[0] as MemberTotal;
      const values = [...new Set(group.map((k) => k.value))];
      const res = await ctx.services.search.search({
        entities: [],
        unscoped: UNSCOPED,
        input: query,
        filter: filterWith(orFilters, filters, [{ field, values }]),
        start: 0,
        count: 0,
        facets: values.length > 1 ? [field] : [],
      });
      const perValue = res.facets[field] ?? {};
      for (const k of group)
        counted.set(
          k,
          values.length > 1
            ? Object.hasOwn(perValue, k.value)
              ? (perValue[k.value] as number)
              : 0
            : res.total,
        );
    }),
  );
  return keys.map((k) => counted.get(k) ?? 0);
}

/**
 * The members of a domain, a data product or a container, as DataHub's `entities` fields search them: the
 * entities of the domain (its `domains` field), in the container (`container`), or among the product's
 * assets; with the caller's text and filters (the membership is a condition of each of their OR groups).
 */
async function members(
  ctx: GraphQLContext,
  info: GraphQLResolveInfo,
  input: MembersInput | undefined | null,
  member: { field: string; value: string } | { urns: string[] },
): Promise<SearchResults> {
  const start = input?.start ?? 0;
  const count = input?.count ?? DEFAULT_PAGE.entities;
  const facets = selectsFacets(info);
  if ('field' in member && count === 0 && !facets) {
    const total = await memberTotals(ctx).load({
      ...member,
      query: input?.query || '*',
      filters: input?.filters ?? null,
      orFilters: input?.orFilters ?? null,
    });
    return make(SearchResults, { start, count: 0, total, searchResults: [], facets: [], suggestions: [] });
  }
  const own = 'field' in member ? [{ field: member.field, values: [member.value] }] : [];
  const res =
    'urns' in member && !member.urns.length
      ? { total: 0, hits: [], facets: {} }
      : await ctx.services.search.search({
          entities: [],
          unscoped: UNSCOPED,
          input: input?.query || '*',
          filter: filterWith(input?.orFilters, input?.filters, own),
          start,
          count,
          // Counted only when asked for (DataHub's MCP server asks the members' total alone).
          facets: facets ? facetFields(ctx, [], undefined) : [],
          sort: toSort(input?.sortInput),
          ...('urns' in member ? { urns: member.urns } : {}),
        });
  const results = res.hits.map((h) => toSearchResult(ctx, h)).filter(present);
  return make(SearchResults, {
    start,
    count: results.length,
    total: res.total,
    searchResults: results,
    facets: toFacets(ctx, res.facets, undefined),
    suggestions: [],
  });
}

@Resolver(() => Domain)
export class DomainMembers {
  @FieldResolver(() => SearchResults, { nullable: true })
  entities(
    @Root() domain: Domain,
    @Arg('input', () => DomainEntitiesInput, { nullable: true }) input: DomainEntitiesInput | null,
    @Ctx() ctx: GraphQLContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<SearchResults> {
    return members(ctx, info, input, { field: 'domains', value: domain.urn });
  }
}

@Resolver(() => Container)
export class ContainerMembers {
  @FieldResolver(() => SearchResults, { nullable: true })
  entities(
    @Root() container: Container,
    @Arg('input', () => ContainerEntitiesInput, { nullable: true }) input: ContainerEntitiesInput | null,
    @Ctx() ctx: GraphQLContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<SearchResults> {
    return members(ctx, info, input, { field: 'container', value: container.urn });
  }
}

@Resolver(() => DataProduct)
export class DataProductMembers {
  @FieldResolver(() => SearchResults, { nullable: true })
  async entities(
    @Root() product: DataProduct,
    @Arg('input', () => SearchAcrossEntitiesInput, { nullable: true })
    input: SearchAcrossEntitiesInput | null,
    @Ctx() ctx: GraphQLContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<SearchResults> {
    const view = await ctx.entities.load(product.urn);
    const assets = list(obj(view.aspects.dataProductProperties?.value)?.assets)
      .map((a) => str(a.destinationUrn))
      .filter(present);
    return members(ctx, info, input, { urns: assets });
  }
}

/** The versions of a version set: the entities whose `versionProperties` name it, searched as asked. */
@Resolver(() => entityClass(EntityType.VERSION_SET))
export class VersionSetMembers {
  @FieldResolver(() => SearchResults, { nullable: true })
  versionsSearch(
    @Root() set: Entity,
    @Arg('input', () => SearchAcrossEntitiesInput) input: SearchAcrossEntitiesInput,
    @Ctx() ctx: GraphQLContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<SearchResults> {
    return members(ctx, info, input, { field: 'versionSet', value: set.urn });
  }
}

/** The terms and nodes right under a glossary node (DataHub's `glossaryChildrenSearch`), scrolled. */
@Resolver(() => GlossaryNode)
export class GlossaryNodeMembers {
  @FieldResolver(() => ScrollResults, { nullable: true })
  async glossaryChildrenSearch(
    @Root() node: GlossaryNode,
    @Arg('input', () => ScrollAcrossEntitiesInput) input: ScrollAcrossEntitiesInput,
    @Ctx() ctx: GraphQLContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<ScrollResults> {
    const offset = decodeScrollId(input.scrollId);
    const count = input.count ?? DEFAULT_PAGE.glossaryChildrenSearch;
    const page = await members(
      ctx,
      info,
      { ...input, start: offset, count },
      { field: 'parentNode', value: node.urn },
    );
    return make(ScrollResults, {
      nextScrollId: nextScrollId(offset, page.count, page.total),
      count: page.count,
      total: page.total,
      searchResults: page.searchResults,
      facets: page.facets,
    });
  }
}

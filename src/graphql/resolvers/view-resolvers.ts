import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context.js';
import { DEFAULT_PAGE } from '../cost-model.js';
import { entityClass } from '../types/entity-classes.js';
import { EntityType } from '../types/entity-type.js';
import { make } from '../types/json.js';
import {
  CreateViewInput,
  ListGlobalViewsInput,
  ListMyViewsInput,
  ListViewsResult,
  UpdateCorpUserViewsSettingsInput,
  UpdateGlobalViewsSettingsInput,
  UpdateViewInput,
  viewDefinition,
} from '../types/views.js';
import { declareRootFields, edit, rootField, urnEdit } from './root-fields.js';
import { criterion, toEntities } from './search-mapping.js';

const View = () => entityClass(EntityType.DATAHUB_VIEW);

const page = (
  i: { start?: number | null; count?: number | null; query?: string | null },
  ctx: GraphQLContext,
) => ({
  start: i.start ?? 0,
  count: Math.min(i.count ?? DEFAULT_PAGE.listViews, ctx.services.config.maxPageSize),
  query: i.query ?? '*',
});

/** DataHub's Views over services.views: anyone's own, and the global ones (an Admin's to change). */
@Resolver()
export class ViewResolvers {
  @Mutation(() => View(), { nullable: true })
  async updateView(
    @Arg('urn', () => String) urn: string,
    @Arg('input', () => UpdateViewInput) input: UpdateViewInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<unknown> {
    const updated = await ctx.services.views.update(
      urn,
      {
        name: input.name,
        description: input.description,
        definition: input.definition ? viewDefinition(input.definition, criterion) : undefined,
      },
      ctx.writer,
    );
    return ctx.entity(updated);
  }
}

declareRootFields(ViewResolvers, Mutation, {
  createView: rootField(CreateViewInput, View, async (i, ctx) => {
    const urn = await ctx.services.views.create(
      { ...i, definition: viewDefinition(i.definition, criterion) },
      ctx.writer,
    );
    return ctx.entity(urn);
  }),
  deleteView: urnEdit((urn, ctx) => ctx.services.views.delete(urn, ctx.writer)),
  /** The organisation's default View (DataHub answers true, non-null). */
  updateGlobalViewsSettings: rootField(
    UpdateGlobalViewsSettingsInput,
    Boolean,
    async (i, ctx) => {
      await ctx.services.views.setGlobalDefault(i.defaultView, ctx.writer);
      return true;
    },
    { nullable: false },
  ),
  updateCorpUserViewsSettings: edit(UpdateCorpUserViewsSettingsInput, (i, ctx) =>
    ctx.services.views.setMyDefault(i.defaultView, ctx.writer),
  ),
});

declareRootFields(ViewResolvers, Query, {
  listMyViews: rootField(ListMyViewsInput, ListViewsResult, async (i, ctx) => {
    const p = await ctx.services.views.listMine({ ...page(i, ctx), viewType: i.viewType });
    return make(ListViewsResult, { ...p, views: toEntities(ctx, p.urns) });
  }),
  listGlobalViews: rootField(ListGlobalViewsInput, ListViewsResult, async (i, ctx) => {
    const p = await ctx.services.views.listGlobal(page(i, ctx));
    return make(ListViewsResult, { ...p, views: toEntities(ctx, p.urns) });
  }),
});

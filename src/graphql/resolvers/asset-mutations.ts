import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context.js';
import { Dataset } from '../types/dataset.js';
import {
  BatchUpdateDeprecationInput,
  CreateTagInput,
  DatasetUpdateInput,
  DescriptionUpdateInput,
  UpdateDeprecationInput,
  UpdateNameInput,
} from '../types/mutation-inputs.js';
import { declareRootFields, edit, rootField } from './root-fields.js';

/** Edits of assets as a whole: descriptions, deprecation, names, new tags, and updateDataset. */
@Resolver()
export class AssetMutations {
  @Mutation(() => Dataset, { nullable: true })
  async updateDataset(
    @Arg('urn', () => String) urn: string,
    @Arg('input', () => DatasetUpdateInput) input: DatasetUpdateInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Dataset> {
    const updated = await ctx.services.edits.updateDataset(
      urn,
      { ...input, tags: input.tags ?? input.globalTags },
      ctx.writer,
    );
    return new Dataset(ctx, updated);
  }
}

declareRootFields(AssetMutations, Mutation, {
  updateDescription: edit(DescriptionUpdateInput, (i, ctx) =>
    ctx.services.edits.setDescription(
      { urn: i.resourceUrn, subResource: i.subResource, subResourceType: i.subResourceType },
      i.description,
      ctx.writer,
    ),
  ),
  updateDeprecation: edit(UpdateDeprecationInput, (i, ctx) =>
    ctx.services.edits.setDeprecation([i.urn], i, ctx.writer),
  ),
  batchUpdateDeprecation: edit(BatchUpdateDeprecationInput, (i, ctx) =>
    ctx.services.edits.setDeprecation(
      i.resources.map((r) => r.resourceUrn),
      i,
      ctx.writer,
    ),
  ),
  createTag: rootField(CreateTagInput, String, (i, ctx) => ctx.services.edits.createTag(i, ctx.writer)),
  updateName: edit(UpdateNameInput, (i, ctx) => ctx.services.edits.updateName(i.urn, i.name, ctx.writer)),
});

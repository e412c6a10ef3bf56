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

  @Mutation(() => Boolean, { nullable: true })
  async updateDescription(
    @Arg('input', () => DescriptionUpdateInput) input: DescriptionUpdateInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    await ctx.services.edits.setDescription(
      { urn: input.resourceUrn, subResource: input.subResource, subResourceType: input.subResourceType },
      input.description,
      ctx.writer,
    );
    return true;
  }

  @Mutation(() => Boolean, { nullable: true })
  async updateDeprecation(
    @Arg('input', () => UpdateDeprecationInput) input: UpdateDeprecationInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    await ctx.services.edits.setDeprecation([input.urn], input, ctx.writer);
    return true;
  }

  @Mutation(() => Boolean, { nullable: true })
  async batchUpdateDeprecation(
    @Arg('input', () => BatchUpdateDeprecationInput) input: BatchUpdateDeprecationInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    await ctx.services.edits.setDeprecation(
      input.resources.map((r) => r.resourceUrn),
      input,
      ctx.writer,
    );
    return true;
  }

  @Mutation(() => String, { nullable: true })
  async createTag(
    @Arg('input', () => CreateTagInput) input: CreateTagInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<string> {
    return ctx.services.edits.createTag(input, ctx.writer);
  }

  @Mutation(() => Boolean, { nullable: true })
  async updateName(
    @Arg('input', () => UpdateNameInput) input: UpdateNameInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    await ctx.services.edits.updateName(input.urn, input.name, ctx.writer);
    return true;
  }
}

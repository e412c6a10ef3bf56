import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context.js';
import { Dataset } from '../types/dataset.js';
import {
  BatchUpdateDeprecationInput,
  CreateDomainInput,
  CreateGlossaryEntityInput,
  CreateGroupInput,
  CreateTagInput,
  DatasetUpdateInput,
  DescriptionUpdateInput,
  UpdateDeprecationInput,
  UpdateNameInput,
} from '../types/mutation-inputs.js';
import { ownerRef } from './label-mutations.js';
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
  createTag: rootField(CreateTagInput, String, (i, ctx) => ctx.services.creates.createTag(i, ctx.writer)),
  createDomain: rootField(CreateDomainInput, String, async (i, ctx) => {
    const urn = await ctx.services.creates.createDomain(i, ctx.writer);
    if (i.owners?.length) await ctx.services.edits.addOwners([urn], i.owners.map(ownerRef), ctx.writer);
    return urn;
  }),
  createGlossaryTerm: rootField(CreateGlossaryEntityInput, String, (i, ctx) =>
    ctx.services.creates.createGlossaryEntity('glossaryTerm', i, ctx.writer),
  ),
  createGlossaryNode: rootField(CreateGlossaryEntityInput, String, (i, ctx) =>
    ctx.services.creates.createGlossaryEntity('glossaryNode', i, ctx.writer),
  ),
  createGroup: rootField(CreateGroupInput, String, (i, ctx) =>
    ctx.services.creates.createGroup(i, ctx.writer),
  ),
  updateName: edit(UpdateNameInput, (i, ctx) => ctx.services.edits.updateName(i.urn, i.name, ctx.writer)),
});

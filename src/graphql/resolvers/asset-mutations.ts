import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context.js';
import { Dataset } from '../types/dataset.js';
import { entityClass } from '../types/entity-classes.js';
import { EntityType } from '../types/entity-type.js';
import {
  BatchUpdateDeprecationInput,
  CreateDomainInput,
  CreateGlossaryEntityInput,
  CreateGroupInput,
  CreateTagInput,
  DatasetUpdateInput,
  DescriptionUpdateInput,
  LinkVersionInput,
  UpdateDeprecationInput,
  UnlinkVersionInput,
  UpdateNameInput,
} from '../types/mutation-inputs.js';
import { ownerRef } from './label-mutations.js';
import { declareRootFields, edit, rootField } from './root-fields.js';

const VersionSet = () => entityClass(EntityType.VERSION_SET);

/**
 * Edits of assets as a whole: descriptions, deprecation, names, new tags, versions (linked to a version
 * set or unlinked), and updateDataset.
 */
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
  /** The version set, or null when the entity already was one of its versions (DataHub's answer). */
  linkAssetVersion: rootField(LinkVersionInput, VersionSet, async (i, ctx) =>
    (await ctx.services.versionLinks.link(i.versionSet, i.linkedEntity, i, ctx.writer))
      ? ctx.entity(i.versionSet)
      : null,
  ),
  /** The version set, or null when the entity was no version. */
  unlinkAssetVersion: rootField(UnlinkVersionInput, VersionSet, async (i, ctx) =>
    (await ctx.services.versionLinks.unlink(i.versionSet, i.unlinkedEntity, ctx.writer))
      ? ctx.entity(i.versionSet as string)
      : null,
  ),
});

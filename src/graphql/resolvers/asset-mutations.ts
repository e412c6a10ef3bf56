import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import { BadRequestError } from '../../errors/index.js';
import { linkRow, ownerRow, type AspectJson, type AspectModifier } from '../../services/index.js';
import type { GraphQLContext } from '../context.js';
import { Dataset } from '../types/dataset.js';
import {
  BatchUpdateDeprecationInput,
  CreateTagInput,
  DatasetUpdateInput,
  DescriptionUpdateInput,
  UpdateDeprecationInput,
  UpdateNameInput,
  type GlobalTagsUpdate,
} from '../types/mutation-inputs.js';

const tagsOf = (u: GlobalTagsUpdate): AspectJson => ({
  tags: (u.tags ?? []).map((t) => ({ tag: t.tag.urn })),
});

/** The aspects an updateDataset input replaces, each as a function of its current value. */
function datasetAspects(ctx: GraphQLContext, input: DatasetUpdateInput): Record<string, AspectModifier> {
  const stamp = ctx.services.edits.stamp(ctx.writer);
  const out: Record<string, AspectModifier> = {};
  const props = input.editableProperties;
  if (props)
    out.editableDatasetProperties = (cur) => ({
      ...cur,
      description: props.description,
      ...(props.name !== undefined && props.name !== null ? { name: props.name } : {}),
      created: cur?.created ?? stamp,
      lastModified: stamp,
    });
  const memory = input.institutionalMemory;
  if (memory)
    out.institutionalMemory = () => ({
      elements: memory.elements.map((e) =>
        linkRow(
          { url: e.url, description: e.description ?? '', actor: e.author, time: e.createdAt ?? undefined },
          stamp,
        ),
      ),
    });
  const dep = input.deprecation;
  if (dep)
    out.deprecation = () => ({
      deprecated: dep.deprecated,
      note: dep.note,
      actor: stamp.actor,
      ...(dep.decommissionTime !== undefined && dep.decommissionTime !== null
        ? { decommissionTime: dep.decommissionTime }
        : {}),
    });
  const ownership = input.ownership;
  if (ownership)
    out.ownership = (cur) => ({
      ...cur,
      owners: ownership.owners.map((o) =>
        ownerRow({ owner: o.owner, type: o.type ?? undefined, typeUrn: o.ownershipTypeUrn ?? undefined }),
      ),
      lastModified: stamp,
    });
  const tags = input.tags ?? input.globalTags;
  if (tags) out.globalTags = () => tagsOf(tags);
  const schema = input.editableSchemaMetadata;
  if (schema)
    out.editableSchemaMetadata = (cur) => ({
      editableSchemaFieldInfo: schema.editableSchemaFieldInfo.map((f) => ({
        fieldPath: f.fieldPath,
        ...(f.description !== undefined && f.description !== null ? { description: f.description } : {}),
        ...(f.globalTags ? { globalTags: tagsOf(f.globalTags) } : {}),
      })),
      created: cur?.created ?? stamp,
      lastModified: stamp,
    });
  return out;
}

/** Edits of assets as a whole: descriptions, deprecation, names, new tags, and updateDataset. */
@Resolver()
export class AssetMutations {
  @Mutation(() => Dataset, { nullable: true })
  async updateDataset(
    @Arg('urn', () => String) urn: string,
    @Arg('input', () => DatasetUpdateInput) input: DatasetUpdateInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Dataset> {
    const parsed = ctx.services.registry.parseEntityUrn(urn);
    if (parsed.entity.name !== 'dataset') throw new BadRequestError(`${urn} is not a dataset URN`);
    await ctx.services.edits.replaceAspects(parsed.parsed.urn, datasetAspects(ctx, input), ctx.writer);
    return new Dataset(ctx, parsed.parsed.urn);
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

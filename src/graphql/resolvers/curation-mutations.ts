import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context.js';
import {
  BatchUpdateSoftDeletedInput,
  CreateQueryInput,
  RelatedTermsInput,
  TagUpdateInput,
  UpdateQueryInput,
} from '../types/mutation-inputs.js';
import { Tag } from '../types/people.js';
import { QueryEntity } from '../types/queries.js';
import { declareRootFields, edit, rootField, urnEdit } from './root-fields.js';

/**
 * DataHub's curation mutations: a tag's properties, colour and deletion, related glossary terms, soft
 * deletion of several entities (services.curation), and queries written by hand (services.queryEdits).
 * Thin: the services check what they are given.
 */
@Resolver()
export class CurationMutations {
  /** A tag's name, description and owners: the tag. */
  @Mutation(() => Tag, { nullable: true })
  async updateTag(
    @Arg('urn', () => String) urn: string,
    @Arg('input', () => TagUpdateInput) input: TagUpdateInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Tag> {
    return new Tag(ctx, await ctx.services.curation.updateTag(urn, input, ctx.writer));
  }

  @Mutation(() => Boolean, { nullable: true })
  async setTagColor(
    @Arg('urn', () => String) urn: string,
    @Arg('colorHex', () => String) colorHex: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    await ctx.services.curation.setTagColor(urn, colorHex, ctx.writer);
    return true;
  }

  @Mutation(() => QueryEntity, { nullable: true })
  async updateQuery(
    @Arg('urn', () => String) urn: string,
    @Arg('input', () => UpdateQueryInput) input: UpdateQueryInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<QueryEntity> {
    return new QueryEntity(ctx, await ctx.services.queryEdits.update(urn, input, ctx.writer));
  }
}

declareRootFields(CurationMutations, Mutation, {
  deleteTag: urnEdit((urn, ctx) => ctx.services.curation.deleteTag(urn, ctx.writer)),
  addRelatedTerms: edit(RelatedTermsInput, (i, ctx) =>
    ctx.services.curation.editRelatedTerms(i.urn, i.termUrns, i.relationshipType, true, ctx.writer),
  ),
  removeRelatedTerms: edit(RelatedTermsInput, (i, ctx) =>
    ctx.services.curation.editRelatedTerms(i.urn, i.termUrns, i.relationshipType, false, ctx.writer),
  ),
  createQuery: rootField(
    CreateQueryInput,
    QueryEntity,
    async (i, ctx) => new QueryEntity(ctx, await ctx.services.queryEdits.create(i, ctx.writer)),
  ),
  deleteQuery: urnEdit((urn, ctx) => ctx.services.queryEdits.delete(urn, ctx.writer)),
  batchUpdateSoftDeleted: edit(BatchUpdateSoftDeletedInput, (i, ctx) =>
    ctx.services.curation.setSoftDeleted(i.urns, i.deleted, ctx.writer),
  ),
});

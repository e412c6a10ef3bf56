import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import { BadRequestError } from '../../errors/index.js';
import type { OwnerRef } from '../../services/index.js';
import type { GraphQLContext } from '../context.js';
import {
  AddLinkInput,
  AddOwnerInput,
  AddOwnersInput,
  AddTagsInput,
  AddTermsInput,
  RemoveLinkInput,
  RemoveOwnerInput,
  TagAssociationInput,
  TermAssociationInput,
  type OwnerInput,
} from '../types/mutation-inputs.js';

const ref = (i: { resourceUrn: string; subResource?: string | null; subResourceType?: string | null }) => ({
  urn: i.resourceUrn,
  subResource: i.subResource,
  subResourceType: i.subResourceType,
});

/** An owner of the input; its URN must be of its `ownerEntityType`. */
const ownerRef = (o: OwnerInput): OwnerRef => {
  const expected = o.ownerEntityType === 'CORP_GROUP' ? 'urn:li:corpGroup:' : 'urn:li:corpuser:';
  if (!o.ownerUrn.startsWith(expected))
    throw new BadRequestError(`Owner ${o.ownerUrn} is not a ${o.ownerEntityType} URN (${expected}...)`);
  return { owner: o.ownerUrn, type: o.type ?? undefined, typeUrn: o.ownershipTypeUrn ?? undefined };
};

/** Tags, glossary terms, owners and links of any entity (or of a dataset's schema field). */
@Resolver()
export class LabelMutations {
  @Mutation(() => Boolean, { nullable: true })
  async addTag(
    @Arg('input', () => TagAssociationInput) input: TagAssociationInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    await ctx.services.edits.addTags(ref(input), [input.tagUrn], ctx.writer);
    return true;
  }

  @Mutation(() => Boolean, { nullable: true })
  async addTags(
    @Arg('input', () => AddTagsInput) input: AddTagsInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    await ctx.services.edits.addTags(ref(input), input.tagUrns, ctx.writer);
    return true;
  }

  @Mutation(() => Boolean, { nullable: true })
  async removeTag(
    @Arg('input', () => TagAssociationInput) input: TagAssociationInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    await ctx.services.edits.removeTags(ref(input), [input.tagUrn], ctx.writer);
    return true;
  }

  @Mutation(() => Boolean, { nullable: true })
  async addTerm(
    @Arg('input', () => TermAssociationInput) input: TermAssociationInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    await ctx.services.edits.addTerms(ref(input), [input.termUrn], ctx.writer);
    return true;
  }

  @Mutation(() => Boolean, { nullable: true })
  async addTerms(
    @Arg('input', () => AddTermsInput) input: AddTermsInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    await ctx.services.edits.addTerms(ref(input), input.termUrns, ctx.writer);
    return true;
  }

  @Mutation(() => Boolean, { nullable: true })
  async removeTerm(
    @Arg('input', () => TermAssociationInput) input: TermAssociationInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    await ctx.services.edits.removeTerms(ref(input), [input.termUrn], ctx.writer);
    return true;
  }

  @Mutation(() => Boolean, { nullable: true })
  async addOwner(
    @Arg('input', () => AddOwnerInput) input: AddOwnerInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    await ctx.services.edits.addOwners(input.resourceUrn, [ownerRef(input)], ctx.writer);
    return true;
  }

  @Mutation(() => Boolean, { nullable: true })
  async addOwners(
    @Arg('input', () => AddOwnersInput) input: AddOwnersInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    await ctx.services.edits.addOwners(input.resourceUrn, input.owners.map(ownerRef), ctx.writer);
    return true;
  }

  @Mutation(() => Boolean, { nullable: true })
  async removeOwner(
    @Arg('input', () => RemoveOwnerInput) input: RemoveOwnerInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    await ctx.services.edits.removeOwner(
      input.resourceUrn,
      input.ownerUrn,
      input.ownershipTypeUrn ?? undefined,
      ctx.writer,
    );
    return true;
  }

  @Mutation(() => Boolean, { nullable: true })
  async addLink(
    @Arg('input', () => AddLinkInput) input: AddLinkInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    await ctx.services.edits.addLink(
      input.resourceUrn,
      { url: input.linkUrl, description: input.label },
      ctx.writer,
    );
    return true;
  }

  @Mutation(() => Boolean, { nullable: true })
  async removeLink(
    @Arg('input', () => RemoveLinkInput) input: RemoveLinkInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    await ctx.services.edits.removeLink(
      input.resourceUrn,
      input.linkUrl,
      input.label ?? undefined,
      ctx.writer,
    );
    return true;
  }
}

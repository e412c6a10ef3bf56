import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context.js';
import { BadRequestError } from '../../errors/index.js';
import type { OwnerRef } from '../../services/index.js';
import {
  AddLinkInput,
  BatchAddOwnersInput,
  BatchAddTagsInput,
  BatchAddTermsInput,
  BatchRemoveOwnersInput,
  BatchRemoveTagsInput,
  BatchRemoveTermsInput,
  BatchSetDomainInput,
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
import { declareRootFields, edit } from './root-fields.js';

type Ref = { resourceUrn: string; subResource?: string | null; subResourceType?: string | null };
const ref = (i: Ref) => ({
  urn: i.resourceUrn,
  subResource: i.subResource,
  subResourceType: i.subResourceType,
});
/** The resources of a batch edit (refused before the resolver runs when one is null). */
const refs = (rs: readonly (Ref | null | undefined)[]) => rs.map((r) => ref(r as Ref));
/** The entities of a batch edit that applies to whole entities. */
const urns = (rs: readonly (Ref | null | undefined)[]) => rs.map((r) => (r as Ref).resourceUrn);

/** An owner of the input; its URN must be of its `ownerEntityType`. */
export const ownerRef = (o: OwnerInput): OwnerRef => {
  const expected = o.ownerEntityType === 'CORP_GROUP' ? 'urn:li:corpGroup:' : 'urn:li:corpuser:';
  if (!o.ownerUrn.startsWith(expected))
    throw new BadRequestError(`Owner ${o.ownerUrn} is not a ${o.ownerEntityType} URN (${expected}...)`);
  return { owner: o.ownerUrn, type: o.type ?? undefined, typeUrn: o.ownershipTypeUrn ?? undefined };
};

/** Tags, glossary terms, owners, links and domains of any entity (or of a dataset's schema field). */
@Resolver()
export class LabelMutations {
  /** Puts an entity in a domain (its only one). */
  @Mutation(() => Boolean, { nullable: true })
  async setDomain(
    @Arg('entityUrn', () => String) entityUrn: string,
    @Arg('domainUrn', () => String) domainUrn: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    await ctx.services.edits.setDomain([entityUrn], domainUrn, ctx.writer);
    return true;
  }

  /** Takes an entity out of its domain. */
  @Mutation(() => Boolean, { nullable: true })
  async unsetDomain(
    @Arg('entityUrn', () => String) entityUrn: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    await ctx.services.edits.setDomain([entityUrn], undefined, ctx.writer);
    return true;
  }
}

declareRootFields(LabelMutations, Mutation, {
  addTag: edit(TagAssociationInput, (i, ctx) => ctx.services.edits.addTags([ref(i)], [i.tagUrn], ctx.writer)),
  addTags: edit(AddTagsInput, (i, ctx) => ctx.services.edits.addTags([ref(i)], i.tagUrns, ctx.writer)),
  removeTag: edit(TagAssociationInput, (i, ctx) =>
    ctx.services.edits.removeTags([ref(i)], [i.tagUrn], ctx.writer),
  ),
  addTerm: edit(TermAssociationInput, (i, ctx) =>
    ctx.services.edits.addTerms([ref(i)], [i.termUrn], ctx.writer),
  ),
  addTerms: edit(AddTermsInput, (i, ctx) => ctx.services.edits.addTerms([ref(i)], i.termUrns, ctx.writer)),
  removeTerm: edit(TermAssociationInput, (i, ctx) =>
    ctx.services.edits.removeTerms([ref(i)], [i.termUrn], ctx.writer),
  ),
  addOwner: edit(AddOwnerInput, (i, ctx) =>
    ctx.services.edits.addOwners([i.resourceUrn], [ownerRef(i)], ctx.writer),
  ),
  addOwners: edit(AddOwnersInput, (i, ctx) =>
    ctx.services.edits.addOwners([i.resourceUrn], i.owners.map(ownerRef), ctx.writer),
  ),
  removeOwner: edit(RemoveOwnerInput, (i, ctx) =>
    ctx.services.edits.removeOwners(
      [i.resourceUrn],
      [i.ownerUrn],
      i.ownershipTypeUrn ?? undefined,
      ctx.writer,
    ),
  ),
  batchAddTags: edit(BatchAddTagsInput, (i, ctx) =>
    ctx.services.edits.addTags(refs(i.resources), i.tagUrns, ctx.writer),
  ),
  batchRemoveTags: edit(BatchRemoveTagsInput, (i, ctx) =>
    ctx.services.edits.removeTags(refs(i.resources), i.tagUrns, ctx.writer),
  ),
  batchAddTerms: edit(BatchAddTermsInput, (i, ctx) =>
    ctx.services.edits.addTerms(refs(i.resources), i.termUrns, ctx.writer),
  ),
  batchRemoveTerms: edit(BatchRemoveTermsInput, (i, ctx) =>
    ctx.services.edits.removeTerms(refs(i.resources), i.termUrns, ctx.writer),
  ),
  batchAddOwners: edit(BatchAddOwnersInput, (i, ctx) =>
    ctx.services.edits.addOwners(
      urns(i.resources),
      // The batch's type is that of the owners that name none (neither a type URN nor a type).
      i.owners.map((o) =>
        ownerRef({ ...o, ownershipTypeUrn: o.ownershipTypeUrn ?? (o.type ? undefined : i.ownershipTypeUrn) }),
      ),
      ctx.writer,
    ),
  ),
  batchRemoveOwners: edit(BatchRemoveOwnersInput, (i, ctx) =>
    ctx.services.edits.removeOwners(
      urns(i.resources),
      i.ownerUrns,
      i.ownershipTypeUrn ?? undefined,
      ctx.writer,
    ),
  ),
  batchSetDomain: edit(BatchSetDomainInput, (i, ctx) =>
    ctx.services.edits.setDomain(urns(i.resources), i.domainUrn ?? undefined, ctx.writer),
  ),
  addLink: edit(AddLinkInput, (i, ctx) =>
    ctx.services.edits.addLink(i.resourceUrn, { url: i.linkUrl, description: i.label }, ctx.writer),
  ),
  removeLink: edit(RemoveLinkInput, (i, ctx) =>
    ctx.services.edits.removeLink(i.resourceUrn, i.linkUrl, i.label ?? undefined, ctx.writer),
  ),
});

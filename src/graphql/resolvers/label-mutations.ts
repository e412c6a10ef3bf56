import { Mutation, Resolver } from 'type-graphql';
import { BadRequestError } from '../../errors/index.js';
import type { OwnerRef } from '../../services/index.js';
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
import { declareRootFields, edit } from './root-fields.js';

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
export class LabelMutations {}

declareRootFields(LabelMutations, Mutation, {
  addTag: edit(TagAssociationInput, (i, ctx) => ctx.services.edits.addTags(ref(i), [i.tagUrn], ctx.writer)),
  addTags: edit(AddTagsInput, (i, ctx) => ctx.services.edits.addTags(ref(i), i.tagUrns, ctx.writer)),
  removeTag: edit(TagAssociationInput, (i, ctx) =>
    ctx.services.edits.removeTags(ref(i), [i.tagUrn], ctx.writer),
  ),
  addTerm: edit(TermAssociationInput, (i, ctx) =>
    ctx.services.edits.addTerms(ref(i), [i.termUrn], ctx.writer),
  ),
  addTerms: edit(AddTermsInput, (i, ctx) => ctx.services.edits.addTerms(ref(i), i.termUrns, ctx.writer)),
  removeTerm: edit(TermAssociationInput, (i, ctx) =>
    ctx.services.edits.removeTerms(ref(i), [i.termUrn], ctx.writer),
  ),
  addOwner: edit(AddOwnerInput, (i, ctx) =>
    ctx.services.edits.addOwners(i.resourceUrn, [ownerRef(i)], ctx.writer),
  ),
  addOwners: edit(AddOwnersInput, (i, ctx) =>
    ctx.services.edits.addOwners(i.resourceUrn, i.owners.map(ownerRef), ctx.writer),
  ),
  removeOwner: edit(RemoveOwnerInput, (i, ctx) =>
    ctx.services.edits.removeOwner(i.resourceUrn, i.ownerUrn, i.ownershipTypeUrn ?? undefined, ctx.writer),
  ),
  addLink: edit(AddLinkInput, (i, ctx) =>
    ctx.services.edits.addLink(i.resourceUrn, { url: i.linkUrl, description: i.label }, ctx.writer),
  ),
  removeLink: edit(RemoveLinkInput, (i, ctx) =>
    ctx.services.edits.removeLink(i.resourceUrn, i.linkUrl, i.label ?? undefined, ctx.writer),
  ),
});

import { gql } from '../api';

// The entity page's edits, each DataHub's GraphQL mutation with the caller's privileges. A column's
// edits name it as DataHub does: `subResource` its field path, `subResourceType` DATASET_FIELD.

/** Where an edit goes: an entity, or one of its columns. */
export interface Target {
  urn: string;
  column?: string | undefined;
}
const sub = (t: Target) => (t.column ? { subResource: t.column, subResourceType: 'DATASET_FIELD' } : {});

export const updateDescription = (t: Target, description: string) =>
  gql('mutation ($input: DescriptionUpdateInput!) { updateDescription(input: $input) }', {
    input: { resourceUrn: t.urn, description, ...sub(t) },
  });

/** A label's URN from what one types: a URN as it is, a name as `urn:li:<kind>:<name>`. */
export const labelUrn = (
  kind: 'tag' | 'glossaryTerm' | 'domain' | 'dataProduct' | 'corpuser',
  text: string,
): string => (text.startsWith('urn:li:') ? text : `urn:li:${kind}:${text}`);

/** Adds a tag, making the tag first when the catalog has none of that name (as DataHub's UI does). */
export async function addTag(t: Target, tagUrn: string): Promise<void> {
  const add = () =>
    gql('mutation ($input: AddTagsInput!) { addTags(input: $input) }', {
      input: { resourceUrn: t.urn, tagUrns: [tagUrn], ...sub(t) },
    });
  try {
    await add();
  } catch (e) {
    if (!/does not exist/i.test((e as Error).message)) throw e;
    const id = tagUrn.slice('urn:li:tag:'.length);
    await gql('mutation ($input: CreateTagInput!) { createTag(input: $input) }', { input: { id, name: id } });
    await add();
  }
}
export const removeTag = (t: Target, tagUrn: string) =>
  gql('mutation ($input: TagAssociationInput!) { removeTag(input: $input) }', {
    input: { resourceUrn: t.urn, tagUrn, ...sub(t) },
  });

export const addTerm = (t: Target, termUrn: string) =>
  gql('mutation ($input: AddTermsInput!) { addTerms(input: $input) }', {
    input: { resourceUrn: t.urn, termUrns: [termUrn], ...sub(t) },
  });
export const removeTerm = (t: Target, termUrn: string) =>
  gql('mutation ($input: TermAssociationInput!) { removeTerm(input: $input) }', {
    input: { resourceUrn: t.urn, termUrn, ...sub(t) },
  });

export const addOwner = (urn: string, ownerUrn: string, type: string) =>
  gql('mutation ($input: AddOwnerInput!) { addOwner(input: $input) }', {
    input: {
      resourceUrn: urn,
      ownerUrn,
      ownerEntityType: ownerUrn.startsWith('urn:li:corpGroup:') ? 'CORP_GROUP' : 'CORP_USER',
      ownershipTypeUrn: `urn:li:ownershipType:__system__${type.toLowerCase()}`,
    },
  });
export const removeOwner = (urn: string, ownerUrn: string, ownershipTypeUrn?: string) =>
  gql('mutation ($input: RemoveOwnerInput!) { removeOwner(input: $input) }', {
    input: { resourceUrn: urn, ownerUrn, ...(ownershipTypeUrn ? { ownershipTypeUrn } : {}) },
  });

export const setDomain = (urn: string, domainUrn: string) =>
  gql('mutation ($e: String!, $d: String!) { setDomain(entityUrn: $e, domainUrn: $d) }', {
    e: urn,
    d: domainUrn,
  });
export const unsetDomain = (urn: string) =>
  gql('mutation ($e: String!) { unsetDomain(entityUrn: $e) }', { e: urn });

/** Puts an asset into a data product (out of any other), or with none out of every one. */
export const setDataProduct = (urn: string, dataProductUrn: string | null) =>
  gql('mutation ($input: BatchSetDataProductInput!) { batchSetDataProduct(input: $input) }', {
    input: { dataProductUrn, resourceUrns: [urn] },
  });

export const addLink = (urn: string, linkUrl: string, label: string) =>
  gql('mutation ($input: AddLinkInput!) { addLink(input: $input) }', {
    input: { resourceUrn: urn, linkUrl, label },
  });
export const removeLink = (urn: string, linkUrl: string) =>
  gql('mutation ($input: RemoveLinkInput!) { removeLink(input: $input) }', {
    input: { resourceUrn: urn, linkUrl },
  });

export const updateDeprecation = (urn: string, deprecated: boolean, note: string) =>
  gql('mutation ($input: UpdateDeprecationInput!) { updateDeprecation(input: $input) }', {
    input: { urn, deprecated, note },
  });

/** Sets a structured property's values (numbers for a number property, text otherwise). */
export const setProperty = (urn: string, propertyUrn: string, values: (string | number)[]) =>
  gql(
    'mutation ($input: UpsertStructuredPropertiesInput!) { upsertStructuredProperties(input: $input) { properties { associatedUrn } } }',
    {
      input: {
        assetUrn: urn,
        structuredPropertyInputParams: [
          {
            structuredPropertyUrn: propertyUrn,
            values: values.map((v) => (typeof v === 'number' ? { numberValue: v } : { stringValue: v })),
          },
        ],
      },
    },
  );
export const removeProperty = (urn: string, propertyUrn: string) =>
  gql(
    'mutation ($input: RemoveStructuredPropertiesInput!) { removeStructuredProperties(input: $input) { properties { associatedUrn } } }',
    { input: { assetUrn: urn, structuredPropertyUrns: [propertyUrn] } },
  );

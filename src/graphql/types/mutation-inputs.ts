import { OwnershipType } from './common.js';
import { stringEnum } from './enums.js';
import { Long } from './scalars.js';
import { fields, opt, req, TableInputType } from './field-table.js';
import * as check from './input-checks.js';

export const SubResourceType = stringEnum('SubResourceType', ['DATASET_FIELD']);
export const OwnerEntityType = stringEnum('OwnerEntityType', ['CORP_USER', 'CORP_GROUP']);

/** Descriptions and notes may be long markdown, but not unbounded. */
const MAX_TEXT = 100_000;

/** A description or a note. */
const text = () => req(String, { checks: [check.maxLength(MAX_TEXT)] });
const optionalText = () => opt(String, { checks: [check.maxLength(MAX_TEXT)] });
/** A name that may not be empty. */
const name = () => req(String, { checks: [check.notEmpty] });
/** An absolute URL (a host without a top-level domain will do). */
const url = () => req(String, { checks: [check.url] });
/** A list of at least one element. */
const nonEmpty = <const A>(type: A) => req([type], { checks: [check.notEmpty] });
/** An input whose fields are checked too. */
const nested = <const A>(type: A) => opt(type, { checks: [check.nested] });

/** What an edit applies to: an entity, or one of a dataset's schema fields. */
const RESOURCE = {
  resourceUrn: req(String),
  subResourceType: opt(SubResourceType),
  subResource: opt(String),
};

@TableInputType()
export class ResourceRefInput extends fields(RESOURCE) {}

/** The inputs that put labels on a resource, or take them off: the resource, and one label or several. */
@TableInputType()
export class TagAssociationInput extends fields({ tagUrn: req(String) }, ResourceRefInput) {}

@TableInputType()
export class AddTagsInput extends fields({ tagUrns: nonEmpty(String) }, ResourceRefInput) {}

@TableInputType()
export class TermAssociationInput extends fields({ termUrn: req(String) }, ResourceRefInput) {}

@TableInputType()
export class AddTermsInput extends fields({ termUrns: nonEmpty(String) }, ResourceRefInput) {}

@TableInputType()
export class OwnerInput extends fields({
  ownerUrn: req(String),
  ownerEntityType: req(OwnerEntityType),
  type: opt(OwnershipType, { deprecationReason: 'Use ownershipTypeUrn' }),
  ownershipTypeUrn: opt(String),
}) {}

@TableInputType()
export class AddOwnerInput extends fields({ resourceUrn: req(String) }, OwnerInput) {}

@TableInputType()
export class AddOwnersInput extends fields({ owners: nonEmpty(OwnerInput), resourceUrn: req(String) }) {}

@TableInputType()
export class RemoveOwnerInput extends fields({
  ownerUrn: req(String),
  ownershipTypeUrn: opt(String),
  resourceUrn: req(String),
}) {}

/** DataHub's `[ResourceRefInput]!` (or `[ResourceRefInput!]!`): a null item is refused before the resolver runs. */
const RESOURCES = req([ResourceRefInput], {
  nullable: 'items',
  checks: [check.eachDefined('resources must not contain null'), check.notEmpty],
});
const RESOURCES_NON_NULL = req([ResourceRefInput], { checks: [check.notEmpty] });

// The batch edits: labels on, or off, several resources at once; all of them or none.
@TableInputType()
export class BatchAddTagsInput extends fields({ tagUrns: nonEmpty(String), resources: RESOURCES_NON_NULL }) {}

@TableInputType()
export class BatchRemoveTagsInput extends fields({ tagUrns: nonEmpty(String), resources: RESOURCES }) {}

@TableInputType()
export class BatchAddTermsInput extends fields({ termUrns: nonEmpty(String), resources: RESOURCES }) {}

@TableInputType()
export class BatchRemoveTermsInput extends fields({ termUrns: nonEmpty(String), resources: RESOURCES }) {}

@TableInputType()
export class BatchAddOwnersInput extends fields({
  owners: nonEmpty(OwnerInput),
  /** The ownership type of the owners that name none. */
  ownershipTypeUrn: opt(String),
  resources: RESOURCES,
}) {}

@TableInputType()
export class BatchRemoveOwnersInput extends fields({
  ownerUrns: nonEmpty(String),
  /** Only the ownerships of this type (of any type when absent). */
  ownershipTypeUrn: opt(String),
  resources: RESOURCES,
}) {}

@TableInputType()
export class BatchSetDomainInput extends fields({
  /** The domain; none takes the resources out of their domain. */
  domainUrn: opt(String),
  resources: RESOURCES_NON_NULL,
}) {}

@TableInputType()
export class LinkSettingsInput extends fields({ showInAssetPreview: opt(Boolean) }) {}

@TableInputType()
export class AddLinkInput extends fields({
  linkUrl: url(),
  label: text(),
  resourceUrn: req(String),
  settings: opt(LinkSettingsInput),
}) {}

@TableInputType()
export class RemoveLinkInput extends fields({
  linkUrl: req(String),
  label: opt(String),
  resourceUrn: req(String),
}) {}

@TableInputType()
export class DescriptionUpdateInput extends fields({
  description: text(),
  ...RESOURCE,
  proposalNote: optionalText(),
}) {}

/** What the deprecation of one entity and of several share. */
const DEPRECATION = { deprecated: req(Boolean), decommissionTime: opt(Long), note: optionalText() };
/** DataHub deprecates a schema field with these; neohub refuses them rather than deprecate the whole entity. */
const refused = <const A>(type: A) =>
  opt(type, {
    checks: [check.empty((property) => `Deprecating a schema field (${property}) is not supported`)],
  });

@TableInputType()
export class UpdateDeprecationInput extends fields({
  urn: req(String),
  subResourceType: refused(SubResourceType),
  subResource: refused(String),
  ...DEPRECATION,
  /** The URN of the entity that replaces the deprecated one. */
  replacement: opt(String),
}) {}

@TableInputType()
export class BatchUpdateDeprecationInput extends fields({
  ...DEPRECATION,
  resources: RESOURCES,
  replacement: opt(String),
}) {}

/** What creating an entity with a name takes: its id (a new one when none), name and description. */
const NEW_ENTITY = { id: opt(String), name: name(), description: optionalText() };

@TableInputType()
export class CreateTagInput extends fields(NEW_ENTITY) {}

@TableInputType()
export class CreateDomainInput extends fields({
  ...NEW_ENTITY,
  parentDomain: opt(String),
  /** Owners besides its creator. */
  owners: opt([OwnerInput]),
}) {}

@TableInputType()
export class CreateGlossaryEntityInput extends fields({ ...NEW_ENTITY, parentNode: opt(String) }) {}

@TableInputType()
export class CreateGroupInput extends fields(NEW_ENTITY) {}

@TableInputType()
export class UpdateNameInput extends fields({ name: name(), urn: req(String) }) {}

// ---- updateDataset

@TableInputType()
export class DatasetEditablePropertiesUpdate extends fields({ description: text(), name: opt(String) }) {}

@TableInputType()
export class InstitutionalMemoryMetadataUpdate extends fields({
  url: url(),
  description: opt(String),
  author: req(String),
  createdAt: opt(Long),
}) {}

@TableInputType()
export class InstitutionalMemoryUpdate extends fields({
  elements: req([InstitutionalMemoryMetadataUpdate], { checks: [check.nested] }),
}) {}

@TableInputType()
export class DatasetDeprecationUpdate extends fields({
  deprecated: req(Boolean),
  decommissionTime: opt(Long),
  note: req(String),
}) {}

@TableInputType()
export class OwnerUpdate extends fields({
  owner: req(String),
  ownerEntityType: opt(OwnerEntityType),
  type: opt(OwnershipType),
  ownershipTypeUrn: opt(String),
}) {}

@TableInputType()
export class OwnershipUpdate extends fields({ owners: req([OwnerUpdate]) }) {}

@TableInputType()
export class TagUpdateInput extends fields({
  urn: req(String),
  name: req(String),
  description: opt(String),
  ownership: opt(OwnershipUpdate),
}) {}

@TableInputType()
export class TagAssociationUpdate extends fields({ tag: req(TagUpdateInput) }) {}

@TableInputType()
export class GlobalTagsUpdate extends fields({ tags: opt([TagAssociationUpdate]) }) {}

@TableInputType()
export class EditableSchemaFieldInfoUpdate extends fields({
  fieldPath: req(String),
  description: opt(String),
  globalTags: opt(GlobalTagsUpdate),
}) {}

@TableInputType()
export class EditableSchemaMetadataUpdate extends fields({
  editableSchemaFieldInfo: req([EditableSchemaFieldInfoUpdate]),
}) {}

@TableInputType()
export class DatasetUpdateInput extends fields({
  ownership: opt(OwnershipUpdate),
  deprecation: opt(DatasetDeprecationUpdate),
  institutionalMemory: nested(InstitutionalMemoryUpdate),
  globalTags: opt(GlobalTagsUpdate, { deprecationReason: 'Use tags' }),
  tags: opt(GlobalTagsUpdate),
  editableSchemaMetadata: opt(EditableSchemaMetadataUpdate),
  editableProperties: nested(DatasetEditablePropertiesUpdate),
}) {}

// ---- domains and the glossary as trees, data products, incidents

@TableInputType()
export class MoveDomainInput extends fields({ parentDomain: opt(String), resourceUrn: req(String) }) {}

@TableInputType()
export class UpdateParentNodeInput extends fields({ parentNode: opt(String), resourceUrn: req(String) }) {}

@TableInputType()
export class CreateDataProductPropertiesInput extends fields({
  name: name(),
  description: optionalText(),
  parentDataProduct: opt(String),
}) {}

@TableInputType()
export class CreateDataProductInput extends fields({
  properties: req(CreateDataProductPropertiesInput, { checks: [check.nested] }),
  domainUrn: req(String),
  id: opt(String),
}) {}

@TableInputType()
export class UpdateDataProductInput extends fields({
  name: opt(String),
  description: optionalText(),
  parentDataProduct: opt(String),
}) {}

@TableInputType()
export class BatchSetDataProductInput extends fields({
  dataProductUrn: opt(String),
  resourceUrns: nonEmpty(String),
}) {}

// ---- lineage edited as DataHub's UI edits it

@TableInputType()
export class LineageEdge extends fields({ downstreamUrn: req(String), upstreamUrn: req(String) }) {}

@TableInputType()
export class UpdateLineageInput extends fields({
  edgesToAdd: req([LineageEdge], { nullable: 'items' }),
  edgesToRemove: req([LineageEdge], { nullable: 'items' }),
}) {}

// ---- curation: related terms, soft deletion

export const TermRelationshipType = stringEnum('TermRelationshipType', ['isA', 'hasA'] as const);

@TableInputType()
export class RelatedTermsInput extends fields({
  urn: req(String),
  termUrns: req([String]),
  relationshipType: req(TermRelationshipType),
}) {}

@TableInputType()
export class BatchUpdateSoftDeletedInput extends fields({ urns: req([String]), deleted: req(Boolean) }) {}

// ---- queries written by hand

export const QueryLanguage = stringEnum('QueryLanguage', ['SQL'] as const);

@TableInputType()
export class QueryStatementInput extends fields({ value: req(String), language: req(QueryLanguage) }) {}

const QUERY_TEXT = { name: opt(String), description: opt(String) };

@TableInputType()
export class CreateQueryPropertiesInput extends fields({
  ...QUERY_TEXT,
  statement: req(QueryStatementInput),
}) {}

@TableInputType()
export class UpdateQueryPropertiesInput extends fields({
  ...QUERY_TEXT,
  statement: opt(QueryStatementInput),
}) {}

@TableInputType()
export class CreateQuerySubjectInput extends fields({ datasetUrn: req(String) }) {}

@TableInputType()
export class UpdateQuerySubjectInput extends fields({ datasetUrn: req(String) }) {}

@TableInputType()
export class CreateQueryInput extends fields({
  properties: req(CreateQueryPropertiesInput),
  subjects: req([CreateQuerySubjectInput]),
}) {}

@TableInputType()
export class UpdateQueryInput extends fields({
  properties: opt(UpdateQueryPropertiesInput),
  subjects: opt([UpdateQuerySubjectInput]),
}) {}

/** DataHub's versioning inputs: an entity linked to a version set as its new latest version, or unlinked. */
@TableInputType()
export class LinkVersionInput extends fields({
  versionSet: req(String),
  linkedEntity: req(String),
  version: req(String, { checks: [check.notEmpty] }),
  sourceTimestamp: opt(Long),
  sourceCreator: opt(String),
  comment: optionalText(),
}) {}

@TableInputType()
export class UnlinkVersionInput extends fields({
  versionSet: opt(String),
  unlinkedEntity: opt(String),
}) {}

/**
 * The fields an entity page asks of a kind when its GraphQL type has them (the build derives which kinds
 * have which: web/entity-fields-plugin.ts). Kept free of browser code: the build's config imports it.
 */
export const SECTION_FIELDS = [
  'properties',
  'editableProperties',
  'info',
  'subTypes',
  'parentContainers',
  'siblings',
  'deprecation',
  'ownership',
  'tags',
  'glossaryTerms',
  'domain',
  'institutionalMemory',
  'structuredProperties',
  'schemaMetadata',
  'editableSchemaMetadata',
  'datasetProfiles',
  'usageStats',
  'operations',
  'viewProperties',
  'assertions',
  'incidents',
  'testResults',
  'privileges',
  'entities',
  'glossaryChildrenSearch',
] as const;

/**
 * Sections asked through an entity's `relationships`, under their own name, on the kinds the registry
 * lets be the relationship's end (the build reads which from the registry): an asset's data product, as
 * DataHub's web client asks it (`DataProductContains`, incoming).
 */
export const RELATIONSHIP_SECTIONS = {
  dataProduct: { relationship: 'DataProductContains', direction: 'INCOMING' },
} as const;

export type SectionField = (typeof SECTION_FIELDS)[number] | keyof typeof RELATIONSHIP_SECTIONS;

/** What the page reads of a kind's properties (`properties`, `editableProperties`, `info`), where it has them. */
export const PROPERTY_FIELDS = [
  'name',
  'displayName',
  'qualifiedName',
  'description',
  'externalUrl',
  'email',
  'title',
  'customProperties',
] as const;

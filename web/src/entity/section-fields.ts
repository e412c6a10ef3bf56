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
export type SectionField = (typeof SECTION_FIELDS)[number];

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

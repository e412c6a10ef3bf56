// Annotations shared by several aspects (DataHub's models include the same records in many aspects).
import type { RelationshipSpec, SearchableSpec } from '../types.js';

export const accessSearch: SearchableSpec = {
  addToFilters: true,
  fieldName: 'access',
  fieldType: 'KEYWORD',
  filterNameOverride: 'Access Level',
  path: 'access',
};
export const originSearch: SearchableSpec = {
  addToFilters: true,
  fieldName: 'origin',
  fieldType: 'TEXT_PARTIAL',
  filterNameOverride: 'Environment',
  path: 'origin',
  queryByDefault: false,
};
export const displayNameSearch: SearchableSpec = {
  boostScore: 10.0,
  enableAutocomplete: true,
  fieldName: 'displayName',
  fieldType: 'WORD_GRAM',
  path: 'displayName',
};
export const idSearch: SearchableSpec = {
  boostScore: 10.0,
  enableAutocomplete: true,
  fieldName: 'id',
  fieldType: 'WORD_GRAM',
  path: 'name',
};
export const nameSearch: SearchableSpec = {
  boostScore: 10.0,
  enableAutocomplete: true,
  fieldName: 'name',
  fieldType: 'WORD_GRAM',
  path: 'name',
  queryByDefault: true,
};
export const nameSearch2: SearchableSpec = {
  boostScore: 10.0,
  enableAutocomplete: true,
  fieldName: 'name',
  fieldType: 'WORD_GRAM',
  path: 'name',
};
export const titleSearch: SearchableSpec = {
  boostScore: 10.0,
  enableAutocomplete: true,
  fieldName: 'title',
  fieldType: 'WORD_GRAM',
  path: 'title',
};
export const toolSearch: SearchableSpec = {
  boostScore: 4.0,
  fieldName: 'tool',
  fieldType: 'TEXT_PARTIAL',
  path: 'dashboardTool',
};
export const UsedByEdge: RelationshipSpec = {
  entityTypes: ['dataJob', 'dataProcessInstance'],
  isLineage: true,
  isUpstream: false,
  name: 'UsedBy',
  path: 'downstreamJobs/*',
};
export const TrainedByEdge: RelationshipSpec = {
  entityTypes: ['dataJob', 'dataProcessInstance'],
  isLineage: true,
  name: 'TrainedBy',
  path: 'trainingJobs/*',
};
export const DerivedFromEdge: RelationshipSpec = {
  entityTypes: ['dataset'],
  isLineage: true,
  name: 'DerivedFrom',
  path: 'sources/*',
};
export const createdAtSearch: SearchableSpec = {
  fieldName: 'createdAt',
  fieldType: 'DATETIME',
  path: 'created/time',
  queryByDefault: false,
};
export const createdAtSearch2: SearchableSpec = {
  fieldName: 'createdAt',
  fieldType: 'DATETIME',
  path: 'lastModified/created/time',
};
export const createdTimeSearch: SearchableSpec = {
  fieldName: 'createdTime',
  fieldType: 'DATETIME',
  path: 'created/time',
};
export const customPropertiesSearch: SearchableSpec = {
  fieldName: 'customProperties',
  fieldType: 'TEXT',
  path: 'customProperties/*',
  queryByDefault: true,
};
export const descriptionSearch: SearchableSpec = {
  fieldName: 'description',
  fieldType: 'TEXT',
  hasValuesFieldName: 'hasDescription',
  path: 'description',
};
export const editedDescriptionSearch: SearchableSpec = {
  fieldName: 'editedDescription',
  fieldType: 'TEXT',
  hasValuesFieldName: 'hasDescription',
  path: 'description',
};
export const externalUrlSearch: SearchableSpec = {
  fieldName: 'externalUrl',
  fieldType: 'KEYWORD',
  path: 'externalUrl',
};
export const featureNamespaceSearch: SearchableSpec = {
  fieldName: 'featureNamespace',
  fieldType: 'TEXT_PARTIAL',
  path: 'featureNamespace',
};
export const lastModifiedAtSearch: SearchableSpec = {
  fieldName: 'lastModifiedAt',
  fieldType: 'DATETIME',
  path: 'lastModified/lastModified/time',
};
export const lastModifiedAtSearch2: SearchableSpec = {
  fieldName: 'lastModifiedAt',
  fieldType: 'DATETIME',
  path: 'lastModified/time',
  queryByDefault: false,
};

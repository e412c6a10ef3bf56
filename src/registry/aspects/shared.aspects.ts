// Annotations shared by several aspects (DataHub's models include the same records in many aspects).
import type { RelationshipSpec, SearchableSpec } from '../types.js';

export const DerivedFromEdge: RelationshipSpec = {
  path: 'sources/*',
  name: 'DerivedFrom',
  entityTypes: ['dataset'],
  isLineage: true,
};
export const TrainedByEdge: RelationshipSpec = {
  path: 'trainingJobs/*',
  name: 'TrainedBy',
  entityTypes: ['dataJob', 'dataProcessInstance'],
  isLineage: true,
};
export const UsedByEdge: RelationshipSpec = {
  path: 'downstreamJobs/*',
  name: 'UsedBy',
  entityTypes: ['dataJob', 'dataProcessInstance'],
  isLineage: true,
  isUpstream: false,
};
export const accessSearch: SearchableSpec = {
  path: 'access',
  fieldName: 'access',
  fieldType: 'KEYWORD',
  queryByDefault: false,
  addToFilters: true,
  filterNameOverride: 'Access Level',
};
export const changeStampsCreatedAtSearch: SearchableSpec = {
  path: 'lastModified/created/time',
  fieldName: 'createdAt',
  fieldType: 'DATETIME',
  queryByDefault: false,
};
export const changeStampsLastModifiedAtSearch: SearchableSpec = {
  path: 'lastModified/lastModified/time',
  fieldName: 'lastModifiedAt',
  fieldType: 'DATETIME',
  queryByDefault: false,
};
export const createdAtSearch: SearchableSpec = {
  path: 'created/time',
  fieldName: 'createdAt',
  fieldType: 'DATETIME',
  queryByDefault: false,
};
export const createdTimeSearch: SearchableSpec = {
  path: 'created/time',
  fieldName: 'createdTime',
  fieldType: 'DATETIME',
  queryByDefault: false,
};
export const customPropertiesSearch: SearchableSpec = {
  path: 'customProperties/*',
  fieldName: 'customProperties',
  fieldType: 'TEXT',
  queryByDefault: true,
};
export const descriptionSearch: SearchableSpec = {
  path: 'description',
  fieldName: 'description',
  fieldType: 'TEXT',
  queryByDefault: true,
  hasValuesFieldName: 'hasDescription',
};
export const displayNameSearch: SearchableSpec = {
  path: 'displayName',
  fieldName: 'displayName',
  fieldType: 'WORD_GRAM',
  queryByDefault: true,
  enableAutocomplete: true,
  boostScore: 10.0,
};
export const editedDescriptionSearch: SearchableSpec = {
  path: 'description',
  fieldName: 'editedDescription',
  fieldType: 'TEXT',
  queryByDefault: true,
  hasValuesFieldName: 'hasDescription',
};
export const externalUrlSearch: SearchableSpec = {
  path: 'externalUrl',
  fieldName: 'externalUrl',
  fieldType: 'KEYWORD',
  queryByDefault: false,
};
export const featureNamespaceSearch: SearchableSpec = {
  path: 'featureNamespace',
  fieldName: 'featureNamespace',
  fieldType: 'TEXT_PARTIAL',
  queryByDefault: true,
};
export const idSearch: SearchableSpec = {
  path: 'name',
  fieldName: 'id',
  fieldType: 'WORD_GRAM',
  queryByDefault: true,
  enableAutocomplete: true,
  boostScore: 10.0,
};
export const lastModifiedAtSearch: SearchableSpec = {
  path: 'lastModified/time',
  fieldName: 'lastModifiedAt',
  fieldType: 'DATETIME',
  queryByDefault: false,
};
export const nameSearch: SearchableSpec = {
  path: 'name',
  fieldName: 'name',
  fieldType: 'WORD_GRAM',
  queryByDefault: true,
  enableAutocomplete: true,
  boostScore: 10.0,
};
export const originSearch: SearchableSpec = {
  path: 'origin',
  fieldName: 'origin',
  fieldType: 'TEXT_PARTIAL',
  queryByDefault: false,
  addToFilters: true,
  filterNameOverride: 'Environment',
};
export const titleSearch: SearchableSpec = {
  path: 'title',
  fieldName: 'title',
  fieldType: 'WORD_GRAM',
  queryByDefault: true,
  enableAutocomplete: true,
  boostScore: 10.0,
};
export const toolSearch: SearchableSpec = {
  path: 'dashboardTool',
  fieldName: 'tool',
  fieldType: 'TEXT_PARTIAL',
  queryByDefault: true,
  boostScore: 4.0,
};

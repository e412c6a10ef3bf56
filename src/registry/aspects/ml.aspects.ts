// The ml aspects: which record each is, and its relationship and searchable annotations (facts
// of DataHub's aspect models, transcribed once by a throwaway script; edit by hand from now on).
import type { AspectSpec } from '../types.js';
import {
  EditableMLFeatureProperties,
  EditableMLFeatureTableProperties,
  EditableMLModelGroupProperties,
  EditableMLModelProperties,
  EditableMLPrimaryKeyProperties,
  MLFeatureProperties,
  MLFeatureTableProperties,
  MLModelGroupProperties,
  MLModelProperties,
  MLPrimaryKeyProperties,
} from './ml.js';

export const ML_ASPECTS: readonly AspectSpec[] = [
  {
    name: 'mlFeatureProperties',
    schema: MLFeatureProperties,
    relationships: [{ path: 'sources/*', name: 'DerivedFrom', entityTypes: ['dataset'], isLineage: true }],
    searchable: [
      { path: 'customProperties/*', fieldName: 'customProperties', fieldType: 'TEXT', queryByDefault: true },
      {
        path: 'description',
        fieldName: 'description',
        fieldType: 'TEXT',
        hasValuesFieldName: 'hasDescription',
      },
    ],
  },
  {
    name: 'mlPrimaryKeyProperties',
    schema: MLPrimaryKeyProperties,
    relationships: [{ path: 'sources/*', name: 'DerivedFrom', entityTypes: ['dataset'], isLineage: true }],
    searchable: [
      { path: 'customProperties/*', fieldName: 'customProperties', fieldType: 'TEXT', queryByDefault: true },
      {
        path: 'description',
        fieldName: 'description',
        fieldType: 'TEXT',
        hasValuesFieldName: 'hasDescription',
      },
    ],
  },
  {
    name: 'mlFeatureTableProperties',
    schema: MLFeatureTableProperties,
    relationships: [
      { path: 'mlFeatures/*', name: 'Contains', entityTypes: ['mlFeature'] },
      { path: 'mlPrimaryKeys/*', name: 'KeyedBy', entityTypes: ['mlPrimaryKey'] },
    ],
    searchable: [
      { path: 'customProperties/*', fieldName: 'customProperties', fieldType: 'TEXT', queryByDefault: true },
      {
        path: 'description',
        fieldName: 'description',
        fieldType: 'TEXT',
        hasValuesFieldName: 'hasDescription',
      },
      { path: 'mlFeatures/*', fieldName: 'features', fieldType: 'URN' },
      { path: 'mlPrimaryKeys/*', fieldName: 'primaryKeys', fieldType: 'URN' },
    ],
  },
  {
    name: 'mlModelProperties',
    schema: MLModelProperties,
    relationships: [
      {
        path: 'trainingJobs/*',
        name: 'TrainedBy',
        entityTypes: ['dataJob', 'dataProcessInstance'],
        isLineage: true,
      },
      {
        path: 'downstreamJobs/*',
        name: 'UsedBy',
        entityTypes: ['dataJob', 'dataProcessInstance'],
        isLineage: true,
        isUpstream: false,
      },
      { path: 'mlFeatures/*', name: 'Consumes', entityTypes: ['mlFeature'], isLineage: true },
      { path: 'deployments/*', name: 'DeployedTo', entityTypes: ['mlModelDeployment'] },
      {
        path: 'groups/*',
        name: 'MemberOf',
        entityTypes: ['mlModelGroup'],
        isLineage: true,
        isUpstream: false,
      },
    ],
    searchable: [
      { path: 'customProperties/*', fieldName: 'customProperties', fieldType: 'TEXT', queryByDefault: true },
      { path: 'externalUrl', fieldName: 'externalUrl', fieldType: 'KEYWORD' },
      {
        path: 'name',
        fieldName: 'name',
        fieldType: 'WORD_GRAM',
        queryByDefault: true,
        enableAutocomplete: true,
        boostScore: 10.0,
      },
      {
        path: 'description',
        fieldName: 'description',
        fieldType: 'TEXT',
        hasValuesFieldName: 'hasDescription',
      },
      { path: 'created/time', fieldName: 'createdAt', fieldType: 'DATETIME', queryByDefault: false },
      {
        path: 'lastModified/time',
        fieldName: 'lastModifiedAt',
        fieldType: 'DATETIME',
        queryByDefault: false,
      },
      { path: 'type', fieldName: 'type', fieldType: 'TEXT_PARTIAL' },
    ],
  },
  {
    name: 'mlModelGroupProperties',
    schema: MLModelGroupProperties,
    relationships: [
      {
        path: 'trainingJobs/*',
        name: 'TrainedBy',
        entityTypes: ['dataJob', 'dataProcessInstance'],
        isLineage: true,
      },
      {
        path: 'downstreamJobs/*',
        name: 'UsedBy',
        entityTypes: ['dataJob', 'dataProcessInstance'],
        isLineage: true,
        isUpstream: false,
      },
    ],
    searchable: [
      { path: 'customProperties/*', fieldName: 'customProperties', fieldType: 'TEXT', queryByDefault: true },
      { path: 'externalUrl', fieldName: 'externalUrl', fieldType: 'KEYWORD' },
      {
        path: 'name',
        fieldName: 'name',
        fieldType: 'WORD_GRAM',
        queryByDefault: true,
        enableAutocomplete: true,
        boostScore: 10.0,
      },
      {
        path: 'description',
        fieldName: 'description',
        fieldType: 'TEXT',
        hasValuesFieldName: 'hasDescription',
      },
      { path: 'created/time', fieldName: 'createdAt', fieldType: 'DATETIME', queryByDefault: false },
      {
        path: 'lastModified/time',
        fieldName: 'lastModifiedAt',
        fieldType: 'DATETIME',
        queryByDefault: false,
      },
    ],
  },
  {
    name: 'editableMlFeatureProperties',
    schema: EditableMLFeatureProperties,
    searchable: [
      {
        path: 'description',
        fieldName: 'editedDescription',
        fieldType: 'TEXT',
        hasValuesFieldName: 'hasDescription',
      },
    ],
  },
  {
    name: 'editableMlPrimaryKeyProperties',
    schema: EditableMLPrimaryKeyProperties,
    searchable: [
      {
        path: 'description',
        fieldName: 'editedDescription',
        fieldType: 'TEXT',
        hasValuesFieldName: 'hasDescription',
      },
    ],
  },
  {
    name: 'editableMlFeatureTableProperties',
    schema: EditableMLFeatureTableProperties,
    searchable: [
      {
        path: 'description',
        fieldName: 'editedDescription',
        fieldType: 'TEXT',
        hasValuesFieldName: 'hasDescription',
      },
    ],
  },
  {
    name: 'editableMlModelProperties',
    schema: EditableMLModelProperties,
    searchable: [
      {
        path: 'description',
        fieldName: 'editedDescription',
        fieldType: 'TEXT',
        hasValuesFieldName: 'hasDescription',
      },
    ],
  },
  {
    name: 'editableMlModelGroupProperties',
    schema: EditableMLModelGroupProperties,
    searchable: [
      {
        path: 'description',
        fieldName: 'editedDescription',
        fieldType: 'TEXT',
        hasValuesFieldName: 'hasDescription',
      },
    ],
  },
];

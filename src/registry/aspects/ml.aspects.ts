// The ml aspects: which record each is, and its relationship and searchable annotations (facts
// of DataHub's aspect models, transcribed from the pinned client's schemas; edit by hand from now on).
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
import {
  DerivedFromEdge,
  TrainedByEdge,
  UsedByEdge,
  createdAtSearch,
  customPropertiesSearch,
  descriptionSearch,
  editedDescriptionSearch,
  externalUrlSearch,
  lastModifiedAtSearch,
  nameSearch,
} from './shared.aspects.js';

export const ML_ASPECTS: readonly AspectSpec[] = [
  {
    name: 'mlFeatureProperties',
    schema: MLFeatureProperties,
    relationships: [DerivedFromEdge],
    searchable: [customPropertiesSearch, descriptionSearch],
  },
  {
    name: 'mlPrimaryKeyProperties',
    schema: MLPrimaryKeyProperties,
    relationships: [DerivedFromEdge],
    searchable: [customPropertiesSearch, descriptionSearch],
  },
  {
    name: 'mlFeatureTableProperties',
    schema: MLFeatureTableProperties,
    relationships: [
      { path: 'mlFeatures/*', name: 'Contains', entityTypes: ['mlFeature'] },
      { path: 'mlPrimaryKeys/*', name: 'KeyedBy', entityTypes: ['mlPrimaryKey'] },
    ],
    searchable: [
      customPropertiesSearch,
      descriptionSearch,
      { path: 'mlFeatures/*', fieldName: 'features', fieldType: 'URN', queryByDefault: true },
      { path: 'mlPrimaryKeys/*', fieldName: 'primaryKeys', fieldType: 'URN', queryByDefault: true },
    ],
  },
  {
    name: 'mlModelProperties',
    schema: MLModelProperties,
    relationships: [
      TrainedByEdge,
      UsedByEdge,
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
      customPropertiesSearch,
      externalUrlSearch,
      nameSearch,
      descriptionSearch,
      createdAtSearch,
      lastModifiedAtSearch,
      { path: 'type', fieldName: 'type', fieldType: 'TEXT_PARTIAL', queryByDefault: true },
    ],
  },
  {
    name: 'mlModelGroupProperties',
    schema: MLModelGroupProperties,
    relationships: [TrainedByEdge, UsedByEdge],
    searchable: [
      customPropertiesSearch,
      externalUrlSearch,
      nameSearch,
      descriptionSearch,
      createdAtSearch,
      lastModifiedAtSearch,
    ],
  },
  {
    name: 'editableMlFeatureProperties',
    schema: EditableMLFeatureProperties,
    searchable: [editedDescriptionSearch],
  },
  {
    name: 'editableMlPrimaryKeyProperties',
    schema: EditableMLPrimaryKeyProperties,
    searchable: [editedDescriptionSearch],
  },
  {
    name: 'editableMlFeatureTableProperties',
    schema: EditableMLFeatureTableProperties,
    searchable: [editedDescriptionSearch],
  },
  {
    name: 'editableMlModelProperties',
    schema: EditableMLModelProperties,
    searchable: [editedDescriptionSearch],
  },
  {
    name: 'editableMlModelGroupProperties',
    schema: EditableMLModelGroupProperties,
    searchable: [editedDescriptionSearch],
  },
];

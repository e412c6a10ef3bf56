// The structured-properties aspects: which record each is, and its relationship and searchable annotations (facts
// of DataHub's aspect models, transcribed from the pinned client's schemas; edit by hand from now on).
import type { AspectSpec } from '../types.js';
import {
  StructuredProperties,
  StructuredPropertyDefinition,
  StructuredPropertyKey,
  StructuredPropertySettings,
} from './structured-properties.js';
import { createdTimeSearch, descriptionSearch, displayNameSearch } from './shared.aspects.js';

export const STRUCTURED_PROPERTIES_ASPECTS: readonly AspectSpec[] = [
  { name: 'structuredPropertyKey', schema: StructuredPropertyKey },
  {
    name: 'propertyDefinition',
    schema: StructuredPropertyDefinition,
    relationships: [{ path: 'entityTypes/*', name: 'StructuredPropertyOf', entityTypes: ['entityType'] }],
    searchable: [
      {
        path: 'qualifiedName',
        fieldName: 'qualifiedName',
        fieldType: 'KEYWORD',
        queryByDefault: true,
        boostScore: 10.0,
      },
      displayNameSearch,
      { path: 'entityTypes/*', fieldName: 'entityTypes', fieldType: 'TEXT', queryByDefault: true },
      { path: 'allowedPlatforms/*', fieldName: 'allowedPlatforms', fieldType: 'TEXT', queryByDefault: true },
      descriptionSearch,
      { path: 'immutable', fieldName: 'immutable', fieldType: 'BOOLEAN', queryByDefault: false },
      createdTimeSearch,
      { path: 'lastModified/time', fieldName: 'lastModified', fieldType: 'DATETIME', queryByDefault: false },
    ],
  },
  {
    name: 'structuredPropertySettings',
    schema: StructuredPropertySettings,
    searchable: [
      { path: 'isHidden', fieldName: 'isHidden', fieldType: 'BOOLEAN', queryByDefault: false },
      {
        path: 'showInSearchFilters',
        fieldName: 'showInSearchFilters',
        fieldType: 'BOOLEAN',
        queryByDefault: false,
      },
      {
        path: 'showInAssetSummary',
        fieldName: 'showInAssetSummary',
        fieldType: 'BOOLEAN',
        queryByDefault: false,
      },
      {
        path: 'hideInAssetSummaryWhenEmpty',
        fieldName: 'hideInAssetSummaryWhenEmpty',
        fieldType: 'BOOLEAN',
        queryByDefault: false,
      },
      {
        path: 'showAsAssetBadge',
        fieldName: 'showAsAssetBadge',
        fieldType: 'BOOLEAN',
        queryByDefault: false,
      },
      {
        path: 'showInColumnsTable',
        fieldName: 'showInColumnsTable',
        fieldType: 'BOOLEAN',
        queryByDefault: false,
      },
      {
        path: 'lastModified/time',
        fieldName: 'lastModifiedSettings',
        fieldType: 'DATETIME',
        queryByDefault: false,
      },
    ],
  },
  {
    name: 'structuredProperties',
    schema: StructuredProperties,
    searchable: [
      {
        path: 'properties/*/attribution/actor',
        fieldName: 'structuredPropertyAttributionActors',
        fieldType: 'URN',
        queryByDefault: false,
      },
      {
        path: 'properties/*/attribution/source',
        fieldName: 'structuredPropertyAttributionSources',
        fieldType: 'URN',
        queryByDefault: false,
      },
      {
        path: 'properties/*/attribution/time',
        fieldName: 'structuredPropertyAttributionDates',
        fieldType: 'DATETIME',
        queryByDefault: false,
      },
    ],
  },
];

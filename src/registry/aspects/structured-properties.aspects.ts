// The structured-properties aspects: which record each is, and its relationship and searchable annotations (facts
// of DataHub's aspect models, transcribed once by a throwaway script; edit by hand from now on).
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
      { path: 'entityTypes/*', fieldName: 'entityTypes', fieldType: 'TEXT' },
      { path: 'allowedPlatforms/*', fieldName: 'allowedPlatforms', fieldType: 'TEXT' },
      descriptionSearch,
      { path: 'immutable', fieldName: 'immutable', fieldType: 'BOOLEAN' },
      createdTimeSearch,
      { path: 'lastModified/time', fieldName: 'lastModified', fieldType: 'DATETIME' },
    ],
  },
  {
    name: 'structuredPropertySettings',
    schema: StructuredPropertySettings,
    searchable: [
      { path: 'isHidden', fieldName: 'isHidden', fieldType: 'BOOLEAN' },
      { path: 'showInSearchFilters', fieldName: 'showInSearchFilters', fieldType: 'BOOLEAN' },
      { path: 'showInAssetSummary', fieldName: 'showInAssetSummary', fieldType: 'BOOLEAN' },
      { path: 'hideInAssetSummaryWhenEmpty', fieldName: 'hideInAssetSummaryWhenEmpty', fieldType: 'BOOLEAN' },
      { path: 'showAsAssetBadge', fieldName: 'showAsAssetBadge', fieldType: 'BOOLEAN' },
      { path: 'showInColumnsTable', fieldName: 'showInColumnsTable', fieldType: 'BOOLEAN' },
      { path: 'lastModified/time', fieldName: 'lastModifiedSettings', fieldType: 'DATETIME' },
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

// The common aspects: which record each is, and its relationship and searchable annotations (facts
// of DataHub's aspect models, transcribed from the pinned client's schemas; edit by hand from now on).
import type { AspectSpec } from '../types.js';
import {
  BrowsePaths,
  BrowsePathsV2,
  DataPlatformInstance,
  Deprecation,
  GlobalTags,
  GlossaryTerms,
  InstitutionalMemory,
  Ownership,
  Status,
  SubTypes,
} from './common.js';

export const COMMON_ASPECTS: readonly AspectSpec[] = [
  { name: 'institutionalMemory', schema: InstitutionalMemory },
  {
    name: 'globalTags',
    schema: GlobalTags,
    relationships: [{ path: 'tags/*/tag', name: 'TaggedWith', entityTypes: ['tag'] }],
    searchable: [
      {
        path: 'tags/*/tag',
        fieldName: 'tags',
        fieldType: 'URN',
        queryByDefault: true,
        addToFilters: true,
        filterNameOverride: 'Tagged With',
        boostScore: 0.5,
        hasValuesFieldName: 'hasTags',
      },
      {
        path: 'tags/*/attribution/actor',
        fieldName: 'tagAttributionActors',
        fieldType: 'URN',
        queryByDefault: false,
      },
      {
        path: 'tags/*/attribution/source',
        fieldName: 'tagAttributionSources',
        fieldType: 'URN',
        queryByDefault: false,
      },
      {
        path: 'tags/*/attribution/time',
        fieldName: 'tagAttributionDates',
        fieldType: 'DATETIME',
        queryByDefault: false,
      },
    ],
  },
  {
    name: 'glossaryTerms',
    schema: GlossaryTerms,
    relationships: [{ path: 'terms/*/urn', name: 'TermedWith', entityTypes: ['glossaryTerm'] }],
    searchable: [
      {
        path: 'terms/*/urn',
        fieldName: 'glossaryTerms',
        fieldType: 'URN',
        queryByDefault: true,
        addToFilters: true,
        filterNameOverride: 'Glossary Term',
        boostScore: 0.5,
        hasValuesFieldName: 'hasGlossaryTerms',
      },
      {
        path: 'terms/*/attribution/actor',
        fieldName: 'termAttributionActors',
        fieldType: 'URN',
        queryByDefault: false,
      },
      {
        path: 'terms/*/attribution/source',
        fieldName: 'termAttributionSources',
        fieldType: 'URN',
        queryByDefault: false,
      },
      {
        path: 'terms/*/attribution/time',
        fieldName: 'termAttributionDates',
        fieldType: 'DATETIME',
        queryByDefault: false,
      },
    ],
  },
  {
    name: 'ownership',
    schema: Ownership,
    relationships: [
      { path: 'owners/*/owner', name: 'OwnedBy', entityTypes: ['corpuser', 'corpGroup'] },
      { path: 'owners/*/typeUrn', name: 'ownershipType', entityTypes: ['ownershipType'] },
    ],
    searchable: [
      {
        path: 'owners/*/owner',
        fieldName: 'owners',
        fieldType: 'URN',
        queryByDefault: false,
        addToFilters: true,
        filterNameOverride: 'Owned By',
        hasValuesFieldName: 'hasOwners',
      },
      {
        path: 'owners/*/attribution/actor',
        fieldName: 'ownerAttributionActors',
        fieldType: 'URN',
        queryByDefault: false,
      },
      {
        path: 'owners/*/attribution/source',
        fieldName: 'ownerAttributionSources',
        fieldType: 'URN',
        queryByDefault: false,
      },
      {
        path: 'owners/*/attribution/time',
        fieldName: 'ownerAttributionDates',
        fieldType: 'DATETIME',
        queryByDefault: false,
      },
      { path: 'ownerTypes', fieldName: 'ownerTypes', fieldType: 'MAP_ARRAY', queryByDefault: false },
    ],
  },
  {
    name: 'status',
    schema: Status,
    searchable: [
      { path: 'removed', fieldName: 'removed', fieldType: 'BOOLEAN', queryByDefault: false },
      { path: 'lifecycleStage', fieldName: 'lifecycleStage', fieldType: 'KEYWORD', queryByDefault: false },
    ],
  },
  {
    name: 'deprecation',
    schema: Deprecation,
    searchable: [
      {
        path: 'deprecated',
        fieldName: 'deprecated',
        fieldType: 'BOOLEAN',
        queryByDefault: false,
        addToFilters: true,
        filterNameOverride: 'Deprecated',
      },
    ],
  },
  {
    name: 'browsePaths',
    schema: BrowsePaths,
    searchable: [
      { path: 'paths/*', fieldName: 'browsePaths', fieldType: 'BROWSE_PATH', queryByDefault: false },
    ],
  },
  {
    name: 'browsePathsV2',
    schema: BrowsePathsV2,
    searchable: [
      { path: 'path/*/id', fieldName: 'browsePathV2', fieldType: 'BROWSE_PATH_V2', queryByDefault: false },
    ],
  },
  {
    name: 'dataPlatformInstance',
    schema: DataPlatformInstance,
    searchable: [
      {
        path: 'platform',
        fieldName: 'platform',
        fieldType: 'URN',
        queryByDefault: true,
        addToFilters: true,
        filterNameOverride: 'Platform',
      },
      {
        path: 'instance',
        fieldName: 'platformInstance',
        fieldType: 'URN',
        queryByDefault: true,
        addToFilters: true,
        filterNameOverride: 'Platform Instance',
      },
    ],
  },
  {
    name: 'subTypes',
    schema: SubTypes,
    searchable: [
      {
        path: 'typeNames/*',
        fieldName: 'typeNames',
        fieldType: 'KEYWORD',
        queryByDefault: false,
        addToFilters: true,
        filterNameOverride: 'Sub Type',
      },
    ],
  },
];

// The keys aspects: which record each is, and its relationship and searchable annotations (facts
// of DataHub's aspect models, transcribed once by a throwaway script; edit by hand from now on).
import type { AspectSpec } from '../types.js';
import {
  ChartKey,
  CorpGroupKey,
  CorpUserKey,
  DashboardKey,
  DataPlatformKey,
  DataTypeKey,
  DatasetKey,
  EntityTypeKey,
  GlossaryTermKey,
  MLFeatureKey,
  MLFeatureTableKey,
  MLModelGroupKey,
  MLModelKey,
  MLPrimaryKeyKey,
  TagKey,
  TelemetryKey,
} from './keys.js';

export const KEYS_ASPECTS: readonly AspectSpec[] = [
  {
    name: 'datasetKey',
    schema: DatasetKey,
    searchable: [
      { path: 'platform', fieldName: 'platform', fieldType: 'URN', enableAutocomplete: true },
      { path: 'name', fieldName: 'id', fieldType: 'WORD_GRAM', enableAutocomplete: true, boostScore: 10.0 },
      {
        path: 'origin',
        fieldName: 'origin',
        fieldType: 'TEXT_PARTIAL',
        queryByDefault: false,
        addToFilters: true,
        filterNameOverride: 'Environment',
      },
    ],
  },
  {
    name: 'chartKey',
    schema: ChartKey,
    searchable: [{ path: 'dashboardTool', fieldName: 'tool', fieldType: 'TEXT_PARTIAL', boostScore: 4.0 }],
  },
  {
    name: 'dashboardKey',
    schema: DashboardKey,
    searchable: [{ path: 'dashboardTool', fieldName: 'tool', fieldType: 'TEXT_PARTIAL', boostScore: 4.0 }],
  },
  {
    name: 'corpUserKey',
    schema: CorpUserKey,
    searchable: [
      {
        path: 'username',
        fieldName: 'ldap',
        fieldType: 'WORD_GRAM',
        enableAutocomplete: true,
        boostScore: 2.0,
      },
    ],
  },
  {
    name: 'corpGroupKey',
    schema: CorpGroupKey,
    searchable: [
      {
        path: 'name',
        fieldName: 'name',
        fieldType: 'WORD_GRAM',
        queryByDefault: true,
        enableAutocomplete: true,
        boostScore: 10.0,
      },
    ],
  },
  {
    name: 'tagKey',
    schema: TagKey,
    searchable: [
      { path: 'name', fieldName: 'id', fieldType: 'WORD_GRAM', enableAutocomplete: true, boostScore: 10.0 },
    ],
  },
  {
    name: 'glossaryTermKey',
    schema: GlossaryTermKey,
    searchable: [{ path: 'name', fieldName: 'id', fieldType: 'WORD_GRAM', enableAutocomplete: true }],
  },
  {
    name: 'mlFeatureKey',
    schema: MLFeatureKey,
    searchable: [
      { path: 'featureNamespace', fieldName: 'featureNamespace', fieldType: 'TEXT_PARTIAL' },
      { path: 'name', fieldName: 'name', fieldType: 'WORD_GRAM', enableAutocomplete: true, boostScore: 10.0 },
    ],
  },
  {
    name: 'mlPrimaryKeyKey',
    schema: MLPrimaryKeyKey,
    searchable: [
      { path: 'featureNamespace', fieldName: 'featureNamespace', fieldType: 'TEXT_PARTIAL' },
      { path: 'name', fieldName: 'name', fieldType: 'WORD_GRAM', enableAutocomplete: true, boostScore: 10.0 },
    ],
  },
  {
    name: 'mlFeatureTableKey',
    schema: MLFeatureTableKey,
    relationships: [{ path: 'platform', name: 'SourcePlatform', entityTypes: ['dataPlatform'] }],
    searchable: [
      { path: 'name', fieldName: 'name', fieldType: 'WORD_GRAM', enableAutocomplete: true, boostScore: 10.0 },
    ],
  },
  {
    name: 'mlModelKey',
    schema: MLModelKey,
    searchable: [
      { path: 'name', fieldName: 'id', fieldType: 'WORD_GRAM', enableAutocomplete: true, boostScore: 10.0 },
      {
        path: 'origin',
        fieldName: 'origin',
        fieldType: 'TEXT_PARTIAL',
        queryByDefault: false,
        addToFilters: true,
        filterNameOverride: 'Environment',
      },
    ],
  },
  {
    name: 'mlModelGroupKey',
    schema: MLModelGroupKey,
    searchable: [
      { path: 'name', fieldName: 'id', fieldType: 'WORD_GRAM', enableAutocomplete: true, boostScore: 10.0 },
      { path: 'origin', fieldName: 'origin', fieldType: 'TEXT_PARTIAL', queryByDefault: false },
    ],
  },
  { name: 'dataPlatformKey', schema: DataPlatformKey },
  { name: 'telemetryKey', schema: TelemetryKey },
  { name: 'dataTypeKey', schema: DataTypeKey },
  { name: 'entityTypeKey', schema: EntityTypeKey },
];

// The keys aspects: which record each is, and its relationship and searchable annotations (facts
// of DataHub's aspect models, transcribed from the pinned client's schemas; edit by hand from now on).
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
  SchemaFieldKey,
  TagKey,
  TelemetryKey,
} from './keys.js';
import { featureNamespaceSearch, idSearch, nameSearch, originSearch, toolSearch } from './shared.aspects.js';

export const KEYS_ASPECTS: readonly AspectSpec[] = [
  {
    name: 'schemaFieldKey',
    schema: SchemaFieldKey,
    searchable: [
      { path: 'parent', fieldName: 'parent', fieldType: 'URN', queryByDefault: false },
      { path: 'fieldPath', fieldName: 'fieldPath', fieldType: 'KEYWORD', queryByDefault: true },
    ],
  },
  {
    name: 'datasetKey',
    schema: DatasetKey,
    searchable: [
      {
        path: 'platform',
        fieldName: 'platform',
        fieldType: 'URN',
        queryByDefault: true,
        enableAutocomplete: true,
      },
      idSearch,
      originSearch,
    ],
  },
  { name: 'chartKey', schema: ChartKey, searchable: [toolSearch] },
  { name: 'dashboardKey', schema: DashboardKey, searchable: [toolSearch] },
  {
    name: 'corpUserKey',
    schema: CorpUserKey,
    searchable: [
      {
        path: 'username',
        fieldName: 'ldap',
        fieldType: 'WORD_GRAM',
        queryByDefault: true,
        enableAutocomplete: true,
        boostScore: 2.0,
      },
    ],
  },
  { name: 'corpGroupKey', schema: CorpGroupKey, searchable: [nameSearch] },
  { name: 'tagKey', schema: TagKey, searchable: [idSearch] },
  {
    name: 'glossaryTermKey',
    schema: GlossaryTermKey,
    searchable: [
      {
        path: 'name',
        fieldName: 'id',
        fieldType: 'WORD_GRAM',
        queryByDefault: true,
        enableAutocomplete: true,
      },
    ],
  },
  { name: 'mlFeatureKey', schema: MLFeatureKey, searchable: [featureNamespaceSearch, nameSearch] },
  { name: 'mlPrimaryKeyKey', schema: MLPrimaryKeyKey, searchable: [featureNamespaceSearch, nameSearch] },
  {
    name: 'mlFeatureTableKey',
    schema: MLFeatureTableKey,
    relationships: [{ path: 'platform', name: 'SourcePlatform', entityTypes: ['dataPlatform'] }],
    searchable: [nameSearch],
  },
  { name: 'mlModelKey', schema: MLModelKey, searchable: [idSearch, originSearch] },
  {
    name: 'mlModelGroupKey',
    schema: MLModelGroupKey,
    searchable: [
      idSearch,
      { path: 'origin', fieldName: 'origin', fieldType: 'TEXT_PARTIAL', queryByDefault: false },
    ],
  },
  { name: 'dataPlatformKey', schema: DataPlatformKey },
  { name: 'telemetryKey', schema: TelemetryKey },
  { name: 'dataTypeKey', schema: DataTypeKey },
  { name: 'entityTypeKey', schema: EntityTypeKey },
];

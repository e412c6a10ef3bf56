// The dataset aspects: which record each is, and its relationship and searchable annotations (facts
// of DataHub's aspect models, transcribed from the pinned client's schemas; edit by hand from now on).
import type { AspectSpec } from '../types.js';
import {
  DatasetProfile,
  DatasetProperties,
  DatasetUsageStatistics,
  EditableDatasetProperties,
  UpstreamLineage,
} from './dataset.js';
import {
  createdAtSearch,
  customPropertiesSearch,
  descriptionSearch,
  editedDescriptionSearch,
  externalUrlSearch,
  lastModifiedAtSearch,
  nameSearch,
} from './shared.aspects.js';

export const DATASET_ASPECTS: readonly AspectSpec[] = [
  {
    name: 'datasetProperties',
    schema: DatasetProperties,
    searchable: [
      customPropertiesSearch,
      externalUrlSearch,
      nameSearch,
      {
        path: 'qualifiedName',
        fieldName: 'qualifiedName',
        fieldType: 'WORD_GRAM',
        queryByDefault: true,
        enableAutocomplete: true,
        boostScore: 10.0,
      },
      descriptionSearch,
      createdAtSearch,
      lastModifiedAtSearch,
    ],
  },
  {
    name: 'editableDatasetProperties',
    schema: EditableDatasetProperties,
    searchable: [
      editedDescriptionSearch,
      {
        path: 'name',
        fieldName: 'editedName',
        fieldType: 'TEXT_PARTIAL',
        queryByDefault: true,
        boostScore: 10.0,
      },
    ],
  },
  {
    name: 'upstreamLineage',
    schema: UpstreamLineage,
    relationships: [
      { path: 'upstreams/*/dataset', name: 'DownstreamOf', entityTypes: ['dataset'], isLineage: true },
      {
        path: 'fineGrainedLineages/*/upstreams/*',
        name: 'DownstreamOf',
        entityTypes: ['dataset', 'schemaField'],
      },
    ],
    searchable: [
      {
        path: 'upstreams/*/dataset',
        fieldName: 'upstreams',
        fieldType: 'URN',
        queryByDefault: false,
        hasValuesFieldName: 'hasUpstreams',
      },
      {
        path: 'fineGrainedLineages/*/upstreams/*',
        fieldName: 'fineGrainedUpstreams',
        fieldType: 'URN',
        queryByDefault: false,
        hasValuesFieldName: 'hasFineGrainedUpstreams',
      },
    ],
  },
  {
    name: 'datasetUsageStatistics',
    schema: DatasetUsageStatistics,
    timeseries: true,
    searchable: [
      {
        path: 'uniqueUserCount',
        fieldName: 'uniqueUserCount',
        fieldType: 'COUNT',
        queryByDefault: false,
        hasValuesFieldName: 'hasUniqueUserCount',
      },
      {
        path: 'totalSqlQueries',
        fieldName: 'totalSqlQueries',
        fieldType: 'COUNT',
        queryByDefault: false,
        hasValuesFieldName: 'hasTotalSqlQueriesCount',
      },
    ],
  },
  {
    name: 'datasetProfile',
    schema: DatasetProfile,
    timeseries: true,
    searchable: [
      {
        path: 'rowCount',
        fieldName: 'rowCount',
        fieldType: 'COUNT',
        queryByDefault: false,
        hasValuesFieldName: 'hasRowCount',
      },
      {
        path: 'columnCount',
        fieldName: 'columnCount',
        fieldType: 'COUNT',
        queryByDefault: false,
        hasValuesFieldName: 'hasColumnCount',
      },
      {
        path: 'sizeInBytes',
        fieldName: 'sizeInBytes',
        fieldType: 'COUNT',
        queryByDefault: false,
        hasValuesFieldName: 'hasSizeInBytes',
      },
    ],
  },
];

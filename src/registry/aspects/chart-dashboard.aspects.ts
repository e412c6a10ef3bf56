// The chart-dashboard aspects: which record each is, and its relationship and searchable annotations (facts
// of DataHub's aspect models, transcribed once by a throwaway script; edit by hand from now on).
import type { AspectSpec } from '../types.js';
import {
  ChartInfo,
  DashboardInfo,
  EditableChartProperties,
  EditableDashboardProperties,
} from './chart-dashboard.js';

export const CHART_DASHBOARD_ASPECTS: readonly AspectSpec[] = [
  {
    name: 'chartInfo',
    schema: ChartInfo,
    relationships: [
      { path: 'inputs/*/string', name: 'Consumes', entityTypes: ['dataset'], isLineage: true },
      {
        path: 'inputEdges/*/destinationUrn',
        name: 'Consumes',
        entityTypes: ['dataset', 'chart'],
        isLineage: true,
      },
    ],
    searchable: [
      { path: 'customProperties/*', fieldName: 'customProperties', fieldType: 'TEXT', queryByDefault: true },
      { path: 'externalUrl', fieldName: 'externalUrl', fieldType: 'KEYWORD' },
      {
        path: 'title',
        fieldName: 'title',
        fieldType: 'WORD_GRAM',
        enableAutocomplete: true,
        boostScore: 10.0,
      },
      {
        path: 'description',
        fieldName: 'description',
        fieldType: 'TEXT',
        hasValuesFieldName: 'hasDescription',
      },
      { path: 'lastModified/created/time', fieldName: 'createdAt', fieldType: 'DATETIME' },
      { path: 'lastModified/lastModified/time', fieldName: 'lastModifiedAt', fieldType: 'DATETIME' },
      { path: 'chartUrl', fieldName: 'chartUrl', fieldType: 'KEYWORD' },
      {
        path: 'type',
        fieldName: 'type',
        fieldType: 'KEYWORD',
        addToFilters: true,
        filterNameOverride: 'Chart Type',
      },
      {
        path: 'access',
        fieldName: 'access',
        fieldType: 'KEYWORD',
        addToFilters: true,
        filterNameOverride: 'Access Level',
      },
    ],
  },
  {
    name: 'editableChartProperties',
    schema: EditableChartProperties,
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
    name: 'dashboardInfo',
    schema: DashboardInfo,
    relationships: [
      { path: 'charts/*', name: 'Contains', entityTypes: ['chart'], isLineage: true },
      { path: 'chartEdges/*/destinationUrn', name: 'Contains', entityTypes: ['chart'], isLineage: true },
      { path: 'datasets/*', name: 'Consumes', entityTypes: ['dataset'], isLineage: true },
      { path: 'datasetEdges/*/destinationUrn', name: 'Consumes', entityTypes: ['dataset'], isLineage: true },
      {
        path: 'dashboards/*/destinationUrn',
        name: 'DashboardContainsDashboard',
        entityTypes: ['dashboard'],
        isLineage: true,
      },
    ],
    searchable: [
      { path: 'customProperties/*', fieldName: 'customProperties', fieldType: 'TEXT', queryByDefault: true },
      { path: 'externalUrl', fieldName: 'externalUrl', fieldType: 'KEYWORD' },
      {
        path: 'title',
        fieldName: 'title',
        fieldType: 'WORD_GRAM',
        enableAutocomplete: true,
        boostScore: 10.0,
      },
      {
        path: 'description',
        fieldName: 'description',
        fieldType: 'TEXT',
        hasValuesFieldName: 'hasDescription',
      },
      { path: 'lastModified/created/time', fieldName: 'createdAt', fieldType: 'DATETIME' },
      { path: 'lastModified/lastModified/time', fieldName: 'lastModifiedAt', fieldType: 'DATETIME' },
      { path: 'dashboardUrl', fieldName: 'dashboardUrl', fieldType: 'KEYWORD' },
      {
        path: 'access',
        fieldName: 'access',
        fieldType: 'KEYWORD',
        addToFilters: true,
        filterNameOverride: 'Access Level',
      },
    ],
  },
  {
    name: 'editableDashboardProperties',
    schema: EditableDashboardProperties,
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

// The chart-dashboard aspects: which record each is, and its relationship and searchable annotations (facts
// of DataHub's aspect models, transcribed from the pinned client's schemas; edit by hand from now on).
import type { AspectSpec } from '../types.js';
import {
  ChartInfo,
  DashboardInfo,
  EditableChartProperties,
  EditableDashboardProperties,
} from './chart-dashboard.js';
import {
  accessSearch,
  changeStampsCreatedAtSearch,
  changeStampsLastModifiedAtSearch,
  customPropertiesSearch,
  descriptionSearch,
  editedDescriptionSearch,
  externalUrlSearch,
  titleSearch,
} from './shared.aspects.js';

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
      customPropertiesSearch,
      externalUrlSearch,
      titleSearch,
      descriptionSearch,
      changeStampsCreatedAtSearch,
      changeStampsLastModifiedAtSearch,
      { path: 'chartUrl', fieldName: 'chartUrl', fieldType: 'KEYWORD', queryByDefault: false },
      {
        path: 'type',
        fieldName: 'type',
        fieldType: 'KEYWORD',
        queryByDefault: false,
        addToFilters: true,
        filterNameOverride: 'Chart Type',
      },
      accessSearch,
    ],
  },
  { name: 'editableChartProperties', schema: EditableChartProperties, searchable: [editedDescriptionSearch] },
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
      customPropertiesSearch,
      externalUrlSearch,
      titleSearch,
      descriptionSearch,
      changeStampsCreatedAtSearch,
      changeStampsLastModifiedAtSearch,
      { path: 'dashboardUrl', fieldName: 'dashboardUrl', fieldType: 'KEYWORD', queryByDefault: false },
      accessSearch,
    ],
  },
  {
    name: 'editableDashboardProperties',
    schema: EditableDashboardProperties,
    searchable: [editedDescriptionSearch],
  },
];

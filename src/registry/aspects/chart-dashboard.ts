// Schemas of the chart-dashboard records, transcribed from DataHub's published aspect models (field names, types,
// optionality and defaults are wire facts). Generated once by a throwaway script; edit by hand from now on.
import { array, enumOf, map, optional, record, string, time, union, urn, withDefault } from '../schema.js';
import { AccessLevel, AuditStamp, ChangeAuditStamps, Edge, UNKNOWN_STAMP } from './common.js';

export const ChartType = enumOf('com.linkedin.chart.ChartType', [
  'BAR',
  'PIE',
  'SCATTER',
  'TABLE',
  'TEXT',
  'LINE',
  'AREA',
  'HISTOGRAM',
  'BOX_PLOT',
  'WORD_CLOUD',
  'COHORT',
]);

export const ChartInfo = record('com.linkedin.chart.ChartInfo', {
  customProperties: withDefault(map(string), {}),
  externalUrl: optional(string),
  title: string,
  description: string,
  lastModified: ChangeAuditStamps,
  chartUrl: optional(string),
  inputs: optional(array(union(urn('dataset')))),
  inputEdges: optional(array(Edge)),
  type: optional(ChartType),
  access: optional(AccessLevel),
  lastRefreshed: optional(time),
});

export const EditableChartProperties = record('com.linkedin.chart.EditableChartProperties', {
  created: withDefault(AuditStamp, UNKNOWN_STAMP),
  lastModified: withDefault(AuditStamp, UNKNOWN_STAMP),
  deleted: optional(AuditStamp),
  description: optional(string),
});

export const DashboardInfo = record('com.linkedin.dashboard.DashboardInfo', {
  customProperties: withDefault(map(string), {}),
  externalUrl: optional(string),
  title: string,
  description: string,
  charts: withDefault(array(urn('chart')), []),
  chartEdges: optional(array(Edge)),
  datasets: withDefault(array(urn('dataset')), []),
  datasetEdges: optional(array(Edge)),
  dashboards: withDefault(array(Edge), []),
  lastModified: ChangeAuditStamps,
  dashboardUrl: optional(string),
  access: optional(AccessLevel),
  lastRefreshed: optional(time),
});

export const EditableDashboardProperties = record('com.linkedin.dashboard.EditableDashboardProperties', {
  created: withDefault(AuditStamp, UNKNOWN_STAMP),
  lastModified: withDefault(AuditStamp, UNKNOWN_STAMP),
  deleted: optional(AuditStamp),
  description: optional(string),
});

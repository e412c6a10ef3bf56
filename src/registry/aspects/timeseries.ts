// Schemas of the timeseries records, transcribed from DataHub's published aspect models (field names, types,
// optionality and defaults are wire facts). Generated once by a throwaway script; edit by hand from now on.
import { enumOf, int, optional, record, string, time, withDefault } from '../schema.js';

export const PartitionType = enumOf('com.linkedin.timeseries.PartitionType', [
  'FULL_TABLE',
  'QUERY',
  'PARTITION',
]);

export const CalendarInterval = enumOf('com.linkedin.timeseries.CalendarInterval', [
  'SECOND',
  'MINUTE',
  'HOUR',
  'DAY',
  'WEEK',
  'MONTH',
  'QUARTER',
  'YEAR',
]);

export const TimeWindowSize = record('com.linkedin.timeseries.TimeWindowSize', {
  unit: CalendarInterval,
  multiple: withDefault(int, 1),
});

export const TimeWindow = record('com.linkedin.timeseries.TimeWindow', {
  startTimeMillis: time,
  length: TimeWindowSize,
});

export const PartitionSpec = record('com.linkedin.timeseries.PartitionSpec', {
  partition: string,
  timePartition: optional(TimeWindow),
  type: withDefault(PartitionType, 'PARTITION'),
});

// Schemas of the platform records, transcribed from DataHub's published aspect models (field names, types,
// optionality and defaults are wire facts). Generated once by a throwaway script; edit by hand from now on.
import { boolean, enumOf, optional, record, string } from '../schema.js';

export const PlatformType = enumOf('com.linkedin.dataplatform.PlatformType', [
  'FILE_SYSTEM',
  'KEY_VALUE_STORE',
  'MESSAGE_BROKER',
  'OBJECT_STORE',
  'OLAP_DATASTORE',
  'OTHERS',
  'QUERY_ENGINE',
  'RELATIONAL_DB',
  'SEARCH_ENGINE',
]);

export const DataPlatformInfo = record('com.linkedin.dataplatform.DataPlatformInfo', {
  name: string,
  displayName: optional(string),
  type: PlatformType,
  datasetNameDelimiter: string,
  logical: optional(boolean),
  logoUrl: optional(string),
});

export const TelemetryClientId = record('com.linkedin.telemetry.TelemetryClientId', {
  clientId: string,
});

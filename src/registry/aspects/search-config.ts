// Schemas of the search-config records, transcribed from DataHub's published aspect models (field names, types,
// optionality and defaults are wire facts). Generated once by a throwaway script; edit by hand from now on.
import { array, boolean, double, enumOf, map, optional, record, string, withDefault } from '../schema.js';

export const SearchFieldType = enumOf('com.linkedin.datahub.SearchFieldType', [
  'KEYWORD',
  'TEXT',
  'TEXT_PARTIAL',
  'BROWSE_PATH',
  'URN',
  'URN_PARTIAL',
  'BOOLEAN',
  'COUNT',
  'DATETIME',
  'OBJECT',
  'BROWSE_PATH_V2',
  'WORD_GRAM',
]);

export const DataHubSearchConfig = record('com.linkedin.datahub.DataHubSearchConfig', {
  fieldName: optional(string),
  fieldType: optional(SearchFieldType),
  queryByDefault: withDefault(boolean, false),
  excludeFromFullTextSearch: optional(boolean),
  enableAutocomplete: withDefault(boolean, false),
  addToFilters: withDefault(boolean, false),
  addHasValuesToFilters: withDefault(boolean, true),
  filterNameOverride: optional(string),
  hasValuesFilterNameOverride: optional(string),
  boostScore: withDefault(double, 1.0),
  subfieldBoostScores: optional(map(double)),
  hasValuesFieldName: optional(string),
  numValuesFieldName: optional(string),
  weightsPerFieldValue: optional(map(double)),
  fieldNameAliases: optional(array(string)),
  copyTo: optional(array(string)),
  copyUrnTo: optional(array(string)),
});

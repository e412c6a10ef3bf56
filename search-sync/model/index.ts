export { CONDITIONS, conjunctions, criterionValues, matches, type Criterion, type Filter } from './filter.js';
export {
  buildDocument,
  defaultBrowsePath,
  searchFields,
  type FieldValue,
  type SearchDocument,
  type SearchField,
} from './document.js';
export type {
  AutocompleteQuery,
  AutocompleteScope,
  AutocompleteResult,
  BrowseQuery,
  BrowseResult,
  DocumentSource,
  EntityRef,
  Fence,
  FieldResolver,
  PendingWrite,
  ResolvedField,
  SearchHit,
  SearchIndex,
  SearchQuery,
  SearchResult,
  SortCriterion,
  SyncControl,
  SyncStatus,
} from './search-index.js';
export { browseOf, folder, foldersOf, pathParts } from './browse-paths.js';
export { exactMatch, matchedFields } from './matching.js';
export { autocompleteCandidates, suggestions, type SuggestionRow } from './suggestions.js';
export { indexTerms, searchWords, urnName, wordsOf } from './words.js';
export { mapInSlices, nextTurn, SLICE } from './slices.js';
export {
  SP_FIELD,
  VERSIONED,
  doubleText,
  dynamicField,
  isStructuredField,
  mappingsOf,
  structuredType,
  underscored,
  withExtra,
} from './structured-fields.js';
export {
  BROWSE_V2_LEVELS,
  BROWSE_V2_SEP,
  browseV2Path,
  byCountThenName,
  defaultBrowsePathV2,
  defaultPathInstance,
  type BrowseV2Group,
  type BrowseV2Query,
  type BrowseV2Result,
} from './browse-v2.js';

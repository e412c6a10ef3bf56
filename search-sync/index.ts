export {
  buildDocument,
  defaultBrowsePath,
  searchFields,
  type SearchDocument,
  type SearchField,
} from './document.js';
export type {
  Fence,
  PendingWrite,
  SearchHit,
  SearchIndex,
  SearchQuery,
  SearchResult,
} from './search-index.js';
export { EmbeddedSearchIndex } from './embedded/embedded-index.js';
export { MeiliSearchIndex } from './meilisearch/meili-index.js';
export { SearchSyncWorker, type SyncStatus } from './worker.js';
export { SearchService, type SearchRequest } from './search-service.js';
export { OperationsService, type RestoreParams, type TruncateParams } from './operations-service.js';
export { StructuredFieldResolver } from './structured-fields.js';
export {
  MAPPINGS_REINDEX_FLAG,
  STRUCTURED_PROPERTIES_FLAG,
  systemUpdate,
  type SystemUpdateResult,
} from './system-update.js';

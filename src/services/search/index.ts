export { SearchService, type SearchRequest, type Unscoped } from './search-service.js';
export {
  OperationsService,
  type RestoreParams,
  type TaskRunner,
  type TruncateParams,
} from './operations-service.js';
export { StructuredFieldResolver, type ResolvedField } from './structured-fields.js';
export { SearchDocuments } from './documents.js';
export {
  MAPPINGS_REINDEX_FLAG,
  STRUCTURED_PROPERTIES_FLAG,
  systemUpdate,
  type SystemUpdateResult,
} from './system-update.js';

export { SearchService, type SearchRequest, type Unscoped } from './search-service.js';
export {
  MAPPINGS_REINDEX_FLAG,
  STRUCTURED_PROPERTIES_FLAG,
  systemUpdate,
  type SystemUpdateResult,
} from './system-update.js';

export { EmbeddedSearchIndex } from './embedded/index.js';
export { MeiliSearchIndex, type MeiliOptions } from './meilisearch/index.js';
export { SearchSyncWorker, type WorkerOptions } from './worker.js';

export { EmbeddedSearchIndex } from './embedded/index.js';
export { MeiliSearchIndex, type MeiliOptions } from './meilisearch/index.js';
export { openSearchIndex, searchIndexOf } from './index-of.js';

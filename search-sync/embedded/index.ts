export { EmbeddedSearchIndex } from './embedded-index.js';

export { MeiliSearchIndex, type MeiliOptions } from './meili-index.js';

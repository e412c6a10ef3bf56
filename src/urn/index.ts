export { parseUrn, makeUrn, entityTypeOf, type ParsedUrn } from './urn.js';

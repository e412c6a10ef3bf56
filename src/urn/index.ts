export { parseUrn, makeUrn, entityTypeOf, isControlCharacter, type ParsedUrn } from './urn.js';

export {
  parseUrn,
  makeUrn,
  entityTypeOf,
  isControlCharacter,
  schemaFieldUrn,
  type ParsedUrn,
} from './urn.js';

export {
  parseUrn,
  makeUrn,
  entityTypeOf,
  isControlCharacter,
  schemaFieldPath,
  schemaFieldUrn,
  type ParsedUrn,
} from './urn.js';

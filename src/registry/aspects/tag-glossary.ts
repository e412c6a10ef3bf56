// Schemas of the tag-glossary records, transcribed from DataHub's published aspect models (field names, types,
// optionality and defaults are wire facts). Generated once by a throwaway script; edit by hand from now on.
import { map, optional, record, string, urn, withDefault } from '../schema.js';

export const GlossaryTermInfo = record('com.linkedin.glossary.GlossaryTermInfo', {
  customProperties: withDefault(map(string), {}),
  id: optional(string),
  name: optional(string),
  definition: string,
  parentNode: optional(urn('glossaryNode')),
  termSource: string,
  sourceRef: optional(string),
  sourceUrl: optional(string),
  rawSchema: optional(string),
});

export const TagProperties = record('com.linkedin.tag.TagProperties', {
  name: string,
  description: optional(string),
  colorHex: optional(string),
});

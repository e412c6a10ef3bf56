// The tag-glossary aspects: which record each is, and its relationship and searchable annotations (facts
// of DataHub's aspect models, transcribed once by a throwaway script; edit by hand from now on).
import type { AspectSpec } from '../types.js';
import { GlossaryTermInfo, TagProperties } from './tag-glossary.js';

export const TAG_GLOSSARY_ASPECTS: readonly AspectSpec[] = [
  {
    name: 'tagProperties',
    schema: TagProperties,
    searchable: [
      { path: 'name', fieldName: 'name', fieldType: 'WORD_GRAM', enableAutocomplete: true, boostScore: 10.0 },
      {
        path: 'description',
        fieldName: 'description',
        fieldType: 'TEXT',
        hasValuesFieldName: 'hasDescription',
      },
    ],
  },
  {
    name: 'glossaryTermInfo',
    schema: GlossaryTermInfo,
    relationships: [{ path: 'parentNode', name: 'IsPartOf', entityTypes: ['glossaryNode'] }],
    searchable: [
      { path: 'customProperties/*', fieldName: 'customProperties', fieldType: 'TEXT', queryByDefault: true },
      { path: 'id', fieldName: 'id', fieldType: 'TEXT_PARTIAL' },
      { path: 'name', fieldName: 'name', fieldType: 'WORD_GRAM', enableAutocomplete: true, boostScore: 10.0 },
      {
        path: 'definition',
        fieldName: 'definition',
        fieldType: 'TEXT',
        hasValuesFieldName: 'hasDescription',
      },
      { path: 'parentNode', fieldName: 'parentNode', fieldType: 'URN', hasValuesFieldName: 'hasParentNode' },
      { path: 'termSource', fieldName: 'termSource', fieldType: 'KEYWORD' },
      { path: 'sourceRef', fieldName: 'sourceRef', fieldType: 'KEYWORD' },
    ],
  },
];

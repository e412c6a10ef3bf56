// The tag-glossary aspects: which record each is, and its relationship and searchable annotations (facts
// of DataHub's aspect models, transcribed once by a throwaway script; edit by hand from now on).
import type { AspectSpec } from '../types.js';
import { GlossaryTermInfo, TagProperties } from './tag-glossary.js';
import { customPropertiesSearch, descriptionSearch, nameSearch2 } from './shared.aspects.js';

export const TAG_GLOSSARY_ASPECTS: readonly AspectSpec[] = [
  { name: 'tagProperties', schema: TagProperties, searchable: [nameSearch2, descriptionSearch] },
  {
    name: 'glossaryTermInfo',
    schema: GlossaryTermInfo,
    relationships: [{ path: 'parentNode', name: 'IsPartOf', entityTypes: ['glossaryNode'] }],
    searchable: [
      customPropertiesSearch,
      { path: 'id', fieldName: 'id', fieldType: 'TEXT_PARTIAL' },
      nameSearch2,
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

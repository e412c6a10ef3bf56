// The tag-glossary aspects: which record each is, and its relationship and searchable annotations (facts
// of DataHub's aspect models, transcribed from the pinned client's schemas; edit by hand from now on).
import type { AspectSpec } from '../types.js';
import { GlossaryTermInfo, TagProperties } from './tag-glossary.js';
import { customPropertiesSearch, descriptionSearch, nameSearch } from './shared.aspects.js';

export const TAG_GLOSSARY_ASPECTS: readonly AspectSpec[] = [
  { name: 'tagProperties', schema: TagProperties, searchable: [nameSearch, descriptionSearch] },
  {
    name: 'glossaryTermInfo',
    schema: GlossaryTermInfo,
    relationships: [{ path: 'parentNode', name: 'IsPartOf', entityTypes: ['glossaryNode'] }],
    searchable: [
      customPropertiesSearch,
      { path: 'id', fieldName: 'id', fieldType: 'TEXT_PARTIAL', queryByDefault: true },
      nameSearch,
      {
        path: 'definition',
        fieldName: 'definition',
        fieldType: 'TEXT',
        queryByDefault: true,
        hasValuesFieldName: 'hasDescription',
      },
      {
        path: 'parentNode',
        fieldName: 'parentNode',
        fieldType: 'URN',
        queryByDefault: true,
        hasValuesFieldName: 'hasParentNode',
      },
      { path: 'termSource', fieldName: 'termSource', fieldType: 'KEYWORD', queryByDefault: false },
      { path: 'sourceRef', fieldName: 'sourceRef', fieldType: 'KEYWORD', queryByDefault: false },
    ],
  },
];

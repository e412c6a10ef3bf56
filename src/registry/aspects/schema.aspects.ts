// The schema aspects: which record each is, and its relationship and searchable annotations (facts
// of DataHub's aspect models, transcribed from the pinned client's schemas; edit by hand from now on).
import type { AspectSpec } from '../types.js';
import { EditableSchemaMetadata, SchemaMetadata } from './schema.js';

export const SCHEMA_ASPECTS: readonly AspectSpec[] = [
  {
    name: 'schemaMetadata',
    schema: SchemaMetadata,
    relationships: [
      { path: 'fields/*/globalTags/tags/*/tag', name: 'SchemaFieldTaggedWith', entityTypes: ['tag'] },
      {
        path: 'fields/*/glossaryTerms/terms/*/urn',
        name: 'SchemaFieldWithGlossaryTerm',
        entityTypes: ['glossaryTerm'],
      },
      { path: 'foreignKeys/*/foreignFields/*', name: 'ForeignKeyTo', entityTypes: ['schemaField'] },
      { path: 'foreignKeys/*/foreignDataset', name: 'ForeignKeyToDataset', entityTypes: ['dataset'] },
    ],
    searchable: [
      { path: 'fields/*/fieldPath', fieldName: 'fieldPaths', fieldType: 'TEXT', queryByDefault: true },
      {
        path: 'fields/*/description',
        fieldName: 'fieldDescriptions',
        fieldType: 'TEXT',
        queryByDefault: true,
        hasValuesFieldName: 'hasDescription',
      },
      { path: 'fields/*/label', fieldName: 'fieldLabels', fieldType: 'TEXT', queryByDefault: true },
      {
        path: 'fields/*/globalTags/tags/*/attribution/actor',
        fieldName: 'fieldTagAttributionActors',
        fieldType: 'URN',
        queryByDefault: false,
      },
      {
        path: 'fields/*/globalTags/tags/*/attribution/source',
        fieldName: 'fieldTagAttributionSources',
        fieldType: 'URN',
        queryByDefault: false,
      },
      {
        path: 'fields/*/globalTags/tags/*/attribution/time',
        fieldName: 'fieldTagAttributionDates',
        fieldType: 'DATETIME',
        queryByDefault: false,
      },
      {
        path: 'fields/*/globalTags/tags/*/tag',
        fieldName: 'fieldTags',
        fieldType: 'URN',
        queryByDefault: true,
        boostScore: 0.5,
        hasValuesFieldName: 'hasTags',
      },
      {
        path: 'fields/*/glossaryTerms/terms/*/attribution/actor',
        fieldName: 'fieldTermAttributionActors',
        fieldType: 'URN',
        queryByDefault: false,
      },
      {
        path: 'fields/*/glossaryTerms/terms/*/attribution/source',
        fieldName: 'fieldTermAttributionSources',
        fieldType: 'URN',
        queryByDefault: false,
      },
      {
        path: 'fields/*/glossaryTerms/terms/*/attribution/time',
        fieldName: 'fieldTermAttributionDates',
        fieldType: 'DATETIME',
        queryByDefault: false,
      },
      {
        path: 'fields/*/glossaryTerms/terms/*/urn',
        fieldName: 'fieldGlossaryTerms',
        fieldType: 'URN',
        queryByDefault: true,
        boostScore: 0.5,
        hasValuesFieldName: 'hasGlossaryTerms',
      },
    ],
  },
  {
    name: 'editableSchemaMetadata',
    schema: EditableSchemaMetadata,
    relationships: [
      {
        path: 'editableSchemaFieldInfo/*/globalTags/tags/*/tag',
        name: 'EditableSchemaFieldTaggedWith',
        entityTypes: ['tag'],
      },
      {
        path: 'editableSchemaFieldInfo/*/glossaryTerms/terms/*/urn',
        name: 'EditableSchemaFieldWithGlossaryTerm',
        entityTypes: ['glossaryTerm'],
      },
    ],
    searchable: [
      {
        path: 'editableSchemaFieldInfo/*/description',
        fieldName: 'editedFieldDescriptions',
        fieldType: 'TEXT',
        queryByDefault: true,
        hasValuesFieldName: 'hasDescription',
      },
      {
        path: 'editableSchemaFieldInfo/*/globalTags/tags/*/attribution/actor',
        fieldName: 'editedFieldTagAttributionActors',
        fieldType: 'URN',
        queryByDefault: false,
      },
      {
        path: 'editableSchemaFieldInfo/*/globalTags/tags/*/attribution/source',
        fieldName: 'editedFieldTagAttributionSources',
        fieldType: 'URN',
        queryByDefault: false,
      },
      {
        path: 'editableSchemaFieldInfo/*/globalTags/tags/*/attribution/time',
        fieldName: 'editedFieldTagAttributionDates',
        fieldType: 'DATETIME',
        queryByDefault: false,
      },
      {
        path: 'editableSchemaFieldInfo/*/globalTags/tags/*/tag',
        fieldName: 'editedFieldTags',
        fieldType: 'URN',
        queryByDefault: true,
        boostScore: 0.5,
        hasValuesFieldName: 'hasTags',
      },
      {
        path: 'editableSchemaFieldInfo/*/glossaryTerms/terms/*/attribution/actor',
        fieldName: 'editedFieldTermAttributionActors',
        fieldType: 'URN',
        queryByDefault: false,
      },
      {
        path: 'editableSchemaFieldInfo/*/glossaryTerms/terms/*/attribution/source',
        fieldName: 'editedFieldTermAttributionSources',
        fieldType: 'URN',
        queryByDefault: false,
      },
      {
        path: 'editableSchemaFieldInfo/*/glossaryTerms/terms/*/attribution/time',
        fieldName: 'editedFieldTermAttributionDates',
        fieldType: 'DATETIME',
        queryByDefault: false,
      },
      {
        path: 'editableSchemaFieldInfo/*/glossaryTerms/terms/*/urn',
        fieldName: 'editedFieldGlossaryTerms',
        fieldType: 'URN',
        queryByDefault: true,
        boostScore: 0.5,
        hasValuesFieldName: 'hasGlossaryTerms',
      },
    ],
  },
];

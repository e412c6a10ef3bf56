// Schemas of the schema records, transcribed from DataHub's published aspect models (field names, types,
// optionality and defaults are wire facts). Generated once by a throwaway script; edit by hand from now on.
import { array, boolean, long, map, optional, record, string, union, urn, withDefault } from '../schema.js';
import { AuditStamp, GlobalTags, GlossaryTerms, UNKNOWN_STAMP } from './common.js';

export const ArrayType = record('com.linkedin.schema.ArrayType', {
  nestedType: optional(array(string)),
});

export const BinaryJsonSchema = record('com.linkedin.schema.BinaryJsonSchema', {
  schema: string,
});

export const BooleanType = record('com.linkedin.schema.BooleanType', {});

export const BytesType = record('com.linkedin.schema.BytesType', {});

export const DatasetFieldForeignKey = record('com.linkedin.schema.DatasetFieldForeignKey', {
  parentDataset: urn(),
  currentFieldPaths: array(string),
  parentField: string,
});

export const DateType = record('com.linkedin.schema.DateType', {});

export const EditableSchemaFieldInfo = record('com.linkedin.schema.EditableSchemaFieldInfo', {
  fieldPath: string,
  description: optional(string),
  globalTags: optional(GlobalTags),
  glossaryTerms: optional(GlossaryTerms),
});

export const EditableSchemaMetadata = record('com.linkedin.schema.EditableSchemaMetadata', {
  created: withDefault(AuditStamp, UNKNOWN_STAMP),
  lastModified: withDefault(AuditStamp, UNKNOWN_STAMP),
  deleted: optional(AuditStamp),
  editableSchemaFieldInfo: array(EditableSchemaFieldInfo),
});

export const EnumType = record('com.linkedin.schema.EnumType', {});

export const EspressoSchema = record('com.linkedin.schema.EspressoSchema', {
  documentSchema: string,
  tableSchema: string,
});

export const FixedType = record('com.linkedin.schema.FixedType', {});

export const ForeignKeyConstraint = record('com.linkedin.schema.ForeignKeyConstraint', {
  name: string,
  foreignFields: array(urn('schemaField')),
  sourceFields: array(urn()),
  foreignDataset: urn('dataset'),
});

export const UrnForeignKey = record('com.linkedin.schema.UrnForeignKey', {
  currentFieldPath: string,
});

export const ForeignKeySpec = record('com.linkedin.schema.ForeignKeySpec', {
  foreignKey: union(DatasetFieldForeignKey, UrnForeignKey),
});

export const KafkaSchema = record('com.linkedin.schema.KafkaSchema', {
  documentSchema: string,
  documentSchemaType: optional(string),
  keySchema: optional(string),
  keySchemaType: optional(string),
});

export const KeyValueSchema = record('com.linkedin.schema.KeyValueSchema', {
  keySchema: string,
  valueSchema: string,
});

export const MapType = record('com.linkedin.schema.MapType', {
  keyType: optional(string),
  valueType: optional(string),
});

export const MySqlDDL = record('com.linkedin.schema.MySqlDDL', {
  tableSchema: string,
});

export const NullType = record('com.linkedin.schema.NullType', {});

export const NumberType = record('com.linkedin.schema.NumberType', {});

export const OracleDDL = record('com.linkedin.schema.OracleDDL', {
  tableSchema: string,
});

export const OrcSchema = record('com.linkedin.schema.OrcSchema', {
  schema: string,
});

export const OtherSchema = record('com.linkedin.schema.OtherSchema', {
  rawSchema: string,
});

export const PrestoDDL = record('com.linkedin.schema.PrestoDDL', {
  rawSchema: string,
});

export const RecordType = record('com.linkedin.schema.RecordType', {});

export const StringType = record('com.linkedin.schema.StringType', {});

export const TimeType = record('com.linkedin.schema.TimeType', {});

export const UnionType = record('com.linkedin.schema.UnionType', {
  nestedTypes: optional(array(string)),
});

export const SchemaFieldDataType = record('com.linkedin.schema.SchemaFieldDataType', {
  type: union(
    BooleanType,
    FixedType,
    StringType,
    BytesType,
    NumberType,
    DateType,
    TimeType,
    EnumType,
    NullType,
    MapType,
    ArrayType,
    UnionType,
    RecordType,
  ),
});

export const SchemaField = record('com.linkedin.schema.SchemaField', {
  fieldPath: string,
  jsonPath: optional(string),
  nullable: withDefault(boolean, false),
  description: optional(string),
  label: optional(string),
  created: optional(AuditStamp),
  lastModified: optional(AuditStamp),
  type: SchemaFieldDataType,
  nativeDataType: string,
  recursive: withDefault(boolean, false),
  globalTags: optional(GlobalTags),
  glossaryTerms: optional(GlossaryTerms),
  isPartOfKey: withDefault(boolean, false),
  isPartitioningKey: optional(boolean),
  jsonProps: optional(string),
});

export const Schemaless = record('com.linkedin.schema.Schemaless', {});

export const SchemaMetadata = record('com.linkedin.schema.SchemaMetadata', {
  schemaName: string,
  platform: urn(),
  version: long,
  created: withDefault(AuditStamp, UNKNOWN_STAMP),
  lastModified: withDefault(AuditStamp, UNKNOWN_STAMP),
  deleted: optional(AuditStamp),
  dataset: optional(urn()),
  cluster: optional(string),
  hash: string,
  platformSchema: union(
    EspressoSchema,
    OracleDDL,
    MySqlDDL,
    PrestoDDL,
    KafkaSchema,
    BinaryJsonSchema,
    OrcSchema,
    Schemaless,
    KeyValueSchema,
    OtherSchema,
  ),
  fields: array(SchemaField),
  primaryKeys: optional(array(string)),
  foreignKeysSpecs: optional(map(ForeignKeySpec)),
  foreignKeys: optional(array(ForeignKeyConstraint)),
});

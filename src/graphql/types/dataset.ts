import { NotFoundError } from '../../errors/index.js';
import { Arg, createUnionType, Field, Int, ObjectType } from 'type-graphql';
import { schemaFieldUrn } from '../../services/index.js';
import { entityClass } from './entity-classes.js';
import { EntityType } from './entity-type.js';
import { datasetUsage } from './usage-query.js';
import { stringEnum } from './enums.js';
import { BrowsableEntity, FabricType } from './asset.js';
import type { GraphQLContext } from '../context.js';
import { aspectFields, stringAt, type AspectField } from './aspect-fields.js';
import {
  AuditStamp,
  GlobalTags,
  globalTags,
  GlossaryTerms,
  glossaryTerms,
  list,
  make,
  num,
  obj,
  requiredStamp,
  str,
  strings,
  type Json,
} from './common.js';
import { described, DESCRIBED } from './kind-properties.js';
import { kindBase, typeNameOf } from './kind-types.js';
import { Entity, EntityWithRelationships } from './entity.js';
import { DataPlatform } from './people.js';
import { Long } from './scalars.js';
import { fields, opt, optional, req, required, TableObjectType, type FieldsOf } from './field-table.js';

export const SchemaFieldDataType = stringEnum('SchemaFieldDataType', [
  'BYTES',
  'FIXED',
  'ENUM',
  'NUMBER',
  'DATE',
  'TIME',
  'STRING',
  'BOOLEAN',
  'NULL',
  'ARRAY',
  'MAP',
  'STRUCT',
  'UNION',
] as const);
export type SchemaFieldDataType = (typeof SchemaFieldDataType)[keyof typeof SchemaFieldDataType];

const FIELD_TYPES: Record<string, SchemaFieldDataType> = {
  BytesType: SchemaFieldDataType.BYTES,
  FixedType: SchemaFieldDataType.FIXED,
  EnumType: SchemaFieldDataType.ENUM,
  NumberType: SchemaFieldDataType.NUMBER,
  DateType: SchemaFieldDataType.DATE,
  TimeType: SchemaFieldDataType.TIME,
  StringType: SchemaFieldDataType.STRING,
  BooleanType: SchemaFieldDataType.BOOLEAN,
  NullType: SchemaFieldDataType.NULL,
  ArrayType: SchemaFieldDataType.ARRAY,
  MapType: SchemaFieldDataType.MAP,
  RecordType: SchemaFieldDataType.STRUCT,
  UnionType: SchemaFieldDataType.UNION,
};

/** A schema field's type record (`{"com.linkedin.schema.NumberType": {}}`) as a SchemaFieldDataType. */
export function fieldDataType(f: Json): SchemaFieldDataType {
  const record = Object.keys(obj(obj(f.type)?.type) ?? {})[0] ?? '';
  return FIELD_TYPES[record.split('.').pop() ?? ''] ?? SchemaFieldDataType.NULL;
}

@TableObjectType()
export class DatasetProperties extends fields({
  name: req(String),
  qualifiedName: opt(String),
  ...DESCRIBED,
  created: opt(Long),
  createdActor: opt(String),
  /** When the dataset last changed in its source (time 0 when the source did not say). */
  lastModified: req(AuditStamp),
  lastModifiedActor: opt(String, { deprecationReason: 'Use lastModified.actor' }),
  origin: req(FabricType, { deprecationReason: 'Use Dataset.origin' }),
}) {}

@TableObjectType()
export class DatasetEditableProperties extends fields({
  ...optional(String, 'description', 'name'),
}) {}

/** A view's definition (viewProperties, renamed as DataHub's GraphQL names it). */
@TableObjectType()
export class ViewProperties extends fields({
  materialized: req(Boolean),
  logic: req(String),
  formattedLogic: opt(String),
  language: req(String),
}) {}

/** The dataset's use over the last 30 days, from its usage statistics. */
@TableObjectType()
export class DatasetStatsSummary extends fields({
  ...optional(Int, 'queryCountLast30Days', 'uniqueUserCountLast30Days'),
  topUsersLast30Days: opt(() => [entityClass(EntityType.CORP_USER)]),
}) {}

/** The tags and glossary terms of a schema field (as ingested, or as edited). */
const FIELD_LABELS = {
  tags: opt(GlobalTags),
  globalTags: opt(GlobalTags, { deprecationReason: 'Use tags' }),
  glossaryTerms: opt(GlossaryTerms),
};

/** The values of the FIELD_LABELS of a schema field's record. */
function fieldLabels(ctx: GraphQLContext, f: Json, urn: string): FieldsOf<typeof FIELD_LABELS> {
  const tags = globalTags(ctx, obj(f.globalTags), urn);
  return { tags, globalTags: tags, glossaryTerms: glossaryTerms(ctx, obj(f.glossaryTerms), urn) };
}

@TableObjectType()
export class SchemaField extends fields({
  fieldPath: req(String),
  ...optional(String, 'jsonPath', 'label'),
  nullable: req(Boolean),
  description: opt(String),
  type: req(SchemaFieldDataType),
  nativeDataType: opt(String),
  recursive: req(Boolean),
  ...FIELD_LABELS,
  ...optional(Boolean, 'isPartOfKey', 'isPartitioningKey'),
  jsonProps: opt(String),
  /** The field as an entity of its own (`urn:li:schemaField:(<dataset>,<path>)`). */
  schemaFieldEntity: opt(() => entityClass(EntityType.SCHEMA_FIELD)),
}) {}

/** A foreign key of a table: its fields, and the fields of the other dataset they point at. */
@TableObjectType()
export class ForeignKeyConstraint extends fields({
  name: opt(String),
  foreignFields: opt(() => [entityClass(EntityType.SCHEMA_FIELD)], { nullable: 'itemsAndList' }),
  sourceFields: opt(() => [entityClass(EntityType.SCHEMA_FIELD)], { nullable: 'itemsAndList' }),
  foreignDataset: opt(() => Dataset),
}) {}

@TableObjectType()
export class TableSchema extends fields({ schema: req(String) }) {}

@TableObjectType()
export class KeyValueSchema extends fields(required(String, 'keySchema', 'valueSchema')) {}

/** The schema as its platform wrote it: a table's DDL, or a key and a value schema. */
export const PlatformSchema = createUnionType({
  name: 'PlatformSchema',
  types: () => [TableSchema, KeyValueSchema] as const,
});

/** DataHub's platform schema records, by name: how each reads as a PlatformSchema. */
const PLATFORM_SCHEMAS: Readonly<Record<string, (v: Json) => TableSchema | KeyValueSchema>> = {
  PrestoDDL: (v) => make(TableSchema, { schema: str(v.rawSchema) ?? '' }),
  OracleDDL: (v) => make(TableSchema, { schema: str(v.tableSchema) ?? '' }),
  MySqlDDL: (v) => make(TableSchema, { schema: str(v.tableSchema) ?? '' }),
  KafkaSchema: (v) => make(TableSchema, { schema: str(v.documentSchema) ?? '' }),
  OrcSchema: (v) => make(TableSchema, { schema: str(v.schema) ?? '' }),
  BinaryJsonSchema: (v) => make(TableSchema, { schema: str(v.schema) ?? '' }),
  OtherSchema: (v) => make(TableSchema, { schema: str(v.rawSchema) ?? '' }),
  EspressoSchema: (v) =>
    make(KeyValueSchema, { keySchema: str(v.tableSchema) ?? '', valueSchema: str(v.documentSchema) ?? '' }),
  KeyValueSchema: (v) =>
    make(KeyValueSchema, { keySchema: str(v.keySchema) ?? '', valueSchema: str(v.valueSchema) ?? '' }),
};

/** The platform schema of a schemaMetadata (none for a schemaless one). */
function platformSchema(v: unknown): TableSchema | KeyValueSchema | undefined {
  const [name, value] = Object.entries(obj(v) ?? {})[0] ?? [];
  const read = name ? PLATFORM_SCHEMAS[name.split('.').pop() ?? ''] : undefined;
  return read ? read(obj(value) ?? {}) : undefined;
}

@TableObjectType()
export class SchemaMetadata extends fields({
  datasetUrn: opt(String),
  ...required(String, 'name', 'platformUrn'),
  version: req(Long),
  cluster: opt(String),
  hash: req(String),
  fields: req([SchemaField]),
  primaryKeys: opt([String]),
  foreignKeys: opt([ForeignKeyConstraint], { nullable: 'itemsAndList' }),
  platformSchema: opt(PlatformSchema),
  ...optional(Long, 'createdAt', 'aspectVersion'),
}) {}

@TableObjectType()
export class EditableSchemaFieldInfo extends fields({
  fieldPath: req(String),
  description: opt(String),
  ...FIELD_LABELS,
}) {}

@TableObjectType()
export class EditableSchemaMetadata extends fields({
  editableSchemaFieldInfo: req([EditableSchemaFieldInfo]),
}) {}

/** How many of a dataset's top users its stats summary names. */
const TOP_USERS = 5;

/** `urn:li:dataset:(<platform urn>,<name>,<origin>)` read from the URN itself. */
export function datasetKeyOf(urn: string): { platform: string; name: string; origin: string } {
  const m = /^urn:li:dataset:\((urn:li:dataPlatform:[^,]+),(.+),([A-Z_]+)\)$/.exec(urn);
  return { platform: m?.[1] ?? 'urn:li:dataPlatform:unknown', name: m?.[2] ?? urn, origin: m?.[3] ?? 'PROD' };
}

type PlatformKey = ReturnType<typeof datasetKeyOf>;

/**
 * The base of the assets keyed by `(<platform urn>,<name>,<origin>)` (datasets, ML models and model
 * groups): those three fields, read from the URN by `keyOf`.
 */
export function platformKeyed(kind: string, keyOf: (urn: string) => PlatformKey) {
  abstract class PlatformKeyed extends kindBase(kind) {
    /** The name in the key (the URN); the display name is in the properties. */
    @Field(() => String) name(): string {
      return keyOf(this.urn).name;
    }
    @Field(() => DataPlatform) platform(): DataPlatform {
      return new DataPlatform(this.ctx, keyOf(this.urn).platform);
    }
    @Field(() => FabricType) origin(): FabricType {
      return keyOf(this.urn).origin as FabricType;
    }
  }
  ObjectType(`${typeNameOf(kind)}KeyBase`)(PlatformKeyed);
  return PlatformKeyed;
}

@ObjectType({
  implements: [Entity, EntityWithRelationships, BrowsableEntity],
  description: 'A dataset: a table, view, topic, file, ...',
})
export class Dataset extends platformKeyed('dataset', datasetKeyOf) {
  /**
   * Queries, users and the top users of the last month: the aggregations of DataHub's usage query over
   * its range (queries summed over the day buckets; top users by count, then URN).
   */
  @Field(() => DatasetStatsSummary, { nullable: true })
  async statsSummary(): Promise<DatasetStatsSummary | undefined> {
    const r = await datasetUsage(this.ctx, this.urn, 'MONTH', undefined);
    if (!r.buckets.length) return undefined;
    const top = [...r.aggregations.users]
      .sort((a, b) => b.count - a.count || (a.user < b.user ? -1 : a.user > b.user ? 1 : 0))
      .slice(0, TOP_USERS);
    return make(DatasetStatsSummary, {
      queryCountLast30Days: r.aggregations.totalSqlQueries,
      uniqueUserCountLast30Days: r.aggregations.uniqueUserCount,
      topUsersLast30Days: top.map((u) => this.ctx.entity(u.user)).filter((e) => e !== undefined),
    });
  }

  @Field(() => SchemaMetadata, { nullable: true })
  async schemaMetadata(
    @Arg('version', () => Long, { nullable: true }) version?: number,
  ): Promise<SchemaMetadata | undefined> {
    let v: Json | undefined;
    if (version === undefined || version === null || version === 0) v = await this.aspect('schemaMetadata');
    else {
      v = await this.ctx.services.reads
        .aspect(this.urn, 'schemaMetadata', version)
        .then((a) => a.value)
        // A version that does not exist is null, as in DataHub; any other failure is the request's.
        .catch((err: unknown) => {
          if (err instanceof NotFoundError) return undefined;
          throw err;
        });
    }
    if (!v) return undefined;
    return make(SchemaMetadata, {
      datasetUrn: this.urn,
      name: str(v.schemaName) ?? '',
      platformUrn: str(v.platform) ?? datasetKeyOf(this.urn).platform,
      version: num(v.version) ?? 0,
      cluster: str(v.cluster),
      hash: str(v.hash) ?? '',
      primaryKeys: strings(v.primaryKeys),
      createdAt: num(obj(v.created)?.time),
      aspectVersion: version ?? 0,
      platformSchema: platformSchema(v.platformSchema),
      foreignKeys: Array.isArray(v.foreignKeys)
        ? list(v.foreignKeys).map((k) => {
            const entities = (urns: unknown) =>
              strings(urns)
                ?.map((u) => this.ctx.entity(u))
                .filter((e) => e !== undefined);
            const foreign = str(k.foreignDataset);
            return make(ForeignKeyConstraint, {
              name: str(k.name),
              foreignFields: entities(k.foreignFields),
              sourceFields: entities(k.sourceFields),
              foreignDataset: foreign ? new Dataset(this.ctx, foreign) : undefined,
            });
          })
        : undefined,
      fields: list(v.fields).map((f) => schemaFieldOf(this.ctx, f, this.urn)),
    });
  }
}

/** A stored schema field of the entity `urn` (a dataset's, or the one a chart's input field names). */
export function schemaFieldOf(ctx: GraphQLContext, f: Json, urn: string): SchemaField {
  return make(SchemaField, {
    fieldPath: str(f.fieldPath) ?? '',
    jsonPath: str(f.jsonPath),
    label: str(f.label),
    nullable: f.nullable === true,
    description: str(f.description),
    type: fieldDataType(f),
    nativeDataType: str(f.nativeDataType),
    recursive: f.recursive === true,
    ...fieldLabels(ctx, f, urn),
    isPartOfKey: f.isPartOfKey === true,
    isPartitioningKey: f.isPartitioningKey === true,
    jsonProps: str(f.jsonProps),
    schemaFieldEntity: ctx.entity(schemaFieldUrn(urn, str(f.fieldPath) ?? '')),
  });
}

/** DataHub's older fields of the dataset's properties, on the dataset itself. */
const olderField = (name: string, deprecationReason: string): AspectField => ({
  type: String,
  aspect: 'datasetProperties',
  read: stringAt(name),
  deprecationReason,
});

aspectFields(Dataset, {
  properties: {
    type: DatasetProperties,
    aspect: 'datasetProperties',
    read: (_, v, urn) => {
      const key = datasetKeyOf(urn);
      const lastModified = requiredStamp(v.lastModified);
      return make(DatasetProperties, {
        name: str(v.name) ?? key.name,
        qualifiedName: str(v.qualifiedName),
        ...described(v, urn),
        created: num(obj(v.created)?.time),
        createdActor: str(obj(v.created)?.actor),
        lastModified,
        lastModifiedActor: lastModified.actor,
        origin: key.origin as FabricType,
      });
    },
  },
  description: olderField('description', 'Use properties.description'),
  externalUrl: olderField('externalUrl', 'Use properties.externalUrl'),
  uri: olderField('uri', 'Not used'),
  editableProperties: {
    type: DatasetEditableProperties,
    aspect: 'editableDatasetProperties',
    read: (_, v) => make(DatasetEditableProperties, { description: str(v.description), name: str(v.name) }),
  },
  viewProperties: {
    type: ViewProperties,
    aspect: 'viewProperties',
    read: (_, v) =>
      make(ViewProperties, {
        materialized: v.materialized === true,
        logic: str(v.viewLogic) ?? '',
        formattedLogic: str(v.formattedViewLogic),
        language: str(v.viewLanguage) ?? '',
      }),
  },
  editableSchemaMetadata: {
    type: EditableSchemaMetadata,
    aspect: 'editableSchemaMetadata',
    read: (ctx, v, urn) =>
      make(EditableSchemaMetadata, {
        editableSchemaFieldInfo: list(v.editableSchemaFieldInfo).map((f) =>
          make(EditableSchemaFieldInfo, {
            fieldPath: str(f.fieldPath) ?? '',
            description: str(f.description),
            ...fieldLabels(ctx, f, urn),
          }),
        ),
      }),
  },
});

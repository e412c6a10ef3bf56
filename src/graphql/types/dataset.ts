import { NotFoundError } from '../../errors/index.js';
import { Arg, Field, ObjectType } from 'type-graphql';
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
}) {}

@TableObjectType()
export class SchemaMetadata extends fields({
  datasetUrn: opt(String),
  ...required(String, 'name', 'platformUrn'),
  version: req(Long),
  cluster: opt(String),
  hash: req(String),
  fields: req([SchemaField]),
  primaryKeys: opt([String]),
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
      fields: list(v.fields).map((f) => {
        const typeRecord = Object.keys(obj(obj(f.type)?.type) ?? {})[0] ?? '';
        return make(SchemaField, {
          fieldPath: str(f.fieldPath) ?? '',
          jsonPath: str(f.jsonPath),
          label: str(f.label),
          nullable: f.nullable === true,
          description: str(f.description),
          type: FIELD_TYPES[typeRecord.split('.').pop() ?? ''] ?? SchemaFieldDataType.NULL,
          nativeDataType: str(f.nativeDataType),
          recursive: f.recursive === true,
          ...fieldLabels(this.ctx, f, this.urn),
          isPartOfKey: f.isPartOfKey === true,
          isPartitioningKey: f.isPartitioningKey === true,
          jsonProps: str(f.jsonProps),
        });
      }),
    });
  }
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

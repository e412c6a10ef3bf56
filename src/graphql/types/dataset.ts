import { NotFoundError } from '../../errors/index.js';
import { Arg, Field, ObjectType } from 'type-graphql';
import { stringEnum } from './enums.js';
import { BrowsableEntity, FabricType } from './asset.js';
import {
  AuditStamp,
  customProperties,
  CustomPropertiesEntry,
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
import { kindBase } from './kind-types.js';
import { Entity, EntityWithRelationships } from './entity.js';
import { DataPlatform } from './people.js';
import { Long } from './scalars.js';
import { fields, opt, optional, req, required, TableObjectType } from './field-table.js';

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

@ObjectType()
export class DatasetProperties {
  @Field(() => String) name!: string;
  @Field(() => String, { nullable: true }) qualifiedName?: string;
  @Field(() => String, { nullable: true }) description?: string;
  @Field(() => String, { nullable: true }) externalUrl?: string;
  @Field(() => [CustomPropertiesEntry], { nullable: true }) customProperties?: CustomPropertiesEntry[];
  @Field(() => Long, { nullable: true }) created?: number;
  @Field(() => String, { nullable: true }) createdActor?: string;
  /** When the dataset last changed in its source (time 0 when the source did not say). */
  @Field(() => AuditStamp) lastModified!: AuditStamp;
  @Field(() => String, { nullable: true, deprecationReason: 'Use lastModified.actor' })
  lastModifiedActor?: string;
  @Field(() => FabricType, { deprecationReason: 'Use Dataset.origin' }) origin!: FabricType;
}

@TableObjectType()
export class DatasetEditableProperties extends fields({
  ...optional(String, 'description', 'name'),
}) {}

@TableObjectType()
export class SchemaField extends fields({
  fieldPath: req(String),
  ...optional(String, 'jsonPath', 'label'),
  nullable: req(Boolean),
  description: opt(String),
  type: req(SchemaFieldDataType),
  nativeDataType: opt(String),
  recursive: req(Boolean),
  tags: opt(GlobalTags),
  globalTags: opt(GlobalTags, { deprecationReason: 'Use tags' }),
  glossaryTerms: opt(GlossaryTerms),
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
  tags: opt(GlobalTags),
  globalTags: opt(GlobalTags, { deprecationReason: 'Use tags' }),
  glossaryTerms: opt(GlossaryTerms),
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

@ObjectType({
  implements: [Entity, EntityWithRelationships, BrowsableEntity],
  description: 'A dataset: a table, view, topic, file, ...',
})
export class Dataset extends kindBase('dataset') {
  /** The name in the dataset's key (its URN); the display name is `properties.name`. */
  @Field(() => String) name(): string {
    return datasetKeyOf(this.urn).name;
  }
  @Field(() => DataPlatform) platform(): DataPlatform {
    return new DataPlatform(this.ctx, datasetKeyOf(this.urn).platform);
  }
  @Field(() => FabricType) origin(): FabricType {
    return datasetKeyOf(this.urn).origin as FabricType;
  }
  @Field(() => DatasetProperties, { nullable: true })
  async properties(): Promise<DatasetProperties | undefined> {
    const v = await this.aspect('datasetProperties');
    if (!v) return undefined;
    const key = datasetKeyOf(this.urn);
    const lastModified = requiredStamp(v.lastModified);
    return make(DatasetProperties, {
      name: str(v.name) ?? key.name,
      qualifiedName: str(v.qualifiedName),
      description: str(v.description),
      externalUrl: str(v.externalUrl),
      customProperties: customProperties(v.customProperties, this.urn),
      created: num(obj(v.created)?.time),
      createdActor: str(obj(v.created)?.actor),
      lastModified,
      lastModifiedActor: lastModified.actor,
      origin: key.origin as FabricType,
    });
  }
  @Field(() => String, { nullable: true, deprecationReason: 'Use properties.description' })
  async description(): Promise<string | undefined> {
    return str((await this.aspect('datasetProperties'))?.description);
  }
  @Field(() => String, { nullable: true, deprecationReason: 'Use properties.externalUrl' })
  async externalUrl(): Promise<string | undefined> {
    return str((await this.aspect('datasetProperties'))?.externalUrl);
  }
  @Field(() => String, { nullable: true, deprecationReason: 'Not used' })
  async uri(): Promise<string | undefined> {
    return str((await this.aspect('datasetProperties'))?.uri);
  }
  @Field(() => DatasetEditableProperties, { nullable: true })
  async editableProperties(): Promise<DatasetEditableProperties | undefined> {
    const v = await this.aspect('editableDatasetProperties');
    return v
      ? make(DatasetEditableProperties, { description: str(v.description), name: str(v.name) })
      : undefined;
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
      fields: list(v.fields).map((f) => {
        const typeRecord = Object.keys(obj(obj(f.type)?.type) ?? {})[0] ?? '';
        const tags = globalTags(this.ctx, obj(f.globalTags), this.urn);
        return make(SchemaField, {
          fieldPath: str(f.fieldPath) ?? '',
          jsonPath: str(f.jsonPath),
          label: str(f.label),
          nullable: f.nullable === true,
          description: str(f.description),
          type: FIELD_TYPES[typeRecord.split('.').pop() ?? ''] ?? SchemaFieldDataType.NULL,
          nativeDataType: str(f.nativeDataType),
          recursive: f.recursive === true,
          tags,
          globalTags: tags,
          glossaryTerms: glossaryTerms(this.ctx, obj(f.glossaryTerms), this.urn),
          isPartOfKey: f.isPartOfKey === true,
          isPartitioningKey: f.isPartitioningKey === true,
          jsonProps: str(f.jsonProps),
        });
      }),
    });
  }
  @Field(() => EditableSchemaMetadata, { nullable: true })
  async editableSchemaMetadata(): Promise<EditableSchemaMetadata | undefined> {
    const v = await this.aspect('editableSchemaMetadata');
    if (!v) return undefined;
    return make(EditableSchemaMetadata, {
      editableSchemaFieldInfo: list(v.editableSchemaFieldInfo).map((f) => {
        const tags = globalTags(this.ctx, obj(f.globalTags), this.urn);
        return make(EditableSchemaFieldInfo, {
          fieldPath: str(f.fieldPath) ?? '',
          description: str(f.description),
          tags,
          globalTags: tags,
          glossaryTerms: glossaryTerms(this.ctx, obj(f.glossaryTerms), this.urn),
        });
      }),
    });
  }
}

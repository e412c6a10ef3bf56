import { Field, ObjectType } from 'type-graphql';
import { MLFeatureDataTypeSchema } from '../../registry/index.js';
import { stringEnum } from './enums.js';
import type { GraphQLContext } from '../context.js';
import { AssetEntity, BrowsableEntity, FabricType } from './asset.js';
import {
  AuditStamp,
  auditStamp,
  customProperties,
  CustomPropertiesEntry,
  list,
  make,
  num,
  obj,
  str,
  strings,
  type Json,
} from './common.js';
import { Dataset } from './dataset.js';
import { kindBase } from './kind-types.js';
import { Entity, EntityWithRelationships } from './entity.js';
import { EntityType } from './entity-type.js';
import { DataPlatform } from './people.js';
import { Long } from './scalars.js';
import { fields, opt, optional, TableObjectType } from './field-table.js';

/** The registry's symbols (DataHub's MLFeatureDataType). */
export const MLFeatureDataType = stringEnum('MLFeatureDataType', MLFeatureDataTypeSchema.symbols) as Record<
  string,
  string
>;
export type MLFeatureDataType = string;

@TableObjectType()
export class VersionTag extends fields({
  versionTag: opt(String),
}) {}
const versionTag = (v: unknown): VersionTag | undefined => {
  const o = obj(v);
  return o ? make(VersionTag, { versionTag: str(o.versionTag) }) : undefined;
};

@TableObjectType()
export class MLModelLineageInfo extends fields({
  ...optional([String], 'trainingJobs', 'downstreamJobs'),
}) {}
/** The training and downstream jobs (URNs) of a model or model group; undefined when it names none. */
const lineageInfo = (v: Json): MLModelLineageInfo | undefined =>
  Array.isArray(v.trainingJobs) || Array.isArray(v.downstreamJobs)
    ? make(MLModelLineageInfo, {
        trainingJobs: Array.isArray(v.trainingJobs) ? strings(v.trainingJobs) : undefined,
        downstreamJobs: Array.isArray(v.downstreamJobs) ? strings(v.downstreamJobs) : undefined,
      })
    : undefined;

/** `(<first>,<second>)` of a two-part URN key, e.g. an mlFeature's namespace and name. */
const pair = (urn: string): [string, string] => {
  const m = /^urn:li:[A-Za-z]+:\((.*),([^,]*)\)$/.exec(urn);
  return [m?.[1] ?? '', m?.[2] ?? urn];
};
/** `(<platform>,<name>,<origin>)` of an mlModel or mlModelGroup URN. */
const triple = (urn: string): { platform: string; name: string; origin: string } => {
  const m = /^urn:li:[A-Za-z]+:\((urn:li:dataPlatform:[^,]+),(.+),([A-Z_]+)\)$/.exec(urn);
  return { platform: m?.[1] ?? 'urn:li:dataPlatform:unknown', name: m?.[2] ?? urn, origin: m?.[3] ?? 'PROD' };
};

@TableObjectType()
export class MLFeatureProperties extends fields({
  description: opt(String),
  dataType: opt(MLFeatureDataType),
  version: opt(VersionTag),
  sources: opt([Dataset], { nullable: 'itemsAndList' }),
  customProperties: opt([CustomPropertiesEntry]),
}) {}

function featureProperties(ctx: GraphQLContext, v: Json, urn: string): MLFeatureProperties {
  return make(MLFeatureProperties, {
    description: str(v.description),
    dataType: str(v.dataType) as MLFeatureDataType | undefined,
    version: versionTag(v.version),
    sources: strings(v.sources).map((u) => new Dataset(ctx, u)),
    customProperties: customProperties(v.customProperties, urn),
  });
}

@ObjectType({ implements: [Entity, EntityWithRelationships], description: 'An ML feature' })
export class MLFeature extends kindBase('mlFeature') {
  @Field(() => String) name(): string {
    return pair(this.urn)[1];
  }
  @Field(() => String) featureNamespace(): string {
    return pair(this.urn)[0];
  }
  @Field(() => String, { nullable: true }) async description(): Promise<string | undefined> {
    return str((await this.aspect('mlFeatureProperties'))?.description);
  }
  @Field(() => MLFeatureDataType, { nullable: true }) async dataType(): Promise<
    MLFeatureDataType | undefined
  > {
    return str((await this.aspect('mlFeatureProperties'))?.dataType) as MLFeatureDataType | undefined;
  }
  @Field(() => MLFeatureProperties, { nullable: true })
  async properties(): Promise<MLFeatureProperties | undefined> {
    const v = await this.aspect('mlFeatureProperties');
    return v ? featureProperties(this.ctx, v, this.urn) : undefined;
  }
  @Field(() => MLFeatureProperties, { nullable: true, deprecationReason: 'Use properties' })
  featureProperties(): Promise<MLFeatureProperties | undefined> {
    return this.properties();
  }
}

@ObjectType()
export class MLPrimaryKeyProperties extends MLFeatureProperties {}

@ObjectType({ implements: [Entity, EntityWithRelationships], description: 'An ML primary key' })
export class MLPrimaryKey extends kindBase('mlPrimaryKey') {
  @Field(() => String) name(): string {
    return pair(this.urn)[1];
  }
  @Field(() => String) featureNamespace(): string {
    return pair(this.urn)[0];
  }
  @Field(() => String, { nullable: true }) async description(): Promise<string | undefined> {
    return str((await this.aspect('mlPrimaryKeyProperties'))?.description);
  }
  @Field(() => MLFeatureDataType, { nullable: true }) async dataType(): Promise<
    MLFeatureDataType | undefined
  > {
    return str((await this.aspect('mlPrimaryKeyProperties'))?.dataType) as MLFeatureDataType | undefined;
  }
  @Field(() => MLPrimaryKeyProperties, { nullable: true })
  async properties(): Promise<MLPrimaryKeyProperties | undefined> {
    const v = await this.aspect('mlPrimaryKeyProperties');
    return v
      ? Object.assign(new MLPrimaryKeyProperties(), featureProperties(this.ctx, v, this.urn))
      : undefined;
  }
  @Field(() => MLPrimaryKeyProperties, { nullable: true, deprecationReason: 'Use properties' })
  primaryKeyProperties(): Promise<MLPrimaryKeyProperties | undefined> {
    return this.properties();
  }
}

@TableObjectType()
export class MLFeatureTableProperties extends fields({
  description: opt(String),
  mlFeatures: opt([MLFeature], { nullable: 'itemsAndList' }),
  mlPrimaryKeys: opt([MLPrimaryKey], { nullable: 'itemsAndList' }),
  customProperties: opt([CustomPropertiesEntry]),
}) {}

@ObjectType({
  implements: [Entity, EntityWithRelationships, BrowsableEntity],
  description: 'An ML feature table',
})
export class MLFeatureTable extends kindBase('mlFeatureTable') {
  @Field(() => String) name(): string {
    return pair(this.urn)[1];
  }
  @Field(() => DataPlatform) platform(): DataPlatform {
    return new DataPlatform(this.ctx, pair(this.urn)[0]);
  }
  @Field(() => String, { nullable: true }) async description(): Promise<string | undefined> {
    return str((await this.aspect('mlFeatureTableProperties'))?.description);
  }
  @Field(() => MLFeatureTableProperties, { nullable: true })
  async properties(): Promise<MLFeatureTableProperties | undefined> {
    const v = await this.aspect('mlFeatureTableProperties');
    if (!v) return undefined;
    return make(MLFeatureTableProperties, {
      description: str(v.description),
      mlFeatures: strings(v.mlFeatures).map((u) => new MLFeature(this.ctx, u)),
      mlPrimaryKeys: strings(v.mlPrimaryKeys).map((u) => new MLPrimaryKey(this.ctx, u)),
      customProperties: customProperties(v.customProperties, this.urn),
    });
  }
  @Field(() => MLFeatureTableProperties, { nullable: true, deprecationReason: 'Use properties' })
  featureTableProperties(): Promise<MLFeatureTableProperties | undefined> {
    return this.properties();
  }
}

/** What models and model groups share: a `(platform, name, origin)` key and a description. */
@ObjectType()
abstract class ModelAsset extends AssetEntity {
  /** The aspect holding the description. */
  protected abstract readonly propertiesAspect: string;
  @Field(() => String) name(): string {
    return triple(this.urn).name;
  }
  @Field(() => DataPlatform) platform(): DataPlatform {
    return new DataPlatform(this.ctx, triple(this.urn).platform);
  }
  @Field(() => FabricType) origin(): FabricType {
    return triple(this.urn).origin as FabricType;
  }
  @Field(() => String, { nullable: true }) async description(): Promise<string | undefined> {
    return str((await this.aspect(this.propertiesAspect))?.description);
  }
}

@TableObjectType()
export class MLModelGroupProperties extends fields({
  ...optional(String, 'name', 'description'),
  ...optional(AuditStamp, 'created', 'lastModified'),
  createdAt: opt(Long, { deprecationReason: 'Use created' }),
  version: opt(VersionTag),
  externalUrl: opt(String),
  customProperties: opt([CustomPropertiesEntry]),
  mlModelLineageInfo: opt(MLModelLineageInfo),
}) {}

@ObjectType({
  implements: [Entity, EntityWithRelationships, BrowsableEntity],
  description: 'A group of ML models (versions of one model)',
})
export class MLModelGroup extends ModelAsset {
  protected readonly propertiesAspect = 'mlModelGroupProperties';
  constructor(ctx: GraphQLContext, urn: string) {
    super(ctx, urn, EntityType.MLMODEL_GROUP);
  }
  get typeName(): string {
    return 'MLModelGroup';
  }
  @Field(() => MLModelGroupProperties, { nullable: true })
  async properties(): Promise<MLModelGroupProperties | undefined> {
    const v = await this.aspect('mlModelGroupProperties');
    if (!v) return undefined;
    return make(MLModelGroupProperties, {
      name: str(v.name),
      description: str(v.description),
      created: auditStamp(v.created),
      lastModified: auditStamp(v.lastModified),
      createdAt: num(v.createdAt),
      version: versionTag(v.version),
      externalUrl: str(v.externalUrl),
      customProperties: customProperties(v.customProperties, this.urn),
      mlModelLineageInfo: lineageInfo(v),
    });
  }
}

@TableObjectType({ description: 'A hyper-parameter of a model' })
export class MLHyperParam extends fields({
  ...optional(String, 'name', 'description', 'value'),
  createdAt: opt(Long),
}) {}

@TableObjectType({ description: 'A metric of a model' })
export class MLMetric extends fields({
  ...optional(String, 'name', 'description', 'value'),
  createdAt: opt(Long),
}) {}

const params = <T extends MLHyperParam | MLMetric>(cls: new () => T, v: unknown): T[] | undefined =>
  Array.isArray(v)
    ? list(v).map((p) =>
        make(cls, {
          name: str(p.name),
          description: str(p.description),
          value: str(p.value),
          createdAt: num(p.createdAt),
        } as Partial<T>),
      )
    : undefined;

@TableObjectType()
export class MLModelProperties extends fields({
  ...optional(String, 'name', 'description'),
  ...optional(AuditStamp, 'created', 'lastModified'),
  date: opt(Long, { deprecationReason: 'Use created' }),
  ...optional(String, 'version', 'type', 'externalUrl'),
  mlFeatures: opt([String]),
  hyperParams: opt([MLHyperParam], { nullable: 'itemsAndList' }),
  trainingMetrics: opt([MLMetric], { nullable: 'itemsAndList' }),
  tags: opt([String]),
  groups: opt([MLModelGroup], { nullable: 'itemsAndList' }),
  customProperties: opt([CustomPropertiesEntry]),
  mlModelLineageInfo: opt(MLModelLineageInfo),
}) {}

@ObjectType({
  implements: [Entity, EntityWithRelationships, BrowsableEntity],
  description: 'An ML model',
})
export class MLModel extends ModelAsset {
  protected readonly propertiesAspect = 'mlModelProperties';
  constructor(ctx: GraphQLContext, urn: string) {
    super(ctx, urn, EntityType.MLMODEL);
  }
  get typeName(): string {
    return 'MLModel';
  }
  @Field(() => MLModelProperties, { nullable: true })
  async properties(): Promise<MLModelProperties | undefined> {
    const v = await this.aspect('mlModelProperties');
    if (!v) return undefined;
    return make(MLModelProperties, {
      name: str(v.name),
      description: str(v.description),
      created: auditStamp(v.created),
      lastModified: auditStamp(v.lastModified),
      date: num(v.date),
      version: str(obj(v.version)?.versionTag),
      type: str(v.type),
      externalUrl: str(v.externalUrl),
      mlFeatures: Array.isArray(v.mlFeatures) ? strings(v.mlFeatures) : undefined,
      hyperParams: params(MLHyperParam, v.hyperParams),
      trainingMetrics: params(MLMetric, v.trainingMetrics),
      tags: strings(v.tags),
      groups: strings(v.groups).map((u) => new MLModelGroup(this.ctx, u)),
      customProperties: customProperties(v.customProperties, this.urn),
      mlModelLineageInfo: lineageInfo(v),
    });
  }
}

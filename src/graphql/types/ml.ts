import { Field, ObjectType } from 'type-graphql';
import { MLFeatureDataTypeSchema } from '../../registry/index.js';
import { stringEnum } from './enums.js';
import type { GraphQLContext } from '../context.js';
import { aspectFields, stringAt } from './aspect-fields.js';
import { BrowsableEntity } from './asset.js';
import {
  STAMPS,
  stamps,
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
import { Dataset, platformKeyed } from './dataset.js';
import { kindBase, typeNameOf } from './kind-types.js';
import { Entity, EntityWithRelationships } from './entity.js';
import { DataPlatform } from './people.js';
import { Long } from './scalars.js';
import { fields, opt, optional, TableObjectType, type FieldsOf } from './field-table.js';

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
@TableObjectType()
export class MLFeatureProperties extends fields({
  description: opt(String),
  dataType: opt(MLFeatureDataType),
  version: opt(VersionTag),
  sources: opt([Dataset], { nullable: 'itemsAndList' }),
  customProperties: opt([CustomPropertiesEntry]),
}) {}

@ObjectType()
export class MLPrimaryKeyProperties extends MLFeatureProperties {}

/**
 * What features and primary keys share: a `(namespace, name)` key, and the type, description and
 * properties of their `<kind>Properties` aspect (the properties also under DataHub's older field name).
 */
function featureBase(
  kind: 'mlFeature' | 'mlPrimaryKey',
  Properties: typeof MLFeatureProperties,
  olderName: string,
) {
  abstract class Feature extends kindBase(kind) {
    @Field(() => String) name(): string {
      return pair(this.urn)[1];
    }
    @Field(() => String) featureNamespace(): string {
      return pair(this.urn)[0];
    }
  }
  ObjectType(`${typeNameOf(kind)}FeatureBase`)(Feature);
  const aspect = `${kind}Properties`;
  const properties = {
    type: Properties,
    aspect,
    read: (ctx: GraphQLContext, v: Json, urn: string) =>
      make(Properties, {
        description: str(v.description),
        dataType: str(v.dataType),
        version: versionTag(v.version),
        sources: strings(v.sources).map((u) => new Dataset(ctx, u)),
        customProperties: customProperties(v.customProperties, urn),
      }),
  };
  aspectFields(Feature, {
    description: { type: String, aspect, read: stringAt('description') },
    dataType: { type: MLFeatureDataType, aspect, read: stringAt('dataType') },
    properties,
    [olderName]: { ...properties, deprecationReason: 'Use properties' },
  });
  return Feature;
}

@ObjectType({ implements: [Entity, EntityWithRelationships], description: 'An ML feature' })
export class MLFeature extends featureBase('mlFeature', MLFeatureProperties, 'featureProperties') {}

@ObjectType({ implements: [Entity, EntityWithRelationships], description: 'An ML primary key' })
export class MLPrimaryKey extends featureBase(
  'mlPrimaryKey',
  MLPrimaryKeyProperties,
  'primaryKeyProperties',
) {}

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
}
const tableProperties = {
  type: MLFeatureTableProperties,
  aspect: 'mlFeatureTableProperties',
  read: (ctx: GraphQLContext, v: Json, urn: string) =>
    make(MLFeatureTableProperties, {
      description: str(v.description),
      mlFeatures: strings(v.mlFeatures).map((u) => new MLFeature(ctx, u)),
      mlPrimaryKeys: strings(v.mlPrimaryKeys).map((u) => new MLPrimaryKey(ctx, u)),
      customProperties: customProperties(v.customProperties, urn),
    }),
};
aspectFields(MLFeatureTable, {
  description: { ...tableProperties, type: String, read: stringAt('description') },
  properties: tableProperties,
  featureTableProperties: { ...tableProperties, deprecationReason: 'Use properties' },
});

/** `(<platform>,<name>,<origin>)` of an mlModel or mlModelGroup URN. */
const triple = (urn: string): { platform: string; name: string; origin: string } => {
  const m = /^urn:li:[A-Za-z]+:\((urn:li:dataPlatform:[^,]+),(.+),([A-Z_]+)\)$/.exec(urn);
  return { platform: m?.[1] ?? 'urn:li:dataPlatform:unknown', name: m?.[2] ?? urn, origin: m?.[3] ?? 'PROD' };
};

/** What the properties of models and model groups share. */
const MODEL_PROPERTIES = {
  ...optional(String, 'name', 'description'),
  ...STAMPS,
  externalUrl: opt(String),
  customProperties: opt([CustomPropertiesEntry]),
  mlModelLineageInfo: opt(MLModelLineageInfo),
};

/**
 * What models and model groups share: a `(platform, name, origin)` key, a description, and the
 * properties of their `<kind>Properties` aspect: MODEL_PROPERTIES, and those `own` reads.
 */
function modelBase<P extends FieldsOf<typeof MODEL_PROPERTIES>>(
  kind: 'mlModel' | 'mlModelGroup',
  Properties: new () => P,
  own: (ctx: GraphQLContext, v: Json) => Partial<P>,
) {
  const base = platformKeyed(kind, triple);
  const aspect = `${kind}Properties`;
  aspectFields(base, {
    description: { type: String, aspect, read: stringAt('description') },
    properties: {
      type: Properties,
      aspect,
      read: (ctx, v, urn) =>
        make(Properties, {
          name: str(v.name),
          description: str(v.description),
          ...stamps(v),
          externalUrl: str(v.externalUrl),
          customProperties: customProperties(v.customProperties, urn),
          mlModelLineageInfo: lineageInfo(v),
          ...own(ctx, v),
        } as Partial<P>),
    },
  });
  return base;
}

@TableObjectType()
export class MLModelGroupProperties extends fields({
  ...MODEL_PROPERTIES,
  createdAt: opt(Long, { deprecationReason: 'Use created' }),
  version: opt(VersionTag),
}) {}

@ObjectType({
  implements: [Entity, EntityWithRelationships, BrowsableEntity],
  description: 'A group of ML models (versions of one model)',
})
export class MLModelGroup extends modelBase('mlModelGroup', MLModelGroupProperties, (_, v) => ({
  createdAt: num(v.createdAt),
  version: versionTag(v.version),
})) {}

/** A hyper-parameter or a metric of a model. */
const PARAM = { ...optional(String, 'name', 'description', 'value'), createdAt: opt(Long) };

@TableObjectType({ description: 'A hyper-parameter of a model' })
export class MLHyperParam extends fields(PARAM) {}

@TableObjectType({ description: 'A metric of a model' })
export class MLMetric extends fields(PARAM) {}

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
  ...MODEL_PROPERTIES,
  date: opt(Long, { deprecationReason: 'Use created' }),
  ...optional(String, 'version', 'type'),
  mlFeatures: opt([String]),
  hyperParams: opt([MLHyperParam], { nullable: 'itemsAndList' }),
  trainingMetrics: opt([MLMetric], { nullable: 'itemsAndList' }),
  tags: opt([String]),
  groups: opt([MLModelGroup], { nullable: 'itemsAndList' }),
}) {}

@ObjectType({
  implements: [Entity, EntityWithRelationships, BrowsableEntity],
  description: 'An ML model',
})
export class MLModel extends modelBase('mlModel', MLModelProperties, (ctx, v) => ({
  date: num(v.date),
  version: str(obj(v.version)?.versionTag),
  type: str(v.type),
  mlFeatures: Array.isArray(v.mlFeatures) ? strings(v.mlFeatures) : undefined,
  hyperParams: params(MLHyperParam, v.hyperParams),
  trainingMetrics: params(MLMetric, v.trainingMetrics),
  tags: strings(v.tags),
  groups: strings(v.groups).map((u) => new MLModelGroup(ctx, u)),
})) {}

import { Field, Float, ObjectType, createUnionType } from 'type-graphql';
import { entityTypeName, PROPERTY_SETTINGS, valueTypeOf } from '../../services/index.js';
import type { GraphQLContext } from '../context.js';
import { entityBase, Entity } from './entity.js';
import { EntityType, entityTypeOf } from './entity-type.js';
import { stringEnum } from './enums.js';
import { list, make, obj, str, strings, type Json } from './json.js';
import { entityClass } from './entity-classes.js';
import { fields, opt, optional, req, required, TableObjectType } from './field-table.js';
import { Long } from './scalars.js';

export const PropertyCardinality = stringEnum('PropertyCardinality', ['SINGLE', 'MULTIPLE'] as const);
export type PropertyCardinality = keyof typeof PropertyCardinality;

export const StdDataType = stringEnum('StdDataType', [
  'STRING',
  'NUMBER',
  'URN',
  'RICH_TEXT',
  'DATE',
  'OTHER',
] as const);
export type StdDataType = keyof typeof StdDataType;

const PROPERTY_PREFIX = 'urn:li:structuredProperty:';
/** The id of a simple URN: `urn:li:dataType:datahub.number` -> `datahub.number`. */
const idOf = (urn: string): string => urn.split(':').slice(3).join(':');

@TableObjectType()
export class StringValue extends fields({
  stringValue: req(String),
}) {}

@TableObjectType()
export class NumberValue extends fields({
  numberValue: req(Float),
}) {}

export const PropertyValue = createUnionType({
  name: 'PropertyValue',
  types: () => [StringValue, NumberValue] as const,
  resolveType: (v: StringValue | NumberValue) => ('stringValue' in v ? 'StringValue' : 'NumberValue'),
});

/** A stored PrimitivePropertyValue (`{string}` or `{double}`) as a PropertyValue; undefined otherwise. */
export function propertyValue(v: unknown): StringValue | NumberValue | undefined {
  const o = obj(v);
  if (typeof o?.string === 'string') return make(StringValue, { stringValue: o.string });
  if (typeof o?.double === 'number') return make(NumberValue, { numberValue: o.double });
  return undefined;
}

@TableObjectType()
export class DataTypeInfo extends fields({
  type: req(StdDataType),
  qualifiedName: req(String),
  ...optional(String, 'displayName', 'description'),
}) {}

const DATA_TYPE_NAMES: Readonly<Record<string, string>> = {
  STRING: 'String',
  NUMBER: 'Number',
  URN: 'Urn',
  RICH_TEXT: 'Rich Text',
  DATE: 'Date',
};

/** A data type (the value type of a structured property), described by its URN alone. */
@ObjectType({ implements: Entity, description: 'A data type of structured property values' })
export class DataTypeEntity extends entityBase(EntityType.DATA_TYPE, 'DataTypeEntity') {
  @Field(() => DataTypeInfo) info(): DataTypeInfo {
    const type = (valueTypeOf(this.urn)?.toUpperCase() ?? 'OTHER') as StdDataType;
    return make(DataTypeInfo, {
      type,
      qualifiedName: idOf(this.urn),
      displayName: DATA_TYPE_NAMES[type],
    });
  }
}

@TableObjectType()
export class EntityTypeInfo extends fields({
  type: req(EntityType),
  qualifiedName: req(String),
  ...optional(String, 'displayName', 'description'),
}) {}

/** The GraphQL EntityType of an entity name: `dataset` -> DATASET, `dataFlow` -> DATA_FLOW; OTHER if none. */
function graphqlTypeOf(name: string | undefined): EntityType {
  if (!name) return EntityType.OTHER;
  const snake = name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
  return entityTypeOf(name) ?? (snake in EntityType ? (snake as EntityType) : EntityType.OTHER);
}

/** An entity type (one a structured property applies to), described by its URN alone. */
@ObjectType({ implements: Entity, description: 'A kind of entity of the catalog' })
export class EntityTypeEntity extends entityBase(EntityType.ENTITY_TYPE, 'EntityTypeEntity') {
  @Field(() => EntityTypeInfo) info(): EntityTypeInfo {
    return make(EntityTypeInfo, {
      type: graphqlTypeOf(entityTypeName(this.urn)),
      qualifiedName: idOf(this.urn),
    });
  }
}

@TableObjectType()
export class AllowedValue extends fields({
  value: req(PropertyValue),
  description: opt(String),
}) {}

@TableObjectType()
export class TypeQualifier extends fields({
  allowedTypes: opt([EntityTypeEntity]),
}) {}

@TableObjectType()
/** DataHub's ResolvedAuditStamp: when, and the user who did it. */
@TableObjectType()
export class ResolvedAuditStamp extends fields({
  time: req(Long),
  actor: opt(() => entityClass(EntityType.CORP_USER)),
}) {}

/** A stamp of an aspect, its actor shown as a user (a system or group actor reads as no user). */
export const resolvedStamp = (ctx: GraphQLContext, v: unknown): ResolvedAuditStamp | undefined => {
  const o = obj(v);
  if (!o) return undefined;
  const actor = ctx.entity(str(o.actor) ?? '');
  return make(ResolvedAuditStamp, {
    time: typeof o.time === 'number' ? o.time : 0,
    actor: actor?.type === EntityType.CORP_USER ? actor : undefined,
  });
};

@TableObjectType()
export class StructuredPropertyDefinition extends fields({
  qualifiedName: req(String),
  ...optional(String, 'displayName', 'description'),
  cardinality: opt(PropertyCardinality),
  allowedValues: opt([AllowedValue]),
  valueType: req(DataTypeEntity),
  typeQualifier: opt(TypeQualifier),
  entityTypes: req([EntityTypeEntity]),
  immutable: req(Boolean),
  /** neohub: the definition's version string (yyyyMMddhhmmss), set by breaking changes. */
  version: opt(String),
  ...optional(ResolvedAuditStamp, 'created', 'lastModified'),
}) {}

@TableObjectType()
export class StructuredPropertySettings extends fields(required(Boolean, ...PROPERTY_SETTINGS)) {}

/** A structured property: its definition (`propertyDefinition`) and display settings. */
@ObjectType({ implements: Entity, description: 'A structured property: a typed property of entities' })
export class StructuredPropertyEntity extends entityBase(
  EntityType.STRUCTURED_PROPERTY,
  'StructuredPropertyEntity',
) {
  @Field(() => Boolean, { nullable: true })
  override exists(): Promise<boolean> {
    return super.exists();
  }
  /** The stored definition; a property known only by its URN shows its id and no constraints. */
  @Field(() => StructuredPropertyDefinition)
  async definition(): Promise<StructuredPropertyDefinition> {
    const v: Json = (await this.aspect('propertyDefinition')) ?? {};
    const qualifier = obj(v.typeQualifier);
    const cardinality = str(v.cardinality);
    return make(StructuredPropertyDefinition, {
      qualifiedName: str(v.qualifiedName) ?? this.urn.slice(PROPERTY_PREFIX.length),
      displayName: str(v.displayName),
      description: str(v.description),
      cardinality:
        cardinality && cardinality in PropertyCardinality ? (cardinality as PropertyCardinality) : undefined,
      allowedValues: Array.isArray(v.allowedValues)
        ? list(v.allowedValues).flatMap((a) => {
            const value = propertyValue(a.value);
            return value ? [make(AllowedValue, { value, description: str(a.description) })] : [];
          })
        : undefined,
      valueType: new DataTypeEntity(this.ctx, str(v.valueType) ?? 'urn:li:dataType:datahub.string'),
      typeQualifier: qualifier
        ? make(TypeQualifier, {
            allowedTypes: strings(qualifier.allowedTypes).map((t) => new EntityTypeEntity(this.ctx, t)),
          })
        : undefined,
      entityTypes: strings(v.entityTypes).map((t) => new EntityTypeEntity(this.ctx, t)),
      immutable: v.immutable === true,
      version: str(v.version),
      created: resolvedStamp(this.ctx, v.created),
      lastModified: resolvedStamp(this.ctx, v.lastModified),
    });
  }
  @Field(() => StructuredPropertySettings, { nullable: true })
  settings(): Promise<StructuredPropertySettings | undefined> {
    return this.readAspect('structuredPropertySettings', (_, v) =>
      make(StructuredPropertySettings, Object.fromEntries(PROPERTY_SETTINGS.map((k) => [k, v[k] === true]))),
    );
  }
}

@TableObjectType()
export class StructuredPropertiesEntry extends fields({
  structuredProperty: req(StructuredPropertyEntity),
  values: req([PropertyValue], { nullable: 'items' }),
  valueEntities: opt([Entity], { nullable: 'itemsAndList' }),
  associatedUrn: req(String),
}) {}

@TableObjectType()
export class StructuredProperties extends fields({
  properties: opt([StructuredPropertiesEntry]),
}) {}

/**
 * The `structuredProperties` aspect of entity `urn` (as reads show it: values of deleted, soft-deleted
 * or retired properties are already left out) as DataHub's StructuredProperties; URN values are also
 * given as entities when their kind has a GraphQL object.
 */
export function structuredProperties(
  ctx: GraphQLContext,
  v: Json | undefined,
  urn: string,
): StructuredProperties | undefined {
  if (!v) return undefined;
  return make(StructuredProperties, {
    properties: list(v.properties).flatMap((p) => {
      const propertyUrn = str(p.propertyUrn);
      if (!propertyUrn) return [];
      const values = list(p.values)
        .map(propertyValue)
        .filter((x): x is StringValue | NumberValue => x !== undefined);
      const valueEntities = values.flatMap((x) => {
        const e =
          'stringValue' in x && x.stringValue.startsWith('urn:li:') ? ctx.entity(x.stringValue) : undefined;
        return e ? [e] : [];
      });
      return [
        make(StructuredPropertiesEntry, {
          structuredProperty: new StructuredPropertyEntity(ctx, propertyUrn),
          values,
          valueEntities,
          associatedUrn: urn,
        }),
      ];
    }),
  });
}

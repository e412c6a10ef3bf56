import { Field, ObjectType } from 'type-graphql';
import type { GraphQLContext } from '../context.js';
import { customProperties, CustomPropertiesEntry, make, str, type Json } from './common.js';
import { Entity } from './entity.js';
import { EntityType } from './entity-type.js';

/** The last segment of a simple URN: `urn:li:tag:PII` -> `PII`. */
export const idOf = (urn: string): string => urn.split(':').slice(3).join(':');

@ObjectType()
export class CorpUserProperties {
  @Field(() => Boolean) active!: boolean;
  @Field(() => String, { nullable: true }) displayName?: string;
  @Field(() => String, { nullable: true }) title?: string;
  @Field(() => String, { nullable: true }) email?: string;
  @Field(() => String, { nullable: true }) fullName?: string;
  @Field(() => String, { nullable: true }) firstName?: string;
  @Field(() => String, { nullable: true }) lastName?: string;
  @Field(() => [CustomPropertiesEntry], { nullable: true }) customProperties?: CustomPropertiesEntry[];
}

@ObjectType({ implements: Entity, description: 'A user' })
export class CorpUser extends Entity {
  constructor(ctx: GraphQLContext, urn: string) {
    super(ctx, urn, EntityType.CORP_USER);
  }
  get typeName(): string {
    return 'CorpUser';
  }
  @Field(() => String) username(): string {
    return idOf(this.urn);
  }
  @Field(() => CorpUserProperties, { nullable: true })
  async properties(): Promise<CorpUserProperties | undefined> {
    const v = await this.aspect('corpUserInfo');
    if (!v) return undefined;
    return make(CorpUserProperties, {
      active: v.active !== false,
      displayName: str(v.displayName),
      title: str(v.title),
      email: str(v.email),
      fullName: str(v.fullName),
      firstName: str(v.firstName),
      lastName: str(v.lastName),
      customProperties: customProperties(v.customProperties, this.urn),
    });
  }
  /** Deprecated in DataHub in favour of `properties`; same values. */
  @Field(() => CorpUserProperties, { nullable: true, deprecationReason: 'Use properties' })
  info(): Promise<CorpUserProperties | undefined> {
    return this.properties();
  }
}

@ObjectType()
export class CorpGroupProperties {
  @Field(() => String, { nullable: true }) displayName?: string;
  @Field(() => String, { nullable: true }) description?: string;
  @Field(() => String, { nullable: true }) email?: string;
}

@ObjectType({ implements: Entity, description: 'A group of users' })
export class CorpGroup extends Entity {
  constructor(ctx: GraphQLContext, urn: string) {
    super(ctx, urn, EntityType.CORP_GROUP);
  }
  get typeName(): string {
    return 'CorpGroup';
  }
  @Field(() => String) name(): string {
    return idOf(this.urn);
  }
  @Field(() => CorpGroupProperties, { nullable: true })
  async properties(): Promise<CorpGroupProperties | undefined> {
    const v = await this.aspect('corpGroupInfo');
    return v
      ? make(CorpGroupProperties, {
          displayName: str(v.displayName),
          description: str(v.description),
          email: str(v.email),
        })
      : undefined;
  }
}

@ObjectType()
export class TagProperties {
  @Field(() => String) name!: string;
  @Field(() => String, { nullable: true }) description?: string;
  @Field(() => String, { nullable: true }) colorHex?: string;
}

@ObjectType({ implements: Entity, description: 'A tag' })
export class Tag extends Entity {
  constructor(ctx: GraphQLContext, urn: string) {
    super(ctx, urn, EntityType.TAG);
  }
  get typeName(): string {
    return 'Tag';
  }
  @Field(() => String) name(): string {
    return idOf(this.urn);
  }
  @Field(() => TagProperties, { nullable: true })
  async properties(): Promise<TagProperties | undefined> {
    const v = await this.aspect('tagProperties');
    return v
      ? make(TagProperties, {
          name: str(v.name) ?? idOf(this.urn),
          description: str(v.description),
          colorHex: str(v.colorHex),
        })
      : undefined;
  }
  @Field(() => String, { nullable: true, deprecationReason: 'Use properties.description' })
  async description(): Promise<string | undefined> {
    return (await this.properties())?.description;
  }
}

@ObjectType()
export class GlossaryTermProperties {
  @Field(() => String) name!: string;
  @Field(() => String, { nullable: true }) description?: string;
  @Field(() => String) definition!: string;
  @Field(() => String) termSource!: string;
  @Field(() => String, { nullable: true }) sourceRef?: string;
  @Field(() => String, { nullable: true }) sourceUrl?: string;
  @Field(() => [CustomPropertiesEntry], { nullable: true }) customProperties?: CustomPropertiesEntry[];
}

@ObjectType({ implements: Entity, description: 'A term of the business glossary' })
export class GlossaryTerm extends Entity {
  constructor(ctx: GraphQLContext, urn: string) {
    super(ctx, urn, EntityType.GLOSSARY_TERM);
  }
  get typeName(): string {
    return 'GlossaryTerm';
  }
  @Field(() => String) name(): string {
    return idOf(this.urn);
  }
  @Field(() => String) hierarchicalName(): string {
    return idOf(this.urn);
  }
  @Field(() => GlossaryTermProperties, { nullable: true })
  async properties(): Promise<GlossaryTermProperties | undefined> {
    const v: Json | undefined = await this.aspect('glossaryTermInfo');
    if (!v) return undefined;
    const definition = str(v.definition) ?? '';
    return make(GlossaryTermProperties, {
      name: str(v.name) ?? idOf(this.urn),
      description: definition,
      definition,
      termSource: str(v.termSource) ?? 'INTERNAL',
      sourceRef: str(v.sourceRef),
      sourceUrl: str(v.sourceUrl),
      customProperties: customProperties(v.customProperties, this.urn),
    });
  }
}

@ObjectType()
export class DataPlatformProperties {
  @Field(() => String, { nullable: true }) displayName?: string;
  @Field(() => String, { nullable: true }) datasetNameDelimiter?: string;
  @Field(() => String, { nullable: true }) logoUrl?: string;
}

@ObjectType({ implements: Entity, description: 'A data platform (hive, snowflake, sagemaker, ...)' })
export class DataPlatform extends Entity {
  constructor(ctx: GraphQLContext, urn: string) {
    super(ctx, urn, EntityType.DATA_PLATFORM);
  }
  get typeName(): string {
    return 'DataPlatform';
  }
  @Field(() => String) name(): string {
    return idOf(this.urn);
  }
  @Field(() => DataPlatformProperties, { nullable: true })
  async properties(): Promise<DataPlatformProperties | undefined> {
    const v = await this.aspect('dataPlatformInfo');
    return make(DataPlatformProperties, {
      displayName: str(v?.displayName) ?? idOf(this.urn),
      datasetNameDelimiter: str(v?.datasetNameDelimiter),
      logoUrl: str(v?.logoUrl),
    });
  }
}

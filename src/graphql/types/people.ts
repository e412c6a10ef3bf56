import { Field, ObjectType } from 'type-graphql';
import { PlatformTypeSchema } from '../../registry/index.js';
import type { GraphQLContext } from '../context.js';
import {
  customProperties,
  CustomPropertiesEntry,
  deprecation,
  Deprecation,
  GlobalTags,
  globalTags,
  InstitutionalMemory,
  institutionalMemory,
  make,
  num,
  Ownership,
  ownership,
  str,
  strings,
  type Json,
} from './common.js';
import { Entity } from './entity.js';
import { EntityType } from './entity-type.js';
import { stringEnum } from './enums.js';
import { StructuredProperties, structuredProperties } from './structured-properties.js';
import { Long } from './scalars.js';

/** The last segment of a simple URN: `urn:li:tag:PII` -> `PII`. */
export const idOf = (urn: string): string => urn.split(':').slice(3).join(':');

export const CorpUserStatus = stringEnum('CorpUserStatus', ['ACTIVE', 'SUSPENDED'] as const);
export type CorpUserStatus = keyof typeof CorpUserStatus;

@ObjectType()
export class CorpUserProperties {
  @Field(() => Boolean) active!: boolean;
  @Field(() => String, { nullable: true }) displayName?: string;
  @Field(() => String, { nullable: true }) email?: string;
  @Field(() => String, { nullable: true }) title?: string;
  @Field(() => CorpUser, { nullable: true }) manager?: CorpUser;
  @Field(() => Long, { nullable: true }) departmentId?: number;
  @Field(() => String, { nullable: true }) departmentName?: string;
  @Field(() => String, { nullable: true }) firstName?: string;
  @Field(() => String, { nullable: true }) lastName?: string;
  @Field(() => String, { nullable: true }) fullName?: string;
  @Field(() => String, { nullable: true }) countryCode?: string;
  @Field(() => [CustomPropertiesEntry], { nullable: true }) customProperties?: CustomPropertiesEntry[];
}

/** The deprecated `CorpUser.info`: the same fields as CorpUserProperties, under DataHub's older name. */
@ObjectType()
export class CorpUserInfo extends CorpUserProperties {}

@ObjectType()
export class CorpUserEditableProperties {
  @Field(() => String, { nullable: true }) displayName?: string;
  @Field(() => String, { nullable: true }) title?: string;
  @Field(() => String, { nullable: true }) aboutMe?: string;
  @Field(() => [String], { nullable: true }) teams?: string[];
  @Field(() => [String], { nullable: true }) skills?: string[];
  @Field(() => String, { nullable: true }) pictureLink?: string;
  @Field(() => String, { nullable: true }) slack?: string;
  @Field(() => String, { nullable: true }) phone?: string;
  @Field(() => String, { nullable: true }) email?: string;
  @Field(() => [DataPlatform], { nullable: true }) platforms?: DataPlatform[];
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
    return v ? this.userInfo(new CorpUserProperties(), v) : undefined;
  }
  /** Deprecated in DataHub in favour of `properties`; same values. */
  @Field(() => CorpUserInfo, { nullable: true, deprecationReason: 'Use properties' })
  async info(): Promise<CorpUserInfo | undefined> {
    const v = await this.aspect('corpUserInfo');
    return v ? this.userInfo(new CorpUserInfo(), v) : undefined;
  }
  private userInfo<T extends CorpUserProperties>(into: T, v: Json): T {
    const manager = str(v.managerUrn);
    return Object.assign(into, {
      active: v.active !== false,
      displayName: str(v.displayName),
      email: str(v.email),
      title: str(v.title),
      manager: manager ? new CorpUser(this.ctx, manager) : undefined,
      departmentId: num(v.departmentId),
      departmentName: str(v.departmentName),
      firstName: str(v.firstName),
      lastName: str(v.lastName),
      fullName: str(v.fullName),
      countryCode: str(v.countryCode),
      customProperties: customProperties(v.customProperties, this.urn),
    });
  }
  @Field(() => CorpUserEditableProperties, { nullable: true })
  async editableProperties(): Promise<CorpUserEditableProperties | undefined> {
    const v = await this.aspect('corpUserEditableInfo');
    if (!v) return undefined;
    return make(CorpUserEditableProperties, {
      displayName: str(v.displayName),
      title: str(v.title),
      aboutMe: str(v.aboutMe),
      teams: strings(v.teams),
      skills: strings(v.skills),
      pictureLink: str(v.pictureLink),
      slack: str(v.slack),
      phone: str(v.phone),
      email: str(v.email),
      platforms: Array.isArray(v.platforms)
        ? strings(v.platforms).map((u) => new DataPlatform(this.ctx, u))
        : undefined,
    });
  }
  /** The user's status (corpUserStatus), when it is one of DataHub's values. */
  @Field(() => CorpUserStatus, { nullable: true })
  async status(): Promise<CorpUserStatus | undefined> {
    const s = str((await this.aspect('corpUserStatus'))?.status);
    return s && Object.hasOwn(CorpUserStatus, s) ? (s as CorpUserStatus) : undefined;
  }
  @Field(() => GlobalTags, { nullable: true })
  async tags(): Promise<GlobalTags | undefined> {
    return globalTags(this.ctx, await this.aspect('globalTags'), this.urn);
  }
  @Field(() => GlobalTags, { nullable: true, deprecationReason: 'Use tags' })
  globalTags(): Promise<GlobalTags | undefined> {
    return this.tags();
  }
  @Field(() => StructuredProperties, { nullable: true })
  async structuredProperties(): Promise<StructuredProperties | undefined> {
    return structuredProperties(this.ctx, await this.aspect('structuredProperties'), this.urn);
  }
  /** Whether the user signs in with a password kept by the catalog: never in neohub. */
  @Field(() => Boolean, { nullable: true }) isNativeUser(): boolean {
    return false;
  }
}

@ObjectType()
export class CorpGroupProperties {
  @Field(() => String, { nullable: true }) displayName?: string;
  @Field(() => String, { nullable: true }) description?: string;
  @Field(() => String, { nullable: true }) email?: string;
  @Field(() => String, { nullable: true }) slack?: string;
}

@ObjectType()
export class CorpGroupEditableProperties {
  @Field(() => String, { nullable: true }) description?: string;
  @Field(() => String, { nullable: true }) slack?: string;
  @Field(() => String, { nullable: true }) email?: string;
  @Field(() => String, { nullable: true }) pictureLink?: string;
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
          slack: str(v.slack),
        })
      : undefined;
  }
  @Field(() => CorpGroupEditableProperties, { nullable: true })
  async editableProperties(): Promise<CorpGroupEditableProperties | undefined> {
    const v = await this.aspect('corpGroupEditableInfo');
    return v
      ? make(CorpGroupEditableProperties, {
          description: str(v.description),
          slack: str(v.slack),
          email: str(v.email),
          pictureLink: str(v.pictureLink),
        })
      : undefined;
  }
  @Field(() => StructuredProperties, { nullable: true })
  async structuredProperties(): Promise<StructuredProperties | undefined> {
    return structuredProperties(this.ctx, await this.aspect('structuredProperties'), this.urn);
  }
  @Field(() => Ownership, { nullable: true })
  async ownership(): Promise<Ownership | undefined> {
    return ownership(this.ctx, await this.aspect('ownership'), this.urn);
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
  @Field(() => String, { deprecationReason: 'Use properties.name' }) name(): string {
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
  @Field(() => Ownership, { nullable: true })
  async ownership(): Promise<Ownership | undefined> {
    return ownership(this.ctx, await this.aspect('ownership'), this.urn);
  }
}

@ObjectType()
export class GlossaryTermProperties {
  @Field(() => String) name!: string;
  @Field(() => String, { nullable: true }) description?: string;
  @Field(() => String, { deprecationReason: 'Use description' }) definition!: string;
  @Field(() => String) termSource!: string;
  @Field(() => String, { nullable: true }) sourceRef?: string;
  @Field(() => String, { nullable: true }) sourceUrl?: string;
  @Field(() => [CustomPropertiesEntry], { nullable: true }) customProperties?: CustomPropertiesEntry[];
  @Field(() => String, { nullable: true }) rawSchema?: string;
}

/** The older `GlossaryTerm.glossaryTermInfo`: GlossaryTermProperties' fields, `name` optional. */
@ObjectType()
export class GlossaryTermInfo {
  @Field(() => String, { nullable: true }) name?: string;
  @Field(() => String, { nullable: true }) description?: string;
  @Field(() => String, { deprecationReason: 'Use description' }) definition!: string;
  @Field(() => String) termSource!: string;
  @Field(() => String, { nullable: true }) sourceRef?: string;
  @Field(() => String, { nullable: true }) sourceUrl?: string;
  @Field(() => [CustomPropertiesEntry], { nullable: true }) customProperties?: CustomPropertiesEntry[];
  @Field(() => String, { nullable: true }) rawSchema?: string;
}

@ObjectType({ implements: Entity, description: 'A term of the business glossary' })
export class GlossaryTerm extends Entity {
  constructor(ctx: GraphQLContext, urn: string) {
    super(ctx, urn, EntityType.GLOSSARY_TERM);
  }
  get typeName(): string {
    return 'GlossaryTerm';
  }
  @Field(() => String, { deprecationReason: 'Use properties.name' }) name(): string {
    return idOf(this.urn);
  }
  @Field(() => String) hierarchicalName(): string {
    return idOf(this.urn);
  }
  private termInfo<T extends GlossaryTermProperties | GlossaryTermInfo>(into: T, v: Json): T {
    const definition = str(v.definition) ?? '';
    return Object.assign(into, {
      name: str(v.name) ?? idOf(this.urn),
      description: definition,
      definition,
      termSource: str(v.termSource) ?? 'INTERNAL',
      sourceRef: str(v.sourceRef),
      sourceUrl: str(v.sourceUrl),
      customProperties: customProperties(v.customProperties, this.urn),
      rawSchema: str(v.rawSchema),
    });
  }
  @Field(() => GlossaryTermProperties, { nullable: true })
  async properties(): Promise<GlossaryTermProperties | undefined> {
    const v = await this.aspect('glossaryTermInfo');
    return v ? this.termInfo(new GlossaryTermProperties(), v) : undefined;
  }
  /** Deprecated in DataHub (by its description) in favour of `properties`; same values. */
  @Field(() => GlossaryTermInfo, { nullable: true, description: 'Deprecated, use properties instead' })
  async glossaryTermInfo(): Promise<GlossaryTermInfo | undefined> {
    const v = await this.aspect('glossaryTermInfo');
    return v ? this.termInfo(new GlossaryTermInfo(), v) : undefined;
  }
  @Field(() => Ownership, { nullable: true })
  async ownership(): Promise<Ownership | undefined> {
    return ownership(this.ctx, await this.aspect('ownership'), this.urn);
  }
  @Field(() => InstitutionalMemory, { nullable: true })
  async institutionalMemory(): Promise<InstitutionalMemory | undefined> {
    return institutionalMemory(this.ctx, await this.aspect('institutionalMemory'), this.urn);
  }
  @Field(() => StructuredProperties, { nullable: true })
  async structuredProperties(): Promise<StructuredProperties | undefined> {
    return structuredProperties(this.ctx, await this.aspect('structuredProperties'), this.urn);
  }
  @Field(() => Deprecation, { nullable: true })
  async deprecation(): Promise<Deprecation | undefined> {
    return deprecation(this.ctx, await this.aspect('deprecation'));
  }
}

/** The registry's symbols (DataHub's PlatformType). */
export const PlatformType = stringEnum('PlatformType', PlatformTypeSchema.symbols) as Record<string, string>;
export type PlatformType = string;

@ObjectType()
export class DataPlatformProperties {
  /** The platform's kind; OTHERS when its dataPlatformInfo is not stored. */
  @Field(() => PlatformType) type!: PlatformType;
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
      type: str(v?.type) ?? 'OTHERS',
      displayName: str(v?.displayName) ?? idOf(this.urn),
      datasetNameDelimiter: str(v?.datasetNameDelimiter),
      logoUrl: str(v?.logoUrl),
    });
  }
}

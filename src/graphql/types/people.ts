import { Field, ObjectType } from 'type-graphql';
import { PlatformTypeSchema } from '../../registry/index.js';
import { aspectFields, showAspects, stringAt, type AspectField } from './aspect-fields.js';
import { customProperties, CustomPropertiesEntry, make, num, obj, str, strings } from './common.js';
import { entityClass } from './entity-classes.js';
import { entityBase, Entity } from './entity.js';
import { fields, opt, optional, req, TableObjectType } from './field-table.js';
import { EntityType } from './entity-type.js';
import { stringEnum } from './enums.js';
import { Long } from './scalars.js';

/** The last segment of a simple URN: `urn:li:tag:PII` -> `PII`. */
export const idOf = (urn: string): string => urn.split(':').slice(3).join(':');

export const CorpUserStatus = stringEnum('CorpUserStatus', ['ACTIVE', 'SUSPENDED'] as const);
export type CorpUserStatus = keyof typeof CorpUserStatus;

@TableObjectType()
export class CorpUserProperties extends fields({
  active: req(Boolean),
  ...optional(String, 'displayName', 'email', 'title'),
  manager: opt(() => CorpUser),
  departmentId: opt(Long),
  ...optional(String, 'departmentName', 'firstName', 'lastName', 'fullName', 'countryCode'),
  customProperties: opt([CustomPropertiesEntry]),
}) {}

/** The deprecated `CorpUser.info`: the same fields as CorpUserProperties, under DataHub's older name. */
@ObjectType()
export class CorpUserInfo extends CorpUserProperties {}

@TableObjectType()
export class CorpUserEditableProperties extends fields({
  ...optional(String, 'displayName', 'title', 'aboutMe'),
  ...optional([String], 'teams', 'skills'),
  ...optional(String, 'pictureLink', 'slack', 'phone', 'email'),
  platforms: opt(() => [DataPlatform]),
}) {}

/** The older `CorpUser.editableInfo`: the first fields of corpUserEditableInfo, read as stored. */
@TableObjectType()
export class CorpUserEditableInfo extends fields({
  ...optional(String, 'displayName', 'title', 'aboutMe'),
  ...optional([String], 'teams', 'skills'),
  pictureLink: opt(String),
}) {}

// A user's settings (corpUserSettings): the records mirror the aspect's, so they are read as stored.
@TableObjectType()
export class CorpUserAppearanceSettings extends fields(
  optional(Boolean, 'showSimplifiedHomepage', 'showThemeV2'),
) {}

@TableObjectType()
export class CorpUserViewsSettings extends fields({
  /** The user's default view (a View of theirs, or a global one). */
  defaultView: opt(() => entityClass(EntityType.DATAHUB_VIEW)),
}) {}

@TableObjectType()
export class CorpUserLocaleSettings extends fields({ language: opt(String) }) {}

@TableObjectType()
export class CorpUserSettings extends fields({
  appearance: opt(CorpUserAppearanceSettings),
  views: opt(CorpUserViewsSettings),
  locale: opt(CorpUserLocaleSettings),
}) {}

@ObjectType({ implements: Entity, description: 'A user' })
export class CorpUser extends entityBase(EntityType.CORP_USER, 'CorpUser') {
  @Field(() => String) username(): string {
    return idOf(this.urn);
  }
  /** Whether the user exists in the catalog (has any aspect). */
  @Field(() => Boolean, { name: 'exists', nullable: true }) userExists(): Promise<boolean> {
    return this.exists();
  }
  /** Whether the user signs in with a password kept by the catalog: never in neohub. */
  @Field(() => Boolean, { nullable: true }) isNativeUser(): boolean {
    return false;
  }
}

/** A user's info (corpUserInfo), as CorpUserProperties or the older CorpUserInfo. */
const userInfo = (into: typeof CorpUserProperties): AspectField => ({
  type: into,
  aspect: 'corpUserInfo',
  read: (ctx, v, urn) => {
    const manager = str(v.managerUrn);
    return make(into, {
      active: v.active !== false,
      displayName: str(v.displayName),
      email: str(v.email),
      title: str(v.title),
      manager: manager ? new CorpUser(ctx, manager) : undefined,
      departmentId: num(v.departmentId),
      departmentName: str(v.departmentName),
      firstName: str(v.firstName),
      lastName: str(v.lastName),
      fullName: str(v.fullName),
      countryCode: str(v.countryCode),
      customProperties: customProperties(v.customProperties, urn),
    });
  },
});

aspectFields(CorpUser, {
  properties: userInfo(CorpUserProperties),
  /** Deprecated in DataHub in favour of `properties`; same values. */
  info: { ...userInfo(CorpUserInfo), deprecationReason: 'Use properties' },
  editableProperties: {
    type: CorpUserEditableProperties,
    aspect: 'corpUserEditableInfo',
    read: (ctx, v) =>
      make(CorpUserEditableProperties, {
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
          ? strings(v.platforms).map((u) => new DataPlatform(ctx, u))
          : undefined,
      }),
  },
  editableInfo: {
    type: CorpUserEditableInfo,
    aspect: 'corpUserEditableInfo',
    read: (_, v) => v,
    deprecationReason: 'Use editableProperties',
  },
  settings: {
    type: CorpUserSettings,
    aspect: 'corpUserSettings',
    read: (ctx, v) => {
      const views = obj(v.views);
      const view = str(views?.defaultView);
      return { ...v, views: views && { defaultView: view ? ctx.entity(view) : undefined } };
    },
  },
  /** The user's status (corpUserStatus), when it is one of DataHub's values. */
  status: {
    type: CorpUserStatus,
    aspect: 'corpUserStatus',
    read: (_, v) => {
      const s = str(v.status);
      return s && Object.hasOwn(CorpUserStatus, s) ? s : undefined;
    },
  },
});
showAspects(CorpUser, 'tags', 'globalTags', 'structuredProperties');

@TableObjectType()
export class CorpGroupProperties extends fields(
  optional(String, 'displayName', 'description', 'email', 'slack'),
) {}

/** The older `CorpGroup.info`: the group's info with its admins and members (now relationships). */
@TableObjectType()
export class CorpGroupInfo extends fields({
  ...optional(String, 'displayName', 'description', 'email'),
  admins: opt(() => [CorpUser], { deprecationReason: 'Use relationships' }),
  members: opt(() => [CorpUser], { deprecationReason: 'Use relationships' }),
  groups: opt([String], { deprecationReason: 'Use relationships' }),
}) {}

@TableObjectType()
export class CorpGroupEditableProperties extends fields(
  optional(String, 'description', 'slack', 'email', 'pictureLink'),
) {}

@ObjectType({ implements: Entity, description: 'A group of users' })
export class CorpGroup extends entityBase(EntityType.CORP_GROUP, 'CorpGroup') {
  @Field(() => String) name(): string {
    return idOf(this.urn);
  }
}
aspectFields(CorpGroup, {
  properties: {
    type: CorpGroupProperties,
    aspect: 'corpGroupInfo',
    read: (_, v) =>
      make(CorpGroupProperties, {
        displayName: str(v.displayName),
        description: str(v.description),
        email: str(v.email),
        slack: str(v.slack),
      }),
  },
  info: {
    type: CorpGroupInfo,
    aspect: 'corpGroupInfo',
    deprecationReason: 'Use properties',
    read: (ctx, v) => {
      const users = (urns: unknown) => strings(urns)?.map((u) => new CorpUser(ctx, u));
      return make(CorpGroupInfo, {
        displayName: str(v.displayName),
        description: str(v.description),
        email: str(v.email),
        admins: users(v.admins),
        members: users(v.members),
        groups: strings(v.groups),
      });
    },
  },
  editableProperties: {
    type: CorpGroupEditableProperties,
    aspect: 'corpGroupEditableInfo',
    read: (_, v) =>
      make(CorpGroupEditableProperties, {
        description: str(v.description),
        slack: str(v.slack),
        email: str(v.email),
        pictureLink: str(v.pictureLink),
      }),
  },
});
showAspects(CorpGroup, 'structuredProperties', 'ownership');

@TableObjectType()
export class TagProperties extends fields({
  name: req(String),
  ...optional(String, 'description', 'colorHex'),
}) {}

@ObjectType({ implements: Entity, description: 'A tag' })
export class Tag extends entityBase(EntityType.TAG, 'Tag') {
  @Field(() => String, { deprecationReason: 'Use properties.name' }) name(): string {
    return idOf(this.urn);
  }
}
aspectFields(Tag, {
  properties: {
    type: TagProperties,
    aspect: 'tagProperties',
    read: (_, v, urn) =>
      make(TagProperties, {
        name: str(v.name) ?? idOf(urn),
        description: str(v.description),
        colorHex: str(v.colorHex),
      }),
  },
  description: {
    type: String,
    aspect: 'tagProperties',
    read: stringAt('description'),
    deprecationReason: 'Use properties.description',
  },
});
showAspects(Tag, 'ownership');

/** The fields of a glossary term's info but its name. */
const TERM_INFO = {
  description: opt(String),
  definition: req(String, { deprecationReason: 'Use description' }),
  termSource: req(String),
  ...optional(String, 'sourceRef', 'sourceUrl'),
  customProperties: opt([CustomPropertiesEntry]),
  rawSchema: opt(String),
};

@TableObjectType()
export class GlossaryTermProperties extends fields({ name: req(String), ...TERM_INFO }) {}

/** The older `GlossaryTerm.glossaryTermInfo`: GlossaryTermProperties' fields, `name` optional. */
@TableObjectType()
export class GlossaryTermInfo extends fields({ name: opt(String), ...TERM_INFO }) {}

@ObjectType({ implements: Entity, description: 'A term of the business glossary' })
export class GlossaryTerm extends entityBase(EntityType.GLOSSARY_TERM, 'GlossaryTerm') {
  @Field(() => String, { deprecationReason: 'Use properties.name' }) name(): string {
    return idOf(this.urn);
  }
  @Field(() => String) hierarchicalName(): string {
    return idOf(this.urn);
  }
}

/** A term's info (glossaryTermInfo), as GlossaryTermProperties or the older GlossaryTermInfo. */
const termInfo = (into: typeof GlossaryTermProperties | typeof GlossaryTermInfo): AspectField => ({
  type: into,
  aspect: 'glossaryTermInfo',
  read: (_, v, urn) => {
    const definition = str(v.definition) ?? '';
    return make(into, {
      name: str(v.name) ?? idOf(urn),
      description: definition,
      definition,
      termSource: str(v.termSource) ?? 'INTERNAL',
      sourceRef: str(v.sourceRef),
      sourceUrl: str(v.sourceUrl),
      customProperties: customProperties(v.customProperties, urn),
      rawSchema: str(v.rawSchema),
    });
  },
});

aspectFields(GlossaryTerm, {
  properties: termInfo(GlossaryTermProperties),
  /** Deprecated in DataHub (by its description) in favour of `properties`; same values. */
  glossaryTermInfo: { ...termInfo(GlossaryTermInfo), description: 'Deprecated, use properties instead' },
});
showAspects(
  GlossaryTerm,
  'ownership',
  'institutionalMemory',
  'structuredProperties',
  'deprecation',
  'domain',
);

/** The registry's symbols (DataHub's PlatformType). */
export const PlatformType = stringEnum('PlatformType', PlatformTypeSchema.symbols) as Record<string, string>;
export type PlatformType = string;

@TableObjectType()
export class DataPlatformProperties extends fields({
  /** The platform's kind; OTHERS when its dataPlatformInfo is not stored. */
  type: req(PlatformType),
  ...optional(String, 'displayName', 'datasetNameDelimiter', 'logoUrl'),
}) {}

@ObjectType({ implements: Entity, description: 'A data platform (hive, snowflake, sagemaker, ...)' })
export class DataPlatform extends entityBase(EntityType.DATA_PLATFORM, 'DataPlatform') {
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

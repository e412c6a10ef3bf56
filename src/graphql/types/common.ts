import { Field, ObjectType, createUnionType } from 'type-graphql';
import { OwnershipSourceTypeSchema } from '../../registry/index.js';
import { stringEnum } from './enums.js';
import type { GraphQLContext } from '../context.js';
import { AuditStamp, auditStamp, requiredStamp } from './audit-stamp.js';
import { Entity } from './entity.js';
import { EntityType } from './entity-type.js';
import { list, make, num, obj, str, type Json } from './json.js';
import { entityClass } from './entity-classes.js';
import { Long } from './scalars.js';

export { AuditStamp, auditStamp, requiredStamp } from './audit-stamp.js';
export { list, make, num, obj, str, strings, type Json } from './json.js';

/** Who is recorded when an aspect names no actor, or an actor that is neither a user nor a group. */
const UNKNOWN_USER = 'urn:li:corpuser:unknown';

/** The user or group of an actor URN; undefined for any other kind of actor. */
const userOrGroup = (ctx: GraphQLContext, urn: string | undefined): Entity | undefined => {
  const e = urn ? ctx.entity(urn) : undefined;
  return e && (e.type === EntityType.CORP_USER || e.type === EntityType.CORP_GROUP) ? e : undefined;
};
/** The user recorded when an aspect names no actor (or one that is neither a user nor a group). */
const unknownUser = (ctx: GraphQLContext): Entity =>
  new (entityClass(EntityType.CORP_USER))(ctx, UNKNOWN_USER);
/** The user of an actor URN; undefined for any other kind of actor. */
const userOf = (ctx: GraphQLContext, urn: string | undefined): Entity | undefined => {
  const e = userOrGroup(ctx, urn);
  return e?.type === EntityType.CORP_USER ? e : undefined;
};

@ObjectType()
export class Status {
  @Field(() => Boolean) removed!: boolean;
}

@ObjectType()
export class Deprecation {
  @Field(() => Boolean) deprecated!: boolean;
  @Field(() => Long, { nullable: true }) decommissionTime?: number;
  @Field(() => String, { nullable: true }) note?: string;
  @Field(() => String, { nullable: true }) actor?: string;
  @Field(() => Entity, { nullable: true }) actorEntity?: Entity;
  @Field(() => Entity, { nullable: true }) replacement?: Entity;
}

@ObjectType()
export class CustomPropertiesEntry {
  @Field(() => String) key!: string;
  @Field(() => String, { nullable: true }) value?: string;
  @Field(() => String) associatedUrn!: string;
}
export const customProperties = (v: unknown, urn: string): CustomPropertiesEntry[] =>
  Object.entries(obj(v) ?? {}).map(([key, value]) =>
    make(CustomPropertiesEntry, { key, value: str(value), associatedUrn: urn }),
  );

export const OwnershipType = stringEnum('OwnershipType', [
  'TECHNICAL_OWNER',
  'BUSINESS_OWNER',
  'DATA_STEWARD',
  'NONE',
  'CUSTOM',
  'DATAOWNER',
  'PRODUCER',
  'DEVELOPER',
  'DELEGATE',
  'CONSUMER',
  'STAKEHOLDER',
] as const);
export type OwnershipType = (typeof OwnershipType)[keyof typeof OwnershipType];

/** The registry's symbols (DataHub's OwnershipSourceType). */
export const OwnershipSourceType = stringEnum(
  'OwnershipSourceType',
  OwnershipSourceTypeSchema.symbols,
) as Record<string, string>;
export type OwnershipSourceType = string;

@ObjectType()
export class OwnershipSource {
  @Field(() => OwnershipSourceType) type!: OwnershipSourceType;
  @Field(() => String, { nullable: true }) url?: string;
}

// The entity classes are imported in a cycle; they are only used lazily (at schema build time).
export const OwnerType = createUnionType({
  name: 'OwnerType',
  types: () => [entityClass(EntityType.CORP_USER), entityClass(EntityType.CORP_GROUP)] as const,
  resolveType: (v: Entity) => v.typeName,
});

/** DataHub's actor of a link and others: a user or a group. */
export const ResolvedActor = createUnionType({
  name: 'ResolvedActor',
  types: () => [entityClass(EntityType.CORP_USER), entityClass(EntityType.CORP_GROUP)] as const,
  resolveType: (v: Entity) => v.typeName,
});

@ObjectType()
export class Owner {
  @Field(() => OwnerType) owner!: Entity;
  @Field(() => OwnershipType, { nullable: true }) type?: OwnershipType;
  @Field(() => OwnershipSource, { nullable: true }) source?: OwnershipSource;
  @Field(() => String) associatedUrn!: string;
}

@ObjectType()
export class Ownership {
  @Field(() => [Owner], { nullable: true }) owners?: Owner[];
  @Field(() => AuditStamp) lastModified!: AuditStamp;
}
export function ownership(ctx: GraphQLContext, v: Json | undefined, urn: string): Ownership | undefined {
  if (!v) return undefined;
  const owners = list(v.owners).flatMap((o) => {
    const owner = ctx.entity(str(o.owner) ?? '');
    if (!owner) return [];
    const type = str(o.type) as OwnershipType | undefined;
    const src = obj(o.source);
    const sourceType = str(src?.type);
    const source = sourceType ? make(OwnershipSource, { type: sourceType, url: str(src?.url) }) : undefined;
    return [make(Owner, { owner, type, associatedUrn: urn, source })];
  });
  return make(Ownership, { owners, lastModified: requiredStamp(v.lastModified) });
}

@ObjectType()
export class TagAssociation {
  @Field(() => entityClass(EntityType.TAG)) tag!: Entity;
  @Field(() => String) associatedUrn!: string;
  @Field(() => String, { nullable: true }) context?: string;
}

@ObjectType()
export class GlobalTags {
  @Field(() => [TagAssociation], { nullable: true }) tags?: TagAssociation[];
}

@ObjectType()
export class GlossaryTermAssociation {
  @Field(() => entityClass(EntityType.GLOSSARY_TERM)) term!: Entity;
  @Field(() => entityClass(EntityType.CORP_USER), { nullable: true }) actor?: Entity;
  @Field(() => String) associatedUrn!: string;
  @Field(() => String, { nullable: true }) context?: string;
}

@ObjectType()
export class GlossaryTerms {
  @Field(() => [GlossaryTermAssociation], { nullable: true }) terms?: GlossaryTermAssociation[];
  @Field(() => AuditStamp, { nullable: true }) auditStamp?: AuditStamp;
}

export function globalTags(ctx: GraphQLContext, v: Json | undefined, urn: string): GlobalTags | undefined {
  if (!v) return undefined;
  const tags = list(v.tags).flatMap((t) => {
    const tag = ctx.entity(str(t.tag) ?? '');
    return tag ? [make(TagAssociation, { tag, associatedUrn: urn, context: str(t.context) })] : [];
  });
  return make(GlobalTags, { tags });
}

export function glossaryTerms(
  ctx: GraphQLContext,
  v: Json | undefined,
  urn: string,
): GlossaryTerms | undefined {
  if (!v) return undefined;
  const terms = list(v.terms).flatMap((t) => {
    const term = ctx.entity(str(t.urn) ?? '');
    if (!term) return [];
    return [
      make(GlossaryTermAssociation, {
        term,
        actor: userOf(ctx, str(t.actor)),
        associatedUrn: urn,
        context: str(t.context),
      }),
    ];
  });
  return make(GlossaryTerms, { terms, auditStamp: auditStamp(v.auditStamp) });
}

@ObjectType()
export class InstitutionalMemoryMetadataSettings {
  @Field(() => Boolean) showInAssetPreview!: boolean;
}

@ObjectType()
export class InstitutionalMemoryMetadata {
  @Field(() => String) url!: string;
  @Field(() => String) label!: string;
  @Field(() => String, { deprecationReason: 'Use label' }) description!: string;
  @Field(() => entityClass(EntityType.CORP_USER), { deprecationReason: 'Use actor' }) author!: Entity;
  @Field(() => ResolvedActor) actor!: Entity;
  @Field(() => AuditStamp) created!: AuditStamp;
  @Field(() => AuditStamp, { nullable: true }) updated?: AuditStamp;
  @Field(() => String) associatedUrn!: string;
  @Field(() => InstitutionalMemoryMetadataSettings, { nullable: true })
  settings?: InstitutionalMemoryMetadataSettings;
}

@ObjectType()
export class InstitutionalMemory {
  @Field(() => [InstitutionalMemoryMetadata]) elements!: InstitutionalMemoryMetadata[];
}
export function institutionalMemory(
  ctx: GraphQLContext,
  v: Json | undefined,
  urn: string,
): InstitutionalMemory | undefined {
  if (!v) return undefined;
  const elements = list(v.elements).map((e) => {
    const created = requiredStamp(e.createStamp);
    const description = str(e.description) ?? '';
    const settings = obj(e.settings);
    return make(InstitutionalMemoryMetadata, {
      url: str(e.url) ?? '',
      label: description,
      description,
      author: userOf(ctx, created.actor) ?? unknownUser(ctx),
      actor: userOrGroup(ctx, created.actor) ?? unknownUser(ctx),
      created,
      updated: auditStamp(e.updateStamp),
      associatedUrn: urn,
      settings: settings
        ? make(InstitutionalMemoryMetadataSettings, {
            showInAssetPreview: settings.showInAssetPreview === true,
          })
        : undefined,
    });
  });
  return make(InstitutionalMemory, { elements });
}

export function deprecation(ctx: GraphQLContext, v: Json | undefined): Deprecation | undefined {
  if (!v) return undefined;
  const actor = str(v.actor);
  const replacement = str(v.replacement);
  return make(Deprecation, {
    deprecated: v.deprecated === true,
    decommissionTime: num(v.decommissionTime),
    note: str(v.note),
    actor,
    actorEntity: actor ? ctx.entity(actor) : undefined,
    replacement: replacement ? ctx.entity(replacement) : undefined,
  });
}

export const status = (v: Json | undefined): Status | undefined =>
  v ? make(Status, { removed: v.removed === true }) : undefined;

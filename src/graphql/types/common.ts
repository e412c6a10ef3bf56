import { createUnionType } from 'type-graphql';
import { OwnershipSourceTypeSchema } from '../../registry/index.js';
import { SYSTEM_TYPE_PREFIX } from '../../services/index.js';
import { stringEnum } from './enums.js';
import type { GraphQLContext } from '../context.js';
import { AuditStamp, auditStamp, requiredStamp } from './audit-stamp.js';
import { Entity } from './entity.js';
import { EntityType } from './entity-type.js';
import { list, make, num, obj, str, type Json } from './json.js';
import { entityClass } from './entity-classes.js';
import { fields, opt, optional, req, required, TableObjectType } from './field-table.js';
import { Long } from './scalars.js';

export { AuditStamp, auditStamp, requiredStamp, STAMPS, stamps } from './audit-stamp.js';
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

@TableObjectType()
export class Status extends fields({
  removed: req(Boolean),
}) {}

@TableObjectType()
export class Deprecation extends fields({
  deprecated: req(Boolean),
  decommissionTime: opt(Long),
  ...optional(String, 'note', 'actor'),
  ...optional(Entity, 'actorEntity', 'replacement'),
}) {}

@TableObjectType()
export class CustomPropertiesEntry extends fields({
  key: req(String),
  value: opt(String),
  associatedUrn: req(String),
}) {}
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

@TableObjectType()
export class OwnershipSource extends fields({
  type: req(OwnershipSourceType),
  url: opt(String),
}) {}

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

@TableObjectType()
export class Owner extends fields({
  owner: req(OwnerType),
  type: opt(OwnershipType, { deprecationReason: 'Use ownershipType' }),
  /** The ownership type (DataHub's system type of `type` when the owner names none). */
  ownershipType: opt(() => entityClass(EntityType.CUSTOM_OWNERSHIP_TYPE)),
  source: opt(OwnershipSource),
  associatedUrn: req(String),
}) {}

@TableObjectType()
export class Ownership extends fields({
  owners: opt([Owner]),
  lastModified: req(AuditStamp),
}) {}

/**
 * The elements of a list of an aspect that name an entity (at `key`), each made into `T` with that
 * entity; those that name no entity of a kind with a GraphQL type are left out.
 */
function associations<T>(
  ctx: GraphQLContext,
  items: unknown,
  key: string,
  to: (entity: Entity, item: Json) => T,
): T[] {
  return list(items).flatMap((item) => {
    const entity = ctx.entity(str(item[key]) ?? '');
    return entity ? [to(entity, item)] : [];
  });
}

export function ownership(ctx: GraphQLContext, v: Json | undefined, urn: string): Ownership | undefined {
  if (!v) return undefined;
  const owners = associations(ctx, v.owners, 'owner', (owner, o) => {
    const src = obj(o.source);
    const sourceType = str(src?.type);
    const source = sourceType ? make(OwnershipSource, { type: sourceType, url: str(src?.url) }) : undefined;
    const type = str(o.type) as OwnershipType | undefined;
    const typeUrn = str(o.typeUrn) ?? `${SYSTEM_TYPE_PREFIX}${(type ?? 'TECHNICAL_OWNER').toLowerCase()}`;
    const ownershipType = ctx.entity(typeUrn);
    return make(Owner, { owner, type, ownershipType, associatedUrn: urn, source });
  });
  return make(Ownership, { owners, lastModified: requiredStamp(v.lastModified) });
}

/** Where a tag or a term is attached: the entity it labels, and the context it was given. */
const ATTACHED = { associatedUrn: req(String), context: opt(String) };
const attached = (item: Json, urn: string) => ({ associatedUrn: urn, context: str(item.context) });

@TableObjectType()
export class TagAssociation extends fields({ tag: req(() => entityClass(EntityType.TAG)), ...ATTACHED }) {}

@TableObjectType()
export class GlobalTags extends fields({
  tags: opt([TagAssociation]),
}) {}

@TableObjectType()
export class GlossaryTermAssociation extends fields({
  term: req(() => entityClass(EntityType.GLOSSARY_TERM)),
  actor: opt(() => entityClass(EntityType.CORP_USER)),
  ...ATTACHED,
}) {}

@TableObjectType()
export class GlossaryTerms extends fields({
  terms: opt([GlossaryTermAssociation]),
  auditStamp: opt(AuditStamp),
}) {}

export function globalTags(ctx: GraphQLContext, v: Json | undefined, urn: string): GlobalTags | undefined {
  if (!v) return undefined;
  const tags = associations(ctx, v.tags, 'tag', (tag, t) =>
    make(TagAssociation, { tag, ...attached(t, urn) }),
  );
  return make(GlobalTags, { tags });
}

export function glossaryTerms(
  ctx: GraphQLContext,
  v: Json | undefined,
  urn: string,
): GlossaryTerms | undefined {
  if (!v) return undefined;
  const terms = associations(ctx, v.terms, 'urn', (term, t) =>
    make(GlossaryTermAssociation, { term, actor: userOf(ctx, str(t.actor)), ...attached(t, urn) }),
  );
  return make(GlossaryTerms, { terms, auditStamp: auditStamp(v.auditStamp) });
}

@TableObjectType()
export class InstitutionalMemoryMetadataSettings extends fields({
  showInAssetPreview: req(Boolean),
}) {}

@TableObjectType()
export class InstitutionalMemoryMetadata extends fields({
  ...required(String, 'url', 'label'),
  description: req(String, { deprecationReason: 'Use label' }),
  author: req(() => entityClass(EntityType.CORP_USER), { deprecationReason: 'Use actor' }),
  actor: req(ResolvedActor),
  created: req(AuditStamp),
  updated: opt(AuditStamp),
  associatedUrn: req(String),
  settings: opt(InstitutionalMemoryMetadataSettings),
}) {}

@TableObjectType()
export class InstitutionalMemory extends fields({
  elements: req([InstitutionalMemoryMetadata]),
}) {}
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

import { Field, ObjectType, createUnionType } from 'type-graphql';
import { stringEnum } from './enums.js';
import type { GraphQLContext } from '../context.js';
import type { Entity } from './entity.js';
import { CorpGroup, CorpUser, GlossaryTerm, Tag } from './people.js';
import { Long } from './scalars.js';

/** Small helpers to read aspect JSON without trusting its shape. */
export type Json = Record<string, unknown>;
export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
export const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);
export const list = (v: unknown): Json[] =>
  Array.isArray(v) ? v.filter((x): x is Json => !!x && typeof x === 'object') : [];
export const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
export const obj = (v: unknown): Json | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined;
export const make = <T extends object>(cls: new () => T, fields: Partial<T>): T =>
  Object.assign(new cls(), fields);

@ObjectType()
export class AuditStamp {
  @Field(() => Long) time!: number;
  @Field(() => String, { nullable: true }) actor?: string;
}
export const auditStamp = (v: unknown): AuditStamp | undefined => {
  const o = obj(v);
  return o ? make(AuditStamp, { time: num(o.time) ?? 0, actor: str(o.actor) }) : undefined;
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

// The entity classes are imported in a cycle; they are only used lazily (at schema build time).
export const OwnerType = createUnionType({
  name: 'OwnerType',
  types: () => [CorpUser, CorpGroup] as const,
  resolveType: (v: Entity) => v.typeName,
});

@ObjectType()
export class Owner {
  @Field(() => OwnerType) owner!: Entity;
  @Field(() => OwnershipType, { nullable: true }) type?: OwnershipType;
  @Field(() => String, { nullable: true }) source?: string;
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
    return [make(Owner, { owner, type, associatedUrn: urn, source: str(obj(o.source)?.type) })];
  });
  return make(Ownership, {
    owners,
    lastModified: auditStamp(v.lastModified) ?? make(AuditStamp, { time: 0 }),
  });
}

@ObjectType()
export class TagAssociation {
  @Field(() => Tag) tag!: Entity;
  @Field(() => String) associatedUrn!: string;
  @Field(() => String, { nullable: true }) context?: string;
}

@ObjectType()
export class GlobalTags {
  @Field(() => [TagAssociation], { nullable: true }) tags?: TagAssociation[];
}

@ObjectType()
export class GlossaryTermAssociation {
  @Field(() => GlossaryTerm) term!: Entity;
  @Field(() => String) associatedUrn!: string;
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
    return term ? [make(GlossaryTermAssociation, { term, associatedUrn: urn })] : [];
  });
  return make(GlossaryTerms, { terms, auditStamp: auditStamp(v.auditStamp) });
}

@ObjectType()
export class InstitutionalMemoryMetadata {
  @Field(() => String) url!: string;
  @Field(() => String) label!: string;
  @Field(() => String) description!: string;
  @Field(() => CorpUser) author!: Entity;
  @Field(() => AuditStamp) created!: AuditStamp;
  @Field(() => String) associatedUrn!: string;
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
    const created = auditStamp(e.createStamp) ?? make(AuditStamp, { time: 0 });
    const description = str(e.description) ?? '';
    return make(InstitutionalMemoryMetadata, {
      url: str(e.url) ?? '',
      label: description,
      description,
      author: ctx.entity(created.actor ?? 'urn:li:corpuser:unknown') as Entity,
      created,
      associatedUrn: urn,
    });
  });
  return make(InstitutionalMemory, { elements });
}

export function deprecation(v: Json | undefined): Deprecation | undefined {
  if (!v) return undefined;
  return make(Deprecation, {
    deprecated: v.deprecated === true,
    decommissionTime: num(v.decommissionTime),
    note: str(v.note),
    actor: str(v.actor),
  });
}

export const status = (v: Json | undefined): Status | undefined =>
  v ? make(Status, { removed: v.removed === true }) : undefined;

import { Arg, Field, Int, InterfaceType, ObjectType, registerEnumType } from 'type-graphql';
import type { GraphQLContext } from '../context.js';
import { DEFAULT_PAGE } from '../cost-model.js';
import type { EnvelopedAspect } from '../../services/index.js';
import { AuditStamp } from './audit-stamp.js';
import { EntityType } from './entity-type.js';
import { Long } from './scalars.js';
import { fields, opt, optional, req, required, TableInputType, TableObjectType } from './field-table.js';

export enum RelationshipDirection {
  INCOMING = 'INCOMING',
  OUTGOING = 'OUTGOING',
}
registerEnumType(RelationshipDirection, { name: 'RelationshipDirection' });

export enum LineageDirection {
  UPSTREAM = 'UPSTREAM',
  DOWNSTREAM = 'DOWNSTREAM',
}
registerEnumType(LineageDirection, { name: 'LineageDirection' });

@TableInputType()
export class RelationshipsInput extends fields({
  types: req([String]),
  direction: req(RelationshipDirection),
  ...optional(Int, 'start', 'count'),
  includeSoftDelete: opt(Boolean, { defaultValue: true }),
}) {}

/** Hops the `lineage` field walks when the request names none: one, as in DataHub. */
export const LINEAGE_FIELD_HOPS = 1;

@TableInputType()
export class LineageInput extends fields({
  direction: req(LineageDirection),
  ...optional(Int, 'start', 'count'),
  separateSiblings: opt(Boolean),
  ...optional(Long, 'startTimeMillis', 'endTimeMillis'),
  includeGhostEntities: opt(Boolean, { defaultValue: false }),
  /**
   * neohub's extension: hops to walk (default 1, as DataHub's lineage field answers one hop; at most
   * NEOHUB_LINEAGE_MAX_HOPS). Multi-hop walks are also `searchAcrossLineage` and `scrollAcrossLineage`.
   */
  maxHops: opt(Int),
}) {}

/**
 * Every entity: a URN, its type, and its relationships and lineage. Objects are created from a URN
 * with the request's context; their fields read the entity's aspects lazily through the request's
 * batching loader, so a list of entities costs one store read.
 */
@InterfaceType({
  resolveType: (v: Entity) => v.typeName,
  description: 'A metadata entity',
})
export abstract class Entity {
  @Field(() => String) readonly urn: string;
  @Field(() => EntityType) readonly type: EntityType;

  constructor(
    protected readonly ctx: GraphQLContext,
    urn: string,
    type: EntityType,
  ) {
    this.urn = urn;
    this.type = type;
  }

  /** The GraphQL object type name of this entity. */
  abstract get typeName(): string;

  /** The latest value of one of the entity's aspects, if it has it. */
  protected async aspect(name: string): Promise<Record<string, unknown> | undefined> {
    const view = await this.ctx.entities.load(this.urn);
    return (view.aspects[name] as EnvelopedAspect | undefined)?.value;
  }

  /** What `read` makes of one of the entity's aspects; undefined when the entity lacks it. */
  async readAspect<T>(
    name: string,
    read: (ctx: GraphQLContext, v: Record<string, unknown>, urn: string) => T,
  ): Promise<T | undefined> {
    const v = await this.aspect(name);
    return v ? read(this.ctx, v, this.urn) : undefined;
  }

  /** Whether the entity exists (has any aspect). */
  async exists(): Promise<boolean> {
    return Object.keys((await this.ctx.entities.load(this.urn)).aspects).length > 0;
  }

  @Field(() => EntityRelationshipsResult, { nullable: true })
  async relationships(
    @Arg('input', () => RelationshipsInput) input: RelationshipsInput,
  ): Promise<EntityRelationshipsResult> {
    const start = input.start ?? 0;
    const count = input.count ?? DEFAULT_PAGE.relationships;
    const direction = input.direction;
    const page = await this.ctx.services.reads.relationships(this.urn, input.types, direction, start, count);
    const rels = page.relationships.map((r) =>
      Object.assign(new EntityRelationship(), {
        type: r.type,
        direction,
        entity: this.ctx.entity(r.entity),
        created:
          r.createdOn === null
            ? undefined
            : Object.assign(new AuditStamp(), { time: r.createdOn, actor: r.createdActor ?? undefined }),
      }),
    );
    return Object.assign(new EntityRelationshipsResult(), {
      start,
      count: rels.length,
      total: page.total,
      relationships: rels,
    });
  }

  @Field(() => EntityLineageResult, { nullable: true })
  async lineage(@Arg('input', () => LineageInput) input: LineageInput): Promise<EntityLineageResult> {
    const start = input.start ?? 0;
    const count = input.count ?? DEFAULT_PAGE.lineage;
    const result = await this.ctx.services.lineage.lineage({
      urn: this.urn,
      direction: input.direction,
      maxHops: input.maxHops ?? LINEAGE_FIELD_HOPS,
      includeGhosts: input.includeGhostEntities ?? false,
      start,
      count,
    });
    const page = result.hits;
    return Object.assign(new EntityLineageResult(), {
      start,
      count: page.length,
      total: result.total,
      filtered: result.filtered,
      partial: result.partial,
      relationships: page.map((h) =>
        Object.assign(new LineageRelationship(), {
          type: h.type,
          entity: this.ctx.entity(h.urn),
          degree: h.degree,
          createdOn: h.createdOn ?? undefined,
          createdActor: h.createdActor ? this.ctx.entity(h.createdActor) : undefined,
          isManual: false,
          paths: [Object.assign(new EntityPath(), { path: h.path.map((u) => this.ctx.entity(u)) })],
        }),
      ),
    });
  }
}

/**
 * The base of an entity's object class: `parent` (Entity, or a class that extends it) with the entity's
 * type and GraphQL type name, so that the class declares only its fields. Decorated (as the parent is)
 * so that the type inherits the fields of the chain; unreferenced, so not a type of the schema.
 */
export function entityBase<P extends typeof Entity = typeof Entity>(
  type: EntityType,
  name: string,
  parent: P = Entity as P,
) {
  abstract class TypedEntity extends (parent as typeof Entity) {
    constructor(ctx: GraphQLContext, urn: string) {
      super(ctx, urn, type);
    }
    get typeName(): string {
      return name;
    }
  }
  ObjectType(`${name}Base`)(TypedEntity);
  // The parent's members, its abstract type name given.
  return TypedEntity as unknown as new (
    ctx: GraphQLContext,
    urn: string,
  ) => InstanceType<P> & { readonly typeName: string };
}

@TableObjectType()
export class EntityRelationship extends fields({
  type: req(String),
  direction: req(RelationshipDirection),
  entity: opt(Entity),
  created: opt(AuditStamp),
}) {}

@TableObjectType()
export class EntityRelationshipsResult extends fields({
  ...optional(Int, 'start', 'count', 'total'),
  relationships: req([EntityRelationship]),
}) {}

@TableObjectType()
export class EntityPath extends fields({
  path: req([Entity], { nullable: 'items' }),
}) {}

@TableObjectType()
export class LineageRelationship extends fields({
  type: req(String),
  entity: opt(Entity),
  degree: req(Int),
  createdOn: opt(Long),
  createdActor: opt(Entity),
  updatedOn: opt(Long),
  updatedActor: opt(Entity),
  isManual: opt(Boolean),
  paths: opt([EntityPath], { nullable: 'itemsAndList' }),
}) {}

@TableObjectType()
export class EntityLineageResult extends fields({
  ...optional(Int, 'start', 'count', 'total', 'filtered'),
  /** neohub: the walk hit the visit cap, so more entities may be reachable. */
  partial: opt(Boolean),
  relationships: req([LineageRelationship]),
}) {}

@TableObjectType()
export class LineageFeatures extends fields({
  ...required(Int, 'upstreamCount', 'downstreamCount'),
  computedAt: req(AuditStamp),
}) {}

/**
 * DataHub's interface of the entities with lineage (datasets, charts, dashboards, ML entities); in neohub
 * `relationships` and `lineage` are on every entity, so this adds only `lineageFeatures`. The data assets
 * extend it (through `AssetEntity`) and name it in `implements`.
 */
@InterfaceType({
  implements: Entity,
  resolveType: (v: Entity) => v.typeName,
  description: 'An entity with relationships and lineage',
})
export abstract class EntityWithRelationships extends Entity {
  /**
   * DataHub's precomputed lineage counts (its `lineageFeatures` aspect, written by a background job).
   * neohub neither stores nor precomputes them: always null; count with `lineage` instead.
   */
  @Field(() => LineageFeatures, { nullable: true })
  lineageFeatures(): LineageFeatures | undefined {
    return undefined;
  }
}

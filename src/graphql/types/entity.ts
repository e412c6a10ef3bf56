import { Arg, Field, InputType, Int, InterfaceType, ObjectType, registerEnumType } from 'type-graphql';
import type { GraphQLContext } from '../context.js';
import { DEFAULT_PAGE } from '../cost-model.js';
import type { EnvelopedAspect } from '../../services/index.js';
import { AuditStamp } from './audit-stamp.js';
import { EntityType } from './entity-type.js';
import { Long } from './scalars.js';

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

@InputType()
export class RelationshipsInput {
  @Field(() => [String]) types!: string[];
  @Field(() => RelationshipDirection) direction!: RelationshipDirection;
  @Field(() => Int, { nullable: true }) start?: number;
  @Field(() => Int, { nullable: true }) count?: number;
  @Field(() => Boolean, { nullable: true, defaultValue: true }) includeSoftDelete?: boolean;
}

/** Hops the `lineage` field walks when the request names none: one, as in DataHub. */
export const LINEAGE_FIELD_HOPS = 1;

@InputType()
export class LineageInput {
  @Field(() => LineageDirection) direction!: LineageDirection;
  @Field(() => Int, { nullable: true }) start?: number;
  @Field(() => Int, { nullable: true }) count?: number;
  @Field(() => Boolean, { nullable: true }) separateSiblings?: boolean;
  @Field(() => Long, { nullable: true }) startTimeMillis?: number;
  @Field(() => Long, { nullable: true }) endTimeMillis?: number;
  @Field(() => Boolean, { nullable: true, defaultValue: false }) includeGhostEntities?: boolean;
  /**
   * neohub's extension: hops to walk (default 1, as DataHub's lineage field answers one hop; at most
   * NEOHUB_LINEAGE_MAX_HOPS). Multi-hop walks are also `searchAcrossLineage` and `scrollAcrossLineage`.
   */
  @Field(() => Int, { nullable: true }) maxHops?: number;
}

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

@ObjectType()
export class EntityRelationship {
  @Field(() => String) type!: string;
  @Field(() => RelationshipDirection) direction!: RelationshipDirection;
  @Field(() => Entity, { nullable: true }) entity?: Entity;
  @Field(() => AuditStamp, { nullable: true }) created?: AuditStamp;
}

@ObjectType()
export class EntityRelationshipsResult {
  @Field(() => Int, { nullable: true }) start?: number;
  @Field(() => Int, { nullable: true }) count?: number;
  @Field(() => Int, { nullable: true }) total?: number;
  @Field(() => [EntityRelationship]) relationships!: EntityRelationship[];
}

@ObjectType()
export class EntityPath {
  @Field(() => [Entity], { nullable: 'items' }) path!: Entity[];
}

@ObjectType()
export class LineageRelationship {
  @Field(() => String) type!: string;
  @Field(() => Entity, { nullable: true }) entity?: Entity;
  @Field(() => Int) degree!: number;
  @Field(() => Long, { nullable: true }) createdOn?: number;
  @Field(() => Entity, { nullable: true }) createdActor?: Entity;
  @Field(() => Long, { nullable: true }) updatedOn?: number;
  @Field(() => Entity, { nullable: true }) updatedActor?: Entity;
  @Field(() => Boolean, { nullable: true }) isManual?: boolean;
  @Field(() => [EntityPath], { nullable: 'itemsAndList' }) paths?: EntityPath[];
}

@ObjectType()
export class EntityLineageResult {
  @Field(() => Int, { nullable: true }) start?: number;
  @Field(() => Int, { nullable: true }) count?: number;
  @Field(() => Int, { nullable: true }) total?: number;
  @Field(() => Int, { nullable: true }) filtered?: number;
  /** neohub: the walk hit the visit cap, so more entities may be reachable. */
  @Field(() => Boolean, { nullable: true }) partial?: boolean;
  @Field(() => [LineageRelationship]) relationships!: LineageRelationship[];
}

@ObjectType()
export class LineageFeatures {
  @Field(() => Int) upstreamCount!: number;
  @Field(() => Int) downstreamCount!: number;
  @Field(() => AuditStamp) computedAt!: AuditStamp;
}

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

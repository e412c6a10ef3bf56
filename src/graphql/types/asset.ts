import { Field, InterfaceType, ObjectType } from 'type-graphql';
import {
  deprecation,
  Deprecation,
  GlobalTags,
  globalTags,
  GlossaryTerms,
  glossaryTerms,
  InstitutionalMemory,
  institutionalMemory,
  list,
  make,
  Ownership,
  ownership,
  Status,
  status,
  str,
  strings,
} from './common.js';
import { valuesAtPath, FabricTypeSchema } from '../../registry/index.js';
import type { GraphQLContext } from '../context.js';
import { stringEnum } from './enums.js';
import {
  domainAssociation,
  DomainAssociation,
  parentChain,
  ParentContainersResult,
  subTypes,
  SubTypes,
} from './asset-context.js';
import { Entity, EntityWithRelationships } from './entity.js';
import { entityClass } from './entity-classes.js';
import { EntityType } from './entity-type.js';
import { StructuredProperties, structuredProperties } from './structured-properties.js';

/** The registry's symbols (DataHub's FabricType). */
export const FabricType = stringEnum('FabricType', FabricTypeSchema.symbols) as Record<string, string>;
export type FabricType = string;

@ObjectType()
export class BrowsePath {
  @Field(() => [String]) path!: string[];
}

@ObjectType()
export class BrowsePathEntry {
  @Field(() => String) name!: string;
  @Field(() => Entity, { nullable: true }) entity?: Entity;
}

@ObjectType()
export class BrowsePathV2 {
  @Field(() => [BrowsePathEntry]) path!: BrowsePathEntry[];
}

/**
 * DataHub's interface of the entities with browse paths; its resolver serves every type that implements
 * it (each an AssetEntity): the `browsePaths` aspect, each path split on `/`.
 */
@InterfaceType({ resolveType: (v: Entity) => v.typeName, description: 'An entity with browse paths' })
export abstract class BrowsableEntity {
  @Field(() => [BrowsePath], { nullable: true })
  browsePaths(): Promise<BrowsePath[] | undefined> {
    // type-graphql calls an interface's resolver on a copy of the object's own fields.
    const { ctx, urn } = this as unknown as { ctx: GraphQLContext; urn: string };
    return browsePathsOf(ctx, urn);
  }
}

/** The `browsePaths` aspect of an entity, each path split on `/`. */
async function browsePathsOf(ctx: GraphQLContext, urn: string): Promise<BrowsePath[] | undefined> {
  const v = (await ctx.entities.load(urn)).aspects['browsePaths']?.value as
    Record<string, unknown> | undefined;
  if (!v) return undefined;
  return strings(v.paths).map((p) => make(BrowsePath, { path: p.split('/').filter((s) => s.length > 0) }));
}

/**
 * The aspects every data asset shares (datasets, charts, dashboards, ML entities): ownership, tags,
 * glossary terms, links, deprecation, status, structured properties and browse paths, with DataHub's
 * field names. (Unreferenced, so not a type of the schema: the object types that extend it inherit its
 * fields.)
 */
@ObjectType()
export abstract class AssetEntity extends EntityWithRelationships {
  @Field(() => Ownership, { nullable: true })
  async ownership(): Promise<Ownership | undefined> {
    return ownership(this.ctx, await this.aspect('ownership'), this.urn);
  }
  @Field(() => GlobalTags, { nullable: true })
  async tags(): Promise<GlobalTags | undefined> {
    return globalTags(this.ctx, await this.aspect('globalTags'), this.urn);
  }
  @Field(() => GlobalTags, { nullable: true, deprecationReason: 'Use tags' })
  globalTags(): Promise<GlobalTags | undefined> {
    return this.tags();
  }
  @Field(() => GlossaryTerms, { nullable: true })
  async glossaryTerms(): Promise<GlossaryTerms | undefined> {
    return glossaryTerms(this.ctx, await this.aspect('glossaryTerms'), this.urn);
  }
  @Field(() => InstitutionalMemory, { nullable: true })
  async institutionalMemory(): Promise<InstitutionalMemory | undefined> {
    return institutionalMemory(this.ctx, await this.aspect('institutionalMemory'), this.urn);
  }
  @Field(() => Deprecation, { nullable: true })
  async deprecation(): Promise<Deprecation | undefined> {
    return deprecation(this.ctx, await this.aspect('deprecation'));
  }
  @Field(() => Status, { nullable: true })
  async status(): Promise<Status | undefined> {
    return status(await this.aspect('status'));
  }
  @Field(() => StructuredProperties, { nullable: true })
  async structuredProperties(): Promise<StructuredProperties | undefined> {
    return structuredProperties(this.ctx, await this.aspect('structuredProperties'), this.urn);
  }
  @Field(() => BrowsePathV2, { nullable: true })
  async browsePathV2(): Promise<BrowsePathV2 | undefined> {
    const v = await this.aspect('browsePathsV2');
    if (!v) return undefined;
    const entries = list(v.path).map(async (e) => {
      const urn = str(e.urn);
      return make(BrowsePathEntry, {
        // An entry that is an entity (a container) is named by that entity's name, as in DataHub.
        name: (urn ? await displayName(this.ctx, urn) : undefined) ?? str(e.id) ?? '',
        entity: urn ? this.ctx.entity(urn) : undefined,
      });
    });
    return make(BrowsePathV2, { path: await Promise.all(entries) });
  }
  @Field(() => SubTypes, { nullable: true })
  async subTypes(): Promise<SubTypes | undefined> {
    return subTypes(await this.aspect('subTypes'));
  }
  @Field(() => entityClass(EntityType.CONTAINER), { nullable: true })
  async container(): Promise<Entity | undefined> {
    const urn = str((await this.aspect('container'))?.container);
    return urn ? this.ctx.entity(urn) : undefined;
  }
  @Field(() => ParentContainersResult, { nullable: true })
  async parentContainers(): Promise<ParentContainersResult> {
    const first = str((await this.aspect('container'))?.container);
    const containers = await parentChain(this.ctx, first, 'container', 'container');
    return make(ParentContainersResult, { count: containers.length, containers });
  }
  @Field(() => DomainAssociation, { nullable: true })
  async domain(): Promise<DomainAssociation | undefined> {
    return domainAssociation(this.ctx, await this.aspect('domains'), this.urn);
  }
  @Field(() => entityClass(EntityType.DATA_PLATFORM_INSTANCE), { nullable: true })
  async dataPlatformInstance(): Promise<Entity | undefined> {
    const urn = str((await this.aspect('dataPlatformInstance'))?.instance);
    return urn ? this.ctx.entity(urn) : undefined;
  }
}

/**
 * The name an entity shows: the value of the searchable field `name` of its aspects (the registry's
 * annotation, e.g. containerProperties.name, datasetProperties.name); undefined for an entity of a kind
 * the registry lacks, or without a name.
 */
async function displayName(ctx: GraphQLContext, urn: string): Promise<string | undefined> {
  const registry = ctx.services.registry;
  if (!registry.entityOfUrnType(urn.split(':')[2] ?? '')) return undefined;
  const view = await ctx.entities.load(urn);
  for (const [name, aspect] of Object.entries(view.aspects))
    for (const s of registry.findAspect(name)?.searchable ?? [])
      if (s.fieldName === 'name') {
        const found = valuesAtPath(aspect.value, s.path).find((x) => typeof x === 'string' && x !== '');
        if (typeof found === 'string') return found;
      }
  return undefined;
}

import { Field, InterfaceType, ObjectType } from 'type-graphql';
import { list, make, str, strings } from './common.js';
import { valuesAtPath, FabricTypeSchema } from '../../registry/index.js';
import type { GraphQLContext } from '../context.js';
import { stringEnum } from './enums.js';
import { parentChain, ParentContainersResult } from './asset-context.js';
import { showAspects } from './aspect-fields.js';
import { Entity, EntityWithRelationships } from './entity.js';
import { entityPrivileges, EntityPrivileges } from './entity-privileges.js';
import { fields, opt, req, TableObjectType } from './field-table.js';

/** The registry's symbols (DataHub's FabricType). */
export const FabricType = stringEnum('FabricType', FabricTypeSchema.symbols) as Record<string, string>;
export type FabricType = string;

@TableObjectType()
export class BrowsePath extends fields({
  path: req([String]),
}) {}

@TableObjectType()
export class BrowsePathEntry extends fields({
  name: req(String),
  entity: opt(Entity),
}) {}

@TableObjectType()
export class BrowsePathV2 extends fields({
  path: req([BrowsePathEntry]),
}) {}

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
export async function browsePathsOf(ctx: GraphQLContext, urn: string): Promise<BrowsePath[] | undefined> {
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
  @Field(() => ParentContainersResult, { nullable: true })
  async parentContainers(): Promise<ParentContainersResult> {
    const first = str((await this.aspect('container'))?.container);
    const containers = await parentChain(this.ctx, first, 'container', 'container');
    return make(ParentContainersResult, { count: containers.length, containers });
  }
  /** What the caller may do to the entity (DataHub's `EntityPrivileges`), from its role. */
  @Field(() => EntityPrivileges, { nullable: true })
  privileges(): EntityPrivileges {
    return entityPrivileges();
  }
}
showAspects(
  AssetEntity,
  'ownership',
  'tags',
  'globalTags',
  'glossaryTerms',
  'institutionalMemory',
  'deprecation',
  'status',
  'structuredProperties',
  'subTypes',
  'container',
  'domain',
  'dataPlatformInstance',
);

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

import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context.js';
import {
  Chart,
  CorpGroup,
  CorpUser,
  Dashboard,
  Dataset,
  Entity,
  GlossaryTerm,
  MLFeature,
  MLFeatureTable,
  MLModel,
  MLModelGroup,
  MLPrimaryKey,
  StructuredPropertyEntity,
  Tag,
} from '../types/index.js';
import { entityTypeOfUrn, type EntityType } from '../types/entity-type.js';

/** The entity of a URN if it is of `type` and exists; null otherwise (as DataHub answers). */
async function existing<T extends Entity>(
  ctx: GraphQLContext,
  urn: string,
  type?: EntityType,
): Promise<T | null> {
  const parsed = ctx.services.registry.parseEntityUrn(urn).parsed.urn;
  if (type && entityTypeOfUrn(parsed) !== type) return null;
  const e = ctx.entity(parsed);
  return e && (await e.exists()) ? (e as T) : null;
}

/** Reads of one entity by URN, per type, and of any entity. */
@Resolver()
export class EntityQueries {
  @Query(() => Dataset, { nullable: true })
  dataset(@Arg('urn', () => String) urn: string, @Ctx() ctx: GraphQLContext): Promise<Dataset | null> {
    return existing(ctx, urn, 'DATASET' as EntityType);
  }
  @Query(() => Chart, { nullable: true })
  chart(@Arg('urn', () => String) urn: string, @Ctx() ctx: GraphQLContext): Promise<Chart | null> {
    return existing(ctx, urn, 'CHART' as EntityType);
  }
  @Query(() => Dashboard, { nullable: true })
  dashboard(@Arg('urn', () => String) urn: string, @Ctx() ctx: GraphQLContext): Promise<Dashboard | null> {
    return existing(ctx, urn, 'DASHBOARD' as EntityType);
  }
  @Query(() => CorpUser, { nullable: true })
  corpUser(@Arg('urn', () => String) urn: string, @Ctx() ctx: GraphQLContext): Promise<CorpUser | null> {
    return existing(ctx, urn, 'CORP_USER' as EntityType);
  }
  @Query(() => CorpGroup, { nullable: true })
  corpGroup(@Arg('urn', () => String) urn: string, @Ctx() ctx: GraphQLContext): Promise<CorpGroup | null> {
    return existing(ctx, urn, 'CORP_GROUP' as EntityType);
  }
  @Query(() => Tag, { nullable: true })
  tag(@Arg('urn', () => String) urn: string, @Ctx() ctx: GraphQLContext): Promise<Tag | null> {
    return existing(ctx, urn, 'TAG' as EntityType);
  }
  @Query(() => GlossaryTerm, { nullable: true })
  glossaryTerm(
    @Arg('urn', () => String) urn: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<GlossaryTerm | null> {
    return existing(ctx, urn, 'GLOSSARY_TERM' as EntityType);
  }
  @Query(() => MLFeature, { nullable: true })
  mlFeature(@Arg('urn', () => String) urn: string, @Ctx() ctx: GraphQLContext): Promise<MLFeature | null> {
    return existing(ctx, urn, 'MLFEATURE' as EntityType);
  }
  @Query(() => MLPrimaryKey, { nullable: true })
  mlPrimaryKey(
    @Arg('urn', () => String) urn: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<MLPrimaryKey | null> {
    return existing(ctx, urn, 'MLPRIMARY_KEY' as EntityType);
  }
  @Query(() => MLFeatureTable, { nullable: true })
  mlFeatureTable(
    @Arg('urn', () => String) urn: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<MLFeatureTable | null> {
    return existing(ctx, urn, 'MLFEATURE_TABLE' as EntityType);
  }
  @Query(() => MLModel, { nullable: true })
  mlModel(@Arg('urn', () => String) urn: string, @Ctx() ctx: GraphQLContext): Promise<MLModel | null> {
    return existing(ctx, urn, 'MLMODEL' as EntityType);
  }
  @Query(() => MLModelGroup, { nullable: true })
  mlModelGroup(
    @Arg('urn', () => String) urn: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<MLModelGroup | null> {
    return existing(ctx, urn, 'MLMODEL_GROUP' as EntityType);
  }
  @Query(() => StructuredPropertyEntity, { nullable: true })
  structuredProperty(
    @Arg('urn', () => String) urn: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<StructuredPropertyEntity | null> {
    return existing(ctx, urn, 'STRUCTURED_PROPERTY' as EntityType);
  }
  @Query(() => Entity, { nullable: true })
  entity(@Arg('urn', () => String) urn: string, @Ctx() ctx: GraphQLContext): Promise<Entity | null> {
    return existing(ctx, urn);
  }
  @Query(() => [Entity], { nullable: 'itemsAndList' })
  async entities(
    @Arg('urns', () => [String]) urns: string[],
    @Ctx() ctx: GraphQLContext,
  ): Promise<(Entity | null)[]> {
    return Promise.all(urns.map((u) => existing(ctx, u)));
  }
}

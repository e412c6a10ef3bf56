import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context.js';
import { ENTITY_CLASSES, Entity } from '../types/index.js';
import { entityTypeName, entityTypeOfUrn, type EntityType } from '../types/entity-type.js';
import { declareRootFields, rootField } from './root-fields.js';

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

/**
 * DataHub's root fields that read one entity of a kind by URN (`dataset(urn)`, `dataJob(urn)`...): field
 * name -> registry kind. Each answers with the kind's object type, or null.
 */
const KIND_FIELDS: Readonly<Record<string, string>> = {
  dataset: 'dataset',
  chart: 'chart',
  dashboard: 'dashboard',
  corpUser: 'corpuser',
  corpGroup: 'corpGroup',
  tag: 'tag',
  glossaryTerm: 'glossaryTerm',
  glossaryNode: 'glossaryNode',
  mlFeature: 'mlFeature',
  mlPrimaryKey: 'mlPrimaryKey',
  mlFeatureTable: 'mlFeatureTable',
  mlModel: 'mlModel',
  mlModelGroup: 'mlModelGroup',
  mlModelDeployment: 'mlModelDeployment',
  structuredProperty: 'structuredProperty',
  container: 'container',
  domain: 'domain',
  dataProduct: 'dataProduct',
  dataFlow: 'dataFlow',
  dataJob: 'dataJob',
  dataProcessInstance: 'dataProcessInstance',
  dataPlatform: 'dataPlatform',
  dataPlatformInstance: 'dataPlatformInstance',
  assertion: 'assertion',
  notebook: 'notebook',
  businessAttribute: 'businessAttribute',
  versionSet: 'versionSet',
};

/** Reads of one entity by URN, per kind (from KIND_FIELDS), and of any entity. */
@Resolver()
export class EntityQueries {
  @Query(() => Entity, { nullable: true })
  entity(@Arg('urn', () => String) urn: string, @Ctx() ctx: GraphQLContext): Promise<Entity | null> {
    return existing(ctx, urn);
  }
  /** Whether the entity exists (DataHub's `entityExists`). */
  @Query(() => Boolean, { nullable: true })
  async entityExists(@Arg('urn', () => String) urn: string, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    return (await existing(ctx, urn)) !== null;
  }
  @Query(() => [Entity], { nullable: 'itemsAndList' })
  async entities(
    @Arg('urns', () => [String]) urns: string[],
    @Ctx() ctx: GraphQLContext,
  ): Promise<(Entity | null)[]> {
    return Promise.all(urns.map((u) => existing(ctx, u)));
  }
}

declareRootFields(
  EntityQueries,
  Query,
  Object.fromEntries(
    Object.entries(KIND_FIELDS).map(([field, kind]) => {
      const type = entityTypeName(kind) as EntityType;
      const cls = ENTITY_CLASSES[type];
      if (!cls) throw new Error(`no GraphQL type for the kind ${kind}`);
      return [field, rootField(String, cls, (urn, ctx) => existing(ctx, urn, type), { argName: 'urn' })];
    }),
  ),
);

import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context.js';
import {
  StructuredProperties,
  structuredProperties,
  StructuredPropertyEntity,
} from '../types/structured-properties.js';
import {
  CreateStructuredPropertyInput,
  DeleteStructuredPropertyInput,
  RemoveStructuredPropertiesInput,
  UpdateStructuredPropertyInput,
  UpsertStructuredPropertiesInput,
} from '../types/structured-property-inputs.js';
import type { Assignment } from '../../services/index.js';

/** An asset's properties after a write, as the service returns them. */
const asResult = (
  ctx: GraphQLContext,
  assetUrn: string,
  values: readonly Assignment[],
): StructuredProperties =>
  structuredProperties(ctx, { properties: [...values] }, assetUrn) ?? new StructuredProperties();

/**
 * Structured properties: definitions (create, update, hard delete) and their values on assets. Thin
 * adapters over StructuredPropertyService, whose write path enforces every rule (value type,
 * cardinality, allowed values, entity types, soft delete, breaking changes, existence).
 */
@Resolver()
export class StructuredPropertyMutations {
  @Mutation(() => StructuredPropertyEntity)
  async createStructuredProperty(
    @Arg('input', () => CreateStructuredPropertyInput) input: CreateStructuredPropertyInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<StructuredPropertyEntity> {
    const urn = await ctx.services.properties.create(input, ctx.writer);
    return new StructuredPropertyEntity(ctx, urn);
  }

  @Mutation(() => StructuredPropertyEntity)
  async updateStructuredProperty(
    @Arg('input', () => UpdateStructuredPropertyInput) input: UpdateStructuredPropertyInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<StructuredPropertyEntity> {
    const urn = await ctx.services.properties.update(input, ctx.writer);
    return new StructuredPropertyEntity(ctx, urn);
  }

  @Mutation(() => StructuredProperties)
  async upsertStructuredProperties(
    @Arg('input', () => UpsertStructuredPropertiesInput) input: UpsertStructuredPropertiesInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<StructuredProperties> {
    const values = await ctx.services.properties.upsertValues(
      input.assetUrn,
      input.structuredPropertyInputParams,
      ctx.writer,
    );
    return asResult(ctx, input.assetUrn, values);
  }

  @Mutation(() => StructuredProperties)
  async removeStructuredProperties(
    @Arg('input', () => RemoveStructuredPropertiesInput) input: RemoveStructuredPropertiesInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<StructuredProperties> {
    const values = await ctx.services.properties.removeValues(
      input.assetUrn,
      input.structuredPropertyUrns,
      ctx.writer,
    );
    return asResult(ctx, input.assetUrn, values);
  }

  /**
   * Hard delete: the property goes at once, its values on other entities in a background task (reads
   * hide them meanwhile). Like DataHub, true also when there was nothing to delete.
   */
  @Mutation(() => Boolean)
  async deleteStructuredProperty(
    @Arg('input', () => DeleteStructuredPropertyInput) input: DeleteStructuredPropertyInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    await ctx.services.properties.delete(input.urn, ctx.writer);
    return true;
  }
}

import { Mutation, Resolver } from 'type-graphql';
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
import { declareRootFields, rootField } from './root-fields.js';

/** These answer non-null, as in DataHub. */
const nonNull = { nullable: false };

/** A write of a definition: the property it creates or updates. */
const definitionWrite = <I>(input: new () => I, write: (i: I, ctx: GraphQLContext) => Promise<string>) =>
  rootField(
    input,
    StructuredPropertyEntity,
    async (i, ctx) => new StructuredPropertyEntity(ctx, await write(i, ctx)),
    nonNull,
  );

/** A write of values on an asset (`assetUrn`): the asset's properties then, as the service returns them. */
const valuesWrite = <I extends { assetUrn: string }>(
  input: new () => I,
  write: (i: I, ctx: GraphQLContext) => Promise<readonly Assignment[]>,
) =>
  rootField(
    input,
    StructuredProperties,
    async (i, ctx) =>
      structuredProperties(ctx, { properties: [...(await write(i, ctx))] }, i.assetUrn) ??
      new StructuredProperties(),
    nonNull,
  );

/**
 * Structured properties: definitions (create, update, hard delete) and their values on assets. Thin
 * adapters over StructuredPropertyService, whose write path enforces every rule (value type,
 * cardinality, allowed values, entity types, soft delete, breaking changes, existence).
 */
@Resolver()
export class StructuredPropertyMutations {}

declareRootFields(StructuredPropertyMutations, Mutation, {
  createStructuredProperty: definitionWrite(CreateStructuredPropertyInput, (i, ctx) =>
    ctx.services.properties.create(i, ctx.writer),
  ),
  updateStructuredProperty: definitionWrite(UpdateStructuredPropertyInput, (i, ctx) =>
    ctx.services.properties.update(i, ctx.writer),
  ),
  upsertStructuredProperties: valuesWrite(UpsertStructuredPropertiesInput, (i, ctx) =>
    ctx.services.properties.upsertValues(i.assetUrn, i.structuredPropertyInputParams, ctx.writer),
  ),
  removeStructuredProperties: valuesWrite(RemoveStructuredPropertiesInput, (i, ctx) =>
    ctx.services.properties.removeValues(i.assetUrn, i.structuredPropertyUrns, ctx.writer),
  ),
  /**
   * Hard delete: the property goes at once, its values on other entities in a background task (reads
   * hide them meanwhile). Like DataHub, true also when there was nothing to delete.
   */
  deleteStructuredProperty: rootField(
    DeleteStructuredPropertyInput,
    Boolean,
    async (i, ctx) => {
      await ctx.services.properties.delete(i.urn, ctx.writer);
      return true;
    },
    nonNull,
  ),
});

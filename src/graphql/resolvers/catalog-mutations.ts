import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context.js';
import { AssertionResultInput, UpsertCustomAssertionInput } from '../types/assertion-inputs.js';
import { Assertion } from '../types/assertions.js';
import { DataProduct } from '../types/containers.js';
import { IncidentStatusInput, RaiseIncidentInput } from '../types/incidents.js';
import {
  BatchSetDataProductInput,
  CreateDataProductInput,
  MoveDomainInput,
  UpdateDataProductInput,
  UpdateLineageInput,
  UpdateParentNodeInput,
} from '../types/mutation-inputs.js';
import { declareRootFields, edit, rootField, urnEdit } from './root-fields.js';

/** The edges of a list that may hold nulls (DataHub's `[LineageEdge]!`). */
const present = <T>(edges: readonly (T | null | undefined)[]): T[] =>
  edges.filter((e): e is T => e !== null && e !== undefined);

/**
 * DataHub's edits of the catalog's structure: domains and the glossary as trees (services.hierarchy),
 * data products and their assets (services.creates, services.dataProducts), incidents
 * (services.incidents). Thin: each service checks what it is given.
 */
@Resolver()
export class CatalogMutations {
  @Mutation(() => DataProduct, { nullable: true })
  async updateDataProduct(
    @Arg('urn', () => String) urn: string,
    @Arg('input', () => UpdateDataProductInput) input: UpdateDataProductInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<DataProduct> {
    return new DataProduct(ctx, await ctx.services.dataProducts.update(urn, input, ctx.writer));
  }

  /** A custom assertion on a dataset, run elsewhere (a new one unless `urn` names one): the assertion. */
  @Mutation(() => Assertion)
  async upsertCustomAssertion(
    @Arg('urn', () => String, { nullable: true }) urn: string | null,
    @Arg('input', () => UpsertCustomAssertionInput) i: UpsertCustomAssertionInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Assertion> {
    const standard = {
      ...(i.scope ? { scope: i.scope } : {}),
      ...(i.aggregation ? { aggregation: i.aggregation } : {}),
      ...(i.operator ? { operator: i.operator } : {}),
      ...(i.parameters ? { parameters: i.parameters } : {}),
      ...(i.nativeType ? { nativeType: i.nativeType } : {}),
      ...(i.nativeParameters?.length
        ? { nativeParameters: Object.fromEntries(i.nativeParameters.map((p) => [p.key, p.value ?? ''])) }
        : {}),
    };
    const assertion = await ctx.services.assertions.upsertCustom(urn, { ...i, standard }, ctx.writer);
    return new Assertion(ctx, assertion);
  }

  /** A result of an assertion run elsewhere (DataHub answers true, non-null). */
  @Mutation(() => Boolean)
  async reportAssertionResult(
    @Arg('urn', () => String) urn: string,
    @Arg('result', () => AssertionResultInput) result: AssertionResultInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    await ctx.services.assertions.reportResult(urn, result, ctx.writer);
    return true;
  }

  /** An incident's state, stage and message. */
  @Mutation(() => Boolean, { nullable: true })
  async updateIncidentStatus(
    @Arg('urn', () => String) urn: string,
    @Arg('input', () => IncidentStatusInput) input: IncidentStatusInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    await ctx.services.incidents.updateStatus(urn, input, ctx.writer);
    return true;
  }
}

declareRootFields(CatalogMutations, Mutation, {
  moveDomain: edit(MoveDomainInput, (i, ctx) =>
    ctx.services.hierarchy.moveDomain(i.resourceUrn, i.parentDomain, ctx.writer),
  ),
  deleteDomain: urnEdit((urn, ctx) => ctx.services.hierarchy.deleteDomain(urn, ctx.writer)),
  updateParentNode: edit(UpdateParentNodeInput, (i, ctx) =>
    ctx.services.hierarchy.updateParentNode(i.resourceUrn, i.parentNode, ctx.writer),
  ),
  deleteGlossaryEntity: urnEdit((urn, ctx) => ctx.services.hierarchy.deleteGlossaryEntity(urn, ctx.writer)),
  createDataProduct: rootField(CreateDataProductInput, DataProduct, async (i, ctx) => {
    const urn = await ctx.services.creates.createDataProduct(
      { id: i.id, domainUrn: i.domainUrn, ...i.properties },
      ctx.writer,
    );
    return new DataProduct(ctx, urn);
  }),
  deleteDataProduct: urnEdit((urn, ctx) => ctx.services.dataProducts.delete(urn, ctx.writer)),
  batchSetDataProduct: edit(BatchSetDataProductInput, (i, ctx) =>
    ctx.services.dataProducts.setAssets(i.dataProductUrn, i.resourceUrns, ctx.writer),
  ),
  /** Lineage edges added and removed, where DataHub keeps each (services.lineageEdits). */
  updateLineage: edit(UpdateLineageInput, (i, ctx) =>
    ctx.services.lineageEdits.update(present(i.edgesToAdd), present(i.edgesToRemove), ctx.writer),
  ),
  /** Raises an incident on assets: its URN. */
  raiseIncident: rootField(RaiseIncidentInput, String, (i, ctx) =>
    ctx.services.incidents.raise(i, ctx.writer),
  ),
});

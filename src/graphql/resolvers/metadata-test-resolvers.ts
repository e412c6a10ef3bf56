import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context.js';
import { DEFAULT_PAGE } from '../cost-model.js';
import { make } from '../types/json.js';
import {
  CreateTestInput,
  ListTestsInput,
  ListTestsResult,
  Test,
  UpdateTestInput,
} from '../types/metadata-tests.js';
import { declareRootFields, rootField } from './root-fields.js';

/**
 * DataHub's metadata tests: reading (any role) and defining them (Admin). Thin adapters over
 * MetadataTestsService, whose write path checks every definition (a bad one is refused at its spot).
 */
@Resolver()
export class MetadataTestResolvers {
  /** Replaces a test's name, category, description and definition; answers its URN. */
  @Mutation(() => String, { nullable: true })
  updateTest(
    @Arg('urn', () => String) urn: string,
    @Arg('input', () => UpdateTestInput) input: UpdateTestInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<string> {
    return ctx.services.tests.update(urn, input, ctx.writer);
  }
}

declareRootFields(MetadataTestResolvers, Query, {
  /** A test by URN; null when there is none. */
  test: rootField(
    String,
    Test,
    async (urn, ctx) => {
      const view = await ctx.services.tests.get(urn);
      return view ? Test.of(ctx, view) : null;
    },
    { argName: 'urn' },
  ),
  /** A page of tests in URN order (`query` keeps those whose name, category or description holds it). */
  listTests: rootField(ListTestsInput, ListTestsResult, async (input, ctx) => {
    const page = await ctx.services.tests.list({
      start: input.start ?? 0,
      count: Math.min(input.count ?? DEFAULT_PAGE.listTests, ctx.services.config.maxPageSize),
      query: input.query ?? undefined,
    });
    return make(ListTestsResult, { ...page, tests: page.tests.map((t) => Test.of(ctx, t)) });
  }),
});

declareRootFields(MetadataTestResolvers, Mutation, {
  /** Defines a test (`urn:li:test:<id>`, a random id when none is given); answers its URN. */
  createTest: rootField(CreateTestInput, String, (input, ctx) =>
    ctx.services.tests.create(input, ctx.writer),
  ),
  /** Removes a test; results that name it stay (showing no test) until the entities are evaluated again. */
  deleteTest: rootField(String, Boolean, (urn, ctx) => ctx.services.tests.delete(urn, ctx.writer), {
    argName: 'urn',
  }),
});

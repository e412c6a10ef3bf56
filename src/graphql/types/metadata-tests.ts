import { Field, ObjectType } from 'type-graphql';
import type { TestView } from '../../services/index.js';
import type { GraphQLContext } from '../context.js';
import { showWhereAspect } from './aspect-fields.js';
import type { EntityClass } from './entity-classes.js';
import { Entity, entityBase } from './entity.js';
import { EntityType } from './entity-type.js';
import { stringEnum } from './enums.js';
import { fields, opt, req, required, TableInputType, TableObjectType } from './field-table.js';
import { list, make, obj, str, type Json } from './json.js';
import { nonNegativeInt } from './search.js';
import { PAGE } from './search-results.js';

/** DataHub's metadata tests: the `Test` entity, its inputs, and the `testResults` of assets. */

const DEFINITION = { json: opt(String) };

@TableObjectType()
export class TestDefinition extends fields(DEFINITION) {}

@TableInputType()
export class TestDefinitionInput extends fields(DEFINITION) {}

/** A `testInfo` aspect as the service's `get` shows it. */
const testView = (urn: string, v: Json): TestView => ({
  urn,
  name: str(v.name) ?? '',
  category: str(v.category) ?? '',
  description: str(v.description) ?? null,
  definition: { json: str(obj(v.definition)?.json) ?? null },
});

/**
 * A metadata test (DataHub's `Test`): its name, category, description and definition, from the
 * `testInfo` aspect (or from the service's answer, when `test` or `listTests` read it already).
 */
@ObjectType({ implements: Entity, description: 'A metadata test: what entities it applies to and its rules' })
export class Test extends entityBase(EntityType.TEST, 'Test') {
  private known: TestView | undefined;

  /** The object of a test the service has read. */
  static of(ctx: GraphQLContext, view: TestView): Test {
    const t = new Test(ctx, view.urn);
    t.known = view;
    return t;
  }

  private async info(): Promise<TestView> {
    return this.known ?? testView(this.urn, (await this.aspect('testInfo')) ?? {});
  }

  @Field(() => String) async name(): Promise<string> {
    return (await this.info()).name;
  }
  @Field(() => String) async category(): Promise<string> {
    return (await this.info()).category;
  }
  @Field(() => String, { nullable: true }) async description(): Promise<string | undefined> {
    return (await this.info()).description ?? undefined;
  }
  @Field(() => TestDefinition) async definition(): Promise<TestDefinition> {
    return make(TestDefinition, { json: (await this.info()).definition.json ?? undefined });
  }
}

const TEST_FIELDS = {
  name: req(String),
  category: req(String),
  description: opt(String),
  definition: req(TestDefinitionInput),
};

@TableInputType()
export class CreateTestInput extends fields({
  /** The test's id (`urn:li:test:<id>`); a random one when not given. */
  id: opt(String),
  ...TEST_FIELDS,
}) {}

@TableInputType()
export class UpdateTestInput extends fields(TEST_FIELDS) {}

@TableInputType()
export class ListTestsInput extends fields({
  start: nonNegativeInt(),
  count: nonNegativeInt(),
  /** Keeps the tests whose name, category or description holds it (any case). */
  query: opt(String),
}) {}

@TableObjectType()
export class ListTestsResult extends fields({
  ...PAGE,
  tests: req([Test]),
}) {}

export const TestResultType = stringEnum('TestResultType', ['SUCCESS', 'FAILURE'] as const);
export type TestResultType = keyof typeof TestResultType;

@TableObjectType()
export class TestResult extends fields({
  /** null when the test no longer exists (results stay until the entity is evaluated again). */
  test: opt(Test),
  type: req(TestResultType),
}) {}

@TableObjectType()
export class TestResults extends fields(required([TestResult], 'passing', 'failing')) {}

/** An entity's `testResults` aspect; each test read through the request's loader (one read for all). */
async function testResults(ctx: GraphQLContext, v: Json): Promise<TestResults> {
  const results = (key: 'passing' | 'failing', otherwise: TestResultType) =>
    Promise.all(
      list(v[key]).flatMap((r) => {
        const urn = str(r.test);
        if (!urn) return [];
        const type = str(r.type);
        return [
          (async () => {
            const known = 'testInfo' in (await ctx.entities.load(urn)).aspects;
            return make(TestResult, {
              test: known ? new Test(ctx, urn) : undefined,
              type: type && type in TestResultType ? (type as TestResultType) : otherwise,
            });
          })(),
        ];
      }),
    );
  const [passing, failing] = await Promise.all([
    results('passing', 'SUCCESS'),
    results('failing', 'FAILURE'),
  ]);
  return make(TestResults, { passing, failing });
}

/**
 * Declares `testResults` on the object type of every kind whose registry entity has the `testResults`
 * aspect (`classes`: the object class of each entity type).
 */
export function showTestResults(classes: Partial<Record<EntityType, EntityClass>>): void {
  showWhereAspect(classes, 'testResults', {
    testResults: { type: TestResults, aspect: 'testResults', read: testResults },
  });
}

import { Arg, Field, Int, ObjectType } from 'type-graphql';
import type { GraphQLContext } from '../context.js';
import { DEFAULT_PAGE } from '../cost-model.js';
import { aspectFields } from './aspect-fields.js';
import { make, str, type Json } from './common.js';
import { argField, entityArgFields } from './entity-arg-fields.js';
import { entityClass, type EntityClass } from './entity-classes.js';
import type { Entity } from './entity.js';
import { EntityType, entityTypeOfUrn } from './entity-type.js';
import { fields, opt, optional, req, required, TableObjectType } from './field-table.js';
import { KIND_INTERFACES, kindBase } from './kind-types.js';
import { DataPlatform } from './people.js';
import { Long } from './scalars.js';
import { FilterInput, timeseriesValues } from './timeseries.js';
import { AssertionActions, asserteeOf, AssertionInfo, assertionInfo } from './assertion-info.js';
import {
  AssertionResultType,
  AssertionRunEventsResult,
  AssertionRunStatus,
  RUN_EVENT,
  runEvent,
} from './assertion-runs.js';
/*
 * DataHub's assertions: the `Assertion` entity, its `assertionInfo` with each kind's definition, its runs
 * (the `assertionRunEvent` time series), and `Dataset.assertions`. The records mirror the aspect's, so
 * they are served as stored; only what differs is mapped here: URNs named `entity` in the aspect are
 * `entityUrn`, schema field URNs are `{urn, path}`, string maps are lists of entries.
 */

/** The platform of an assertion that names none (DataHub's). */
const UNKNOWN_PLATFORM = 'urn:li:dataPlatform:unknown';

@ObjectType({ implements: KIND_INTERFACES, description: 'An assertion: a data quality check on an asset' })
export class Assertion extends kindBase('assertion') {
  @Field(() => AssertionInfo, { nullable: true })
  async info(): Promise<AssertionInfo | undefined> {
    const v = await this.aspect('assertionInfo');
    return v && assertionInfo(this.ctx, v, this.urn, await this.aspect('assertionNote'));
  }

  /** The platform that runs the assertion (its dataPlatformInstance's), DataHub's unknown one otherwise. */
  @Field(() => DataPlatform)
  async platform(): Promise<DataPlatform> {
    const p = str((await this.aspect('dataPlatformInstance'))?.platform);
    return new DataPlatform(this.ctx, p ?? UNKNOWN_PLATFORM);
  }

  /** The dataset the assertion is about (null when it is about another kind of asset). */
  @Field(() => entityClass(EntityType.DATASET), { nullable: true })
  async dataset(): Promise<Entity | undefined> {
    const v = await this.aspect('assertionInfo');
    const urn = v && asserteeOf(v);
    return urn && entityTypeOfUrn(urn) === EntityType.DATASET ? this.ctx.entity(urn) : undefined;
  }

  /**
   * The assertion's runs, newest first (`limit`, 100 unless asked); the counts are of the runs returned.
   * Every stored run is COMPLETE (the model's one status), so `status` keeps them all.
   */
  @Field(() => AssertionRunEventsResult, { nullable: true })
  async runEvents(
    @Arg('status', () => AssertionRunStatus, { nullable: true }) status?: string,
    @Arg('startTimeMillis', () => Long, { nullable: true }) startTimeMillis?: number,
    @Arg('endTimeMillis', () => Long, { nullable: true }) endTimeMillis?: number,
    @Arg('filter', () => FilterInput, { nullable: true }) filter?: FilterInput,
    @Arg('limit', () => Int, { nullable: true }) limit?: number,
  ): Promise<AssertionRunEventsResult> {
    const values = await timeseriesValues(this.ctx, this.urn, RUN_EVENT, {
      startTimeMillis: startTimeMillis ?? undefined,
      endTimeMillis: endTimeMillis ?? undefined,
      limit: limit ?? DEFAULT_PAGE.runEvents,
      and: filter?.and,
    });
    const runEvents = values
      .map((r) => runEvent(r.value, r.lastObserved))
      .filter((e) => !status || e.status === status);
    const counted = (type: string) =>
      runEvents.filter((e) => e.status === AssertionRunStatus.COMPLETE && e.result?.type === type).length;
    return make(AssertionRunEventsResult, {
      total: runEvents.length,
      failed: counted(AssertionResultType.FAILURE),
      succeeded: counted(AssertionResultType.SUCCESS),
      errored: counted(AssertionResultType.ERROR),
      runEvents,
    });
  }
}
aspectFields(Assertion, {
  actions: {
    type: AssertionActions,
    aspect: 'assertionActions',
    read: (_, v) => v,
  },
});

@TableObjectType()
export class EntityAssertionsResult extends fields({
  ...required(Int, 'start', 'count', 'total'),
  assertions: req([Assertion]),
}) {}

const ASSERTS = 'Asserts';

/** Whether an entity the request read is a soft-deleted one. */
const removed = (aspects: Readonly<Record<string, { value: Json }>>): boolean =>
  aspects.status?.value.removed === true;

/**
 * The assertions about an entity (the `Asserts` edges of their assertionInfo): a page of their URNs, in
 * URN order, and how many there are.
 */
export async function assertionsOf(
  ctx: GraphQLContext,
  urn: string,
  start: number,
  count: number,
  includeSoftDeleted: boolean,
): Promise<{ total: number; returned: number; urns: string[] }> {
  const page = await ctx.services.reads.relationships(urn, [ASSERTS], 'INCOMING', start, count);
  const candidates = page.relationships
    .map((r) => r.entity)
    .filter((u) => entityTypeOfUrn(u) === EntityType.ASSERTION);
  const views = await Promise.all(candidates.map((u) => ctx.entities.load(u)));
  const urns = views
    .filter((v) => Object.keys(v.aspects).length && (includeSoftDeleted || !removed(v.aspects)))
    .map((v) => v.urn);
  return { total: page.total, returned: page.relationships.length, urns };
}

/** Declares DataHub's `assertions` on the dataset type (the one kind DataHub lists them on). */
export function showAssertions(classes: Partial<Record<EntityType, EntityClass>>): void {
  const dataset = classes[EntityType.DATASET];
  if (!dataset) return;
  entityArgFields(dataset, {
    assertions: argField({
      type: EntityAssertionsResult,
      args: { ...optional(Int, 'start', 'count'), includeSoftDeleted: opt(Boolean) },
      resolve: async (entity, ctx, { start = 0, count = DEFAULT_PAGE.assertions, includeSoftDeleted }) => {
        const found = await assertionsOf(ctx, entity.urn, start, count, includeSoftDeleted ?? false);
        return make(EntityAssertionsResult, {
          start,
          count: found.returned,
          total: found.total,
          assertions: found.urns.map((u) => new Assertion(ctx, u)),
        });
      },
    }),
  });
}

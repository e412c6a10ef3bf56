import { Int } from 'type-graphql';
import type { GraphQLContext } from '../context.js';
import { AssertionType } from './assertion-info.js';
import { AssertionResultType, latestRun } from './assertion-runs.js';
import { assertionsOf } from './assertions.js';
import { make, str } from './common.js';
import { argField, entityArgFields } from './entity-arg-fields.js';
import type { EntityClass } from './entity-classes.js';
import { EntityType } from './entity-type.js';
import { stringEnum } from './enums.js';
import { fields, opt, optional, req, TableObjectType } from './field-table.js';
import { IncidentState, incidentsOn, lastUpdatedOf, stateOf } from './incidents.js';
import { Long } from './scalars.js';

/*
 * DataHub's health of an asset, as it computes it: its active incidents (FAIL when it has any) and, for
 * datasets, the latest run of each of its assertions (FAIL when one's latest run did not succeed).
 */

export const HealthStatusType = stringEnum('HealthStatusType', ['ASSERTIONS', 'INCIDENTS', 'TESTS'] as const);
export const HealthStatus = stringEnum('HealthStatus', ['PASS', 'WARN', 'FAIL'] as const);

@TableObjectType()
export class ActiveIncidentHealthDetails extends fields({
  ...optional(String, 'latestIncidentUrn', 'latestIncidentTitle'),
  lastActivityAt: opt(Long),
  count: req(Int),
}) {}

/** DataHub's per-type summary of assertion results (neohub does not compute it: always null). */
@TableObjectType()
export class AssertionHealthStatusByType extends fields({
  type: req(AssertionType),
  status: req(HealthStatus),
  total: req(Int),
  statusCount: req(Int),
  lastStatusResultAt: opt(Long),
}) {}

@TableObjectType()
export class Health extends fields({
  type: req(HealthStatusType),
  /** When the latest of what it is computed from happened (incidents: the latest status change). */
  reportedAt: opt(Long),
  status: req(HealthStatus),
  message: opt(String),
  activeIncidentHealthDetails: opt(ActiveIncidentHealthDetails),
  latestAssertionStatusByType: opt([AssertionHealthStatusByType]),
  /** What makes it fail: the failing assertions' URNs, or ACTIVE_INCIDENTS. */
  causes: opt([String]),
}) {}

/** The incidents health: PASS without active incidents, FAIL with their count and the latest one. */
async function incidentsHealth(ctx: GraphQLContext, urn: string): Promise<Health> {
  const active = (await incidentsOn(ctx, urn))
    .filter(({ info }) => stateOf(info) === IncidentState.ACTIVE)
    .sort((a, b) => lastUpdatedOf(b.info) - lastUpdatedOf(a.info));
  const latest = active[0];
  if (!latest) return make(Health, { type: 'INCIDENTS', status: 'PASS' });
  const n = active.length;
  const at = lastUpdatedOf(latest.info);
  return make(Health, {
    type: 'INCIDENTS',
    reportedAt: at,
    status: 'FAIL',
    message: `${n} active incident${n > 1 ? 's' : ''}`,
    activeIncidentHealthDetails: make(ActiveIncidentHealthDetails, {
      latestIncidentUrn: latest.urn,
      latestIncidentTitle: str(latest.info.title),
      lastActivityAt: at,
      count: n,
    }),
    causes: ['ACTIVE_INCIDENTS'],
  });
}

/** The most assertions of an asset whose runs count (DataHub's figure). */
const MAX_ASSERTIONS = 500;

/**
 * The assertions health: null when the asset has no assertion (soft-deleted ones left out) or none of
 * them has run; FAIL naming the assertions whose latest complete run did not succeed; PASS otherwise.
 */
async function assertionsHealth(ctx: GraphQLContext, urn: string): Promise<Health | undefined> {
  const { urns } = await assertionsOf(ctx, urn, 0, MAX_ASSERTIONS, false);
  const runs = await Promise.all(urns.map(async (a) => ({ urn: a, run: await latestRun(ctx, a, urn) })));
  if (!runs.some((r) => r.run)) return undefined;
  const failing = runs
    .filter((r) => r.run && r.run.result?.type !== AssertionResultType.SUCCESS)
    .map((r) => r.urn);
  if (!failing.length)
    return make(Health, { type: 'ASSERTIONS', status: 'PASS', message: 'All assertions are passing' });
  return make(Health, {
    type: 'ASSERTIONS',
    status: 'FAIL',
    message: `${failing.length} of ${urns.length} assertions are failing`,
    causes: failing,
  });
}

/** Per type, whether its health counts assertions besides incidents (DataHub counts them for datasets). */
const HEALTH_OF: Partial<Record<EntityType, boolean>> = {
  [EntityType.DATASET]: true,
  [EntityType.CHART]: false,
  [EntityType.DASHBOARD]: false,
  [EntityType.DATA_FLOW]: false,
  [EntityType.DATA_JOB]: false,
};

/** Declares DataHub's `health` on the types it computes it for (`classes`: the class of each type). */
export function showHealth(classes: Partial<Record<EntityType, EntityClass>>): void {
  for (const [type, withAssertions] of Object.entries(HEALTH_OF)) {
    const cls = classes[type as EntityType];
    if (!cls) continue;
    entityArgFields(cls, {
      health: argField({
        type: [Health],
        resolve: async (entity, ctx) => {
          const [incidents, assertions] = await Promise.all([
            incidentsHealth(ctx, entity.urn),
            withAssertions ? assertionsHealth(ctx, entity.urn) : undefined,
          ]);
          return assertions ? [incidents, assertions] : [incidents];
        },
      }),
    });
  }
}

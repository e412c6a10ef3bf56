import { Field, Int, ObjectType } from 'type-graphql';
import { BadRequestError, NotFoundError } from '../../errors/index.js';
import type { GraphQLContext } from '../context.js';
import { DEFAULT_PAGE } from '../cost-model.js';
import { AuditStamp, list, make, num, obj, OwnerType, requiredStamp, str, type Json } from './common.js';
import { argField, entityArgFields } from './entity-arg-fields.js';
import type { EntityClass } from './entity-classes.js';
import { Entity } from './entity.js';
import { EntityType } from './entity-type.js';
import { stringEnum } from './enums.js';
import { fields, opt, optional, req, required, TableInputType, TableObjectType } from './field-table.js';
import { KIND_INTERFACES, kindBase } from './kind-types.js';
import { Long } from './scalars.js';

/*
 * DataHub's incidents: the `Incident` entity from its `incidentInfo` aspect, and the `incidents` of the
 * assets they are raised on (their `IncidentOn` edges).
 */

export const IncidentType = stringEnum('IncidentType', [
  'FRESHNESS',
  'VOLUME',
  'FIELD',
  'SQL',
  'DATA_SCHEMA',
  'OPERATIONAL',
  'CUSTOM',
] as const);
export const IncidentPriority = stringEnum('IncidentPriority', [
  'LOW',
  'MEDIUM',
  'HIGH',
  'CRITICAL',
] as const);
export const IncidentState = stringEnum('IncidentState', ['ACTIVE', 'RESOLVED'] as const);
export const IncidentStage = stringEnum('IncidentStage', [
  'TRIAGE',
  'INVESTIGATION',
  'WORK_IN_PROGRESS',
  'FIXED',
  'NO_ACTION_REQUIRED',
] as const);
export const IncidentSourceType = stringEnum('IncidentSourceType', ['MANUAL', 'ASSERTION_FAILURE'] as const);

/** The model keeps a priority as a number, 0 the most urgent. */
const PRIORITIES: readonly string[] = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'];

@TableObjectType()
export class IncidentStatus extends fields({
  state: req(IncidentState),
  stage: opt(IncidentStage),
  message: opt(String),
  lastUpdated: req(AuditStamp),
}) {}

@TableObjectType()
export class IncidentSource extends fields({
  type: req(IncidentSourceType),
  /** The entity that raised it (an assertion, for ASSERTION_FAILURE). */
  source: opt(Entity),
}) {}

/** An incident's `incidentInfo` as stored. */
interface Info {
  readonly urn: string;
  readonly info: Json;
}

/**
 * An incident (DataHub's `Incident`), from its `incidentInfo`: an incident without one has none of its
 * required fields, and asking for them is an error (as in DataHub).
 */
@ObjectType({
  implements: KIND_INTERFACES,
  description: 'An incident: a problem raised on one or more assets',
})
export class Incident extends kindBase('incident') {
  private async info(): Promise<Json> {
    const v = await this.aspect('incidentInfo');
    if (!v) throw new NotFoundError(`Incident ${this.urn} has no incidentInfo`);
    return v;
  }

  @Field(() => IncidentType) async incidentType(): Promise<string> {
    return str((await this.info()).type) ?? IncidentType.CUSTOM;
  }
  @Field(() => String, { nullable: true }) async customType(): Promise<string | undefined> {
    return str((await this.info()).customType);
  }
  @Field(() => String, { nullable: true }) async title(): Promise<string | undefined> {
    return str((await this.info()).title);
  }
  @Field(() => String, { nullable: true }) async description(): Promise<string | undefined> {
    return str((await this.info()).description);
  }
  @Field(() => IncidentStatus) async incidentStatus(): Promise<IncidentStatus> {
    return incidentStatus(await this.info());
  }
  /** The same as `incidentStatus` (DataHub's older name); not the `status` aspect. */
  @Field(() => IncidentStatus) async status(): Promise<IncidentStatus> {
    return incidentStatus(await this.info());
  }
  @Field(() => IncidentPriority, { nullable: true }) async priority(): Promise<string | undefined> {
    const p = num((await this.info()).priority);
    return p === undefined ? undefined : PRIORITIES[p];
  }
  /** The users and groups it is assigned to. */
  @Field(() => [OwnerType], { nullable: true }) async assignees(): Promise<Entity[] | undefined> {
    const v = (await this.info()).assignees;
    if (!Array.isArray(v)) return undefined;
    return list(v).flatMap((a) => {
      const e = this.ctx.entity(str(a.actor) ?? '');
      return e && (e.type === EntityType.CORP_USER || e.type === EntityType.CORP_GROUP) ? [e] : [];
    });
  }
  /** The first asset it is raised on. */
  @Field(() => Entity) async entity(): Promise<Entity> {
    const entities = (await this.info()).entities;
    const first = Array.isArray(entities) ? str(entities[0]) : undefined;
    const e = first ? this.ctx.entity(first) : undefined;
    if (!e) throw new NotFoundError(`Incident ${this.urn} names no entity`);
    return e;
  }
  @Field(() => IncidentSource, { nullable: true }) async source(): Promise<IncidentSource | undefined> {
    const s = obj((await this.info()).source);
    if (!s) return undefined;
    const by = str(s.sourceUrn);
    return make(IncidentSource, {
      type: str(s.type) as IncidentSource['type'],
      source: by ? this.ctx.entity(by) : undefined,
    });
  }
  @Field(() => Long, { nullable: true }) async startedAt(): Promise<number | undefined> {
    return num((await this.info()).startedAt);
  }
  @Field(() => AuditStamp) async created(): Promise<AuditStamp> {
    return requiredStamp((await this.info()).created);
  }
}

const incidentStatus = (v: Json): IncidentStatus => {
  const s = obj(v.status) ?? {};
  return make(IncidentStatus, {
    state: (str(s.state) ?? IncidentState.ACTIVE) as IncidentStatus['state'],
    stage: str(s.stage) as IncidentStatus['stage'],
    message: str(s.message),
    lastUpdated: requiredStamp(s.lastUpdated),
  });
};

@TableObjectType()
export class EntityIncidentsResult extends fields({
  ...required(Int, 'start', 'count', 'total'),
  incidents: req([Incident]),
}) {}

const INCIDENT_ON = 'IncidentOn';

/** The incidents raised on an entity (their `IncidentOn` edges) that have an `incidentInfo`. */
export async function incidentsOn(ctx: GraphQLContext, urn: string): Promise<Info[]> {
  const page = await ctx.services.reads.relationships(
    urn,
    [INCIDENT_ON],
    'INCOMING',
    0,
    ctx.services.config.maxPageSize,
  );
  const views = await Promise.all(page.relationships.map((r) => ctx.entities.load(r.entity)));
  return views.flatMap((v) => {
    const info = v.aspects.incidentInfo?.value;
    return info ? [{ urn: v.urn, info }] : [];
  });
}

/** The state of an incident's info. */
export const stateOf = (info: Json): string | undefined => str(obj(info.status)?.state);

/** When an incident's status last changed. */
export const lastUpdatedOf = (info: Json): number => num(obj(obj(info.status)?.lastUpdated)?.time) ?? 0;

/** The kinds DataHub lists incidents on. */
const WITH_INCIDENTS = [
  EntityType.DATASET,
  EntityType.DATA_JOB,
  EntityType.DATA_FLOW,
  EntityType.DASHBOARD,
  EntityType.CHART,
  EntityType.MLMODEL,
  EntityType.MLFEATURE,
  EntityType.MLFEATURE_TABLE,
  EntityType.SCHEMA_FIELD,
];

/**
 * Declares DataHub's `incidents` on the types of the kinds it lists them on: those raised on the entity,
 * newest first, kept by state, stage, priority and assignee when asked.
 */
export function showIncidents(classes: Partial<Record<EntityType, EntityClass>>): void {
  for (const type of WITH_INCIDENTS) {
    const cls = classes[type];
    if (!cls) continue;
    entityArgFields(cls, {
      incidents: argField({
        type: EntityIncidentsResult,
        args: {
          state: opt(IncidentState),
          stage: opt(IncidentStage),
          priority: opt(IncidentPriority),
          assigneeUrns: opt([String]),
          ...optional(Int, 'start', 'count'),
        },
        resolve: async (entity, ctx, { state, stage, priority, assigneeUrns, start = 0, count }) => {
          const size = count ?? DEFAULT_PAGE.incidents;
          if (start < 0 || size < 0) throw new BadRequestError('start and count must not be negative');
          const kept = (await incidentsOn(ctx, entity.urn))
            .filter(({ info }) => {
              const s = obj(info.status);
              const p = num(info.priority);
              const assignees = list(info.assignees).map((a) => str(a.actor));
              return (
                (!state || s?.state === state) &&
                (!stage || s?.stage === stage) &&
                (!priority || (p !== undefined && PRIORITIES[p] === priority)) &&
                (!assigneeUrns?.length || assignees.some((a) => a && assigneeUrns.includes(a)))
              );
            })
            .sort((a, b) => createdOf(b.info) - createdOf(a.info) || a.urn.localeCompare(b.urn));
          const page = kept.slice(start, start + size);
          return make(EntityIncidentsResult, {
            start,
            count: page.length,
            total: kept.length,
            incidents: page.map((i) => new Incident(ctx, i.urn)),
          });
        },
      }),
    });
  }
}

const createdOf = (info: Json): number => num(obj(info.created)?.time) ?? 0;

// ---- raising and resolving incidents

@TableInputType()
export class IncidentSourceInput extends fields({ type: req(IncidentSourceType) }) {}

@TableInputType()
export class IncidentStatusInput extends fields({
  state: req(IncidentState),
  stage: opt(IncidentStage),
  message: opt(String),
}) {}

@TableInputType()
export class RaiseIncidentInput extends fields({
  id: opt(String),
  type: req(IncidentType),
  ...optional(String, 'customType', 'title', 'description', 'resourceUrn'),
  resourceUrns: opt([String]),
  startedAt: opt(Long),
  source: opt(IncidentSourceInput),
  status: opt(IncidentStatusInput),
  priority: opt(IncidentPriority),
  assigneeUrns: opt([String]),
}) {}

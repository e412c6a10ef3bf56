import { Int } from 'type-graphql';
import type { GraphQLContext } from '../context.js';
import { entityClass } from './entity-classes.js';
import { EntityType } from './entity-type.js';
import { addResolverField, fields, opt, req, TableInputType, TableObjectType } from './field-table.js';
import { make, str } from './json.js';
import { Long } from './scalars.js';
import { FacetFilterInput, SortCriterion } from './search.js';

/** Where an execution request came from: `CLI_INGESTION_SOURCE` for DataHub's CLI, an ingestion source's URN. */
@TableObjectType()
export class ExecutionRequestSource extends fields({ type: opt(String), ingestionSource: opt(String) }) {}

/** What was asked (DataHub's `dataHubExecutionRequestInput`; its arguments hold secrets and are not shown). */
@TableObjectType()
export class ExecutionRequestInput extends fields({
  task: req(String),
  source: req(ExecutionRequestSource),
  requestedAt: req(Long),
  actorUrn: opt(String),
  executorId: opt(String),
}) {}

/** A run's report as a typed document (the CLI's is its JSON report: `type` CLI_INGEST). */
@TableObjectType()
export class StructuredReport extends fields({
  type: req(String),
  serializedValue: req(String),
  contentType: req(String),
}) {}

/** How it ended (DataHub's `dataHubExecutionRequestResult`). */
@TableObjectType()
export class ExecutionRequestResult extends fields({
  status: req(String),
  startTimeMs: opt(Long),
  durationMs: opt(Long),
  report: opt(String),
  structuredReport: opt(StructuredReport),
}) {}

@TableInputType()
export class ListExecutionRequestsInput extends fields({
  start: opt(Int),
  count: opt(Int),
  query: opt(String),
  filters: opt([FacetFilterInput]),
  sort: opt(SortCriterion),
  systemSources: opt(Boolean),
}) {}

@TableObjectType()
export class IngestionSourceExecutionRequests extends fields({
  start: opt(Int),
  count: opt(Int),
  total: opt(Int),
  executionRequests: req([() => entityClass(EntityType.EXECUTION_REQUEST)]),
}) {}

@TableInputType()
export class RollbackIngestionInput extends fields({
  runId: req(String),
  /** neohub's: plan the rollback without changing anything (the answer says what it would do). */
  dryRun: opt(Boolean),
}) {}

type WithAspects = {
  ctx: GraphQLContext;
  urn: string;
  aspect: (name: string) => Promise<Record<string, unknown> | undefined>;
};

/**
 * DataHub's fields of an execution request (`id`, `input`, `result`), from its two aspects, added to the
 * kind's object type.
 */
export function executionRequestFields(cls: abstract new (...args: never[]) => object): void {
  const define = (
    name: string,
    resolve: (this: WithAspects) => unknown,
    type: () => unknown,
    nullable: boolean,
  ) => addResolverField(cls, name, type, nullable, resolve);
  define(
    'id',
    function () {
      return this.urn.slice('urn:li:dataHubExecutionRequest:'.length);
    },
    () => String,
    false,
  );
  define(
    'input',
    async function () {
      const v = (await this.aspect('dataHubExecutionRequestInput')) ?? {};
      const source = (v.source ?? {}) as Record<string, unknown>;
      return make(ExecutionRequestInput, {
        task: str(v.task) ?? '',
        source: make(ExecutionRequestSource, {
          type: str(source.type),
          ingestionSource: str(source.ingestionSource),
        }),
        requestedAt: typeof v.requestedAt === 'number' ? v.requestedAt : 0,
        actorUrn: str(v.actorUrn),
        executorId: str(v.executorId),
      });
    },
    () => ExecutionRequestInput,
    false,
  );
  define(
    'result',
    async function () {
      const v = await this.aspect('dataHubExecutionRequestResult');
      if (!v) return undefined;
      const num = (x: unknown) => (typeof x === 'number' ? x : undefined);
      return make(ExecutionRequestResult, {
        status: str(v.status) ?? '',
        startTimeMs: num(v.startTimeMs),
        durationMs: num(v.durationMs),
        report: str(v.report),
        structuredReport: structured(v.structuredReport),
      });
    },
    () => ExecutionRequestResult,
    true,
  );
}

/** DataHub's structured report of a result, when it has all three of its fields. */
function structured(v: unknown): StructuredReport | undefined {
  const o = (typeof v === 'object' && v !== null ? v : {}) as Record<string, unknown>;
  const [type, serializedValue, contentType] = [str(o.type), str(o.serializedValue), str(o.contentType)];
  return type !== undefined && serializedValue !== undefined && contentType !== undefined
    ? make(StructuredReport, { type, serializedValue, contentType })
    : undefined;
}

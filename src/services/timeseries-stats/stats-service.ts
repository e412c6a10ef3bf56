import { BadRequestError } from '../../errors/index.js';
import { redactionOf, type Redaction } from '../../auth/index.js';
import type { AspectSpec, Registry } from '../../registry/index.js';
import type { EntityStore } from '../../store/index.js';
import { conjunctions, matches, type Criterion } from '../../../search-sync/model/index.js';
import type { IngestService } from '../ingest-service.js';
import type { WriteContext } from '../proposal.js';
import {
  aggregate,
  aggregationSpecs,
  groupingBuckets,
  type AggregationSpec,
  type GenericTable,
  type GroupingBucket,
} from './aggregate.js';
import { zoneOf } from './calendar.js';
import { documentsOf, layoutOf, type TimeseriesDoc, type TimeseriesLayout } from './documents.js';
import {
  rangeStart,
  USAGE_ASPECT,
  USAGE_ENTITY,
  usageProposals,
  usageQueries,
  usageResult,
  usageTimeRange,
  windowDuration,
  type UsageQueryResult,
} from './usage.js';

/**
 * The most stored values one aggregation reads (each a document, and one more per collection
 * element): beyond it the request is refused with a 400 asking for a narrower filter, never answered
 * from part of the values (docs/decisions/0059).
 */
export const MAX_AGGREGATED_VALUES = 50_000;

export interface TimeseriesStatsRequest {
  readonly entityName: unknown;
  readonly aspectName: unknown;
  readonly metrics: unknown;
  readonly filter?: unknown;
  readonly buckets?: unknown;
}

export interface UsageRequest {
  readonly resource: unknown;
  readonly duration: unknown;
  readonly startTime?: number | undefined;
  readonly endTime?: number | undefined;
  readonly timeZone?: unknown;
}

/** What a filter's criteria let the store narrow its read to: the URNs and the time range. */
interface Narrowing {
  urns?: string[];
  start?: number;
  end?: number;
}

/** The bounds one conjunction of criteria puts on `urn` and `timestampMillis` (the rest is filtered after). */
function narrowing(groups: readonly (readonly Criterion[])[]): Narrowing {
  if (groups.length !== 1) return {};
  const n: Narrowing = {};
  for (const c of groups[0] as readonly Criterion[]) {
    if (c.negated) continue;
    const cond = c.condition ?? 'EQUAL';
    const values = (c.values ?? (c.value !== undefined ? [c.value] : [])).map(String);
    if (c.field === 'urn' && (cond === 'EQUAL' || cond === 'IN') && !n.urns) n.urns = values;
    if (c.field !== 'timestampMillis' || values.length !== 1) continue;
    const t = Number(values[0]);
    if (!Number.isFinite(t)) continue;
    if (cond === 'GREATER_THAN' || cond === 'GREATER_THAN_OR_EQUAL_TO') {
      const s = cond === 'GREATER_THAN' ? Math.floor(t) + 1 : Math.ceil(t);
      n.start = Math.max(n.start ?? s, s);
    }
    if (cond === 'LESS_THAN' || cond === 'LESS_THAN_OR_EQUAL_TO') {
      const e = cond === 'LESS_THAN' ? Math.ceil(t) - 1 : Math.floor(t);
      n.end = Math.min(n.end ?? e, e);
    }
  }
  return n;
}

/**
 * Aggregations over the stored values of time-series aspects, as DataHub answers them from its
 * time-series index: the analytics resource's `getTimeseriesStats` (DataHub's GenericTable) and the
 * usage resource's `query`/`queryRange` (its UsageQueryResult, from `datasetUsageStatistics`), and the
 * usage resource's `batchIngest`, written through the one write path.
 */
export class TimeseriesStatsService {
  private readonly redaction: Redaction;
  private readonly layouts = new Map<string, TimeseriesLayout>();

  constructor(
    private readonly registry: Registry,
    private readonly store: EntityStore,
    private readonly ingest: IngestService,
  ) {
    this.redaction = redactionOf(registry);
  }

  private layout(spec: AspectSpec): TimeseriesLayout {
    let l = this.layouts.get(spec.name);
    if (!l) {
      l = layoutOf(spec);
      this.layouts.set(spec.name, l);
    }
    return l;
  }

  /** A time-series aspect of a kind, or a 400/422 naming what is wrong. */
  private timeseriesAspect(entityName: unknown, aspectName: unknown): { entity: string; spec: AspectSpec } {
    if (typeof entityName !== 'string' || !entityName)
      throw new BadRequestError("Parameter 'entityName' is required");
    if (typeof aspectName !== 'string' || !aspectName)
      throw new BadRequestError("Parameter 'aspectName' is required");
    const entity = this.registry.entity(entityName);
    this.redaction.requireKinds([entity]);
    const spec = this.registry.aspectOf(entity, aspectName);
    if (!spec.timeseries)
      throw new BadRequestError(
        `aspect name ${spec.name} for entity ${entity.name} is not a timeseries aspect`,
      );
    return { entity: entity.name, spec };
  }

  /** The documents of the values a filter can match (narrowed in the store by URN and time). */
  private async documents(
    entity: string,
    spec: AspectSpec,
    groups: readonly (readonly Criterion[])[],
  ): Promise<TimeseriesDoc[]> {
    const n = narrowing(groups);
    const rows = await this.store.timeseriesScan({
      entityType: entity,
      aspect: spec.name,
      urns: n.urns,
      startTimeMillis: n.start,
      endTimeMillis: n.end,
      limit: MAX_AGGREGATED_VALUES + 1,
    });
    if (rows.length > MAX_AGGREGATED_VALUES)
      throw new BadRequestError(
        `The filter matches more than ${MAX_AGGREGATED_VALUES} values of ${spec.name}: narrow it by urn or timestampMillis`,
      );
    const layout = this.layout(spec);
    const docs: TimeseriesDoc[] = [];
    for (const r of rows) {
      const value = JSON.parse(this.redaction.json(spec.name, r.value)) as Record<string, unknown>;
      const sm = r.systemMetadata ? (JSON.parse(r.systemMetadata) as Record<string, unknown>) : undefined;
      const runId = typeof sm?.runId === 'string' ? sm.runId : undefined;
      for (const d of documentsOf(layout, r.urn, value, runId)) if (matches(d, groups)) docs.push(d);
    }
    return docs;
  }

  private async table(
    entity: string,
    spec: AspectSpec,
    groups: readonly (readonly Criterion[])[],
    metrics: readonly AggregationSpec[],
    buckets: readonly GroupingBucket[],
  ): Promise<GenericTable> {
    return aggregate(await this.documents(entity, spec, groups), this.layout(spec), metrics, buckets);
  }

  /** DataHub's `getTimeseriesStats`: the request echoed, with the table of its metrics per group. */
  async aggregatedStats(r: TimeseriesStatsRequest): Promise<Record<string, unknown>> {
    const { entity, spec } = this.timeseriesAspect(r.entityName, r.aspectName);
    const layout = this.layout(spec);
    const metrics = aggregationSpecs(r.metrics, layout);
    const buckets = groupingBuckets(r.buckets, layout);
    const groups = conjunctions(r.filter);
    const table = await this.table(entity, spec, groups, metrics, buckets);
    return {
      entityName: r.entityName,
      aspectName: r.aspectName,
      ...(r.filter !== undefined && r.filter !== null ? { filter: r.filter } : {}),
      aggregationSpecs: r.metrics,
      ...(Array.isArray(r.buckets) ? { groupingBuckets: r.buckets } : {}),
      table,
    };
  }

  /** DataHub's usage `query`: a resource's usage between two times, in buckets of a duration. */
  async usage(r: UsageRequest): Promise<UsageQueryResult> {
    const duration = windowDuration(r.duration);
    if (typeof r.resource !== 'string' || !r.resource)
      throw new BadRequestError("Parameter 'resource' is required");
    if (r.timeZone !== undefined && r.timeZone !== null && typeof r.timeZone !== 'string')
      throw new BadRequestError("Parameter 'timeZone' must be a string");
    const { parsed } = this.registry.parseEntityUrn(r.resource);
    const entity = this.registry.entity(USAGE_ENTITY);
    this.redaction.requireKinds([entity]);
    const spec = this.registry.aspectOf(entity, USAGE_ASPECT);
    const criteria: Criterion[] = [
      { field: 'urn', condition: 'EQUAL', values: [parsed.urn] },
      ...(r.startTime !== undefined
        ? [{ field: 'timestampMillis', condition: 'GREATER_THAN_OR_EQUAL_TO', values: [String(r.startTime)] }]
        : []),
      ...(r.endTime !== undefined
        ? [{ field: 'timestampMillis', condition: 'LESS_THAN_OR_EQUAL_TO', values: [String(r.endTime)] }]
        : []),
    ];
    const docs = await this.documents(entity.name, spec, [criteria]);
    const layout = this.layout(spec);
    const q = usageQueries(duration, zoneOf(typeof r.timeZone === 'string' ? r.timeZone : undefined));
    return usageResult(r.resource, duration, {
      buckets: aggregate(docs, layout, q.buckets.metrics, q.buckets.buckets),
      users: aggregate(docs, layout, q.users.metrics, q.users.buckets),
      fields: aggregate(docs, layout, q.fields.metrics, q.fields.buckets),
    });
  }

  /** DataHub's usage `queryRange`: `query` from a range before now (`rangeFromEnd`) to now. */
  async usageRange(
    r: Omit<UsageRequest, 'startTime' | 'endTime'> & { readonly range: unknown },
  ): Promise<UsageQueryResult> {
    const range = usageTimeRange(r.range);
    const now = Date.now();
    return this.usage({ ...r, startTime: rangeStart(range, now), endTime: now });
  }

  /** DataHub's usage `batchIngest`: the buckets as `datasetUsageStatistics` values, written as one batch. */
  async ingestUsage(buckets: unknown, ctx: WriteContext): Promise<void> {
    await this.ingest.ingest(usageProposals(buckets), ctx);
  }
}

import type { GraphQLContext } from '../context.js';
import { fields, req, TableInputType } from './field-table.js';
import { obj, type Json } from './json.js';
import { FacetFilterInput } from './search.js';

/** DataHub's FilterInput of time-series fields: one conjunction of criteria on fields of the values. */
@TableInputType()
export class FilterInput extends fields({
  and: req([FacetFilterInput]),
}) {}

/** One value of a time-series aspect, parsed, with when it was last observed (from its system metadata). */
export interface TimeseriesValue {
  readonly value: Json;
  readonly lastObserved?: number;
}

/** What a read of time-series values asks: a range, a limit and criteria on the values' fields. */
export interface TimeseriesAsk {
  readonly startTimeMillis?: number;
  readonly endTimeMillis?: number;
  readonly limit: number;
  readonly and?: readonly FacetFilterInput[];
}

/**
 * The values of an entity's time-series aspect in a range, newest first, through the read service (the
 * criteria name fields of the value by their paths, `result.type`).
 */
export async function timeseriesValues(
  ctx: GraphQLContext,
  urn: string,
  aspect: string,
  ask: TimeseriesAsk,
): Promise<TimeseriesValue[]> {
  const and = (ask.and ?? []).map((f) => ({
    field: f.field,
    values: f.values ?? (f.value !== undefined && f.value !== null ? [f.value] : []),
    condition: f.condition ?? 'EQUAL',
    negated: f.negated ?? false,
  }));
  const rows = await ctx.services.reads.timeseries({
    urn,
    aspect,
    startTimeMillis: ask.startTimeMillis,
    endTimeMillis: ask.endTimeMillis,
    limit: ask.limit,
    filter: and.length ? { or: [{ and }] } : undefined,
  });
  return rows.map((r) => {
    const seen = obj(r.systemMetadata ? (JSON.parse(r.systemMetadata) as unknown) : undefined)?.lastObserved;
    return {
      value: JSON.parse(r.value) as Json,
      ...(typeof seen === 'number' ? { lastObserved: seen } : {}),
    };
  });
}

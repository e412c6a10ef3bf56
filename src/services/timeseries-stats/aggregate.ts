import { BadRequestError } from '../../errors/index.js';
import {
  bucketStart,
  FILLS_EMPTY,
  groupingUnit,
  nextBucket,
  zoneOf,
  type CalendarInterval,
} from './calendar.js';
import { fieldOf, fieldType, type TimeseriesDoc, type TimeseriesLayout } from './documents.js';

export const AGGREGATION_TYPES = ['LATEST', 'SUM', 'CARDINALITY'] as const;
export type AggregationType = (typeof AGGREGATION_TYPES)[number];
export const GROUPING_BUCKET_TYPES = ['DATE_GROUPING_BUCKET', 'STRING_GROUPING_BUCKET'] as const;

/** DataHub's `AggregationSpec`. */
export interface AggregationSpec {
  readonly fieldPath: string;
  readonly aggregationType: AggregationType;
}

/** DataHub's `GroupingBucket`, checked (`unit` and `zone` for a date grouping). */
export interface GroupingBucket {
  readonly type: (typeof GROUPING_BUCKET_TYPES)[number];
  readonly key: string;
  readonly unit?: CalendarInterval;
  readonly zone?: string;
  readonly size?: number;
  readonly ascending?: boolean;
}

/** DataHub's `GenericTable`: every cell a string, `NULL` where a group has no value. */
export interface GenericTable {
  readonly columnNames: string[];
  readonly columnTypes: string[];
  readonly rows: string[][];
}

/** The most buckets one string grouping answers unless it says (DataHub's: the minutes of a day). */
const MAX_TERM_BUCKETS = 24 * 60;
/** The most date buckets one grouping may make (a day's buckets over 270 years). */
const MAX_DATE_BUCKETS = 100_000;
const NUMERIC: ReadonlySet<string> = new Set(['int', 'long', 'float', 'double']);
const NULL = 'NULL';

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

function oneOf<T extends string>(v: unknown, allowed: readonly T[], what: string): T {
  if (typeof v !== 'string' || !(allowed as readonly string[]).includes(v))
    throw new BadRequestError(`${what} must be one of ${allowed.join(', ')}, not ${JSON.stringify(v)}`);
  return v as T;
}

/** The `metrics` of a request, checked against the aspect's fields. */
export function aggregationSpecs(v: unknown, layout: TimeseriesLayout): AggregationSpec[] {
  if (!Array.isArray(v) || !v.length)
    throw new BadRequestError("Parameter 'metrics' is required: a list of {fieldPath, aggregationType}");
  return v.map((m, i) => {
    if (!isObj(m) || typeof m.fieldPath !== 'string')
      throw new BadRequestError(`metrics[${i}] must be {fieldPath, aggregationType}`);
    const aggregationType = oneOf(m.aggregationType, AGGREGATION_TYPES, `metrics[${i}].aggregationType`);
    const type = fieldType(layout, m.fieldPath);
    if (aggregationType === 'SUM' && !NUMERIC.has(type))
      throw new BadRequestError(`Unexpected type encountered for sum aggregation: ${type} (${m.fieldPath})`);
    return { fieldPath: m.fieldPath, aggregationType };
  });
}

/** The `buckets` of a request (none: one row over every document), checked. */
export function groupingBuckets(v: unknown, layout: TimeseriesLayout): GroupingBucket[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw new BadRequestError("Parameter 'buckets' must be a list of grouping buckets");
  return v.map((b, i) => {
    if (!isObj(b) || typeof b.key !== 'string')
      throw new BadRequestError(`buckets[${i}] must be {type, key, ...}`);
    const type = oneOf(b.type, GROUPING_BUCKET_TYPES, `buckets[${i}].type`);
    const keyType = fieldType(layout, b.key);
    if (b.size !== undefined && (!Number.isInteger(b.size) || (b.size as number) < 1))
      throw new BadRequestError(`buckets[${i}].size must be a positive integer`);
    if (b.ascending !== undefined && typeof b.ascending !== 'boolean')
      throw new BadRequestError(`buckets[${i}].ascending must be a boolean`);
    if (b.timeZone !== undefined && typeof b.timeZone !== 'string')
      throw new BadRequestError(`buckets[${i}].timeZone must be a string`);
    const common = {
      type,
      key: b.key,
      ...(b.size !== undefined ? { size: b.size as number } : {}),
      ...(b.ascending !== undefined ? { ascending: b.ascending as boolean } : {}),
    };
    if (type === 'STRING_GROUPING_BUCKET') return common;
    if (keyType !== 'long' && keyType !== 'int')
      throw new BadRequestError(`A DATE_GROUPING_BUCKET groups by a time field, not ${b.key} (${keyType})`);
    return {
      ...common,
      unit: groupingUnit(b.timeWindowSize),
      zone: zoneOf(b.timeZone as string | undefined),
    };
  });
}

/** A double as Java prints it (`3.0`, `1.0E7`), as DataHub's answers carry doubles. */
export function javaDouble(n: number): string {
  if (!Number.isFinite(n)) return Number.isNaN(n) ? 'NaN' : n > 0 ? 'Infinity' : '-Infinity';
  if (n === 0) return Object.is(n, -0) ? '-0.0' : '0.0';
  const a = Math.abs(n);
  if (a >= 1e-3 && a < 1e7) {
    const t = String(n);
    return t.includes('.') ? t : `${t}.0`;
  }
  const [m = '', e = '0'] = n.toExponential().split('e');
  return `${m.includes('.') ? m : `${m}.0`}E${Number(e)}`;
}

/** A value as a cell: text as is, numbers as the field's type prints them, records and lists as JSON. */
function cell(v: unknown, type: string): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return type === 'double' || type === 'float' ? javaDouble(v) : String(v);
  if (typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
}

function metric(docs: readonly TimeseriesDoc[], spec: AggregationSpec, type: string): string {
  switch (spec.aggregationType) {
    case 'LATEST': {
      // The value of the newest document that has one (of equal times, the smallest value).
      let best: { ts: number; text: string } | undefined;
      for (const d of docs) {
        const v = fieldOf(d, spec.fieldPath);
        if (v === undefined) continue;
        const text = cell(v, type);
        if (!best || d.timestampMillis > best.ts || (d.timestampMillis === best.ts && text < best.text))
          best = { ts: d.timestampMillis, text };
      }
      return best ? best.text : NULL;
    }
    case 'SUM': {
      let sum = 0;
      for (const d of docs) {
        const v = fieldOf(d, spec.fieldPath);
        if (typeof v === 'number') sum += v;
      }
      return type === 'double' || type === 'float' ? javaDouble(sum) : String(Math.trunc(sum));
    }
    case 'CARDINALITY': {
      const seen = new Set<string>();
      for (const d of docs) {
        const v = fieldOf(d, spec.fieldPath);
        if (v !== undefined) seen.add(cell(v, type));
      }
      return String(seen.size);
    }
  }
}

/** The groups of one grouping bucket, in DataHub's order: [key cell, documents]. */
function groups(
  docs: readonly TimeseriesDoc[],
  b: GroupingBucket,
  keyType: string,
): [string, TimeseriesDoc[]][] {
  const by = new Map<number | string, TimeseriesDoc[]>();
  const add = (k: number | string, d: TimeseriesDoc): void => {
    const list = by.get(k);
    if (list) list.push(d);
    else by.set(k, [d]);
  };
  if (b.type === 'DATE_GROUPING_BUCKET') {
    const unit = b.unit as CalendarInterval;
    const zone = b.zone ?? 'UTC';
    for (const d of docs) {
      const t = fieldOf(d, b.key);
      if (typeof t === 'number') add(bucketStart(t, unit, zone), d);
    }
    let starts = [...by.keys()].map(Number).sort((x, y) => x - y);
    if (FILLS_EMPTY.has(unit) && starts.length > 1) {
      const all: number[] = [];
      const last = starts[starts.length - 1] as number;
      for (let t = starts[0] as number; t <= last; t = nextBucket(t, unit, zone)) {
        all.push(t);
        if (all.length > MAX_DATE_BUCKETS)
          throw new BadRequestError(
            `More than ${MAX_DATE_BUCKETS} ${unit} buckets: group by a longer interval or narrow the time range`,
          );
      }
      starts = all;
    }
    // Oldest first whatever `ascending` says: DataHub orders only string groupings by it.
    return starts.map((t) => [String(t), by.get(t) ?? []]);
  }
  for (const d of docs) {
    const v = fieldOf(d, b.key);
    if (v === undefined) continue;
    for (const x of Array.isArray(v) ? v : [v]) add(cell(x, keyType), d);
  }
  const numeric = NUMERIC.has(keyType);
  const keys = [...by.keys()].map(String);
  keys.sort((x, y) => (numeric ? Number(x) - Number(y) : x < y ? -1 : x > y ? 1 : 0));
  if (b.ascending === false) keys.reverse();
  return keys.slice(0, b.size ?? MAX_TERM_BUCKETS).map((k) => [k, by.get(k) ?? []]);
}

/**
 * DataHub's aggregated stats of time-series documents: the documents grouped by each grouping bucket
 * in turn (dates by calendar interval, from a day up with the empty intervals between the first and
 * the last document; strings by value), one row per innermost group with its keys and each metric.
 */
export function aggregate(
  docs: readonly TimeseriesDoc[],
  layout: TimeseriesLayout,
  specs: readonly AggregationSpec[],
  buckets: readonly GroupingBucket[],
): GenericTable {
  const keyTypes = buckets.map((b) => fieldType(layout, b.key));
  const metricTypes = specs.map((m) => fieldType(layout, m.fieldPath));
  const rows: string[][] = [];
  const walk = (group: readonly TimeseriesDoc[], level: number, prefix: string[]): void => {
    const b = buckets[level];
    if (!b) {
      rows.push([...prefix, ...specs.map((m, i) => metric(group, m, metricTypes[i] as string))]);
      return;
    }
    for (const [key, inner] of groups(group, b, keyTypes[level] as string))
      walk(inner, level + 1, [...prefix, key]);
  };
  walk(docs, 0, []);
  const prefixOf = { LATEST: 'latest_', SUM: 'sum_', CARDINALITY: 'cardinality_' } as const;
  return {
    columnNames: [
      ...buckets.map((b) => b.key),
      ...specs.map((m) => `${prefixOf[m.aggregationType]}${m.fieldPath}`),
    ],
    columnTypes: [
      ...keyTypes.map((t) => (NUMERIC.has(t) ? t : 'string')),
      ...specs.map((m, i) =>
        m.aggregationType === 'SUM'
          ? 'double'
          : m.aggregationType === 'CARDINALITY'
            ? 'long'
            : (metricTypes[i] as string),
      ),
    ],
    rows,
  };
}

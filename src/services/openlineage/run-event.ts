import { BadRequestError } from '../../errors/index.js';
import { getOwn, isJsonObject, type JsonObject } from '../../json/index.js';

/** OpenLineage's run event types (its spec's `eventType` enum). */
export const RUN_EVENT_TYPES = ['START', 'RUNNING', 'COMPLETE', 'ABORT', 'FAIL', 'OTHER'] as const;
export type RunEventType = (typeof RUN_EVENT_TYPES)[number];

/** An input or output dataset of a run event: where it lives, its name and its facets (any). */
export interface OlDataset {
  readonly namespace: string;
  readonly name: string;
  readonly facets: JsonObject;
  /** Where it sits in the event (`inputs[0]`), for errors naming a field. */
  readonly at: string;
}

/** A run event as the mapping reads it: its shape checked, its facets left as sent. */
export interface RunEvent {
  readonly eventType: RunEventType;
  /** `eventTime` in epoch milliseconds. */
  readonly eventTime: number;
  readonly producer: string;
  readonly runId: string;
  readonly runFacets: JsonObject;
  readonly job: { readonly namespace: string; readonly name: string; readonly facets: JsonObject };
  readonly inputs: readonly OlDataset[];
  readonly outputs: readonly OlDataset[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** RFC 3339 date-time; the offset optional (a naive time, as Python's `isoformat()` writes it, is UTC). */
export const EVENT_TIME_PATTERN =
  '^(\\d{4}-\\d{2}-\\d{2})[Tt ](\\d{2}:\\d{2}(?::\\d{2})?)(?:\\.(\\d+))?(Z|z|[+-]\\d{2}:?\\d{2})?$';
const DATE_TIME = new RegExp(EVENT_TIME_PATTERN);

const bad = (field: string, what: string): BadRequestError =>
  new BadRequestError(`Invalid OpenLineage run event: ${field} ${what}`);

/** The object at `field` of `obj`: required, or optional (then `{}` when absent or null). */
function object(obj: JsonObject, key: string, field: string, required: boolean): JsonObject {
  const v = getOwn(obj, key);
  if ((v === undefined || v === null) && !required) return {};
  if (v === undefined || v === null) throw bad(field, 'is required');
  if (!isJsonObject(v)) throw bad(field, 'must be an object');
  return v;
}

/** The non-empty string at `key` of `obj`. */
function text(obj: JsonObject, key: string, field: string): string {
  const v = getOwn(obj, key);
  if (v === undefined || v === null) throw bad(field, 'is required');
  if (typeof v !== 'string') throw bad(field, 'must be a string');
  if (!v.trim()) throw bad(field, 'must not be empty');
  return v;
}

function eventTimeOf(body: JsonObject): number {
  const raw = text(body, 'eventTime', 'eventTime');
  const m = DATE_TIME.exec(raw.trim());
  if (!m) throw bad('eventTime', `must be an ISO 8601 date-time (e.g. 2024-05-01T12:00:00.000Z), got ${raw}`);
  const [, date, time, fraction, offset] = m;
  const ms = (fraction ?? '').padEnd(3, '0').slice(0, 3);
  const zone = !offset || offset === 'z' ? 'Z' : offset;
  const at = Date.parse(`${date}T${time!.length === 5 ? `${time}:00` : time}.${ms}${zone}`);
  if (Number.isNaN(at)) throw bad('eventTime', `is not a valid date-time: ${raw}`);
  return at;
}

function datasets(body: JsonObject, key: 'inputs' | 'outputs'): OlDataset[] {
  const list = getOwn(body, key);
  if (list === undefined || list === null) return [];
  if (!Array.isArray(list)) throw bad(key, 'must be a list of datasets');
  return list.map((d: unknown, i) => {
    const at = `${key}[${i}]`;
    if (!isJsonObject(d)) throw bad(at, 'must be an object');
    return {
      namespace: text(d, 'namespace', `${at}.namespace`),
      name: text(d, 'name', `${at}.name`),
      facets: object(d, 'facets', `${at}.facets`, false),
      at,
    };
  });
}

/**
 * Checks the shape of an OpenLineage run event (what DataHub's mapping reads: `eventType`, `eventTime`,
 * `producer`, `run.runId`, `job.namespace`, `job.name`, the datasets' `namespace` and `name`); a bad one
 * is a 400 naming the field. Facets are read where they are mapped; unknown ones are ignored.
 */
export function readRunEvent(body: unknown): RunEvent {
  if (!isJsonObject(body))
    throw new BadRequestError('The body must be an OpenLineage run event (a JSON object)');
  const type = text(body, 'eventType', 'eventType');
  if (!(RUN_EVENT_TYPES as readonly string[]).includes(type))
    throw bad('eventType', `must be one of ${RUN_EVENT_TYPES.join(', ')}, got ${type}`);
  const eventTime = eventTimeOf(body);
  const producer = text(body, 'producer', 'producer');
  const schemaUrl = getOwn(body, 'schemaURL');
  if (schemaUrl !== undefined && schemaUrl !== null && typeof schemaUrl !== 'string')
    throw bad('schemaURL', 'must be a string');
  const run = object(body, 'run', 'run', true);
  const runId = text(run, 'runId', 'run.runId');
  if (!UUID.test(runId)) throw bad('run.runId', `must be a UUID, got ${runId}`);
  const job = object(body, 'job', 'job', true);
  return {
    eventType: type as RunEventType,
    eventTime,
    producer,
    runId: runId.toLowerCase(),
    runFacets: object(run, 'facets', 'run.facets', false),
    job: {
      namespace: text(job, 'namespace', 'job.namespace'),
      name: text(job, 'name', 'job.name'),
      facets: object(job, 'facets', 'job.facets', false),
    },
    inputs: datasets(body, 'inputs'),
    outputs: datasets(body, 'outputs'),
  };
}

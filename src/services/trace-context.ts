import { randomBytes } from 'node:crypto';

/** The interface a request's writes are made through, as DataHub records it (`properties.eventSource`). */
export type EventSource = 'RESTLI' | 'OPENAPI' | 'GRAPHQL';

/** The W3C trace context of one request: the trace its writes are recorded under, and its answer header. */
export interface RequestTrace {
  /** 32 lowercase hex digits: the caller's (from a valid `traceparent`) or a new one. */
  readonly traceId: string;
  /** `traceparent` of the answer: the same trace, a span of neohub's own, the caller's sampled flag. */
  readonly traceparent: string;
}

const W3C = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;

/**
 * The trace id and flags of a W3C `traceparent` value, or undefined when it is not one (as an
 * OpenTelemetry propagator ignores it): version `ff`, an all-zero trace or parent id, upper-case hex,
 * or more than four fields in version 00 are all invalid.
 */
export function parseTraceparent(value: unknown): { traceId: string; flags: string } | undefined {
  if (typeof value !== 'string') return undefined;
  const m = W3C.exec(value.trim());
  if (!m) return undefined;
  const [, version, traceId, parentId, flags, rest] = m as unknown as [
    string,
    string,
    string,
    string,
    string,
    string?,
  ];
  if (version === 'ff' || (version === '00' && rest !== undefined)) return undefined;
  if (/^0+$/.test(traceId) || /^0+$/.test(parentId)) return undefined;
  return { traceId, flags };
}

/** A new trace id as DataHub makes them: the time in microseconds (16 hex digits), then 16 random ones. */
export function newTraceId(now = Date.now()): string {
  return (BigInt(now) * 1000n).toString(16).padStart(16, '0') + randomBytes(8).toString('hex');
}

const traces = new WeakMap<object, RequestTrace>();

/**
 * The trace of a request (made once per request, kept for it): a valid `traceparent` header continues the
 * caller's trace, anything else (none, malformed) starts a new one. Every answer carries it back.
 */
export function requestTrace(req: { readonly headers: Readonly<Record<string, unknown>> }): RequestTrace {
  let t = traces.get(req);
  if (!t) {
    const header = req.headers.traceparent;
    const parent = parseTraceparent(Array.isArray(header) ? header[0] : header);
    const traceId = parent?.traceId ?? newTraceId();
    // Only the sampled bit of the caller's flags is passed on (W3C version 00 defines no other).
    const flags = parent ? ((parseInt(parent.flags, 16) & 1) === 1 ? '01' : '00') : '01';
    t = { traceId, traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-${flags}` };
    traces.set(req, t);
  }
  return t;
}

/**
 * A trace id as the trace API takes it: 32 hex digits, or a whole `traceparent` (its second field), in
 * lower case; undefined for anything else.
 */
export function traceIdOf(value: string): string | undefined {
  const s = value.trim().toLowerCase();
  if (/^[0-9a-f]{32}$/.test(s)) return s;
  return /^[0-9a-f]{2}-([0-9a-f]{32})-[0-9a-f]{16}-[0-9a-f]{2}$/.exec(s)?.[1];
}

import { describe, expect, it } from 'vitest';
import { newTraceId, parseTraceparent, requestTrace, traceIdOf } from '../../src/services/index.js';

const T = '4bf92f3577b34da6a3ce929d0e0e4736';
const S = '00f067aa0ba902b7';

describe('W3C trace context', () => {
  it('reads a valid traceparent, including a later version with more fields', () => {
    expect(parseTraceparent(`00-${T}-${S}-01`)).toEqual({ traceId: T, flags: '01' });
    expect(parseTraceparent(`00-${T}-${S}-00`)).toEqual({ traceId: T, flags: '00' });
    expect(parseTraceparent(`cc-${T}-${S}-01-what-the-future-holds`)).toEqual({ traceId: T, flags: '01' });
  });

  it('ignores what is not one', () => {
    for (const bad of [
      undefined,
      42,
      '',
      'garbage',
      `00-${T.toUpperCase()}-${S}-01`,
      `00-${'0'.repeat(32)}-${S}-01`,
      `00-${T}-${'0'.repeat(16)}-01`,
      `ff-${T}-${S}-01`,
      `00-${T}-${S}-01-extra`,
      `00-${T.slice(1)}-${S}-01`,
      `00-${T}-${S}-1`,
    ])
      expect(parseTraceparent(bad), String(bad)).toBeUndefined();
  });

  it('makes trace ids that start with the time in microseconds', () => {
    const id = newTraceId(1_700_000_000_123);
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(BigInt(`0x${id.slice(0, 16)}`)).toBe(1_700_000_000_123_000n);
    expect(newTraceId()).not.toBe(newTraceId());
  });

  it("continues a request's trace with a span of its own, once per request", () => {
    const req = { headers: { traceparent: `00-${T}-${S}-01` } };
    const trace = requestTrace(req);
    expect(trace.traceId).toBe(T);
    expect(trace.traceparent).toMatch(new RegExp(`^00-${T}-[0-9a-f]{16}-01$`));
    expect(trace.traceparent).not.toContain(S);
    expect(requestTrace(req)).toBe(trace);
    expect(requestTrace({ headers: { traceparent: `00-${T}-${S}-03` } }).traceparent).toMatch(/-01$/);
    expect(requestTrace({ headers: { traceparent: `00-${T}-${S}-02` } }).traceparent).toMatch(/-00$/);
    const fresh = requestTrace({ headers: { traceparent: 'nope' } });
    expect(fresh.traceId).not.toBe(T);
    expect(fresh.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
  });

  it('reads the trace API trace id: 32 hex digits or a whole traceparent', () => {
    expect(traceIdOf(T)).toBe(T);
    expect(traceIdOf(T.toUpperCase())).toBe(T);
    expect(traceIdOf(`00-${T}-${S}-01`)).toBe(T);
    for (const bad of ['nope', T.slice(1), `00-${T}`, `00-${T}-${S}`, `${T}-`])
      expect(traceIdOf(bad)).toBeUndefined();
  });
});

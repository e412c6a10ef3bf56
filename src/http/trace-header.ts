import type { FastifyInstance } from 'fastify';
import { requestTrace } from '../services/index.js';

/**
 * Every answer carries the request's W3C `traceparent`, as DataHub's service answers every request
 * (its tracing interceptor): the caller's trace when the request sent a valid `traceparent`, a new one
 * otherwise (a malformed header is ignored, as an OpenTelemetry propagator ignores it). The request's
 * writes record the same trace id (`systemMetadata.properties.telemetryTraceId`), which the trace API
 * answers by.
 */
export function registerTraceHeader(app: FastifyInstance): void {
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('traceparent', requestTrace(req).traceparent);
    done();
  });
}

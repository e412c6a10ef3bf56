import type { FastifyInstance } from 'fastify';
import { BadRequestError } from '../../src/errors/index.js';
import type { Services } from '../../src/services/index.js';
import { writeContext } from '../restli/index.js';
import { bool, int, isObj, str } from './params.js';
import { Q } from './query-params.js';

/** DataHub's usage tracking and audit search paths. */
export const TRACKING_PATH = '/openapi/v1/tracking/track';
export const AUDIT_SEARCH_PATH = '/openapi/v1/events/audit/search';

/** The audit search's list filters, as DataHub's request body names them. */
const FILTERS = ['eventTypes', 'entityTypes', 'aspectTypes', 'actorUrns'] as const;

/** A list of strings of the body, or none; 400 for anything else. */
function strings(body: Record<string, unknown>, name: string): string[] | undefined {
  const v = body[name];
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string'))
    throw new BadRequestError(`${name} must be a list of strings`);
  return v as string[];
}

/**
 * `POST /openapi/v1/tracking/track` (DataHub's TrackingController): stores one usage event of the caller
 * (`{type, ...}`: who viewed or searched what); 200 with no body, 400 without a `type`.
 * `POST /openapi/v1/events/audit/search` (DataHub's ExternalEventsController): the audit log, newest
 * first, filtered by the body's `eventTypes`, `entityTypes`, `aspectTypes` and `actorUrns` within
 * `startTime`..`endTime` (a day back to now by default), `size` at a time from `scrollId`.
 */
export function usageRoutes(app: FastifyInstance, s: Services): void {
  app.post(TRACKING_PATH, async (req, reply) => {
    await s.audit.track(req.body, writeContext(req).actor);
    return reply.status(200).send();
  });
  app.post(AUDIT_SEARCH_PATH, async (req, reply) => {
    const body = req.body ?? {};
    if (!isObj(body)) throw new BadRequestError('The body must be a JSON object of filters');
    const filters = Object.fromEntries(FILTERS.map((f) => [f, strings(body, f)]));
    const result = await s.audit.search({
      ...filters,
      startTime: int(req, Q.auditStartTime),
      endTime: int(req, Q.auditEndTime),
      size: int(req, Q.auditSize),
      scrollId: str(req, Q.scrollId),
      includeRaw: bool(req, Q.includeRaw),
    });
    return reply.send(result);
  });
}

import type { FastifyInstance } from 'fastify';
import type { Services } from '../../src/services/index.js';
import { bool, int, list } from './params.js';
import { Q } from './query-params.js';

const WEEK_MS = 7 * 24 * 3600 * 1000;

/** DataHub's two timeline paths: TimelineControllerV2's, and TimelineControllerV1's, which answers the same. */
export const TIMELINE_PATHS = ['/openapi/v2/timeline/v1', '/openapi/timeline/v1'] as const;

/**
 * `GET /openapi/v2/timeline/v1/{urn}` (DataHub's TimelineControllerV2) and `GET /openapi/timeline/v1/{urn}`
 * (its V1): the change transactions of an entity in the asked categories, within `startTime` (default a
 * week before the end) and `endTime` (default now); `raw` adds each transaction's JSON Patch.
 */
export function timelineRoutes(app: FastifyInstance, s: Services): void {
  for (const path of TIMELINE_PATHS)
    app.get(`${path}/:urn`, async (req, reply) => {
      const urn = (req.params as { urn: string }).urn;
      const end = int(req, Q.endTime);
      const endTime = end <= 0 ? Date.now() : end;
      const start = int(req, Q.startTime);
      const timeline = await s.timeline.timeline({
        urn,
        categories: list(req, 'categories'),
        startTime: start < 0 ? endTime - WEEK_MS : start,
        endTime,
        raw: bool(req, Q.raw),
      });
      return reply.send(timeline);
    });
}

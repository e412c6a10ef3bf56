import type { FastifyInstance } from 'fastify';
import { BadRequestError } from '../../src/errors/index.js';
import { traceIdOf, type Services } from '../../src/services/index.js';
import { setOwn } from '../../src/json/index.js';
import { bool, isObj, type Json } from './params.js';
import { Q } from './query-params.js';

/**
 * `POST /openapi/v1/trace/write/{traceId}`: the state of the writes of one trace, for the SDK's ASYNC_WAIT
 * (`TraceService`). The trace id is 32 hex digits or a whole `traceparent` (as a write answered it). The
 * body maps URNs to aspect names (all of the entity's when empty); with
 * `onlyIncludeErrors` (the default) only failed writes are listed, and neohub's writes do not fail after
 * they were acknowledged, so that answer is empty.
 */
export function traceRoutes(app: FastifyInstance, s: Services): void {
  app.post('/openapi/v1/trace/write/:traceId', async (req, reply) => {
    const id = (req.params as { traceId: string }).traceId;
    const traceId = traceIdOf(id);
    if (!traceId) throw new BadRequestError(`Invalid trace id: ${id}`);
    const onlyErrors = bool(req, Q.onlyIncludeErrors);
    // DataHub's `detailed` (failed writes' exceptions) and `skipCache`: nothing to add here, but checked.
    bool(req, Q.detailed);
    bool(req, Q.skipCache);
    if (!isObj(req.body)) throw new BadRequestError('Body must map URNs to lists of aspect names');
    const asked = Object.entries(req.body).map(([urn, names]) => {
      if (!Array.isArray(names) || names.some((n) => typeof n !== 'string'))
        throw new BadRequestError(`Aspects of ${urn} must be a list of aspect names`);
      return { urn, aspects: names as string[] };
    });
    const traced = await s.traces.writes(traceId, asked);
    const out: Record<string, Json> = {};
    for (const [urn, aspects] of traced) {
      const entry: Json = {};
      for (const [name, state] of aspects) if (!onlyErrors || !state.success) setOwn(entry, name, state);
      if (Object.keys(entry).length) setOwn(out, urn, entry);
    }
    return reply.send(out);
  });
}

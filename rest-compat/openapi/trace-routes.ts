import type { FastifyInstance } from 'fastify';
import { BadRequestError } from '../../src/errors/index.js';
import type { Services } from '../../src/services/index.js';
import { setOwn } from '../../src/json/index.js';
import { bool, isObj, type Json } from './params.js';
import { Q } from './query-params.js';

/**
 * `POST /openapi/v1/trace/write/{traceId}`: the state of the writes of one trace, for the SDK's ASYNC_WAIT
 * (`TraceService`). The body maps URNs to aspect names (all of the entity's when empty); with
 * `onlyIncludeErrors` (the default) only failed writes are listed, and neohub's writes do not fail after
 * they were acknowledged, so that answer is empty.
 */
export function traceRoutes(app: FastifyInstance, s: Services): void {
  app.post('/openapi/v1/trace/write/:traceId', async (req, reply) => {
    const id = (req.params as { traceId: string }).traceId;
    const traceId = /^[0-9a-f]{32}$/i.test(id)
      ? id
      : /^[0-9a-f]{2}-([0-9a-f]{32})-[0-9a-f]{16}-[0-9a-f]{2}$/i.exec(id)?.[1];
    if (!traceId) throw new BadRequestError(`Invalid trace id: ${id}`);
    const onlyErrors = bool(req, Q.onlyIncludeErrors);
    if (!isObj(req.body)) throw new BadRequestError('Body must map URNs to lists of aspect names');
    const asked = Object.entries(req.body).map(([urn, names]) => {
      if (!Array.isArray(names)) throw new BadRequestError(`Aspects of ${urn} must be a list`);
      return { urn, aspects: names.map(String) };
    });
    const traced = await s.traces.writes(traceId.toLowerCase(), asked);
    const out: Record<string, Json> = {};
    for (const [urn, aspects] of traced) {
      const entry: Json = {};
      for (const [name, state] of aspects) if (!onlyErrors || !state.success) setOwn(entry, name, state);
      if (Object.keys(entry).length) setOwn(out, urn, entry);
    }
    return reply.send(out);
  });
}

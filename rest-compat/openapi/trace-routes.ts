import type { FastifyInstance } from 'fastify';
import { BadRequestError } from '../../src/errors/index.js';
import type { Services } from '../../src/services/index.js';
import { getOwn, setOwn } from '../../src/json/index.js';
import { bool, isObj, type Json } from './params.js';

/**
 * `POST /openapi/v1/trace/write/{traceId}`: the state of traced writes, for the Python client's
 * ASYNC_WAIT. neohub writes synchronously, so an aspect that is stored is in its primary storage
 * (`ACTIVE_STATE`); it is in search once the sync worker has caught up (`PENDING` until then). An aspect
 * that is not stored is `NO_OP` (nothing was written, or it was deleted since).
 */
export function traceRoutes(app: FastifyInstance, s: Services): void {
  app.post('/openapi/v1/trace/write/:traceId', async (req, reply) => {
    const id = (req.params as { traceId: string }).traceId;
    const traceId = /^[0-9a-f]{32}$/i.test(id)
      ? id
      : /^[0-9a-f]{2}-([0-9a-f]{32})-[0-9a-f]{16}-[0-9a-f]{2}$/i.exec(id)?.[1];
    if (!traceId) throw new BadRequestError(`Invalid trace id: ${id}`);
    const onlyErrors = bool(req, 'onlyIncludeErrors', true);
    if (!isObj(req.body)) throw new BadRequestError('Body must map URNs to lists of aspect names');
    const status = await s.search.status();
    const searched = status.lag === 0;
    const out: Record<string, Json> = {};
    for (const [urn, names] of Object.entries(req.body)) {
      if (!Array.isArray(names)) throw new BadRequestError(`Aspects of ${urn} must be a list`);
      const { entity } = s.registry.parseEntityUrn(urn);
      const wanted = names.length
        ? names.map((n) => s.entityApi.resolveAspect(entity, String(n))?.name ?? String(n))
        : entity.aspects;
      const [view] = await s.entityApi.read([urn], wanted);
      const entry: Json = {};
      for (const name of wanted) {
        const stored = view !== undefined && getOwn(view.aspects, name) !== undefined;
        const primary = stored ? 'ACTIVE_STATE' : 'NO_OP';
        const search = !stored ? 'NO_OP' : searched ? 'ACTIVE_STATE' : 'PENDING';
        if (!onlyErrors)
          setOwn(entry, name, {
            success: true,
            primaryStorage: { writeStatus: primary },
            searchStorage: { writeStatus: search },
          });
      }
      if (Object.keys(entry).length) out[urn] = entry;
    }
    return reply.send(out);
  });
}

import type { FastifyInstance } from 'fastify';
import { BadRequestError, ValidationError } from '../../src/errors/index.js';
import type { Services } from '../../src/services/index.js';
import { capBatch, readProposal, syncIndexIfAsked, traceparentOf, writeContext } from '../restli/index.js';
import { bool } from './params.js';
import { Q } from './query-params.js';

/** DataHub's PlatformEntitiesController path: proposal ingest over OpenAPI. */
export const PLATFORM_ENTITIES_PATH = '/openapi/v2/platform/entities/v1/';

/**
 * `POST /openapi/v2/platform/entities/v1/`: a list of metadata change proposals (DataHub's OpenAPI
 * shape: `aspect.value` an object, or a JSON string as Rest.li sends it), written through the one write
 * path as Rest.li's `ingestProposalBatch` is, all or nothing. Answers as DataHub's controller does: 201
 * with the URNs whose write changed something, 200 with `[]` when none did or the write was `async`
 * (DataHub queues those, so it names none); a proposal that does not fit the model is a 422. With
 * `X-DataHub-Sync-Index-Update: true` it answers once the search index has the write.
 */
export function platformRoutes(app: FastifyInstance, s: Services): void {
  app.post(PLATFORM_ENTITIES_PATH, async (req, reply) => {
    if (!Array.isArray(req.body))
      throw new BadRequestError('The body must be a list of metadata change proposals');
    capBatch(req.body.length, s.config.maxBatchProposals, 'A proposal batch', 'proposals');
    const proposals = req.body.map((p: unknown, i) => readProposal(p, `/${i}`));
    const queued = bool(req, Q.asyncPlatform);
    reply.header('traceparent', traceparentOf(req));
    if (!proposals.length) return reply.send([]);
    let changed: string[];
    try {
      const done = await s.ingest.ingest(proposals, writeContext(req));
      changed = [...new Set(done.changeLog.map((e) => e.urn))];
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      return reply.status(422).send({ error: 'Validation Error', message: err.message });
    }
    await syncIndexIfAsked(req, s);
    // The proposals' own entities (not those a side effect wrote), in the form the store keeps.
    const asked = new Set(
      proposals.flatMap((p) =>
        typeof p.entityUrn === 'string' ? [s.registry.parseEntityUrn(p.entityUrn).parsed.urn] : [],
      ),
    );
    const urns = asked.size ? changed.filter((u) => asked.has(u)) : changed;
    if (queued || !urns.length) return reply.send([]);
    return reply.status(201).send(urns);
  });
}

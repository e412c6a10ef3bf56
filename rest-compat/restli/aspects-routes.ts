import type { FastifyInstance } from 'fastify';
import { BadRequestError, ValidationError } from '../../src/errors/index.js';
import type { Services } from '../../src/services/index.js';
import { parseDefaulted, wireText, wireValue } from '../../src/registry/index.js';
import {
  action,
  body,
  ok,
  optionalInt,
  requiredString,
  syncIndexIfAsked,
  urnFromPath,
  writeContext,
} from './context.js';
import { reportFailedItems } from './failed-items.js';
import { readProposal, readProposalBatch } from './proposals.js';

/** `/aspects`: ingestProposal(Batch), getTimeseriesAspectValues, and the versioned aspect GET. */
export function aspectsRoutes(app: FastifyInstance, s: Services): void {
  app.post('/aspects', async (req, reply) => {
    const b = body(req);
    switch (action(req)) {
      case 'ingestProposal': {
        if (!b.proposal || typeof b.proposal !== 'object')
          throw new ValidationError("Parameter 'proposal' is required", [
            { path: '/proposal', message: 'field is required but not found' },
          ]);
        const proposal = readProposal(b.proposal, '/proposal');
        await s.ingest.ingest([proposal], writeContext(req));
        await syncIndexIfAsked(req, s);
        return ok(reply, proposal.entityUrn);
      }
      case 'ingestProposalBatch': {
        const proposals = readProposalBatch(b.proposals, s.config.maxBatchProposals);
        // DataHub's asynchronous batch is checked item by item as it is written (the good items land);
        // its synchronous one is all or nothing (docs/decisions/0057).
        if (b.async === 'true' || b.async === true)
          reportFailedItems(reply, (await s.ingest.ingestEach(proposals, writeContext(req))).failed);
        else await s.ingest.ingest(proposals, writeContext(req));
        await syncIndexIfAsked(req, s);
        return ok(reply, 'success');
      }
      case 'getCount': {
        const urnLike = typeof b.urnLike === 'string' && b.urnLike ? b.urnLike : undefined;
        return ok(reply, await s.reads.aspectCount(requiredString(b, 'aspect'), urnLike));
      }
      case 'getTimeseriesAspectValues': {
        const urn = requiredString(b, 'urn');
        const aspect = requiredString(b, 'aspect');
        const entity = typeof b.entity === 'string' ? b.entity : undefined;
        const startTimeMillis = optionalInt(b.startTimeMillis, 'startTimeMillis');
        const endTimeMillis = optionalInt(b.endTimeMillis, 'endTimeMillis');
        const latest = b.latestValue === true || b.latestValue === 'true';
        const limit = latest ? 1 : (optionalInt(b.limit, 'limit') ?? Math.min(10000, s.config.maxPageSize));
        const rows = await s.reads.timeseries({
          urn,
          aspect,
          startTimeMillis,
          endTimeMillis,
          limit,
          filter: b.filter,
        });
        const spec = s.registry.parseEntityUrn(urn).entity;
        return ok(reply, {
          limit,
          aspectName: s.registry.findAspect(aspect)?.name ?? aspect,
          entityName: entity ?? spec.name,
          ...(startTimeMillis !== undefined ? { startTimeMillis } : {}),
          ...(endTimeMillis !== undefined ? { endTimeMillis } : {}),
          values: rows.map((r) => ({
            aspect: {
              value: wireText(s.registry, aspect, r.value, parseDefaulted(r.defaulted)),
              contentType: 'application/json',
            },
            ...(r.systemMetadata ? { systemMetadata: JSON.parse(r.systemMetadata) } : {}),
          })),
        });
      }
      default:
        throw new BadRequestError(`Unsupported action on /aspects: ${String(action(req))}`);
    }
  });

  app.get('/aspects/*', async (req, reply) => {
    const urn = urnFromPath(req);
    const q = req.query as { aspect?: string; version?: string };
    if (!q.aspect) throw new BadRequestError("Parameter 'aspect' is required");
    const version = optionalInt(q.version, 'version') ?? 0;
    if (version < 0) throw new BadRequestError('version must be >= 0');
    const found = await s.reads.aspect(urn, q.aspect, version);
    const value = wireValue(s.registry, q.aspect, found.value, found.defaulted);
    return reply.send({ version: found.version, aspect: { [found.recordName]: value } });
  });
}

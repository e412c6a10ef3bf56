import type { FastifyInstance } from 'fastify';
import { BadRequestError } from '../../src/errors/index.js';
import { integerParam, type Services } from '../../src/services/index.js';
import { int, str } from './params.js';
import { Q } from './query-params.js';

/**
 * `GET /openapi/v1/events/poll` (DataHub's ExternalEventsController): the events of a topic after an
 * offset, waiting up to `pollTimeoutSeconds` for some. A client that goes away ends its wait.
 */
export function eventsRoutes(app: FastifyInstance, s: Services): void {
  app.get('/openapi/v1/events/poll', async (req, reply) => {
    const topic = str(req, Q.topic);
    if (topic === undefined) throw new BadRequestError("Required parameter 'topic' is not present");
    const lookback = (req.query as Record<string, unknown> | undefined)?.lookbackWindowDays;
    const gone = new AbortController();
    reply.raw.once('close', () => gone.abort());
    const page = await s.events.poll(
      {
        topic,
        offsetId: str(req, Q.offsetId),
        limit: int(req, Q.eventsLimit),
        pollTimeoutSeconds: int(req, Q.pollTimeoutSeconds),
        lookbackWindowDays: integerParam(
          'lookbackWindowDays',
          Array.isArray(lookback) ? lookback.at(-1) : lookback,
        ),
      },
      gone.signal,
    );
    return reply.send(page);
  });
}

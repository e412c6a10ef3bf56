import type { FastifyInstance, FastifyRequest } from 'fastify';
import { peekCaller } from '../auth/index.js';
import type { Services } from '../services/index.js';
import type { ServiceMetrics } from '../metrics/index.js';

/** At most this many characters of a failure's message in its log line. */
const MAX_CAUSE = 300;

interface Answered {
  readonly actor: string | undefined;
  readonly cause: string | undefined;
}

/**
 * One structured log line per request once it is answered (method, route, status, duration in ms, the
 * caller's actor, and for a failure its cause: the message the answer carries), never its query string,
 * headers or body (where tokens go); and the request counted in the metrics under its route. A GraphQL
 * answer that carries errors with a 200 counts as a failure in the log line (`graphqlErrors`).
 */
export function registerRequestLog(
  app: FastifyInstance,
  log: Services['log'],
  metrics: ServiceMetrics,
): void {
  const answered = new WeakMap<FastifyRequest, Answered>();
  // The caller and the answer's message are known where the answer is sent (inside the request's scope).
  app.addHook('onSend', async (req, reply, payload) => {
    const failed =
      reply.statusCode >= 400 || (typeof payload === 'string' && payload.startsWith('{"errors":['));
    answered.set(req, {
      actor: peekCaller()?.actor,
      cause: failed ? (causeOf(payload) ?? reasonOf(reply.getHeader('not-found-reason'))) : undefined,
    });
    return payload;
  });
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    const ms = reply.elapsedTime;
    metrics.request(req.method, route, status, ms / 1000);
    const { actor, cause } = answered.get(req) ?? { actor: undefined, cause: undefined };
    const line = {
      method: req.method,
      route,
      status,
      ms: Math.round(ms * 10) / 10,
      ...(actor ? { actor } : {}),
      ...(cause !== undefined ? { cause } : {}),
    };
    if (status >= 500) log.error(line, 'request failed');
    else if (status >= 400 || cause !== undefined) log.warn(line, 'request refused');
    else log.info(line, 'request');
  });
}

/** The message of an error answer (Rest.li's, OpenAPI's or GraphQL's shape), bounded. */
function causeOf(payload: unknown): string | undefined {
  if (typeof payload !== 'string' || payload.length > 1_000_000) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(payload);
  } catch {
    return undefined;
  }
  const b = body as { message?: unknown; error?: unknown; errors?: { message?: unknown }[] };
  const message =
    typeof b.message === 'string'
      ? b.message
      : typeof b.error === 'string'
        ? b.error
        : Array.isArray(b.errors) && typeof b.errors[0]?.message === 'string'
          ? b.errors[0].message
          : undefined;
  return message === undefined ? undefined : message.slice(0, MAX_CAUSE);
}

/** DataHub's OpenAPI answers a 404 without a body, saying what was not found in `Not-Found-Reason`. */
const reasonOf = (header: unknown): string | undefined =>
  typeof header === 'string' ? `not found (${header.slice(0, 50)})` : undefined;

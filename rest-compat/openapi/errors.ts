import type { FastifyReply } from 'fastify';
import { NeohubError } from '../../src/errors/index.js';
import type { Logger } from '../../src/logger.js';

/** Maps any error to the OpenAPI error body `{error}`. */
export function sendOpenApiError(reply: FastifyReply, err: unknown, log: Logger): FastifyReply {
  let status = 500;
  let message = 'Internal server error occurred';
  if (err instanceof NeohubError) {
    status = err.status;
    message = err.message;
  } else {
    const e = err as { statusCode?: unknown; message?: string; code?: unknown };
    if (
      typeof e?.statusCode === 'number' &&
      e.statusCode >= 400 &&
      e.statusCode < 500 &&
      typeof e.code === 'string'
    ) {
      status = e.statusCode;
      message = e.message ?? message;
    }
  }
  if (status >= 500) log.error({ err }, 'request failed');
  return reply.status(status).header('Content-Type', 'application/json').send({ error: message });
}

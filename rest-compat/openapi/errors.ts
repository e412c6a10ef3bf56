import type { FastifyReply } from 'fastify';
import { NeohubError, NotFoundError, ValidationError } from '../../src/errors/index.js';
import type { Logger } from '../../src/logger.js';

/**
 * Maps any error to DataHub's OpenAPI error shapes: `{error}` for bad arguments (400), `{error: "Validation
 * Error", message}` for input that does not fit the registry (400, as DataHub's v2/v3 controllers answer),
 * `{error: "Invalid JSON format", message}` for unparsable bodies, an empty 404 with `Not-Found-Reason:
 * ENTITY` for what does not exist, and a generic 500 (details in the log only).
 */
export function sendOpenApiError(reply: FastifyReply, err: unknown, log: Logger): FastifyReply {
  if (err instanceof NotFoundError) return reply.status(404).header('Not-Found-Reason', 'ENTITY').send();
  let status = 500;
  let payload: Record<string, string> = { error: 'Internal server error occurred' };
  if (err instanceof ValidationError) {
    status = 400;
    payload = { error: 'Validation Error', message: err.message };
  } else if (err instanceof NeohubError) {
    status = err.status;
    payload = err.message.startsWith('Malformed JSON body')
      ? { error: 'Invalid JSON format', message: err.message }
      : { error: err.message };
  } else {
    const e = err as { statusCode?: unknown; message?: string; code?: unknown };
    if (
      typeof e?.statusCode === 'number' &&
      e.statusCode >= 400 &&
      e.statusCode < 500 &&
      typeof e.code === 'string'
    ) {
      status = e.statusCode;
      payload = { error: e.message ?? payload.error ?? '' };
    }
  }
  if (status >= 500) log.error({ err }, 'request failed');
  return reply.status(status).header('Content-Type', 'application/json').send(payload);
}

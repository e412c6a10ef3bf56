import type { FastifyReply } from 'fastify';
import {
  logFailure,
  MalformedBodyError,
  NotFoundError,
  PreconditionFailedError,
  ValidationError,
  wireStatus,
} from '../../src/errors/index.js';
import type { Logger } from '../../src/logger.js';

/**
 * Maps any error to DataHub's OpenAPI error shapes: `{error}` for bad arguments (400), `{error: "Validation
 * Error", message}` for input that does not fit the registry (400, as DataHub's v2/v3 controllers answer),
 * `{error: "Invalid JSON format", message}` for unparsable bodies, an empty 404 with `Not-Found-Reason:
 * ENTITY` for what does not exist, `{error: "Precondition Error", message}` with 412 for a conditional write
 * whose `If-Version-Match` does not hold, and a generic 500 (details in the log only).
 */
export function sendOpenApiError(reply: FastifyReply, err: unknown, log: Logger): FastifyReply {
  if (err instanceof NotFoundError) return reply.status(404).header('Not-Found-Reason', 'ENTITY').send();
  const { status, message, known } = wireStatus(err);
  let payload: Record<string, string> = { error: 'Internal server error occurred' };
  if (err instanceof PreconditionFailedError) {
    log.info({ urn: err.urn, aspect: err.aspect }, `conditional write refused: ${message}`);
    return reply
      .status(412)
      .header('Content-Type', 'application/json')
      .send({ error: 'Precondition Error', message });
  }
  if (err instanceof ValidationError) payload = { error: 'Validation Error', message };
  else if (known)
    payload =
      err instanceof MalformedBodyError ? { error: 'Invalid JSON format', message } : { error: message };
  logFailure(log, err, status);
  return reply
    .status(err instanceof ValidationError ? 400 : status)
    .header('Content-Type', 'application/json')
    .send(payload);
}

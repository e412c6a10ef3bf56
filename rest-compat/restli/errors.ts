import type { FastifyReply } from 'fastify';
import { NeohubError } from '../../src/errors/index.js';
import type { Logger } from '../../src/logger.js';

/** Maps any error to Rest.li's error response: `{exceptionClass, message, status}` + X-RestLi-Error-Response. */
export function sendRestliError(reply: FastifyReply, err: unknown, log: Logger): FastifyReply {
  let status = 500;
  let message = 'INTERNAL SERVER ERROR';
  if (err instanceof NeohubError) {
    status = err.status;
    message = err.message;
  } else if (isFastifyError(err)) {
    status = err.statusCode;
    message = err.message;
  }
  if (status >= 500) log.error({ err }, 'request failed');
  return reply
    .status(status)
    .header('X-RestLi-Error-Response', 'true')
    .header('Content-Type', 'application/json')
    .send({ exceptionClass: 'com.linkedin.restli.server.RestLiServiceException', message, status });
}

function isFastifyError(err: unknown): err is { statusCode: number; message: string } {
  const e = err as { statusCode?: unknown; code?: unknown };
  return (
    typeof e?.statusCode === 'number' &&
    e.statusCode >= 400 &&
    e.statusCode < 500 &&
    typeof e.code === 'string'
  );
}

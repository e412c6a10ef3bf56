import type { FastifyReply } from 'fastify';
import { logFailure, wireStatus } from '../../src/errors/index.js';
import type { Logger } from '../../src/logger.js';

/** Maps any error to Rest.li's error response: `{exceptionClass, message, status}` + X-RestLi-Error-Response. */
export function sendRestliError(reply: FastifyReply, err: unknown, log: Logger): FastifyReply {
  const { status, message } = wireStatus(err);
  logFailure(log, err, status);
  return reply
    .status(status)
    .header('X-RestLi-Error-Response', 'true')
    .header('Content-Type', 'application/json')
    .send({ exceptionClass: 'com.linkedin.restli.server.RestLiServiceException', message, status });
}

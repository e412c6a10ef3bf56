import type { GraphQLFormattedError } from 'graphql';
import type { FastifyReply } from 'fastify';
import { logFailure, NeohubError, wireStatus } from '../errors/index.js';
import type { Logger } from '../logger.js';

/** DataHub's GraphQL error types (`extensions.type`) with their status (`extensions.code`). */
const TYPES: Record<string, { code: number; type: string }> = {
  BAD_REQUEST: { code: 400, type: 'BAD_REQUEST' },
  VALIDATION: { code: 400, type: 'BAD_REQUEST' },
  UNAUTHENTICATED: { code: 401, type: 'UNAUTHENTICATED' },
  FORBIDDEN: { code: 403, type: 'UNAUTHORIZED' },
  NOT_FOUND: { code: 404, type: 'NOT_FOUND' },
  CONFLICT: { code: 409, type: 'CONFLICT' },
  RATE_LIMITED: { code: 429, type: 'RATE_LIMITED' },
  UNAVAILABLE: { code: 503, type: 'SERVICE_UNAVAILABLE' },
};
const SERVER_ERROR = { code: 500, type: 'SERVER_ERROR', classification: 'DataFetchingException' };
/** Errors the GraphQL layer itself finds in a request (syntax, unknown fields, bad variables). */
const REQUEST_ERRORS = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_USER_INPUT',
  'OPERATION_RESOLUTION_FAILURE',
  'BAD_REQUEST',
]);

/**
 * One mapping of errors to DataHub's GraphQL wire shape: `extensions: {code: <status>, type, classification}`.
 * Domain errors keep their message; request errors say what is wrong; anything else is a generic
 * server error (details go to the log, never to the client).
 */
export function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = (error as { originalError?: unknown }).originalError ?? error;
  const base = { message: formatted.message, locations: formatted.locations, path: formatted.path };
  if (original instanceof NeohubError) {
    return {
      ...base,
      message: original.message,
      extensions: { ...(TYPES[original.code] ?? SERVER_ERROR), classification: 'DataFetchingException' },
    };
  }
  const code = String(formatted.extensions?.code ?? '');
  if (REQUEST_ERRORS.has(code)) {
    return {
      ...base,
      message:
        code === 'BAD_USER_INPUT' ? (validationMessage(original) ?? formatted.message) : formatted.message,
      extensions: {
        code: 400,
        type: 'BAD_REQUEST',
        classification: code === 'BAD_USER_INPUT' ? 'DataFetchingException' : 'ValidationError',
      },
    };
  }
  return { ...base, message: 'An unknown error occurred.', extensions: SERVER_ERROR };
}

/**
 * The messages of the input checks an argument broke (`types/input-checks.ts`, type-graphql's
 * `validationErrors` shape), as one sentence.
 */
function validationMessage(error: unknown): string | undefined {
  const found = (error as { extensions?: { validationErrors?: unknown } }).extensions?.validationErrors;
  if (!Array.isArray(found)) return undefined;
  const messages: string[] = [];
  const walk = (errs: readonly unknown[]): void => {
    for (const e of errs as { constraints?: Record<string, string>; children?: unknown[] }[]) {
      messages.push(...Object.values(e.constraints ?? {}));
      walk(e.children ?? []);
    }
  };
  walk(found);
  return messages.length ? `Invalid input: ${messages.join('; ')}` : undefined;
}

/**
 * An error met before GraphQL runs (authentication, rate limit) in GraphQL's shape: `{errors: [...]}` with
 * DataHub's extensions, and the HTTP status of the error (401, 403, 429).
 */
export function sendGraphqlError(reply: FastifyReply, err: unknown, log: Logger): FastifyReply {
  const { status, message } = wireStatus(err);
  logFailure(log, err, status, 'GraphQL request failed');
  const formatted = formatError({ message }, err);
  return reply
    .status(status)
    .header('Content-Type', 'application/json')
    .send({ errors: [formatted] });
}

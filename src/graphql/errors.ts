import type { GraphQLFormattedError } from 'graphql';
import { NeohubError } from '../errors/index.js';

/** GraphQL error codes of domain errors, in `extensions.code` (DataHub's codes where it has them). */
const CODES: Record<string, string> = {
  BAD_REQUEST: 'BAD_REQUEST',
  VALIDATION: 'BAD_REQUEST',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'UNAUTHORIZED',
  PAYLOAD_TOO_LARGE: 'BAD_REQUEST',
  RATE_LIMITED: 'RATE_LIMITED',
  UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  INTERNAL: 'SERVER_ERROR',
};

/** One mapping of errors to the GraphQL wire shape: domain errors keep their message and get a code. */
export function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = (error as { originalError?: unknown }).originalError ?? error;
  if (original instanceof NeohubError) {
    return {
      ...formatted,
      message: original.message,
      extensions: {
        ...formatted.extensions,
        code: CODES[original.code] ?? 'SERVER_ERROR',
        status: original.status,
      },
    };
  }
  const code = formatted.extensions?.code;
  if (code === 'INTERNAL_SERVER_ERROR' || code === undefined) {
    return { ...formatted, message: 'An unknown error occurred.', extensions: { code: 'SERVER_ERROR' } };
  }
  return formatted;
}

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
  if (code === 'BAD_USER_INPUT') {
    return {
      ...formatted,
      message: validationMessage(original) ?? formatted.message,
      extensions: { code: 'BAD_REQUEST', status: 400 },
    };
  }
  if (code === 'INTERNAL_SERVER_ERROR' || code === undefined) {
    return { ...formatted, message: 'An unknown error occurred.', extensions: { code: 'SERVER_ERROR' } };
  }
  return formatted;
}

/** The constraints a class-validator check found broken, as one sentence. */
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

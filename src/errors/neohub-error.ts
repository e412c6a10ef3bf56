/**
 * Root of every domain error. Transports map `code` to their wire shape once. What is not a domain error
 * (a bug, a driver failure) is a 500 by `wireStatus`, and a body over the limit a 413 from Fastify.
 */
export type ErrorCode =
  | 'BAD_REQUEST'
  | 'VALIDATION'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'RATE_LIMITED'
  | 'UNAVAILABLE';

export const STATUS_OF: Readonly<Record<ErrorCode, number>> = Object.freeze({
  BAD_REQUEST: 400,
  VALIDATION: 422,
  NOT_FOUND: 404,
  CONFLICT: 409,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
});

export class NeohubError extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.name = new.target.name;
  }
  get status(): number {
    return STATUS_OF[this.code];
  }
}

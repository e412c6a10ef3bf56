import { NeohubError } from './neohub-error.js';

/** No usable credentials: missing, malformed, unknown, expired or revoked token (HTTP 401). */
export class UnauthenticatedError extends NeohubError {
  constructor(message = 'Unauthorized to perform this action.') {
    super('UNAUTHENTICATED', message);
  }
}

/** A known caller without the privilege for what it asked (HTTP 403). */
export class ForbiddenError extends NeohubError {
  constructor(message: string) {
    super('FORBIDDEN', message);
  }
}

/** Too many requests for one token in the current window (HTTP 429, with Retry-After). */
export class RateLimitedError extends NeohubError {
  constructor(readonly retryAfterSeconds: number) {
    super('RATE_LIMITED', `Too many requests: retry after ${retryAfterSeconds} s`);
  }
}

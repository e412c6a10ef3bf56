import { NeohubError } from './neohub-error.js';

/** The request itself is malformed: unparsable JSON, missing parameter, malformed URN (HTTP 400). */
export class BadRequestError extends NeohubError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('BAD_REQUEST', message, options);
  }
}

/** A request body that is not the JSON it claims to be. */
export class MalformedBodyError extends BadRequestError {
  constructor(cause: unknown) {
    super(`Malformed JSON body: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

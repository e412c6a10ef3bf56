import { NeohubError } from './neohub-error.js';

/** The request itself is malformed: unparsable JSON, missing parameter, malformed URN (HTTP 400). */
export class BadRequestError extends NeohubError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('BAD_REQUEST', message, options);
  }
}

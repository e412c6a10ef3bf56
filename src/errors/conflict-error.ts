import { NeohubError } from './neohub-error.js';

/** The request is sound but the state it meets refuses it: a limit reached, a uniqueness broken (409). */
export class ConflictError extends NeohubError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('CONFLICT', message, options);
  }
}

import { NeohubError } from './neohub-error.js';

/** The graph store cannot be reached or refused the work for a transient reason (HTTP 503). */
export class UnavailableError extends NeohubError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('UNAVAILABLE', message, options);
  }
}

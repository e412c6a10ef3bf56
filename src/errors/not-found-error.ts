import { NeohubError } from './neohub-error.js';

export class NotFoundError extends NeohubError {
  constructor(message: string) {
    super('NOT_FOUND', message);
  }
}

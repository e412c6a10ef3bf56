import { NeohubError } from './neohub-error.js';

export interface Violation {
  /** JSON pointer-like path of the offending value, e.g. `/owners/0/owner`. */
  readonly path: string;
  readonly message: string;
}

/** The input is well-formed JSON but does not fit the registry (HTTP 422). */
export class ValidationError extends NeohubError {
  readonly violations: readonly Violation[];
  constructor(message: string, violations: readonly Violation[] = []) {
    super('VALIDATION', message, { cause: violations });
    this.violations = violations;
  }
}

/** A create-if-not-exists write met an aspect that exists (DataHub's CREATE and CREATE_ENTITY). */
export class AspectExistsError extends ValidationError {
  constructor(
    readonly urn: string,
    readonly aspect: string,
  ) {
    super(`Cannot perform CREATE if not exists since the aspect ${aspect} already exists for ${urn}`, [
      { path: '/changeType', message: 'aspect already exists' },
    ]);
  }
}

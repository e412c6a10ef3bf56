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

/**
 * A conditional write whose condition does not hold: `If-Version-Match` names another version than the
 * aspect's current one. A validation failure, as DataHub's service classes it (422 on Rest.li); the
 * OpenAPI routes answer it with 412 Precondition Failed, as DataHub's do.
 */
export class PreconditionFailedError extends ValidationError {
  constructor(
    readonly urn: string,
    readonly aspect: string,
    readonly expected: string,
    readonly actual: string,
  ) {
    super(
      `Precondition failed for aspect ${aspect} of ${urn}: If-Version-Match is ${expected}, but the current version is ${actual}`,
      [
        {
          path: '/headers/If-Version-Match',
          message: `expected version ${expected}, current version ${actual}`,
        },
      ],
    );
  }
}

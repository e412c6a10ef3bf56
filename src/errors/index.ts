export { NeohubError, STATUS_OF, type ErrorCode } from './neohub-error.js';
export {
  AspectExistsError,
  PreconditionFailedError,
  ValidationError,
  type Violation,
} from './validation-error.js';
export { BadRequestError, MalformedBodyError } from './bad-request-error.js';
export { NotFoundError } from './not-found-error.js';
export { UnavailableError } from './unavailable-error.js';
export { ForbiddenError, RateLimitedError, UnauthenticatedError } from './auth-errors.js';
export { ConflictError } from './conflict-error.js';
export { logFailure, unavailableCause, wireStatus, type WireStatus } from './wire-status.js';
export { LoopFailures } from './loop-failures.js';

export { AuthService, type CreateTokenInput, type TokenMetadata } from './auth-service.js';
export {
  asSystem,
  callerMay,
  currentCaller,
  inRequestScope,
  requirePrivilege,
  setCaller,
  SYSTEM_ACTOR,
  SYSTEM_CALLER,
  UNKNOWN_ACTOR,
  type Caller,
} from './caller.js';
export { allows, roleOf, roleUrn, ROLES, type Privilege, type Role } from './roles.js';
export { loadRootToken, rootTokenFile } from './root-token.js';
export { DURATIONS, newToken, tokenId, TOKEN_FORM } from './tokens.js';
export { authorizeWrites, type ResolvedWrite } from './proposals.js';
export { REDACTED, Redaction, redactionOf } from './redaction.js';

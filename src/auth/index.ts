export { AuthService, type CreateTokenInput, type LoginSource, type TokenMetadata } from './auth-service.js';
export {
  asSystem,
  callerMay,
  currentCaller,
  inRequestScope,
  peekCaller,
  requirePrivilege,
  setCaller,
  SYSTEM_ACTOR,
  SYSTEM_CALLER,
  UNKNOWN_ACTOR,
  type Caller,
} from './caller.js';
export { allows, roleOf, roleUrn, ROLES, type Privilege, type Role } from './roles.js';
export {
  loadRootPassword,
  loadRootToken,
  loadSecretKey,
  rootPasswordFile,
  rootTokenFile,
} from './home-secrets.js';
export {
  checkPassword,
  decryptDataHubSecret,
  encryptDataHubSecret,
  hashPassword,
  letterToken,
  MAX_PASSWORD,
  sha256Base64,
  type Credentials,
} from './passwords.js';
export { DURATIONS, newToken, tokenId, TOKEN_FORM } from './tokens.js';
export { authorizeWrites, type ResolvedWrite } from './proposals.js';
export { REDACTED, Redaction, redactionOf, redactSetting } from './redaction.js';

import { allows, type Privilege, type Role } from '../../auth/index.js';
import { entityClass } from './entity-classes.js';
import { EntityType } from './entity-type.js';
import { fields, opt, req, required, TableObjectType } from './field-table.js';

/**
 * DataHub's platform privileges, each as neohub's roles grant it: the privilege (of `src/auth/roles.ts`)
 * an operation of that kind needs here, or `false` where neohub has no such feature (no analytics, no
 * credentials of its own): the UI then hides what neohub does not do.
 */
const PLATFORM_PRIVILEGES = {
  viewAnalytics: false,
  // Roles are assigned by an Admin (batchAssignRole); DataHub's policies are its roles here.
  managePolicies: 'admin',
  manageIdentities: 'admin',
  generatePersonalAccessTokens: 'read',
  createDomains: 'write',
  manageDomains: 'write',
  manageIngestion: 'admin',
  manageSecrets: 'admin',
  manageTokens: 'admin',
  viewTests: 'read',
  manageTests: 'admin',
  manageGlossaries: 'write',
  manageUserCredentials: false,
  createTags: 'write',
  manageTags: 'write',
  manageGlobalViews: 'admin',
  manageOwnershipTypes: 'write',
  manageGlobalAnnouncements: 'write',
  createBusinessAttributes: 'write',
  manageBusinessAttributes: 'write',
  manageStructuredProperties: 'admin',
  viewStructuredPropertiesPage: 'read',
} as const satisfies Record<string, Privilege | false>;

type PrivilegeName = keyof typeof PLATFORM_PRIVILEGES;

@TableObjectType()
export class PlatformPrivileges extends fields(
  required(Boolean, ...(Object.keys(PLATFORM_PRIVILEGES) as PrivilegeName[])),
) {}

/** What a role may do, as DataHub's platform privileges. */
export const platformPrivileges = (role: Role): PlatformPrivileges =>
  Object.fromEntries(
    Object.entries(PLATFORM_PRIVILEGES).map(([k, p]) => [k, p !== false && allows(role, p)]),
  ) as unknown as PlatformPrivileges;

@TableObjectType()
export class AuthenticatedUser extends fields({
  corpUser: req(() => entityClass(EntityType.CORP_USER)),
  platformPrivileges: req(PlatformPrivileges),
}) {}

@TableObjectType()
export class GlobalViewsSettings extends fields({
  /** The URN of the organisation's default View. */
  defaultView: opt(String),
}) {}

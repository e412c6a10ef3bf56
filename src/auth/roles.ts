/** DataHub's three default roles, weakest first. */
export const ROLES = ['Reader', 'Editor', 'Admin'] as const;
export type Role = (typeof ROLES)[number];

/**
 * What an operation needs: `public` (no token), `read` (any role: reads and search), `write` (Editor:
 * metadata writes), `admin` (operations, tokens of others, roles, hard deletes, structured property
 * definitions).
 */
export type Privilege = 'public' | 'read' | 'write' | 'admin';

const NEEDED: Readonly<Record<Privilege, number>> = { public: -1, read: 0, write: 1, admin: 2 };

export const allows = (role: Role, privilege: Privilege): boolean => ROLES.indexOf(role) >= NEEDED[privilege];

const ROLE_PREFIX = 'urn:li:dataHubRole:';
export const roleUrn = (role: Role): string => `${ROLE_PREFIX}${role}`;

/** `urn:li:dataHubRole:Editor` (or the bare name) to the role; undefined when it names none. */
export function roleOf(urnOrName: string): Role | undefined {
  const name = urnOrName.startsWith(ROLE_PREFIX) ? urnOrName.slice(ROLE_PREFIX.length) : urnOrName;
  return ROLES.find((r) => r.toLowerCase() === name.toLowerCase());
}

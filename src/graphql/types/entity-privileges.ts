import { allows, currentCaller, type Privilege } from '../../auth/index.js';
import { fields, optional, TableObjectType } from './field-table.js';

/**
 * DataHub's privileges on one entity (`privileges` of an entity type), as neohub's roles grant them:
 * the privilege each edit needs (Editor: `write`), the views any role has (`read`). The web app shows an
 * edit control only where its privilege is true; the server checks again.
 */
const ENTITY_PRIVILEGES = {
  canManageChildren: 'write',
  canManageEntity: 'write',
  canEditLineage: 'write',
  canEditEmbed: 'write',
  canEditQueries: 'write',
  canEditProperties: 'write',
  canEditTags: 'write',
  canEditGlossaryTerms: 'write',
  canEditDescription: 'write',
  canEditLinks: 'write',
  canEditDomains: 'write',
  canEditDataProducts: 'write',
  canEditOwners: 'write',
  canEditIncidents: 'write',
  canEditAssertions: 'write',
  canEditAssertionOwners: 'write',
  canEditDeprecation: 'write',
  canEditSchemaFieldTags: 'write',
  canEditSchemaFieldGlossaryTerms: 'write',
  canEditSchemaFieldDescription: 'write',
  canViewDatasetUsage: 'read',
  canViewDatasetProfile: 'read',
  canViewDatasetOperations: 'read',
  canManageAssetSummary: 'write',
} as const satisfies Record<string, Privilege>;

@TableObjectType()
export class EntityPrivileges extends fields(
  optional(Boolean, ...(Object.keys(ENTITY_PRIVILEGES) as (keyof typeof ENTITY_PRIVILEGES)[])),
) {}

/** The caller's privileges on an entity (every entity alike: neohub's roles are catalog-wide). */
export function entityPrivileges(): EntityPrivileges {
  const role = currentCaller()?.role ?? 'Reader';
  return Object.fromEntries(
    Object.entries(ENTITY_PRIVILEGES).map(([k, p]) => [k, allows(role, p)]),
  ) as unknown as EntityPrivileges;
}

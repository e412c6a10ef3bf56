import type { RelationshipSpec } from './types.js';

/**
 * The few facts neohub adds to DataHub's generated model, in one place. The loader refuses an entry that
 * names a kind, aspect or path the model lacks, and one the model already has, so that a pin bump
 * shrinks this file instead of hiding drift.
 */
export interface RegistryOverlay {
  /** Neo4j labels that differ from the kind's name with its first letter upper-cased. */
  readonly labels: Readonly<Record<string, string>>;
  /** Relationship annotations DataHub's service adds outside the schemas, by aspect. */
  readonly relationships: Readonly<Record<string, readonly RelationshipSpec[]>>;
  /**
   * DataHub's system kinds: writes need the Admin role on every path (credentials, policies, roles,
   * settings and connections; and structured property definitions, which shape every other write).
   */
  readonly adminOnlyKinds: readonly string[];
  /**
   * Of those, the kinds whose entities only Admins see (DataHub's manage-secrets, manage-policies,
   * manage-tokens and manage-ingestion privileges): a direct read by anyone else answers 403, and search,
   * facets, listings, relationships, the explorer, the events API and run listings leave them out.
   */
  readonly hiddenKinds: readonly string[];
  /**
   * Fields whose values are secrets, by aspect (paths as in annotations): only Admins read them, and
   * they never reach search documents, the graph explorer or error messages.
   */
  readonly secretFields: Readonly<Record<string, readonly string[]>>;
}

export const OVERLAY: RegistryOverlay = {
  labels: { corpuser: 'CorpUser' },
  relationships: {
    // DataHub's corpGroupInfo marks `admins` deprecated and unannotated; its owners are still the
    // group's admins, as neohub has always indexed them.
    corpGroupInfo: [{ path: 'admins/*', name: 'OwnedBy', entityTypes: ['corpuser'] }],
  },
  adminOnlyKinds: [
    'structuredProperty',
    'dataHubAccessToken',
    'dataHubSecret',
    'dataHubPolicy',
    'dataHubRole',
    'inviteToken',
    'globalSettings',
    'dataHubConnection',
    'dataHubRetention',
    'dataHubUpgrade',
    'dataHubPersona',
    'dataHubAction',
    'dataHubOpenAPISchema',
    // Ingestion sources (their recipes may hold credentials) and their runs: DataHub's MANAGE_INGESTION.
    'dataHubIngestionSource',
    'dataHubExecutionRequest',
    // Metadata tests: defining one is Admin-only (DataHub's MANAGE_TESTS); their results are not.
    'test',
  ],
  // Structured property definitions, metadata tests, roles and personas stay readable by everyone.
  hiddenKinds: [
    'dataHubAccessToken',
    'dataHubSecret',
    'dataHubPolicy',
    'inviteToken',
    'globalSettings',
    'dataHubConnection',
    'dataHubRetention',
    'dataHubUpgrade',
    'dataHubAction',
    'dataHubOpenAPISchema',
    'dataHubIngestionSource',
    'dataHubExecutionRequest',
  ],
  secretFields: {
    dataHubSecretValue: ['value'],
    corpUserCredentials: ['salt', 'hashedPassword', 'passwordResetToken'],
    inviteToken: ['token'],
    dataHubConnectionDetails: ['json/encryptedBlob'],
    // A recipe may hold plain passwords; an execution request's arguments carry its recipe.
    dataHubIngestionSourceInfo: ['config/recipe', 'config/extraArgs'],
    dataHubExecutionRequestInput: ['args'],
    // The names (URNs) of the secrets an Iceberg warehouse authenticates with.
    icebergWarehouseInfo: ['clientId', 'clientSecret'],
  },
};

import path from 'node:path';

/**
 * The only module that reads `process.env`. Every key has a documented default; the result is frozen
 * and passed to whatever needs it.
 */
export interface Config {
  /** HTTP port (PORT, default 8080). */
  readonly port: number;
  /** Interface to bind (HOST, default 127.0.0.1; the Docker image sets 0.0.0.0). */
  readonly host: string;
  /** Folder for local-mode state: the embedded Neo4j's data, tokens (NEOHUB_HOME, default ./.neohub). */
  readonly home: string;
  /** An existing Neo4j to use (NEO4J_URI); unset = local mode provisions one. */
  readonly neo4jUri: string | undefined;
  readonly neo4jUser: string;
  readonly neo4jPassword: string;
  /** Database name (NEO4J_DATABASE, default the server's default database). */
  readonly neo4jDatabase: string | undefined;
  /** Local mode JVM heap and page cache (NEOHUB_NEO4J_HEAP default 1g, NEOHUB_NEO4J_PAGECACHE default 512m). */
  readonly localHeap: string;
  readonly localPageCache: string;
  /**
   * Extra options for the local Neo4j's JVM, after neohub's own (NEOHUB_NEO4J_JVM_FLAGS, separated by
   * spaces; default none): e.g. `-XX:TieredStopAtLevel=1` for a server that lives seconds, as the fault
   * tests' servers do.
   */
  readonly localJvmFlags: readonly string[];
  /** Largest accepted request body in bytes (NEOHUB_MAX_BODY_BYTES, default 32 MiB). */
  readonly maxBodyBytes: number;
  /** Largest page a caller may ask for (NEOHUB_MAX_PAGE_SIZE, default 10000). */
  readonly maxPageSize: number;
  /**
   * Most proposals one batch write may carry: `ingestProposalBatch`, and the aspects of one OpenAPI batch
   * (NEOHUB_MAX_BATCH_PROPOSALS, default 200, the most DataHub's Python client sends in one batch;
   * 0 = no cap).
   */
  readonly maxBatchProposals: number;
  /** Version reported at /config as acryldata/datahub (NEOHUB_REPORTED_VERSION, default v1.4.0). */
  readonly reportedVersion: string;
  /**
   * The CLI version `/config` recommends (`managedIngestion.defaultCliVersion`, which DataHub's CLI
   * compares with its own): UI_INGESTION_DEFAULT_CLI_VERSION, DataHub's name; default the reported
   * version without its `v`, as DataHub's release ships the CLI of its own version.
   */
  readonly defaultCliVersion: string;
  /** Run the search-sync worker in this process (NEOHUB_SEARCH_SYNC, default true; `false` to run it elsewhere). */
  readonly searchSync: boolean;
  /**
   * Run that worker on a thread of its own (NEOHUB_SEARCH_SYNC_THREAD, default true), so that building
   * and writing documents leaves the request thread to the requests; `false` runs it on the request thread.
   */
  readonly searchSyncThread: boolean;
  /**
   * A background task (index restore, time-series truncation) whose process has not reported for this
   * long is resumed by another process or after a restart (NEOHUB_TASK_STALE_MS, default 60000).
   */
  readonly taskStaleMs: number;
  /** A rollback of more aspects than this runs as a background task (resumed if its process stops). */
  readonly rollbackTaskAspects: number;
  /**
   * Days the change log (and so the events API) keeps what was written (NEOHUB_CHANGE_LOG_RETENTION_DAYS,
   * default 30; fractions allowed). What the search index has not yet read is kept whatever its age.
   */
  readonly changeLogRetentionDays: number;
  /** Keep metadata test results current from the change log (NEOHUB_TEST_RESULTS_SYNC, default true). */
  readonly testResultsSync: boolean;
  /**
   * DataHub's schema-field side effect: a dataset's schema fields become `schemaField` entities on write
   * (MCP_SIDE_EFFECTS_SCHEMA_FIELD_ENABLED, DataHub's name; default true here, where DataHub ships it
   * off; `false` writes only what clients send, a few aspects fewer per column; docs/decisions/0053).
   */
  readonly schemaFieldSideEffect: boolean;
  /** Most hops of a lineage walk (NEOHUB_LINEAGE_MAX_HOPS, default 10). */
  readonly lineageMaxHops: number;
  /** Entities one lineage walk visits before it answers with a partial result (NEOHUB_LINEAGE_MAX_VISITED, default 10000). */
  readonly lineageMaxVisited: number;
  /**
   * Kafka (DataHub's variable names; docs/decisions/0064). KAFKA_BOOTSTRAP_SERVER: the brokers, separated
   * by commas (`host:port`; a scheme such as DataHub's default `http://` is dropped); unset = Kafka off,
   * and none of the settings below is used.
   */
  readonly kafkaBootstrapServers: readonly string[];
  /**
   * The schema registry that decodes records (KAFKA_SCHEMAREGISTRY_URL); unset = neohub's own, which it
   * serves at `/schema-registry/api/` and keeps in the store.
   */
  readonly kafkaSchemaRegistryUrl: string | undefined;
  /** The topics, by DataHub's names and defaults (each `*_TOPIC_NAME`). */
  readonly proposalTopic: string;
  readonly failedProposalTopic: string;
  readonly changeLogVersionedTopic: string;
  readonly changeLogTimeseriesTopic: string;
  readonly platformEventTopic: string;
  /** Partitions and replication factor of the topics neohub creates when absent (PARTITIONS, REPLICATION_FACTOR; default 1). */
  readonly kafkaPartitions: number;
  readonly kafkaReplicationFactor: number;
  /** `max.message.bytes` of the topics neohub creates (MAX_MESSAGE_BYTES; DataHub's default, 5 MiB). */
  readonly kafkaMaxMessageBytes: number;
  /**
   * The most bytes of records neohub's producers send in one request (KAFKA_PRODUCER_MAX_REQUEST_SIZE;
   * DataHub's default, 5 MiB): a larger batch is sent in parts, and a record larger than this alone is
   * never sent (it is logged).
   */
  readonly kafkaProducerMaxRequestSize: number;
  /**
   * The proposal consumer's batches, as DataHub's MCP consumer makes them: on (MCP_CONSUMER_BATCH_ENABLED,
   * default true), what has been fetched is written together up to MCP_CONSUMER_BATCH_SIZE bytes of
   * records (DataHub's default, 15,744,000) and 5,000 records; off, record by record.
   */
  readonly proposalBatchEnabled: boolean;
  readonly proposalBatchBytes: number;
  /** The consumer group of the proposal consumer (METADATA_CHANGE_PROPOSAL_KAFKA_CONSUMER_GROUP_ID, DataHub's default). */
  readonly proposalConsumerGroup: string;
  /** Meilisearch as the search index (MEILI_HOST, e.g. http://127.0.0.1:7700); unset = the embedded index. */
  readonly meiliHost: string | undefined;
  /** Its API key (MEILI_MASTER_KEY) and index uid (MEILI_INDEX, default neohub_entities). */
  readonly meiliMasterKey: string | undefined;
  readonly meiliIndex: string;
  readonly logLevel: string;
  /**
   * Authentication (NEOHUB_AUTH, default `on`). Only `off` turns it off, for local experiments; the
   * service then says so loudly at start-up.
   */
  readonly auth: boolean;
  /** The root (system) token (NEOHUB_ROOT_TOKEN); unset = generated once into `<home>/root-token` (0600). */
  readonly rootToken: string | undefined;
  /**
   * The root user's password (NEOHUB_ROOT_PASSWORD): `urn:li:corpuser:datahub`, an Admin, signs in with
   * it. Unset = generated once into `<home>/root-password` (0600) and set when the root user is created.
   */
  readonly rootPassword: string | undefined;
  /**
   * The key of stored secrets (SECRET_SERVICE_ENCRYPTION_KEY, DataHub's name): invite and reset tokens
   * are encrypted with it as DataHub's service encrypts them, and password hashes written by DataHub are
   * checked with it. Unset = generated once into `<home>/secret-key` (0600).
   */
  readonly secretKey: string | undefined;
  /** How long a sign-in session lasts (SESSION_TOKEN_DURATION_MS, DataHub's name; default one day). */
  readonly sessionTokenDurationMs: number;
  /** How long a password reset token lasts (PASSWORD_RESET_TOKEN_EXPIRATION_MS, DataHub's; one day). */
  readonly passwordResetTokenExpirationMs: number;
  /**
   * Whether the session cookie is sent over HTTPS only (AUTH_COOKIE_SECURE, DataHub's name; default
   * false, as DataHub's: set it behind TLS).
   */
  readonly cookieSecure: boolean;
  /**
   * Requests per minute one token may make, and one actor with all its tokens
   * (NEOHUB_RATE_LIMIT_PER_MINUTE, default 6000; 0 = no limit).
   */
  readonly rateLimitPerMinute: number;
  /** Live (unexpired) access tokens one actor may hold (NEOHUB_MAX_TOKENS_PER_ACTOR, default 50; 0 = no cap). */
  readonly maxTokensPerActor: number;
  /** Deepest GraphQL selection (NEOHUB_GRAPHQL_MAX_DEPTH, default 50 as DataHub's; 0 = no limit). */
  readonly graphqlMaxDepth: number;
  /**
   * Largest estimated cost of one GraphQL request, on both endpoints: each field 1, times the page sizes
   * of the lists above it; searches, scrolls and lineage walks weigh more (NEOHUB_GRAPHQL_MAX_COST,
   * default 150000; 0 = no limit).
   */
  readonly graphqlMaxCost: number;
  /**
   * DataHub's OpenLineage endpoint's settings (its `datahub.openlineage.*`, DataHub's variable names and
   * defaults; docs/decisions/0065). The environment (DATAHUB_OPENLINEAGE_ENV, a FabricType, any case;
   * unset: datasets PROD, each flow in its job's namespace): the datasets' FabricType and, lower-cased,
   * the flows' cluster.
   */
  readonly openLineageEnv: string | undefined;
  /** The flows' orchestrator, over the one the event names (DATAHUB_OPENLINEAGE_ORCHESTRATOR; unset = the event's). */
  readonly openLineageOrchestrator: string | undefined;
  /** The flows' cluster and the flows' and jobs' platform instance (DATAHUB_OPENLINEAGE_PLATFORM_INSTANCE). */
  readonly openLineagePlatformInstance: string | undefined;
  /** The datasets' FabricType over the environment's (DATAHUB_OPENLINEAGE_COMMON_DATASET_ENV). */
  readonly openLineageDatasetEnv: string | undefined;
  /** The platform instance of datasets not named by a path (DATAHUB_OPENLINEAGE_COMMON_DATASET_PLATFORM_INSTANCE). */
  readonly openLineageDatasetPlatformInstance: string | undefined;
  /** Write the datasets (key, status, schema) as well as the lineage (DATAHUB_OPENLINEAGE_MATERIALIZE_DATASET, default true). */
  readonly openLineageMaterializeDataset: boolean;
  /** Write a dataset's `schema` facet as its schema (DATAHUB_OPENLINEAGE_INCLUDE_SCHEMA_METADATA, default true). */
  readonly openLineageIncludeSchemaMetadata: boolean;
  /** Write the `columnLineage` facets as column-level lineage (DATAHUB_OPENLINEAGE_CAPTURE_COLUMN_LEVEL_LINEAGE, default true). */
  readonly openLineageCaptureColumnLevelLineage: boolean;
  /**
   * Add to a job's lineage and a flow's tags with patches instead of writing them whole, so that runs
   * that see different datasets accumulate (DATAHUB_OPENLINEAGE_USE_PATCH, default false).
   */
  readonly openLineageUsePatch: boolean;
}

type Env = Readonly<Record<string, string | undefined>>;

function int(env: Env, key: string, fallback: number): number {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${key} must be a non-negative integer, got "${raw}"`);
  return n;
}

function positive(env: Env, key: string, fallback: number): number {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${key} must be a positive number, got "${raw}"`);
  return n;
}

function positiveInt(env: Env, key: string, fallback: number): number {
  const n = int(env, key, fallback);
  if (n === 0) throw new Error(`${key} must be a positive integer, got "${env[key]}"`);
  return n;
}

/** Kafka brokers, `host:port` separated by commas; a scheme before one (DataHub's default has `http://`) is dropped. */
function brokers(raw: string | undefined): readonly string[] {
  const list = (raw ?? '')
    .split(',')
    .map((b) => b.trim().replace(/^[a-z][a-z0-9+.-]*:\/\//i, ''))
    .filter((b) => b !== '');
  const bad = list.find((b) => !/^[^\s/:]+:\d{1,5}$/.test(b) && !/^\[[0-9a-f:.]+\]:\d{1,5}$/i.test(b));
  if (bad !== undefined)
    throw new Error(
      `KAFKA_BOOTSTRAP_SERVER must list brokers as host:port separated by commas, got "${bad}"`,
    );
  return list;
}

/** JVM options separated by spaces, each one starting with `-` (a word that does not would be a class to run). */
function jvmFlags(raw: string | undefined): string[] {
  const flags = (raw ?? '').split(/\s+/).filter(Boolean);
  const bad = flags.find((f) => !f.startsWith('-'));
  if (bad !== undefined)
    throw new Error(`NEOHUB_NEO4J_JVM_FLAGS must hold JVM options (each starts with "-"), got "${bad}"`);
  return flags;
}

/** What local mode starts its Neo4j with (`startLocalNeo4j`, with a log), from the one config. */
export function localNeo4jOptions(config: Config): {
  dataDir: string;
  heap: string;
  pageCache: string;
  jvmFlags: readonly string[];
} {
  return {
    dataDir: path.join(config.home, 'neo4j'),
    heap: config.localHeap,
    pageCache: config.localPageCache,
    jvmFlags: config.localJvmFlags,
  };
}

/** The environment each config was read from, for `configProperties` to tell set values from defaults. */
const readFrom = new WeakMap<Config, Env>();

export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const config: Config = Object.freeze({
    port: int(env, 'PORT', 8080),
    host: env.HOST || '127.0.0.1',
    home: path.resolve(cwd, env.NEOHUB_HOME || '.neohub'),
    neo4jUri: env.NEO4J_URI || undefined,
    neo4jUser: env.NEO4J_USER || env.NEO4J_USERNAME || 'neo4j',
    neo4jPassword: env.NEO4J_PASSWORD || '',
    neo4jDatabase: env.NEO4J_DATABASE || undefined,
    localHeap: env.NEOHUB_NEO4J_HEAP || '1g',
    localPageCache: env.NEOHUB_NEO4J_PAGECACHE || '512m',
    localJvmFlags: jvmFlags(env.NEOHUB_NEO4J_JVM_FLAGS),
    maxBodyBytes: int(env, 'NEOHUB_MAX_BODY_BYTES', 32 * 1024 * 1024),
    maxPageSize: int(env, 'NEOHUB_MAX_PAGE_SIZE', 10000),
    maxBatchProposals: int(env, 'NEOHUB_MAX_BATCH_PROPOSALS', 200),
    reportedVersion: env.NEOHUB_REPORTED_VERSION || 'v1.4.0',
    defaultCliVersion:
      env.UI_INGESTION_DEFAULT_CLI_VERSION || (env.NEOHUB_REPORTED_VERSION || 'v1.4.0').replace(/^v/, ''),
    searchSync: (env.NEOHUB_SEARCH_SYNC ?? 'true').toLowerCase() !== 'false',
    searchSyncThread: (env.NEOHUB_SEARCH_SYNC_THREAD ?? 'true').toLowerCase() !== 'false',
    testResultsSync: (env.NEOHUB_TEST_RESULTS_SYNC ?? 'true').toLowerCase() !== 'false',
    schemaFieldSideEffect: (env.MCP_SIDE_EFFECTS_SCHEMA_FIELD_ENABLED ?? 'true').toLowerCase() !== 'false',
    taskStaleMs: int(env, 'NEOHUB_TASK_STALE_MS', 60_000),
    rollbackTaskAspects: int(env, 'NEOHUB_ROLLBACK_TASK_ASPECTS', 10_000),
    changeLogRetentionDays: positive(env, 'NEOHUB_CHANGE_LOG_RETENTION_DAYS', 30),
    lineageMaxHops: int(env, 'NEOHUB_LINEAGE_MAX_HOPS', 10),
    lineageMaxVisited: int(env, 'NEOHUB_LINEAGE_MAX_VISITED', 10_000),
    kafkaBootstrapServers: brokers(env.KAFKA_BOOTSTRAP_SERVER),
    kafkaSchemaRegistryUrl: env.KAFKA_SCHEMAREGISTRY_URL || undefined,
    proposalTopic: env.METADATA_CHANGE_PROPOSAL_TOPIC_NAME || 'MetadataChangeProposal_v1',
    failedProposalTopic: env.FAILED_METADATA_CHANGE_PROPOSAL_TOPIC_NAME || 'FailedMetadataChangeProposal_v1',
    changeLogVersionedTopic: env.METADATA_CHANGE_LOG_VERSIONED_TOPIC_NAME || 'MetadataChangeLog_Versioned_v1',
    changeLogTimeseriesTopic:
      env.METADATA_CHANGE_LOG_TIMESERIES_TOPIC_NAME || 'MetadataChangeLog_Timeseries_v1',
    platformEventTopic: env.PLATFORM_EVENT_TOPIC_NAME || 'PlatformEvent_v1',
    kafkaPartitions: positiveInt(env, 'PARTITIONS', 1),
    kafkaReplicationFactor: positiveInt(env, 'REPLICATION_FACTOR', 1),
    kafkaMaxMessageBytes: positiveInt(env, 'MAX_MESSAGE_BYTES', 5_242_880),
    kafkaProducerMaxRequestSize: positiveInt(env, 'KAFKA_PRODUCER_MAX_REQUEST_SIZE', 5_242_880),
    proposalBatchEnabled: flag(env, 'MCP_CONSUMER_BATCH_ENABLED', true),
    proposalBatchBytes: positiveInt(env, 'MCP_CONSUMER_BATCH_SIZE', 15_744_000),
    proposalConsumerGroup:
      env.METADATA_CHANGE_PROPOSAL_KAFKA_CONSUMER_GROUP_ID || 'generic-mce-consumer-job-client',
    meiliHost: env.MEILI_HOST || undefined,
    meiliMasterKey: env.MEILI_MASTER_KEY || undefined,
    meiliIndex: env.MEILI_INDEX || 'neohub_entities',
    logLevel: logLevel(env.LOG_LEVEL),
    auth: authSetting(env.NEOHUB_AUTH),
    rootToken: env.NEOHUB_ROOT_TOKEN || undefined,
    rootPassword: env.NEOHUB_ROOT_PASSWORD || undefined,
    secretKey: env.SECRET_SERVICE_ENCRYPTION_KEY || undefined,
    sessionTokenDurationMs: positive(env, 'SESSION_TOKEN_DURATION_MS', 86_400_000),
    passwordResetTokenExpirationMs: positive(env, 'PASSWORD_RESET_TOKEN_EXPIRATION_MS', 86_400_000),
    cookieSecure: /^(true|1|on)$/i.test(env.AUTH_COOKIE_SECURE ?? ''),
    rateLimitPerMinute: int(env, 'NEOHUB_RATE_LIMIT_PER_MINUTE', 6000),
    maxTokensPerActor: int(env, 'NEOHUB_MAX_TOKENS_PER_ACTOR', 50),
    graphqlMaxDepth: int(env, 'NEOHUB_GRAPHQL_MAX_DEPTH', 50),
    graphqlMaxCost: int(env, 'NEOHUB_GRAPHQL_MAX_COST', 150_000),
    openLineageEnv: env.DATAHUB_OPENLINEAGE_ENV?.trim().toUpperCase() || undefined,
    openLineageOrchestrator: env.DATAHUB_OPENLINEAGE_ORCHESTRATOR || undefined,
    openLineagePlatformInstance: env.DATAHUB_OPENLINEAGE_PLATFORM_INSTANCE || undefined,
    openLineageDatasetEnv: env.DATAHUB_OPENLINEAGE_COMMON_DATASET_ENV?.trim().toUpperCase() || undefined,
    openLineageDatasetPlatformInstance: env.DATAHUB_OPENLINEAGE_COMMON_DATASET_PLATFORM_INSTANCE || undefined,
    openLineageMaterializeDataset: flag(env, 'DATAHUB_OPENLINEAGE_MATERIALIZE_DATASET', true),
    openLineageIncludeSchemaMetadata: flag(env, 'DATAHUB_OPENLINEAGE_INCLUDE_SCHEMA_METADATA', true),
    openLineageCaptureColumnLevelLineage: flag(env, 'DATAHUB_OPENLINEAGE_CAPTURE_COLUMN_LEVEL_LINEAGE', true),
    openLineageUsePatch: flag(env, 'DATAHUB_OPENLINEAGE_USE_PATCH', false),
  });
  readFrom.set(config, env);
  return config;
}

/** `on` (the default) or `off`; anything else is a mistake worth stopping for, not a silent default. */
function authSetting(raw: string | undefined): boolean {
  const v = (raw ?? 'on').trim().toLowerCase();
  if (v === 'on' || v === 'true' || v === '') return true;
  if (v === 'off' || v === 'false') return false;
  throw new Error(`NEOHUB_AUTH must be "on" or "off", got "${raw}"`);
}

/** The log levels, quietest last: `LOG_LEVEL` names one (any case), or the service refuses to start. */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;

function logLevel(raw: string | undefined): string {
  const v = (raw ?? '').trim().toLowerCase();
  if (v === '') return 'info';
  if ((LOG_LEVELS as readonly string[]).includes(v)) return v;
  throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${raw}"`);
}

/** A switch as Spring reads DataHub's (`true`/`false`, `on`/`off`, `yes`/`no`, `1`/`0`, any case); else a start-up error. */
function flag(env: Env, key: string, fallback: boolean): boolean {
  const v = (env[key] ?? '').trim().toLowerCase();
  if (v === '') return fallback;
  if (['true', 'on', 'yes', '1'].includes(v)) return true;
  if (['false', 'off', 'no', '0'].includes(v)) return false;
  throw new Error(`${key} must be true or false, got "${env[key]}"`);
}

/** The variable each setting is read from (the key `configProperties` reports it under). */
const VARIABLES: Readonly<Record<keyof Config, string>> = {
  port: 'PORT',
  host: 'HOST',
  home: 'NEOHUB_HOME',
  neo4jUri: 'NEO4J_URI',
  neo4jUser: 'NEO4J_USER',
  neo4jPassword: 'NEO4J_PASSWORD',
  neo4jDatabase: 'NEO4J_DATABASE',
  localHeap: 'NEOHUB_NEO4J_HEAP',
  localPageCache: 'NEOHUB_NEO4J_PAGECACHE',
  localJvmFlags: 'NEOHUB_NEO4J_JVM_FLAGS',
  maxBodyBytes: 'NEOHUB_MAX_BODY_BYTES',
  maxPageSize: 'NEOHUB_MAX_PAGE_SIZE',
  maxBatchProposals: 'NEOHUB_MAX_BATCH_PROPOSALS',
  reportedVersion: 'NEOHUB_REPORTED_VERSION',
  defaultCliVersion: 'UI_INGESTION_DEFAULT_CLI_VERSION',
  searchSync: 'NEOHUB_SEARCH_SYNC',
  searchSyncThread: 'NEOHUB_SEARCH_SYNC_THREAD',
  taskStaleMs: 'NEOHUB_TASK_STALE_MS',
  rollbackTaskAspects: 'NEOHUB_ROLLBACK_TASK_ASPECTS',
  changeLogRetentionDays: 'NEOHUB_CHANGE_LOG_RETENTION_DAYS',
  testResultsSync: 'NEOHUB_TEST_RESULTS_SYNC',
  schemaFieldSideEffect: 'MCP_SIDE_EFFECTS_SCHEMA_FIELD_ENABLED',
  lineageMaxHops: 'NEOHUB_LINEAGE_MAX_HOPS',
  lineageMaxVisited: 'NEOHUB_LINEAGE_MAX_VISITED',
  kafkaBootstrapServers: 'KAFKA_BOOTSTRAP_SERVER',
  kafkaSchemaRegistryUrl: 'KAFKA_SCHEMAREGISTRY_URL',
  proposalTopic: 'METADATA_CHANGE_PROPOSAL_TOPIC_NAME',
  failedProposalTopic: 'FAILED_METADATA_CHANGE_PROPOSAL_TOPIC_NAME',
  changeLogVersionedTopic: 'METADATA_CHANGE_LOG_VERSIONED_TOPIC_NAME',
  changeLogTimeseriesTopic: 'METADATA_CHANGE_LOG_TIMESERIES_TOPIC_NAME',
  platformEventTopic: 'PLATFORM_EVENT_TOPIC_NAME',
  kafkaPartitions: 'PARTITIONS',
  kafkaReplicationFactor: 'REPLICATION_FACTOR',
  kafkaMaxMessageBytes: 'MAX_MESSAGE_BYTES',
  kafkaProducerMaxRequestSize: 'KAFKA_PRODUCER_MAX_REQUEST_SIZE',
  proposalBatchEnabled: 'MCP_CONSUMER_BATCH_ENABLED',
  proposalBatchBytes: 'MCP_CONSUMER_BATCH_SIZE',
  proposalConsumerGroup: 'METADATA_CHANGE_PROPOSAL_KAFKA_CONSUMER_GROUP_ID',
  meiliHost: 'MEILI_HOST',
  meiliMasterKey: 'MEILI_MASTER_KEY',
  meiliIndex: 'MEILI_INDEX',
  logLevel: 'LOG_LEVEL',
  auth: 'NEOHUB_AUTH',
  rootToken: 'NEOHUB_ROOT_TOKEN',
  rootPassword: 'NEOHUB_ROOT_PASSWORD',
  secretKey: 'SECRET_SERVICE_ENCRYPTION_KEY',
  sessionTokenDurationMs: 'SESSION_TOKEN_DURATION_MS',
  passwordResetTokenExpirationMs: 'PASSWORD_RESET_TOKEN_EXPIRATION_MS',
  cookieSecure: 'AUTH_COOKIE_SECURE',
  rateLimitPerMinute: 'NEOHUB_RATE_LIMIT_PER_MINUTE',
  maxTokensPerActor: 'NEOHUB_MAX_TOKENS_PER_ACTOR',
  graphqlMaxDepth: 'NEOHUB_GRAPHQL_MAX_DEPTH',
  graphqlMaxCost: 'NEOHUB_GRAPHQL_MAX_COST',
  openLineageEnv: 'DATAHUB_OPENLINEAGE_ENV',
  openLineageOrchestrator: 'DATAHUB_OPENLINEAGE_ORCHESTRATOR',
  openLineagePlatformInstance: 'DATAHUB_OPENLINEAGE_PLATFORM_INSTANCE',
  openLineageDatasetEnv: 'DATAHUB_OPENLINEAGE_COMMON_DATASET_ENV',
  openLineageDatasetPlatformInstance: 'DATAHUB_OPENLINEAGE_COMMON_DATASET_PLATFORM_INSTANCE',
  openLineageMaterializeDataset: 'DATAHUB_OPENLINEAGE_MATERIALIZE_DATASET',
  openLineageIncludeSchemaMetadata: 'DATAHUB_OPENLINEAGE_INCLUDE_SCHEMA_METADATA',
  openLineageCaptureColumnLevelLineage: 'DATAHUB_OPENLINEAGE_CAPTURE_COLUMN_LEVEL_LINEAGE',
  openLineageUsePatch: 'DATAHUB_OPENLINEAGE_USE_PATCH',
};

/** One setting as the service runs with it: its variable, its value (as text), and whether it was set. */
export interface ConfigProperty {
  readonly key: string;
  /** null: unset, with no default (e.g. NEO4J_URI in local mode). */
  readonly value: string | null;
  readonly fromEnvironment: boolean;
}

/**
 * Every setting of a config under the variable it is read from, sorted by it: its value as the service
 * uses it, and whether the environment it was loaded from set it (else it is the default). Values are as they are, secrets
 * included: whoever shows them must pass them through the redaction (`redactSetting`).
 */
export function configProperties(
  config: Config,
  env: Env = readFrom.get(config) ?? process.env,
): ConfigProperty[] {
  return (Object.entries(VARIABLES) as [keyof Config, string][])
    .map(([field, key]) => {
      const v = config[field];
      const value = v === undefined ? null : Array.isArray(v) ? v.join(' ') : String(v);
      return { key, value, fromEnvironment: env[key] !== undefined && env[key] !== '' };
    })
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** The variable a setting is read from, for messages that name it. */
export const configVariable = (field: keyof Config): string => VARIABLES[field];

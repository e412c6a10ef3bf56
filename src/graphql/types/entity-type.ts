import { lookup } from '../../json/index.js';
import { defaultRegistry } from '../../registry/index.js';
import { registerEnumType } from 'type-graphql';

/**
 * DataHub's GraphQL EntityType: every value DataHub has, so that any DataHub request coerces, and one
 * for every kind of the registry (a test checks that each kind has its value). Values without a kind
 * (`RESTRICTED`, `MONITOR`...) are not backed (see `isBacked`).
 */
export enum EntityType {
  DOMAIN = 'DOMAIN',
  DATASET = 'DATASET',
  CORP_USER = 'CORP_USER',
  CORP_GROUP = 'CORP_GROUP',
  DATA_PLATFORM = 'DATA_PLATFORM',
  ER_MODEL_RELATIONSHIP = 'ER_MODEL_RELATIONSHIP',
  DASHBOARD = 'DASHBOARD',
  NOTEBOOK = 'NOTEBOOK',
  CHART = 'CHART',
  DATA_FLOW = 'DATA_FLOW',
  DATA_JOB = 'DATA_JOB',
  TAG = 'TAG',
  GLOSSARY_TERM = 'GLOSSARY_TERM',
  GLOSSARY_NODE = 'GLOSSARY_NODE',
  CONTAINER = 'CONTAINER',
  MLMODEL = 'MLMODEL',
  MLMODEL_GROUP = 'MLMODEL_GROUP',
  MLFEATURE_TABLE = 'MLFEATURE_TABLE',
  MLFEATURE = 'MLFEATURE',
  MLPRIMARY_KEY = 'MLPRIMARY_KEY',
  INGESTION_SOURCE = 'INGESTION_SOURCE',
  EXECUTION_REQUEST = 'EXECUTION_REQUEST',
  ASSERTION = 'ASSERTION',
  DATA_PROCESS_INSTANCE = 'DATA_PROCESS_INSTANCE',
  DATA_PLATFORM_INSTANCE = 'DATA_PLATFORM_INSTANCE',
  ACCESS_TOKEN = 'ACCESS_TOKEN',
  TEST = 'TEST',
  DATAHUB_POLICY = 'DATAHUB_POLICY',
  DATAHUB_ROLE = 'DATAHUB_ROLE',
  POST = 'POST',
  SCHEMA_FIELD = 'SCHEMA_FIELD',
  DATAHUB_VIEW = 'DATAHUB_VIEW',
  QUERY = 'QUERY',
  DATA_PRODUCT = 'DATA_PRODUCT',
  CUSTOM_OWNERSHIP_TYPE = 'CUSTOM_OWNERSHIP_TYPE',
  DATAHUB_CONNECTION = 'DATAHUB_CONNECTION',
  ACTIONS_PIPELINE = 'ACTIONS_PIPELINE',
  ACTION_REQUEST = 'ACTION_REQUEST',
  MONITOR = 'MONITOR',
  INCIDENT = 'INCIDENT',
  ROLE = 'ROLE',
  DATA_CONTRACT = 'DATA_CONTRACT',
  STRUCTURED_PROPERTY = 'STRUCTURED_PROPERTY',
  FORM = 'FORM',
  DATA_TYPE = 'DATA_TYPE',
  ENTITY_TYPE = 'ENTITY_TYPE',
  RESTRICTED = 'RESTRICTED',
  OTHER = 'OTHER',
  BUSINESS_ATTRIBUTE = 'BUSINESS_ATTRIBUTE',
  VERSION_SET = 'VERSION_SET',
  REMOTE_EXECUTOR = 'REMOTE_EXECUTOR',
  REMOTE_EXECUTOR_POOL = 'REMOTE_EXECUTOR_POOL',
  // The other kinds of DataHub's model, named by the rule of `entityTypeName`.
  AGENT_SKILL = 'AGENT_SKILL',
  AI_AGENT = 'AI_AGENT',
  API = 'API',
  APPLICATION = 'APPLICATION',
  DATAHUB_ACTION = 'DATAHUB_ACTION',
  DATAHUB_FILE = 'DATAHUB_FILE',
  DATAHUB_OPENAPI_SCHEMA = 'DATAHUB_OPENAPI_SCHEMA',
  DATAHUB_PAGE_MODULE = 'DATAHUB_PAGE_MODULE',
  DATAHUB_PAGE_TEMPLATE = 'DATAHUB_PAGE_TEMPLATE',
  DATAHUB_PERSONA = 'DATAHUB_PERSONA',
  DATAHUB_RETENTION = 'DATAHUB_RETENTION',
  DATAHUB_SECRET = 'DATAHUB_SECRET',
  DATAHUB_STEP_STATE = 'DATAHUB_STEP_STATE',
  DATAHUB_UPGRADE = 'DATAHUB_UPGRADE',
  DATA_PROCESS = 'DATA_PROCESS',
  DOCUMENT = 'DOCUMENT',
  GLOBAL_SETTINGS = 'GLOBAL_SETTINGS',
  INVITE_TOKEN = 'INVITE_TOKEN',
  LIFECYCLE_STAGE_TYPE = 'LIFECYCLE_STAGE_TYPE',
  METRIC = 'METRIC',
  MLMODEL_DEPLOYMENT = 'MLMODEL_DEPLOYMENT',
  PLATFORM_RESOURCE = 'PLATFORM_RESOURCE',
  REPOSITORY = 'REPOSITORY',
  SEARCH_TEMPLATE = 'SEARCH_TEMPLATE',
  SEMANTIC_MODEL = 'SEMANTIC_MODEL',
  SERVICE = 'SERVICE',
  TELEMETRY = 'TELEMETRY',
}
registerEnumType(EntityType, { name: 'EntityType', description: 'The kinds of entities of the catalog' });

/** Kinds whose EntityType DataHub names otherwise than by the rule. */
const EXCEPTIONS: Readonly<Record<string, EntityType>> = {
  corpuser: EntityType.CORP_USER,
  dataHubAccessToken: EntityType.ACCESS_TOKEN,
  dataHubIngestionSource: EntityType.INGESTION_SOURCE,
  dataHubExecutionRequest: EntityType.EXECUTION_REQUEST,
  dataHubOpenAPISchema: EntityType.DATAHUB_OPENAPI_SCHEMA,
  ownershipType: EntityType.CUSTOM_OWNERSHIP_TYPE,
};

/**
 * DataHub's EntityType value of a registry kind: the kind's name in upper snake case, with `dataHub` as
 * one word and `ml` joined to the word after it (`dataHubPolicy` -> DATAHUB_POLICY, `mlModelGroup` ->
 * MLMODEL_GROUP), except where DataHub names it otherwise.
 */
export function entityTypeName(kind: string): string {
  return (
    lookup(EXCEPTIONS, kind) ??
    kind
      .replace(/^dataHub/, 'datahub')
      .replace(/^ml([A-Z][a-z]*)/, (_m, w: string) => `ml${w.toLowerCase()}`)
      .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
      .toUpperCase()
  );
}

/** The registry entity name of each value backed by an entity kind of the registry: every kind. */
const NAMES: Readonly<Partial<Record<EntityType, string>>> = Object.fromEntries(
  defaultRegistry()
    .allEntities()
    .map((e) => [entityTypeName(e.name), e.name]),
);
const BY_NAME = new Map(Object.entries(NAMES).map(([k, v]) => [v.toLowerCase(), k as EntityType]));

/** Whether neohub's registry has an entity kind for this type (it may then have entities of it). */
export const isBacked = (t: EntityType): boolean => registryName(t) !== undefined;

/** The registry entity name of a type; undefined when neohub's registry has no such kind. */
export const registryName = (t: EntityType): string | undefined => lookup(NAMES, t);

/**
 * The registry entity name of a backed type. An unbacked type gives its own GraphQL name, which names
 * no registry entity: a filter on it matches nothing and the registry rejects it as an entity to search.
 * Prefer `registryName` (or `isBacked`) where unbacked types must be told apart.
 */
export const entityName = (t: EntityType): string => registryName(t) ?? t;

/** The GraphQL type of a registry entity name (or the entity segment of a URN); undefined if none. */
export const entityTypeOf = (name: string): EntityType | undefined => BY_NAME.get(name.toLowerCase());
export const entityTypeOfUrn = (urn: string): EntityType | undefined => entityTypeOf(urn.split(':')[2] ?? '');

import { lookup } from '../../json/index.js';
import { registerEnumType } from 'type-graphql';

/**
 * DataHub's GraphQL EntityType: every value DataHub has, so that any DataHub request coerces. Only some
 * are backed by an entity kind of neohub's registry (see `isBacked`).
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
}
registerEnumType(EntityType, { name: 'EntityType', description: 'The kinds of entities of the catalog' });

/** The registry entity name of each value backed by an entity kind of neohub's registry. */
const NAMES: Readonly<Partial<Record<EntityType, string>>> = {
  DATASET: 'dataset',
  CHART: 'chart',
  DASHBOARD: 'dashboard',
  CORP_USER: 'corpuser',
  CORP_GROUP: 'corpGroup',
  TAG: 'tag',
  GLOSSARY_TERM: 'glossaryTerm',
  MLFEATURE: 'mlFeature',
  MLPRIMARY_KEY: 'mlPrimaryKey',
  MLFEATURE_TABLE: 'mlFeatureTable',
  MLMODEL: 'mlModel',
  MLMODEL_GROUP: 'mlModelGroup',
  STRUCTURED_PROPERTY: 'structuredProperty',
  DATA_PLATFORM: 'dataPlatform',
  DATA_TYPE: 'dataType',
  ENTITY_TYPE: 'entityType',
};
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

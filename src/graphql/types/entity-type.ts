import { registerEnumType } from 'type-graphql';

/** DataHub's GraphQL EntityType, and the registry entity name of each value. */
export enum EntityType {
  DATASET = 'DATASET',
  CHART = 'CHART',
  DASHBOARD = 'DASHBOARD',
  CORP_USER = 'CORP_USER',
  CORP_GROUP = 'CORP_GROUP',
  TAG = 'TAG',
  GLOSSARY_TERM = 'GLOSSARY_TERM',
  MLFEATURE = 'MLFEATURE',
  MLPRIMARY_KEY = 'MLPRIMARY_KEY',
  MLFEATURE_TABLE = 'MLFEATURE_TABLE',
  MLMODEL = 'MLMODEL',
  MLMODEL_GROUP = 'MLMODEL_GROUP',
  STRUCTURED_PROPERTY = 'STRUCTURED_PROPERTY',
  DATA_PLATFORM = 'DATA_PLATFORM',
  DATA_TYPE = 'DATA_TYPE',
  ENTITY_TYPE = 'ENTITY_TYPE',
}
registerEnumType(EntityType, { name: 'EntityType', description: 'The kinds of entities of the catalog' });

const NAMES: Readonly<Record<EntityType, string>> = {
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

export const entityName = (t: EntityType): string => NAMES[t];
/** The GraphQL type of a registry entity name (or the entity segment of a URN); undefined if none. */
export const entityTypeOf = (name: string): EntityType | undefined => BY_NAME.get(name.toLowerCase());
export const entityTypeOfUrn = (urn: string): EntityType | undefined => entityTypeOf(urn.split(':')[2] ?? '');

import type { GraphQLContext } from '../context.js';
import { Assertion, showAssertions } from './assertions.js';
import { Chart, Dashboard } from './chart-dashboard.js';
import { Dataset } from './dataset.js';
// A dataset's profiles and operations, declared on Dataset when loaded.
import './dataset-timeseries.js';
import './dataset-usage.js';
// Column-level lineage of datasets and jobs, declared on their classes when loaded.
import './fine-grained-lineage.js';
import './dashboard-usage.js';
import type { Entity } from './entity.js';
import { registerEntityClasses, type EntityClass } from './entity-classes.js';
import { EntityType, entityTypeName, entityTypeOfUrn } from './entity-type.js';
import { CONTAINER_CLASSES } from './containers.js';
import { aspectFields } from './aspect-fields.js';
import { showEditableProperties } from './editable-properties.js';
import { Document, showRelatedDocuments } from './documents.js';
import { showHealth } from './health.js';
import { Incident, showIncidents } from './incidents.js';
import { showAssetLinks } from './asset-links.js';
import { showVersionProperties } from './versions.js';
import { KIND_FIELDS } from './kind-fields.js';
import { genericKindClasses } from './kind-types.js';
import { showTestResults, Test } from './metadata-tests.js';
import { MLFeature, MLFeatureTable, MLModel, MLModelGroup, MLPrimaryKey } from './ml.js';
import { PIPELINE_CLASSES } from './pipelines.js';
import { QUERY_CLASSES } from './queries.js';
import { SchemaFieldEntity } from './schema-fields.js';
import { CorpGroup, CorpUser, DataPlatform, GlossaryTerm, Tag } from './people.js';
import { DataTypeEntity, EntityTypeEntity, StructuredPropertyEntity } from './structured-properties.js';

/** The GraphQL object class of each entity type: hand-written where DataHub's type has its own fields. */
export const ENTITY_CLASSES: Partial<Record<EntityType, EntityClass>> = {
  DATASET: Dataset,
  CHART: Chart,
  DASHBOARD: Dashboard,
  CORP_USER: CorpUser,
  CORP_GROUP: CorpGroup,
  TAG: Tag,
  GLOSSARY_TERM: GlossaryTerm,
  DATA_PLATFORM: DataPlatform,
  MLFEATURE: MLFeature,
  MLPRIMARY_KEY: MLPrimaryKey,
  MLFEATURE_TABLE: MLFeatureTable,
  MLMODEL: MLModel,
  MLMODEL_GROUP: MLModelGroup,
  STRUCTURED_PROPERTY: StructuredPropertyEntity,
  DATA_TYPE: DataTypeEntity,
  ENTITY_TYPE: EntityTypeEntity,
  TEST: Test,
  SCHEMA_FIELD: SchemaFieldEntity,
  DOCUMENT: Document,
  ASSERTION: Assertion,
  INCIDENT: Incident,
};

Object.assign(ENTITY_CLASSES, CONTAINER_CLASSES, PIPELINE_CLASSES, QUERY_CLASSES);
// Every other kind of the registry: a type derived from the kind (the fields every asset has).
Object.assign(ENTITY_CLASSES, genericKindClasses(new Set(Object.keys(ENTITY_CLASSES))));
// Their own fields, by kind.
for (const [kind, table] of Object.entries(KIND_FIELDS))
  aspectFields(ENTITY_CLASSES[entityTypeName(kind) as EntityType] as EntityClass, table);

// `testResults` on every kind that has the aspect; `editableProperties` on the kinds with a description of
// their own beside the ingested one.
showTestResults(ENTITY_CLASSES);
showVersionProperties(ENTITY_CLASSES);
showAssetLinks(ENTITY_CLASSES);
showEditableProperties(ENTITY_CLASSES);
showRelatedDocuments(ENTITY_CLASSES);
// Data quality: `health` of the assets DataHub computes it for, `assertions` and `incidents` of assets.
showHealth(ENTITY_CLASSES);
showAssertions(ENTITY_CLASSES);
showIncidents(ENTITY_CLASSES);

registerEntityClasses(ENTITY_CLASSES);

/** The entity object of a URN, or undefined when its kind has no GraphQL type. */
export function entityOf(ctx: GraphQLContext, urn: string): Entity | undefined {
  const type = entityTypeOfUrn(urn);
  const cls = type ? ENTITY_CLASSES[type] : undefined;
  return cls ? new cls(ctx, urn) : undefined;
}

export { Chart, Dashboard, Dataset, MLFeature, MLFeatureTable, MLModel, MLModelGroup, MLPrimaryKey };
export { CorpGroup, CorpUser, DataPlatform, GlossaryTerm, Tag };
export { DataTypeEntity, EntityTypeEntity, StructuredPropertyEntity, Test };
export { Entity } from './entity.js';
export { EntityType } from './entity-type.js';

import type { AuthService } from '../auth/index.js';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import type { Registry } from '../registry/index.js';
import { OpenLineageService } from './openlineage/index.js';
import type {
  ChangeLogStore,
  EntityStore,
  RunStore,
  SchemaRegistryStore,
  UsageEventStore,
} from '../store/index.js';
import { EventsService } from './events/index.js';
import { MetadataTestsService, SWEEP_TASK, testDefinitionCheck } from './metadata-tests/index.js';
import { ownerTypesHook } from './owner-types.js';
import { defaultAspectsHook } from './default-aspects.js';
import { siblingsHook } from './siblings.js';
import { SchemaFieldEntities } from './schema-field-entities.js';
import { versionSetsHook } from './version-sets.js';
import { IngestService } from './ingest-service.js';
import { CreateService } from './create-service.js';
import { PeopleService } from './people-service.js';
import { HierarchyService } from './hierarchy-service.js';
import { CurationService } from './curation-service.js';
import { QueryEditService } from './query-edit-service.js';
import { DataProductService } from './data-product-service.js';
import { IncidentService } from './incident-service.js';
import { LineageEditService } from './lineage/lineage-edits.js';
import { ViewService } from './view-service.js';
import { RecommendationService } from './recommendation-service.js';
import { NativeUserService } from './native-user-service.js';
import { AssertionService } from './assertion-service.js';
import { EditService } from './edit-service.js';
import { VersionLinkService } from './version-links.js';
import { EntityApiService } from './entity-api-service.js';
import { LineageSearchService } from './lineage/lineage-search-service.js';
import { LineageService } from './lineage/lineage-service.js';
import { ReadService } from './read-service.js';
import { TimeseriesStatsService } from './timeseries-stats/index.js';
import { ReferenceService } from './reference-service.js';
import { ROLLBACK_TASK, RunsService } from './runs-service.js';
import {
  StructuredPropertyRules,
  StructuredPropertyService,
  type TaskLauncher,
} from './structured-properties/index.js';
import { TimelineService } from './timeline-service.js';
import { TraceService } from './trace-service.js';
import { AuditService } from './audit-service.js';
import { SystemInfoService, ThrottleService } from './system-info-service.js';
import { SchemaRegistryService } from './schema-registry-service.js';
import type { HealthService } from './health-service.js';
import type { SearchService } from '../../search-sync/service/index.js';
import type { OperationsService } from './operations-service.js';
import type { CommittedWrite, WriteHook } from './write-hooks.js';
import type { Services } from './services.js';

export type { Services } from './services.js';
export {
  AuditService,
  MAX_TRACKING_EVENT_CHARS,
  type AuditSearch,
  type AuditSearchResult,
} from './audit-service.js';
export {
  REGISTRY_CODES,
  SchemaRegistryService,
  type RegistryRefusal,
  type SchemaRequest,
} from './schema-registry-service.js';
export { SystemInfoService, ThrottleService } from './system-info-service.js';
export {
  EVENT_TIME_PATTERN,
  OpenLineageService,
  runEventProposals,
  RUN_EVENT_TYPES,
} from './openlineage/index.js';

export { IngestService, type FailedItem } from './ingest-service.js';
export { BUILT_IN_PLATFORMS, ensureBuiltInPlatforms } from './built-in-platforms.js';
export {
  DroppedFieldsCollector,
  collectingDroppedFields,
  reportDropped,
  type DroppedFields,
} from './dropped-fields.js';
export type { ViewDefinition } from './view-service.js';
export type { AspectValue, CommittedWrite, PreparedWrite, WriteHook, WriteKind } from './write-hooks.js';
export {
  HealthService,
  type DependencyState,
  type HealthProbes,
  type HealthReport,
} from './health-service.js';
export {
  MetadataTestsService,
  TestEvaluator,
  TestResultsWorker,
  type EvaluateRequest,
  type TestInput,
  type TestResults,
  type TestView,
} from './metadata-tests/index.js';
export {
  ChangeLogPublisher,
  ChangeLogRetention,
  EVENT_TOPICS,
  EventsService,
  POLL_LIMITS,
  PUBLISHER_FOLLOWER,
  type EventTopic,
  type PollRequest,
  type PollResult,
  type PublishedRecord,
  type PublisherOptions,
  type RecordSink,
} from './events/index.js';
export { RunsService, type AspectRowSummary, type RollbackResult, type RunSummary } from './runs-service.js';
export { checkPage, type Page } from '../page.js';
export type { EdgeEnd, EdgeScrollQuery, ScrolledEdge } from '../store/index.js';
export { guardServices, SERVICE_PRIVILEGES, type PrivilegeTable } from './guard.js';
export {
  MAPPINGS_REINDEX_FLAG,
  SearchService,
  STRUCTURED_PROPERTIES_FLAG,
  systemUpdate,
  type SearchRequest,
  type SystemUpdateResult,
} from '../../search-sync/service/index.js';
export { OperationsService, type RestoreParams, type TruncateParams } from './operations-service.js';
export { SearchDocuments } from './search-documents.js';
export { decodeScrollId, encodeScrollId, nextScrollId } from './scroll-id.js';
export { integerParam, PARAMETERS, type Bound, type ParamName } from './param-bounds.js';
export { EntityApiService, type ApiWrite, type AspectWrite, type CreateMode } from './entity-api-service.js';
export { EditService, type ResourceRef } from './edit-service.js';
export { linkRow, ownerRow, SYSTEM_TYPE_PREFIX, type LinkRef, type OwnerRef } from './edit-rows.js';
export { schemaFieldPath, schemaFieldUrn } from './changes/diff.js';
export type { DatasetUpdate, TagsUpdate } from './dataset-update.js';
export { ReadService, type EntityView, type EnvelopedAspect } from './read-service.js';
export { TraceService, type AspectTrace, type WriteStatus } from './trace-service.js';
export {
  newTraceId,
  parseTraceparent,
  requestTrace,
  traceIdOf,
  type EventSource,
  type RequestTrace,
} from './trace-context.js';
export { ReferenceService, type DeleteReferencesResult } from './reference-service.js';
export {
  TimeseriesStatsService,
  MAX_AGGREGATED_VALUES,
  TIME_RANGES,
  type UsageQueryResult as UsageQueryAnswer,
} from './timeseries-stats/index.js';
export { TimelineService, type ChangeTransaction, type TimelineQuery } from './timeline-service.js';
export { bodyFields } from './body-fields.js';
export {
  LoginDeniedError,
  ROOT_USER,
  type LoginDenialReason,
  type Session,
  type VerifyResult,
} from './native-user-service.js';
export { CHANGE_CATEGORIES, type ChangeEvent } from './changes/index.js';
export {
  lineageKinds,
  LineageService,
  type LineageDirection,
  type LineageRequest,
  type LineageResult,
} from './lineage/lineage-service.js';
export {
  LineageSearchService,
  type LineageSearchHit,
  type LineageSearchRequest,
  type LineageSearchResult,
} from './lineage/lineage-search-service.js';
export {
  SYSTEM_ACTOR,
  UNKNOWN_ACTOR,
  type AspectJson,
  type AspectModifier,
  type Proposal,
  type WriteContext,
} from './proposal.js';
export {
  entityTypeName,
  PROPERTY_SETTINGS,
  runValueCleanup,
  StructuredPropertyRules,
  StructuredFieldResolver,
  StructuredPropertyService,
  VALUE_CLEANUP_TASK,
  valueTypeOf,
  type TaskLauncher,
  type ValueCleanupParams,
  type Assignment,
  type CreatePropertyInput,
  type PropertyDefinition,
  type UpdatePropertyInput,
  type ValuesInput,
} from './structured-properties/index.js';
export { type IngestResult } from './ingest-service.js';
export {
  conjunctions,
  criterionValues,
  matches,
  type Filter,
  type Criterion,
} from '../../search-sync/model/index.js';

export interface ServiceParts {
  readonly config: Config;
  readonly registry: Registry;
  readonly store: EntityStore;
  readonly runs: RunStore;
  readonly changeLog: ChangeLogStore;
  /** Usage events: tracking, and what the audit log holds beside the change log. */
  readonly usageEvents: UsageEventStore;
  /** The schema registry's schemas and subjects (DataHub's Kafka clients). */
  readonly schemaRegistry: SchemaRegistryStore;
  readonly ingest: IngestService;
  readonly search: SearchService;
  readonly operations: OperationsService;
  readonly auth: AuthService;
  /** The key of stored secrets (invite and reset tokens). */
  readonly secretKey: string;
  readonly health: HealthService;
  readonly log: Logger;
}

/** What the write hooks need: the registry, the store, and the launcher of background tasks. */
export interface WriteHookParts {
  readonly registry: Registry;
  readonly store: EntityStore;
  /**
   * Starts background tasks after a commit. The operations service that starts them writes through the
   * write path, so it is built after it: the wiring passes a launcher that reaches it when called.
   */
  readonly tasks: TaskLauncher;
  /** DataHub's schema-field side effect on (config `schemaFieldSideEffect`). */
  readonly schemaFields: boolean;
  /** Told of every committed write (the wiring counts them in the service's metrics). */
  readonly committed?: (write: CommittedWrite) => void;
}

/**
 * The checks and side effects of every write, registered with the one write path (`IngestService`) in
 * the order they run: each step (`check`, `prepare`, `inTransaction`, `after`, `committed`; see write-hooks.ts) runs
 * for the hooks in this order. docs/decisions/0043.
 */
export function writeHooks(p: WriteHookParts): readonly WriteHook[] {
  return [
    // `ownership.ownerTypes` from the owners, as DataHub's service fills it (a complete step).
    ownerTypesHook,
    // Values against their definitions, definitions against the current one; cleanup tasks after.
    new StructuredPropertyRules(p.store, p.tasks, (name) => p.registry.entityOfUrnType(name) !== undefined),
    // A metadata test's definition compiles against the registry before it is stored.
    testDefinitionCheck(p.registry),
    // A new entity's default aspects (browsePathsV2, dataPlatformInstance), as DataHub writes them with
    // its key aspect; before the side effects below, whose entities get none (as in DataHub).
    defaultAspectsHook(p.registry),
    // Version sets: a version's isLatest, its set's latest; a deleted version hands latest on.
    versionSetsHook(p.registry),
    // DataHub's schema-field side effect: a dataset's schema fields as `schemaField` entities, made,
    // soft-deleted with their field and their dataset, removed with the schema, in the dataset's
    // transaction (an inTransaction step; docs/decisions/0053).
    ...(p.schemaFields ? [new SchemaFieldEntities(p.registry)] : []),
    // dbt datasets and their warehouse tables linked as siblings, as DataHub's sibling hook links them.
    siblingsHook(p.registry),
    // What each committed write did, for the service's metrics (an observer the wiring gives).
    ...(p.committed ? [{ name: 'committed writes', committed: p.committed }] : []),
  ];
}

export function createServices(p: ServiceParts): Services {
  const reads = new ReadService(p.registry, p.store, p.config.maxPageSize);
  const lineage = new LineageService(p.registry, p.store, {
    maxHops: p.config.lineageMaxHops,
    maxVisited: p.config.lineageMaxVisited,
    maxPageSize: p.config.maxPageSize,
  });
  const runs = new RunsService(
    p.registry,
    p.runs,
    p.store,
    p.ingest,
    p.config.maxPageSize,
    p.operations,
    p.config.rollbackTaskAspects,
  );
  p.operations.register(ROLLBACK_TASK, (params, progress) => runs.rollbackTask(params, progress));
  const tests = new MetadataTestsService(p.registry, p.store, p.ingest, p.operations, {
    log: p.log.child({ module: 'metadata-tests' }),
  });
  p.operations.register(SWEEP_TASK, (params, progress) => tests.sweepTask(params, progress));
  const references = new ReferenceService(p.registry, p.store, p.ingest);
  return Object.freeze({
    config: p.config,
    registry: p.registry,
    ingest: p.ingest,
    reads,
    edits: new EditService(p.registry, p.ingest, reads),
    creates: new CreateService(p.registry, p.ingest, reads),
    versionLinks: new VersionLinkService(p.registry, p.ingest, reads),
    people: new PeopleService(p.registry, p.ingest, reads, p.search, references),
    hierarchy: new HierarchyService(p.registry, p.ingest, reads, references),
    curation: new CurationService(p.registry, p.ingest, reads, references),
    queryEdits: new QueryEditService(p.registry, p.ingest, reads),
    dataProducts: new DataProductService(p.registry, p.ingest, reads, references),
    incidents: new IncidentService(p.registry, p.ingest, reads),
    lineageEdits: new LineageEditService(p.registry, p.ingest, reads),
    views: new ViewService(p.registry, p.ingest, reads, p.search),
    recommendations: new RecommendationService(p.search, p.changeLog),
    assertions: new AssertionService(p.registry, p.ingest, reads),
    entityApi: new EntityApiService(p.registry, reads, p.ingest, p.config.maxPageSize),
    openLineage: new OpenLineageService(p.registry, p.config),
    lineage,
    search: p.search,
    lineageSearch: new LineageSearchService(p.search, lineage),
    operations: p.operations,
    properties: new StructuredPropertyService(p.ingest, reads, p.store),
    traces: new TraceService(p.registry, p.store, p.search),
    runs,
    timeline: new TimelineService(p.registry, p.store),
    timeseriesStats: new TimeseriesStatsService(p.registry, p.store, p.ingest),
    references,
    events: new EventsService(p.registry, p.changeLog),
    tests,
    auth: p.auth,
    nativeUsers: new NativeUserService(p.ingest, reads, p.auth, {
      secretKey: p.secretKey,
      sessionMs: p.config.sessionTokenDurationMs,
      resetMs: p.config.passwordResetTokenExpirationMs,
    }),
    audit: new AuditService(p.registry, p.usageEvents),
    systemInfo: new SystemInfoService(p.config, p.health),
    throttle: new ThrottleService(),
    schemaRegistry: new SchemaRegistryService(p.schemaRegistry),
    health: p.health,
    log: p.log,
  });
}

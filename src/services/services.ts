import type { AuthService } from '../auth/index.js';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import type { Registry } from '../registry/index.js';
import type { SearchService } from '../../search-sync/service/index.js';
import type { CreateService } from './create-service.js';
import type { VersionLinkService } from './version-links.js';
import type { PeopleService } from './people-service.js';
import type { HierarchyService } from './hierarchy-service.js';
import type { CurationService } from './curation-service.js';
import type { QueryEditService } from './query-edit-service.js';
import type { DataProductService } from './data-product-service.js';
import type { IncidentService } from './incident-service.js';
import type { LineageEditService } from './lineage/lineage-edits.js';
import type { ViewService } from './view-service.js';
import type { RecommendationService } from './recommendation-service.js';
import type { AssertionService } from './assertion-service.js';
import type { EditService } from './edit-service.js';
import type { EntityApiService } from './entity-api-service.js';
import type { EventsService } from './events/index.js';
import type { HealthService } from './health-service.js';
import type { IngestService } from './ingest-service.js';
import type { LineageSearchService } from './lineage/lineage-search-service.js';
import type { LineageService } from './lineage/lineage-service.js';
import type { MetadataTestsService } from './metadata-tests/index.js';
import type { OperationsService } from './operations-service.js';
import type { ReadService } from './read-service.js';
import type { TimeseriesStatsService } from './timeseries-stats/index.js';
import type { ReferenceService } from './reference-service.js';
import type { OpenLineageService } from './openlineage/index.js';
import type { RunsService } from './runs-service.js';
import type { StructuredPropertyService } from './structured-properties/index.js';
import type { TimelineService } from './timeline-service.js';
import type { TraceService } from './trace-service.js';
import type { NativeUserService } from './native-user-service.js';
import type { AuditService } from './audit-service.js';
import type { SystemInfoService, ThrottleService } from './system-info-service.js';
import type { SchemaRegistryService } from './schema-registry-service.js';

/** Everything a transport may call. Transports hold no logic of their own. */
export interface Services {
  readonly config: Config;
  readonly registry: Registry;
  readonly ingest: IngestService;
  readonly reads: ReadService;
  readonly edits: EditService;
  readonly creates: CreateService;
  readonly versionLinks: VersionLinkService;
  readonly people: PeopleService;
  readonly hierarchy: HierarchyService;
  readonly curation: CurationService;
  readonly queryEdits: QueryEditService;
  readonly dataProducts: DataProductService;
  readonly incidents: IncidentService;
  readonly lineageEdits: LineageEditService;
  readonly views: ViewService;
  readonly recommendations: RecommendationService;
  readonly assertions: AssertionService;
  readonly entityApi: EntityApiService;
  /** DataHub's OpenLineage endpoint's mapping, with its settings (docs/decisions/0065). */
  readonly openLineage: OpenLineageService;
  readonly lineage: LineageService;
  readonly search: SearchService;
  readonly lineageSearch: LineageSearchService;
  readonly operations: OperationsService;
  readonly properties: StructuredPropertyService;
  readonly traces: TraceService;
  readonly runs: RunsService;
  readonly timeline: TimelineService;
  readonly timeseriesStats: TimeseriesStatsService;
  readonly references: ReferenceService;
  readonly events: EventsService;
  readonly tests: MetadataTestsService;
  readonly auth: AuthService;
  readonly nativeUsers: NativeUserService;
  /** Usage tracking and the audit log (docs/decisions/0060). */
  readonly audit: AuditService;
  readonly systemInfo: SystemInfoService;
  readonly throttle: ThrottleService;
  /** Confluent's schema registry API for DataHub's Kafka clients (public, as in DataHub). */
  readonly schemaRegistry: SchemaRegistryService;
  /** Whether the graph store and the search index answer (`GET /health`); needs no privilege. */
  readonly health: HealthService;
  readonly log: Logger;
}

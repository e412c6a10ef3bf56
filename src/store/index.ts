export { Executor, createDriver, MAX_CONNECTION_POOL_SIZE, type StoreGate, type Tx } from './executor.js';
export { Pipeline, type Sink } from './pipeline.js';
export { Neo4jStore, type EntityStore } from './neo4j-store.js';
export type * from './types.js';
export type { RelationshipPage, RelationshipQuery } from './read-relationships.js';
export type { TimeseriesQuery } from './read-timeseries.js';
export type { ScannedTimeseries, TimeseriesScan } from './read-timeseries-scan.js';
export type { LineageHit, LineagePage, LineageQuery } from './lineage/lineage-query.js';
export { LineageTree, type LineageFilter, type LineageRow } from './lineage/lineage-tree.js';
export type { EdgeEnd, EdgeRow as ScrolledEdge, EdgeScrollQuery } from './read-edges.js';
export { TaskStore, type TaskRecord, type TaskStatus } from './tasks.js';
export { MaintenanceStore } from './maintenance-store.js';
export { cypherName, JSON_PARAM_MAX_CHARS, runId as runIdOf } from './batch-util.js';
export type { PropertyStateRow } from './read-property-states.js';
export { AuthStore, type TokenRow, type TokenType } from './access-tokens.js';
export { likeToRegex } from './like-pattern.js';
export {
  fenceLease,
  FOLLOWER_LEASE_PREFIX,
  followerLease,
  LeaseLostError,
  SyncStateStore,
  type FollowerProgress,
  type LeaseToken,
} from './sync-state.js';
export {
  ChangeLogFollower,
  FollowingWorker,
  type ChangeHandler,
  type ChangedEntity,
  type CoalesceOptions,
  type Fence,
  type FollowerOptions,
  type FollowerStatus,
  type LogRange,
  type PendingWork,
} from './change-log-follower.js';
export { RunStore } from './run-store.js';
export {
  SchemaRegistryStore,
  type RegisteredSchemaRow,
  type SubjectVersionRow,
} from './schema-registry-store.js';
export { NO_RUN_ID, type RunAspectRow, type RunEntity, type RunSummaryRow } from './read-runs.js';
export { ChangeLogStore } from './change-log-store.js';
export type { LoggedChange } from './read-change-log.js';
export {
  UsageEventStore,
  type AuditCursor,
  type AuditQuery,
  type AuditRow,
  type UsageEventRow,
} from './usage-events.js';

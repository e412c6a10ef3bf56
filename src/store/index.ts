export { Executor, createDriver, type Tx } from './executor.js';
export { Neo4jStore, type EntityStore } from './neo4j-store.js';
export type * from './types.js';
export type { RelationshipPage, RelationshipQuery } from './read-relationships.js';
export type { TimeseriesQuery } from './read-timeseries.js';
export type { LineageHit, LineagePage, LineageQuery } from './read-lineage.js';
export type { EdgeEnd, EdgeRow as ScrolledEdge, EdgeScrollQuery } from './read-edges.js';
export { TaskStore, type TaskRecord, type TaskStatus } from './tasks.js';
export {
  readRestoreUrns,
  readTimeseriesCounts,
  readTimeseriesSizes,
  readTimeseriesUrns,
} from './read-maintenance.js';
export { cypherName } from './batch-util.js';
export { readChangedEntities } from './read-change-log.js';
export type { PropertyStateRow } from './read-property-states.js';
export { AuthStore, type TokenRow } from './access-tokens.js';
export { likeToRegex } from './like-pattern.js';
export { fenceLease, LeaseLostError, SyncStateStore, type LeaseToken } from './sync-state.js';

/**
 * The Neo4j schema of neohub: constraints and indexes, applied idempotently at start-up.
 *
 * - (:Entity {urn}) one node per entity (plus a label per entity kind); stubs for referenced URNs.
 * - (:Aspect {urn, name}) the latest version (version 0) of each versioned aspect, with the `runId` that
 *   wrote its value (ingestion runs: list, describe, rollback).
 * - (:AspectVersion {urn, name, version}) the history, version 1 = oldest.
 * - (:TimeseriesValue {urn, aspect, timestampMillis}) time-series aspect values.
 * - (:ChangeLog {seq}) the metadata change log, written in the same transaction as the change.
 * - (:Counter {name}) monotonic sequences, and markers of one-off data migrations (`kind-labels:<hash>`).
 * - (:AccessToken {id}) personal access tokens: the hash of the token, never the token; (:ActorRole {actor});
 *   (:TokenActor {actor}) the lock that serializes token creation per actor (the live-token cap).
 * - (:UsageEvent {id}) usage events: clients' tracking events and what neohub records outside the change log
 *   (tokens, roles, sign-ins), read by the audit search by time.
 * - (:RegistrySchema {id, hash}) and (:RegistrySubjectVersion {subject, version, schemaId}): the schema
 *   registry's schemas and subjects (Confluent's API, for DataHub's Kafka clients); ids from (:Counter).
 * - (:Task {id}) background tasks (`<node_id>:<task_id>`), (:SyncCheckpoint), (:Lease) for search sync.
 */
export const MIGRATIONS: readonly string[] = [
  'CREATE CONSTRAINT entity_urn IF NOT EXISTS FOR (e:Entity) REQUIRE e.urn IS UNIQUE',
  'CREATE CONSTRAINT aspect_urn_name IF NOT EXISTS FOR (a:Aspect) REQUIRE (a.urn, a.name) IS UNIQUE',
  'CREATE INDEX aspect_run IF NOT EXISTS FOR (a:Aspect) ON (a.runId, a.urn)',
  'CREATE INDEX aspect_version IF NOT EXISTS FOR (v:AspectVersion) ON (v.urn, v.name, v.version)',
  'CREATE CONSTRAINT timeseries_key IF NOT EXISTS FOR (t:TimeseriesValue) REQUIRE (t.urn, t.aspect, t.timestampMillis) IS UNIQUE',
  'CREATE INDEX timeseries_entity_aspect IF NOT EXISTS FOR (t:TimeseriesValue) ON (t.entityType, t.aspect)',
  'CREATE CONSTRAINT changelog_seq IF NOT EXISTS FOR (c:ChangeLog) REQUIRE c.seq IS UNIQUE',
  'CREATE INDEX changelog_trace IF NOT EXISTS FOR (c:ChangeLog) ON (c.traceId)',
  // One entry per write transaction: where a lookback starts (events API) and what retention removes.
  'CREATE INDEX changelog_logged IF NOT EXISTS FOR (c:ChangeLog) ON (c.loggedAt)',
  'CREATE CONSTRAINT counter_name IF NOT EXISTS FOR (c:Counter) REQUIRE c.name IS UNIQUE',
  'CREATE INDEX entity_type IF NOT EXISTS FOR (e:Entity) ON (e.entityType)',
  // A kind's entities in URN order, a page after a URN (a sweep over a million entities reads each once).
  'CREATE INDEX entity_type_urn IF NOT EXISTS FOR (e:Entity) ON (e.entityType, e.urn)',
  // Fine-grained lineage edges start at fields but belong to the aspect of a dataset (or job).
  'CREATE INDEX edge_owner IF NOT EXISTS FOR ()-[e:DownstreamOf]-() ON (e.owner)',
  'CREATE CONSTRAINT task_id IF NOT EXISTS FOR (t:Task) REQUIRE t.id IS UNIQUE',
  'CREATE CONSTRAINT access_token_id IF NOT EXISTS FOR (t:AccessToken) REQUIRE t.id IS UNIQUE',
  'CREATE INDEX access_token_owner IF NOT EXISTS FOR (t:AccessToken) ON (t.ownerUrn)',
  'CREATE INDEX access_token_actor IF NOT EXISTS FOR (t:AccessToken) ON (t.actorUrn)',
  'CREATE CONSTRAINT token_actor_actor IF NOT EXISTS FOR (a:TokenActor) REQUIRE a.actor IS UNIQUE',
  'CREATE CONSTRAINT actor_role_actor IF NOT EXISTS FOR (r:ActorRole) REQUIRE r.actor IS UNIQUE',
  'CREATE CONSTRAINT usage_event_id IF NOT EXISTS FOR (e:UsageEvent) REQUIRE e.id IS UNIQUE',
  'CREATE INDEX usage_event_time IF NOT EXISTS FOR (e:UsageEvent) ON (e.timestamp)',
  'CREATE CONSTRAINT registry_schema_id IF NOT EXISTS FOR (s:RegistrySchema) REQUIRE s.id IS UNIQUE',
  'CREATE CONSTRAINT registry_schema_hash IF NOT EXISTS FOR (s:RegistrySchema) REQUIRE s.hash IS UNIQUE',
  'CREATE CONSTRAINT registry_subject_version IF NOT EXISTS FOR (v:RegistrySubjectVersion) REQUIRE (v.subject, v.version) IS UNIQUE',
  // Lookups by URN alone use the composite indexes above (with `IS NOT NULL` on their other properties),
  // so single-property URN indexes of earlier versions only slow writes down.
  'DROP INDEX aspect_urn IF EXISTS',
  'DROP INDEX aspect_version_urn IF EXISTS',
  'DROP INDEX timeseries_urn IF EXISTS',
];

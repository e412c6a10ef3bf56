import { likeToRegex } from './like-pattern.js';
import { readAspectCount } from './read-maintenance.js';
import { readTrace } from './read-trace.js';
import { createHash } from 'node:crypto';
import { MIGRATIONS } from '../../graph-schema/index.js';
import { applyBatch, withAdded } from './apply-batch.js';
import type { Executor } from './executor.js';
import { readExists, readHistory, readLatest, readLatestValues, readVersion } from './read-aspects.js';
import { readEdges, type EdgeRow, type EdgeScrollQuery } from './read-edges.js';
import { readLineage, type LineagePage, type LineageQuery } from './lineage/read-lineage.js';
import { readPropertyHolders, readPropertyStates, type PropertyStateRow } from './read-property-states.js';
import {
  readReferences,
  readRelationships,
  type RelationshipPage,
  type RelationshipQuery,
} from './read-relationships.js';
import { readTimeseries, type TimeseriesQuery } from './read-timeseries.js';
import { scanTimeseries, type ScannedTimeseries, type TimeseriesScan } from './read-timeseries-scan.js';
import { readUrns, readUrnsAfter } from './read-urns.js';
import type { ApplyResult, InTransaction, StoredAspect, StoredTimeseries, WriteBatch } from './types.js';

/** The port the services depend on: the graph store of entities, aspects, edges and the change log. */
export interface EntityStore {
  /**
   * Applies a batch in one transaction; `during`, when given, runs first in that transaction and adds
   * writes to it (the write path's hooks: see `InTransaction`).
   */
  apply(batch: WriteBatch, during?: InTransaction): Promise<ApplyResult>;
  latest(urns: readonly string[], names?: readonly string[]): Promise<StoredAspect[]>;
  /** The latest value of every aspect of these entities, and nothing else (what search documents need). */
  latestValues(urns: readonly string[]): Promise<{ urn: string; name: string; value: string }[]>;
  version(urn: string, name: string, version: number): Promise<StoredAspect | undefined>;
  exists(urn: string): Promise<boolean>;
  /** Every version of some aspects of an entity, oldest first per aspect (the latest numbered last). */
  history(urn: string, names: readonly string[]): Promise<StoredAspect[]>;
  timeseries(q: TimeseriesQuery): Promise<StoredTimeseries[]>;
  /** The values of one time-series aspect of a kind in a range, over some entities or all (aggregations). */
  timeseriesScan(q: TimeseriesScan): Promise<ScannedTimeseries[]>;
  relationships(q: RelationshipQuery): Promise<RelationshipPage>;
  /** The aspects (of other entities) whose edges point at an entity, with each edge's type. */
  /** The aspects whose edges point at an entity, leaving out entities of the `unseen` kinds. */
  references(
    urn: string,
    unseen?: readonly string[],
  ): Promise<{ entity: string; aspect: string; type: string }[]>;
  lineage(q: LineageQuery): Promise<LineagePage>;
  edges(q: EdgeScrollQuery): Promise<EdgeRow[]>;
  urns(entityType: string, start: number, count: number): Promise<{ total: number; urns: string[] }>;
  /** A page of a kind's URNs after `after` in URN order (see `readUrnsAfter`): what a sweep walks. */
  urnsAfter(
    entityType: string,
    after: string,
    count: number,
  ): Promise<{ urns: string[]; last: string | null }>;
  propertyStates(urns: readonly string[]): Promise<PropertyStateRow[]>;
  propertyHolders(
    propertyUrn: string,
    after: string,
    scan: number,
  ): Promise<{ holders: string[]; scanned: number; last: string | null }>;
  /** How many entities hold an aspect, optionally only those whose URN matches a `%`-pattern. */
  /** How many entities hold an aspect (URNs matching a `%`-pattern), leaving out the `unseen` kinds. */
  aspectCount(aspect: string, urnLike?: string, unseen?: readonly string[]): Promise<number>;
  /** What the writes of a trace changed, with the sequence number of each change. */
  trace(traceId: string): Promise<{ urn: string; aspect: string; seq: number }[]>;
}

/** How long the relationship types a lineage walk narrows its filter to are kept (see `lineage`). */
const EDGE_TYPES_TTL_MS = 10_000;

export class Neo4jStore implements EntityStore {
  constructor(private readonly exec: Executor) {}

  /**
   * Applies the schema, then gives every entity node the label of its kind: a node first written as a
   * stub of a kind the registry did not have yet carries `:Entity` only (the registry grew to DataHub's
   * whole model in issue 17), and walks that filter on labels would skip it. Done once per set of kinds:
   * a marker names the set, so that later start-ups skip the scan. Returns the nodes labelled.
   */
  async migrate(kinds: readonly { readonly name: string; readonly label: string }[] = []): Promise<number> {
    for (const statement of MIGRATIONS) await this.exec.write((tx) => tx.run(statement));
    if (!kinds.length) return 0;
    const list = kinds.map((k) => ({ name: k.name, label: k.label }));
    const marker = `kind-labels:${createHash('sha1').update(JSON.stringify(list)).digest('hex').slice(0, 12)}`;
    return this.exec.write(async (tx) => {
      const done = await tx.run('MATCH (c:Counter {name: $marker}) RETURN c', { marker });
      if (done.records.length) return 0;
      const res = await tx.run<{ n: unknown }>(
        `UNWIND $kinds AS k
         MATCH (e:Entity {entityType: k.name}) WHERE NOT k.label IN labels(e)
         SET e:$(k.label)
         RETURN count(e) AS n`,
        { kinds: list },
      );
      await tx.run('MERGE (c:Counter {name: $marker}) ON CREATE SET c.value = 0', { marker });
      return Number(res.records[0]?.get('n') ?? 0);
    });
  }
  async apply(batch: WriteBatch, during?: InTransaction): Promise<ApplyResult> {
    // The batch as the transaction that committed applied it (a retried one runs `during` again).
    let applied = batch;
    const result = await this.exec.write(async (tx) => {
      applied = await withAdded(tx, batch, during);
      return applyBatch(tx, applied, Date.now());
    });
    // Edge types this process writes are walkable at once (see `lineage`).
    for (const op of applied.ops)
      if (op.kind === 'upsert') for (const e of op.edges) this.edgeTypes?.types.add(e.type);
    return result;
  }
  latest(urns: readonly string[], names?: readonly string[]): Promise<StoredAspect[]> {
    return this.exec.read((tx) => readLatest(tx, urns, names));
  }
  latestValues(urns: readonly string[]): Promise<{ urn: string; name: string; value: string }[]> {
    return this.exec.read((tx) => readLatestValues(tx, urns));
  }
  version(urn: string, name: string, version: number): Promise<StoredAspect | undefined> {
    return this.exec.read((tx) => readVersion(tx, urn, name, version));
  }
  exists(urn: string): Promise<boolean> {
    return this.exec.read((tx) => readExists(tx, urn));
  }
  history(urn: string, names: readonly string[]): Promise<StoredAspect[]> {
    return this.exec.read((tx) => readHistory(tx, urn, names));
  }
  timeseries(q: TimeseriesQuery): Promise<StoredTimeseries[]> {
    return this.exec.read((tx) => readTimeseries(tx, q));
  }
  timeseriesScan(q: TimeseriesScan): Promise<ScannedTimeseries[]> {
    return this.exec.read((tx) => scanTimeseries(tx, q));
  }
  relationships(q: RelationshipQuery): Promise<RelationshipPage> {
    return this.exec.read((tx) => readRelationships(tx, q));
  }
  references(
    urn: string,
    unseen: readonly string[] = [],
  ): Promise<{ entity: string; aspect: string; type: string }[]> {
    return this.exec.read((tx) => readReferences(tx, urn, unseen));
  }
  /**
   * A walk asks APOC for the relationships of each type of its filter at every node it visits, so a
   * filter over DataHub's whole lineage set (16 types) costs more than one over the types the graph has.
   * The filter is narrowed to the relationship types the database holds: read at most every
   * EDGE_TYPES_TTL_MS, and added to as soon as this process writes a new one (another process's first
   * edge of a new type is walked within that time).
   */
  async lineage(q: LineageQuery): Promise<LineagePage> {
    const now = Date.now();
    if (!this.edgeTypes || now - this.edgeTypes.at > EDGE_TYPES_TTL_MS) {
      const types = await this.exec.read(async (tx) =>
        (
          await tx.run<{ t: string }>('CALL db.relationshipTypes() YIELD relationshipType AS t RETURN t')
        ).records.map((r) => r.get('t')),
      );
      this.edgeTypes = { at: now, types: new Set(types) };
    }
    const present = this.edgeTypes.types;
    const filter = q.relationshipFilter
      .split('|')
      .filter((part) => present.has(part.replace(/^<|>$/g, '')))
      .join('|');
    if (!filter) return { hits: [], partial: false, reached: 0, total: 0 };
    return this.exec.read((tx) => readLineage(tx, { ...q, relationshipFilter: filter }));
  }
  private edgeTypes: { at: number; types: Set<string> } | undefined;
  urns(entityType: string, start: number, count: number): Promise<{ total: number; urns: string[] }> {
    return this.exec.read((tx) => readUrns(tx, entityType, start, count));
  }
  urnsAfter(
    entityType: string,
    after: string,
    count: number,
  ): Promise<{ urns: string[]; last: string | null }> {
    return this.exec.read((tx) => readUrnsAfter(tx, entityType, after, count));
  }
  edges(q: EdgeScrollQuery): Promise<EdgeRow[]> {
    return this.exec.read((tx) => readEdges(tx, q));
  }
  propertyStates(urns: readonly string[]): Promise<PropertyStateRow[]> {
    return this.exec.read((tx) => readPropertyStates(tx, urns));
  }
  propertyHolders(
    propertyUrn: string,
    after: string,
    scan: number,
  ): Promise<{ holders: string[]; scanned: number; last: string | null }> {
    return this.exec.read((tx) => readPropertyHolders(tx, propertyUrn, after, scan));
  }
  aspectCount(aspect: string, urnLike?: string, unseen: readonly string[] = []): Promise<number> {
    return this.exec.read((tx) =>
      readAspectCount(tx, aspect, urnLike ? likeToRegex(urnLike) : undefined, unseen),
    );
  }
  trace(traceId: string): Promise<{ urn: string; aspect: string; seq: number }[]> {
    return this.exec.read((tx) => readTrace(tx, traceId));
  }
}

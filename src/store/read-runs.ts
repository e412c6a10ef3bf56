import type { Tx } from './executor.js';

/** The run id DataHub gives writes that name none; such writes form no run. */
export const NO_RUN_ID = 'no-run-id-provided';

export interface RunSummaryRow {
  readonly runId: string;
  /** Aspects whose current value the run wrote. */
  readonly rows: number;
  /** When the run last wrote one of them. */
  readonly timestamp: number;
}

/** An aspect whose current value a run wrote. */
export interface RunAspectRow {
  readonly urn: string;
  readonly entityType: string;
  readonly aspect: string;
  readonly timestamp: number;
  readonly systemMetadata: string | null;
  /** How many earlier versions the aspect keeps (0: the run created it). */
  readonly maxVersion: number;
  readonly value?: string;
}

/** What a rollback needs to know of one entity a run wrote to. */
export interface RunEntity {
  readonly urn: string;
  readonly entityType: string;
  readonly rows: readonly (RunAspectRow & {
    /** The version before the run's: what a revert makes current again. */
    readonly previous: { value: string; systemMetadata: string | null } | null;
  })[];
  /** The entity's aspects that other runs (or no run) wrote. */
  readonly others: readonly string[];
}

const SOFT = `($includeSoft OR NOT EXISTS { MATCH (n:Entity {urn: a.urn}) WHERE n.removed = true })`;
/** Rows of the kinds the caller may not see are left out (the entity type is the URN's third part). */
const SEEN = `NOT split(a.urn, ':')[2] IN $unseen`;

/** Runs, newest first: the aspects each wrote and when it last wrote one. */
export async function readRuns(
  tx: Tx,
  q: { offset: number; size: number; includeSoft: boolean; unseen: readonly string[] },
): Promise<RunSummaryRow[]> {
  const res = await tx.run<RunSummaryRow>(
    `MATCH (a:Aspect) WHERE a.runId IS NOT NULL AND a.runId <> $none AND ${SOFT} AND ${SEEN}
     WITH a.runId AS runId, count(*) AS rows, coalesce(max(a.createdTime), 0) AS timestamp
     RETURN runId, rows, timestamp ORDER BY timestamp DESC, runId SKIP $offset LIMIT $size`,
    { none: NO_RUN_ID, ...q },
  );
  return res.records.map((r) => r.toObject());
}

/** A page of the aspects whose current value a run wrote, in URN and aspect order. */
export async function readRunRows(
  tx: Tx,
  q: {
    runId: string;
    start: number;
    count: number;
    includeSoft: boolean;
    withValue: boolean;
    unseen: readonly string[];
  },
): Promise<RunAspectRow[]> {
  // `ORDER BY` starts with both properties of the (runId, urn) index so that Neo4j reads it in order and sorts
  // only each entity's few aspects by name (`PartialTop`), stopping at the page: by the URN alone it sorted
  // every aspect the run wrote (88 s a page at 1,000,000 entities).
  const res = await tx.run<RunAspectRow>(
    `MATCH (a:Aspect) WHERE a.runId = $runId AND a.urn IS NOT NULL AND ${SOFT} AND ${SEEN}
     WITH a ORDER BY a.runId, a.urn, a.name SKIP $start LIMIT $count
     OPTIONAL MATCH (n:Entity {urn: a.urn})
     RETURN a.urn AS urn, n.entityType AS entityType, a.name AS aspect, a.createdTime AS timestamp,
            a.systemMetadata AS systemMetadata, coalesce(a.maxVersion, 0) AS maxVersion,
            CASE WHEN $withValue THEN a.value END AS value`,
    { ...q },
  );
  return res.records.map((r) => {
    const o = r.toObject();
    return o.value === null ? { ...o, value: undefined } : o;
  });
}

/** How many aspects' current values a run wrote (an index count). */
export async function readRunSize(tx: Tx, runId: string): Promise<number> {
  const res = await tx.run<{ n: number }>(
    'MATCH (a:Aspect) WHERE a.runId = $runId AND a.urn IS NOT NULL RETURN count(a) AS n',
    { runId },
  );
  return res.records[0]?.get('n') ?? 0;
}

/**
 * The next entities (in URN order, after `after`) a run wrote to, each with the aspects it wrote, the
 * version before each, and the entity's aspects written by others.
 */
export async function readRunEntities(
  tx: Tx,
  runId: string,
  after: string,
  limit: number,
): Promise<RunEntity[]> {
  // `DISTINCT` and `ORDER BY` name both properties of the (runId, urn) index so that Neo4j reads it in order and
  // stops at the page (by the URN alone it read, deduplicated and sorted every aspect the run wrote: 14 s a page
  // at 1,000,000 entities); each entity's aspects are put in name order here, not by Cypher, so that nothing
  // sorts (the aggregation keeps the index's order).
  const res = await tx.run<RunEntity>(
    `MATCH (a:Aspect) WHERE a.runId = $runId AND a.urn > $after
     WITH DISTINCT a.runId AS run, a.urn AS urn ORDER BY run, urn LIMIT $limit
     MATCH (a:Aspect {urn: urn}) WHERE a.name IS NOT NULL
     OPTIONAL MATCH (v:AspectVersion {urn: urn, name: a.name, version: a.maxVersion})
     WITH run, urn,
          collect(CASE WHEN a.runId = $runId THEN {
            urn: urn, aspect: a.name, timestamp: a.createdTime, systemMetadata: a.systemMetadata,
            maxVersion: coalesce(a.maxVersion, 0),
            previous: CASE WHEN v IS NULL THEN null ELSE {value: v.value, systemMetadata: v.systemMetadata} END
          } END) AS rows,
          collect(CASE WHEN a.runId IS NULL OR a.runId <> $runId THEN a.name END) AS others
     OPTIONAL MATCH (n:Entity {urn: urn})
     RETURN urn, n.entityType AS entityType, rows, others
     ORDER BY run, urn`,
    { runId, after, limit },
  );
  const byName = (x: string, y: string): number => (x < y ? -1 : x > y ? 1 : 0);
  return res.records.map((r) => {
    const o = r.toObject();
    return {
      ...o,
      rows: o.rows
        .map((row) => ({ ...row, entityType: o.entityType }))
        .sort((x, y) => byName(x.aspect, y.aspect)),
      others: [...o.others].sort(byName),
    };
  });
}

/**
 * Gives aspects written before runs were indexed the `runId` of their system metadata: those of the next
 * `batch` aspects' entities in URN order after `after` (the key constraint's index walks them in that
 * order, so each page reads its own aspects only, never those of the pages before it). Returns how many
 * it set, and the page's last URN (none once no aspect is left).
 */
export async function indexRunIds(
  tx: Tx,
  after: string,
  batch: number,
): Promise<{ n: number; last: string | null }> {
  const res = await tx.run<{ n: number; last: string | null }>(
    `MATCH (a:Aspect) WHERE a.urn > $after AND a.name IS NOT NULL
     WITH a.urn AS urn ORDER BY urn LIMIT $batch
     WITH collect(DISTINCT urn) AS urns
     UNWIND urns AS u
     OPTIONAL MATCH (a:Aspect) WHERE a.urn = u AND a.name IS NOT NULL
       AND a.runId IS NULL AND a.systemMetadata IS NOT NULL
     SET a.runId = coalesce(apoc.convert.fromJsonMap(a.systemMetadata).runId, $none)
     RETURN count(a) AS n, last(urns) AS last`,
    { after, batch, none: NO_RUN_ID },
  );
  return { n: res.records[0]?.get('n') ?? 0, last: res.records[0]?.get('last') ?? null };
}

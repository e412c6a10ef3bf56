import type { Tx } from './executor.js';
import type { ChangeLogEntry } from './types.js';

/**
 * Entities a follower's batch holds at most (give or take the last transaction's). Transactions differ
 * in size by a thousand times: one of an ingest batch holds about 125 datasets, one of a metadata-test
 * sweep 1,000 results; bounded by transactions alone, a batch of the sweep's held 200,000 entities, and a
 * search sync behind it held their documents in memory, eight batches deep (4.6 GB at 1,000,000
 * entities, its throughput collapsing as the heap filled).
 */
export const MAX_BATCH_ENTITIES = 20_000;

/**
 * Which entities changed after `afterSeq`: the (urn, entityType) of every change-log entry of at most
 * `maxNodes` transactions, ending after the first transaction whose entities reach `maxEntities`, and
 * the last sequence number they cover. Values are not read. Nodes of the first format (one entry each,
 * scalar `urn`) are read too.
 */
export async function readChangedEntities(
  tx: Tx,
  afterSeq: number,
  maxNodes: number,
  maxEntities = MAX_BATCH_ENTITIES,
): Promise<{ entities: { urn: string; entityType: string }[]; lastSeq: number; entries: number }> {
  const res = await tx.run<{ last: number; urns: string[]; types: string[] }>(
    `MATCH (c:ChangeLog) WHERE c.seq > $after
     RETURN coalesce(c.last, c.seq) AS last, coalesce(c.urns, [c.urn]) AS urns, coalesce(c.entityTypes, [c.entityType]) AS types
     ORDER BY c.seq LIMIT $max`,
    { after: afterSeq, max: maxNodes },
  );
  const seen = new Map<string, string>();
  let lastSeq = afterSeq;
  let entries = 0;
  for (const rec of res.records) {
    // Whole transactions only; a batch ends at the first whose entities reach the bound.
    if (seen.size >= maxEntities) break;
    lastSeq = Math.max(lastSeq, rec.get('last'));
    const types = rec.get('types');
    rec.get('urns').forEach((urn, i) => {
      entries++;
      if (!seen.has(urn)) seen.set(urn, types[i] ?? '');
    });
  }
  return { entities: [...seen].map(([urn, entityType]) => ({ urn, entityType })), lastSeq, entries };
}

/**
 * The URNs of the last `max` change-log entries, newest first (an entity once per entry). Values are not
 * read: the newest transactions' URN lists only, the last `max` of each.
 */
export async function readRecentUrns(tx: Tx, max: number): Promise<string[]> {
  // `c.seq IS NOT NULL` (every entry has one) lets Neo4j read the seq index backwards and stop at `max`
  // entries: without it, it scanned every change-log node and sorted them (`Top`).
  const res = await tx.run<{ urns: string[] }>(
    `MATCH (c:ChangeLog) WHERE c.seq IS NOT NULL WITH c ORDER BY c.seq DESC LIMIT $max
     RETURN coalesce(c.urns, [c.urn])[-$max..] AS urns`,
    { max },
  );
  const out: string[] = [];
  for (const r of res.records) {
    out.push(...[...r.get('urns')].reverse());
    if (out.length >= max) break;
  }
  return out.slice(0, max);
}

/** The first position the change log still holds (retention deletes the oldest entries); null when empty. */
export async function readOldestSeq(tx: Tx): Promise<number | null> {
  // `c.seq IS NOT NULL` (every entry has one) lets Neo4j read the seq index in order and stop at the first
  // entry: without it, it scanned every change-log node and sorted them (`Top`).
  const res = await tx.run<{ seq: number }>(
    'MATCH (c:ChangeLog) WHERE c.seq IS NOT NULL RETURN c.seq AS seq ORDER BY c.seq LIMIT 1',
  );
  return res.records[0]?.get('seq') ?? null;
}

/** A change-log entry as read back, with when its transaction was logged (epoch millis). */
export interface LoggedChange extends ChangeLogEntry {
  readonly loggedAt: number;
}

/** The last change-log position written: the value of the `changelog` counter (0 before any write). */
export async function readHead(tx: Tx): Promise<number> {
  const res = await tx.run<{ v: number | null }>('MATCH (c:Counter {name: "changelog"}) RETURN c.value AS v');
  return res.records[0]?.get('v') ?? 0;
}

/** Nodes whose extents are read per round while collecting entries. */
const NODES_PER_ROUND = 50;

/** The parallel lists of a change-log node, with the scalar property of the first format. */
const LISTS = [
  ['urns', 'urn'],
  ['entityTypes', 'entityType'],
  ['aspects', 'aspect'],
  ['changeTypes', 'changeType'],
  ['previousValues', 'previousValue'],
  ['newValues', 'newValue'],
  ['createdTimes', 'createdTime'],
  ['createdActors', 'createdActor'],
  ['runIds', 'runId'],
  ['systemMetadatas', 'systemMetadata'],
  ['previousSystemMetadatas', 'previousSystemMetadata'],
  ['defaulteds', 'defaulted'],
  ['previousDefaulteds', 'previousDefaulted'],
] as const;
type Slice = { [K in (typeof LISTS)[number][0]]?: unknown[] } & { seq: number; loggedAt: number | null };
const SLICED = LISTS.map(
  ([list, scalar]) => `${list}: coalesce(c.${list}, [c.${scalar}])[p.from - c.seq..p.to - c.seq + 1]`,
).join(', ');

/**
 * Up to `max` change-log entries after position `after`, in order, with their values. An entry is one
 * element of a node's parallel lists (number `seq + i`); the node that holds `after + 1` may have begun
 * before it. Each round reads the extents of the next nodes first, then only the entries it takes, so a
 * large transaction costs no more than what is read of it. Nodes of the first format (one entry each,
 * scalar properties) are read too.
 */
export async function readChangeLog(tx: Tx, after: number, max: number): Promise<LoggedChange[]> {
  const out: LoggedChange[] = [];
  // The node holding `after + 1`, when it began at or before `after` (the index gives the order).
  let extents = await tx.run<{ seq: number; last: number }>(
    `MATCH (c:ChangeLog) WHERE c.seq <= $after
     WITH c ORDER BY c.seq DESC LIMIT 1
     WITH c WHERE coalesce(c.last, c.seq) > $after
     RETURN c.seq AS seq, coalesce(c.last, c.seq) AS last`,
    { after },
  );
  let from = after;
  for (let round = 0; out.length < max; round++) {
    if (round > 0) {
      extents = await tx.run<{ seq: number; last: number }>(
        `MATCH (c:ChangeLog) WHERE c.seq > $from
         WITH c ORDER BY c.seq LIMIT $nodes
         RETURN c.seq AS seq, coalesce(c.last, c.seq) AS last`,
        { from, nodes: NODES_PER_ROUND },
      );
    }
    const picks: { seq: number; from: number; to: number }[] = [];
    let room = max - out.length;
    for (const r of extents.records) {
      const seq = r.get('seq');
      from = Math.max(from, seq);
      if (room <= 0) break;
      const first = Math.max(seq, after + 1);
      const to = Math.min(r.get('last'), first + room - 1);
      picks.push({ seq, from: first, to });
      room -= to - first + 1;
    }
    if (picks.length) {
      const res = await tx.run<{ slice: Slice }>(
        `UNWIND $picks AS p
         MATCH (c:ChangeLog {seq: p.seq})
         RETURN c {seq: p.from, .loggedAt, ${SLICED}} AS slice ORDER BY slice.seq`,
        { picks },
      );
      for (const r of res.records) out.push(...entriesOf(r.get('slice')));
    }
    if (round > 0 && extents.records.length < NODES_PER_ROUND) break;
  }
  return out.slice(0, max);
}

/** The entries of a slice of one node's lists (`''` in a list stands for null). */
function entriesOf(p: Slice): LoggedChange[] {
  const at = <T>(list: (typeof LISTS)[number][0], i: number): T | null => {
    const v = p[list]?.[i];
    return v === undefined || v === null || v === '' ? null : (v as T);
  };
  const out: LoggedChange[] = [];
  for (let i = 0; i < (p.urns?.length ?? 0); i++) {
    out.push({
      seq: Number(p.seq) + i,
      urn: at<string>('urns', i) ?? '',
      entityType: at<string>('entityTypes', i) ?? '',
      aspect: at<string>('aspects', i),
      changeType: at<string>('changeTypes', i) === 'DELETE' ? 'DELETE' : 'UPSERT',
      previousValue: at<string>('previousValues', i),
      newValue: at<string>('newValues', i),
      created: {
        time: Number(at<number>('createdTimes', i) ?? p.loggedAt ?? 0),
        actor: at<string>('createdActors', i) ?? '',
      },
      runId: at<string>('runIds', i),
      systemMetadata: at<string>('systemMetadatas', i),
      previousSystemMetadata: at<string>('previousSystemMetadatas', i),
      defaulted: at<string>('defaulteds', i),
      previousDefaulted: at<string>('previousDefaulteds', i),
      loggedAt: Number(p.loggedAt ?? 0),
    });
  }
  return out;
}

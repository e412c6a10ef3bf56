import type { Tx } from './executor.js';
import type { ChangeLogEntry } from './types.js';

/**
 * Which entities changed after `afterSeq`: the (urn, entityType) of every change-log entry of at most
 * `maxNodes` transactions, and the last sequence number they cover. Values are not read. Nodes of the
 * first format (one entry each, scalar `urn`) are read too.
 */
export async function readChangedEntities(
  tx: Tx,
  afterSeq: number,
  maxNodes: number,
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
    lastSeq = Math.max(lastSeq, rec.get('last'));
    const types = rec.get('types');
    rec.get('urns').forEach((urn, i) => {
      entries++;
      if (!seen.has(urn)) seen.set(urn, types[i] ?? '');
    });
  }
  return { entities: [...seen].map(([urn, entityType]) => ({ urn, entityType })), lastSeq, entries };
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

/** Nodes read per round while collecting entries. */
const NODES_PER_ROUND = 50;

/**
 * Up to `max` change-log entries after position `after`, in order, with their values. An entry is one
 * element of a node's parallel lists (number `seq + i`); the node that holds `after + 1` may have begun
 * before it. Nodes of the first format (one entry each, scalar properties) are read too.
 */
export async function readChangeLog(tx: Tx, after: number, max: number): Promise<LoggedChange[]> {
  const out: LoggedChange[] = [];
  const take = (nodes: Record<string, unknown>[]): void => {
    for (const p of nodes) for (const e of entriesOf(p)) if (e.seq > after && out.length < max) out.push(e);
  };
  // The node holding `after + 1`, when it began at or before `after` (the index gives the order).
  const straddling = await tx.run<{ p: Record<string, unknown> }>(
    `MATCH (c:ChangeLog) WHERE c.seq <= $after
     WITH c ORDER BY c.seq DESC LIMIT 1
     WITH c WHERE coalesce(c.last, c.seq) > $after
     RETURN properties(c) AS p`,
    { after },
  );
  take(straddling.records.map((r) => r.get('p')));
  let from = after;
  while (out.length < max) {
    const res = await tx.run<{ p: Record<string, unknown> }>(
      `MATCH (c:ChangeLog) WHERE c.seq > $from
       WITH c ORDER BY c.seq LIMIT $nodes
       RETURN properties(c) AS p`,
      { from, nodes: NODES_PER_ROUND },
    );
    const nodes = res.records.map((r) => r.get('p'));
    take(nodes);
    if (nodes.length < NODES_PER_ROUND) break;
    from = Number((nodes.at(-1) as Record<string, unknown>).seq);
  }
  return out;
}

/** The entries of one node's properties (`''` in a list stands for null). */
function entriesOf(p: Record<string, unknown>): LoggedChange[] {
  const seq = Number(p.seq);
  const at = <T>(lists: string, scalar: string, i: number): T | null => {
    const v = Array.isArray(p[lists]) ? (p[lists] as unknown[])[i] : i === 0 ? p[scalar] : undefined;
    return v === undefined || v === null || v === '' ? null : (v as T);
  };
  const n = Array.isArray(p.urns) ? p.urns.length : 1;
  const out: LoggedChange[] = [];
  for (let i = 0; i < n; i++) {
    out.push({
      seq: seq + i,
      urn: at<string>('urns', 'urn', i) ?? '',
      entityType: at<string>('entityTypes', 'entityType', i) ?? '',
      aspect: at<string>('aspects', 'aspect', i),
      changeType: at<string>('changeTypes', 'changeType', i) === 'DELETE' ? 'DELETE' : 'UPSERT',
      previousValue: at<string>('previousValues', 'previousValue', i),
      newValue: at<string>('newValues', 'newValue', i),
      created: {
        time: Number(at<number>('createdTimes', 'createdTime', i) ?? p.loggedAt ?? 0),
        actor: at<string>('createdActors', 'createdActor', i) ?? '',
      },
      runId: at<string>('runIds', 'runId', i),
      systemMetadata: at<string>('systemMetadatas', 'systemMetadata', i),
      previousSystemMetadata: at<string>('previousSystemMetadatas', 'previousSystemMetadata', i),
      loggedAt: Number(p.loggedAt ?? 0),
    });
  }
  return out;
}

import type { Tx } from './executor.js';

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

import type { Tx } from './executor.js';

/** A page of the URNs of one entity type that exist in the store (not stubs), in URN order. */
export async function readUrns(
  tx: Tx,
  entityType: string,
  start: number,
  count: number,
): Promise<{ total: number; urns: string[] }> {
  const res = await tx.run<{ total: number; urns: string[] }>(
    `MATCH (n:Entity {entityType: $entityType}) WHERE n.hasKey
     WITH n.urn AS urn ORDER BY urn
     WITH collect(urn) AS found
     RETURN size(found) AS total, found[$start..$end] AS urns`,
    { entityType, start, end: start + count },
  );
  const rec = res.records[0];
  return rec ? { total: rec.get('total'), urns: rec.get('urns') } : { total: 0, urns: [] };
}

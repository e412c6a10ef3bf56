import type { Tx } from './executor.js';

/** A page of the URNs of one entity type that exist in the store (not stubs), in URN order. */
export async function readUrns(
  tx: Tx,
  entityType: string,
  start: number,
  count: number,
): Promise<{ total: number; urns: string[] }> {
  // The page off the (entityType, urn) index in URN order (it skips `start` entries, it sorts nothing),
  // and the total counted apart: no list of every URN of the kind is built. The index is named and
  // `ORDER BY` names both of its properties: ordered by the URN alone, Neo4j's planner read every entry
  // of the kind and sorted them (`Top`), so a page cost as much as the kind's size (3.6 s at 1,000,000
  // datasets); on a small store it chose the index on the kind alone, and sorted too.
  const page = await tx.run<{ urn: string }>(
    `MATCH (n:Entity) USING INDEX n:Entity(entityType, urn)
     WHERE n.entityType = $entityType AND n.urn >= '' AND n.hasKey
     RETURN n.urn AS urn ORDER BY n.entityType, n.urn SKIP $start LIMIT $count`,
    { entityType, start, count },
  );
  const total = await tx.run<{ total: number }>(
    'MATCH (n:Entity {entityType: $entityType}) WHERE n.hasKey RETURN count(n) AS total',
    { entityType },
  );
  return { total: total.records[0]?.get('total') ?? 0, urns: page.records.map((r) => r.get('urn')) };
}

/**
 * The URNs of one entity type that exist in the store, in URN order, after `after` (exclusive; '' for
 * the first page): a page read from the (entityType, urn) index, whatever the page's place in the list.
 * `last` is the last URN looked at (stubs included), where the next page starts; null at the end. The
 * index named and ordered by both its properties, the page is the index's next entries: ordered by the URN
 * alone, each page sorted every URN of the kind after `after` (a sweep of all datasets quadratic in
 * their number: 250 to 400 ms a page at 1,000,000).
 */
export async function readUrnsAfter(
  tx: Tx,
  entityType: string,
  after: string,
  count: number,
): Promise<{ urns: string[]; last: string | null }> {
  const res = await tx.run<{ urns: string[]; scanned: string[] }>(
    `MATCH (n:Entity) USING INDEX n:Entity(entityType, urn)
     WHERE n.entityType = $entityType AND n.urn > $after
     WITH n ORDER BY n.entityType, n.urn LIMIT $count
     WITH collect(n) AS page
     RETURN [n IN page WHERE n.hasKey | n.urn] AS urns, [n IN page | n.urn] AS scanned`,
    { entityType, after, count },
  );
  const rec = res.records[0];
  const scanned = rec?.get('scanned') ?? [];
  return { urns: rec?.get('urns') ?? [], last: scanned.length < count ? null : (scanned.at(-1) ?? null) };
}

import type { Tx } from './executor.js';

/** A page of the URNs of one entity type that exist in the store (not stubs), in URN order. */
export async function readUrns(
  tx: Tx,
  entityType: string,
  start: number,
  count: number,
): Promise<{ total: number; urns: string[] }> {
  // The page off the (entityType, urn) index in URN order (it skips `start` entries, it sorts nothing),
  // and the total counted apart: no list of every URN of the kind is built.
  const page = await tx.run<{ urn: string }>(
    `MATCH (n:Entity) WHERE n.entityType = $entityType AND n.urn >= '' AND n.hasKey
     RETURN n.urn AS urn ORDER BY n.urn SKIP $start LIMIT $count`,
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
 * `last` is the last URN looked at (stubs included), where the next page starts; null at the end.
 */
export async function readUrnsAfter(
  tx: Tx,
  entityType: string,
  after: string,
  count: number,
): Promise<{ urns: string[]; last: string | null }> {
  const res = await tx.run<{ urns: string[]; scanned: string[] }>(
    `MATCH (n:Entity) WHERE n.entityType = $entityType AND n.urn > $after
     WITH n ORDER BY n.urn LIMIT $count
     WITH collect(n) AS page
     RETURN [n IN page WHERE n.hasKey | n.urn] AS urns, [n IN page | n.urn] AS scanned`,
    { entityType, after, count },
  );
  const rec = res.records[0];
  const scanned = rec?.get('scanned') ?? [];
  return { urns: rec?.get('urns') ?? [], last: scanned.length < count ? null : (scanned.at(-1) ?? null) };
}

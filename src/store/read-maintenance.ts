import type { Tx } from './executor.js';

/** URNs to restore: one URN, a `%`-pattern, or all, optionally only those with an aspect; a page in URN order. */
export async function readRestoreUrns(
  tx: Tx,
  q: {
    urn?: string | undefined;
    urnRegex?: string | undefined;
    aspect?: string | undefined;
    start: number;
    count: number;
  },
): Promise<{ urn: string; entityType: string }[]> {
  // The page is read off the URN index in its order and stops at its last row (the index named, ordered
  // by the property itself; one URN, a seek of it): matched by label, Neo4j read and sorted every entity
  // for each page (3.7 s at 1,000,000 entities). Every entity has a URN: the index holds them all.
  const urn = q.urn === undefined ? 'n.urn IS NOT NULL' : 'n.urn = $urn';
  const res = await tx.run<{ urn: string; entityType: string }>(
    `MATCH (n:Entity) USING INDEX n:Entity(urn) WHERE ${urn} AND n.hasKey
       AND ($regex IS NULL OR n.urn =~ $regex)
       AND ($aspect IS NULL OR EXISTS { MATCH (a:Aspect {urn: n.urn, name: $aspect}) })
     RETURN n.urn AS urn, n.entityType AS entityType ORDER BY n.urn SKIP $start LIMIT $count`,
    {
      urn: q.urn ?? null,
      regex: q.urnRegex ?? null,
      aspect: q.aspect ?? null,
      start: q.start,
      count: q.count,
    },
  );
  return res.records.map((r) => r.toObject());
}

/** Size of each time-series store: value count and bytes of the stored values. */
export async function readTimeseriesSizes(
  tx: Tx,
): Promise<{ entityType: string; aspect: string; rows: number; bytes: number }[]> {
  const res = await tx.run<{ entityType: string; aspect: string; rows: number; bytes: number }>(
    `MATCH (t:TimeseriesValue)
     RETURN t.entityType AS entityType, t.aspect AS aspect, count(*) AS rows, sum(size(t.value)) AS bytes
     ORDER BY entityType, aspect`,
  );
  return res.records.map((r) => r.toObject());
}

/** How many time-series values of an entity type and aspect exist, and how many are at or before `end`. */
export async function readTimeseriesCounts(
  tx: Tx,
  entityType: string,
  aspect: string,
  end: number,
): Promise<{ total: number; old: number }> {
  const res = await tx.run<{ total: number; old: number }>(
    `MATCH (t:TimeseriesValue {entityType: $entityType, aspect: $aspect})
     RETURN count(*) AS total, count(CASE WHEN t.timestampMillis <= $end THEN 1 END) AS old`,
    { entityType, aspect, end },
  );
  const rec = res.records[0];
  return { total: rec?.get('total') ?? 0, old: rec?.get('old') ?? 0 };
}

/** Entities that still have time-series values of `aspect` at or before `end`. */
export async function readTimeseriesUrns(
  tx: Tx,
  entityType: string,
  aspect: string,
  end: number,
  limit: number,
): Promise<string[]> {
  const res = await tx.run<{ urn: string }>(
    `MATCH (t:TimeseriesValue {entityType: $entityType, aspect: $aspect}) WHERE t.timestampMillis <= $end
     RETURN DISTINCT t.urn AS urn LIMIT $limit`,
    { entityType, aspect, end, limit },
  );
  return res.records.map((r) => r.get('urn'));
}

/** How many entities hold an aspect (its latest version), optionally only URNs matching a pattern. */
export async function readAspectCount(
  tx: Tx,
  aspect: string,
  urnRegex: string | undefined,
  unseen: readonly string[] = [],
): Promise<number> {
  const res = await tx.run<{ n: number }>(
    `MATCH (a:Aspect {name: $aspect})
     WHERE ($regex IS NULL OR a.urn =~ $regex) AND (size($unseen) = 0 OR NOT split(a.urn, ':')[2] IN $unseen)
     RETURN count(a) AS n`,
    { aspect, regex: urnRegex ?? null, unseen },
  );
  return res.records[0]?.get('n') ?? 0;
}

import type { Tx } from './executor.js';

/** What the store holds of an entity that structured-property rules look at. */
export interface PropertyStateRow {
  readonly urn: string;
  /** The entity has its key aspect (it exists and is not hard deleted). */
  readonly exists: boolean;
  readonly removed: boolean;
  /** JSON of its `propertyDefinition` aspect, when it has one. */
  readonly definition: string | null;
  /** When the current version of its definition was set (entity-node projection). */
  readonly versionSince: number | null;
}

/** The states of several entities in one read (index seeks on the URN). */
export async function readPropertyStates(tx: Tx, urns: readonly string[]): Promise<PropertyStateRow[]> {
  if (!urns.length) return [];
  const res = await tx.run<PropertyStateRow>(
    `UNWIND $urns AS u
     OPTIONAL MATCH (n:Entity {urn: u})
     OPTIONAL MATCH (a:Aspect {urn: u, name: 'propertyDefinition'})
     RETURN u AS urn, coalesce(n.hasKey, false) AS exists, coalesce(n.removed, false) AS removed,
            a.value AS definition, n.propertyVersionSince AS versionSince`,
    { urns: [...new Set(urns)] },
  );
  return res.records.map((r) => {
    const o = r.toObject();
    return { ...o, versionSince: o.versionSince === null ? null : Number(o.versionSince) };
  });
}

/**
 * One step of a scan over all entities in URN order (from after `after`, `scan` entities at a time) for
 * those whose `structuredProperties` aspect mentions `propertyUrn`. `last` is where the next step starts;
 * null when the scan is done.
 */
export async function readPropertyHolders(
  tx: Tx,
  propertyUrn: string,
  after: string,
  scan: number,
): Promise<{ holders: string[]; scanned: number; last: string | null }> {
  const res = await tx.run<{ holders: string[]; scanned: number; last: string | null }>(
    `MATCH (n:Entity) WHERE n.urn > $after
     WITH n ORDER BY n.urn LIMIT $scan
     OPTIONAL MATCH (a:Aspect {urn: n.urn, name: 'structuredProperties'})
     WITH n.urn AS urn, a.value CONTAINS $needle AS holds ORDER BY urn
     RETURN [x IN collect(CASE WHEN holds THEN urn END) WHERE x IS NOT NULL] AS holders,
            count(urn) AS scanned, last(collect(urn)) AS last`,
    { after, scan, needle: `"propertyUrn":${JSON.stringify(propertyUrn)}` },
  );
  const rec = res.records[0];
  const scanned = Number(rec?.get('scanned') ?? 0);
  return { holders: rec?.get('holders') ?? [], scanned, last: scanned ? (rec?.get('last') ?? null) : null };
}

import type { Tx } from './executor.js';

/** One side of an edge scroll: the entity types and URNs an end must have (empty = any). */
export interface EdgeEnd {
  readonly types: readonly string[];
  readonly urns: readonly string[];
}

export interface EdgeScrollQuery {
  /** Relationship types, already checked against the registry's whitelist. */
  readonly types: readonly string[];
  readonly source: EdgeEnd;
  readonly destination: EdgeEnd;
  /** OUTGOING: `source` is the edge's source; INCOMING: its destination; UNDIRECTED: either. */
  readonly direction: 'OUTGOING' | 'INCOMING' | 'UNDIRECTED';
  readonly includeRemoved: boolean;
  readonly start: number;
  readonly count: number;
  /** Kinds whose entities, at either end, the page leaves out (those the caller may not see). */
  readonly unseenKinds?: readonly string[];
}

export interface EdgeRow {
  readonly type: string;
  readonly source: { readonly urn: string; readonly entityType: string };
  readonly destination: { readonly urn: string; readonly entityType: string };
}

/**
 * A page of edges of the given types, in (source, type, destination) order. Given URNs, the walk starts
 * from those entities (the URN index); otherwise it scans the edges of the types.
 */
export async function readEdges(tx: Tx, q: EdgeScrollQuery): Promise<EdgeRow[]> {
  const anchors = [...new Set([...q.source.urns, ...q.destination.urns])];
  const match = anchors.length
    ? `UNWIND $anchors AS u MATCH (n:Entity {urn: u})-[r]-() WITH DISTINCT r MATCH (s)-[r]->(d)`
    : // Without anchors, the sources are read off the URN index in its order, and the page stops once
      // it has its rows: only the edges of one source at a time are sorted (by type and destination).
      // Matched by label, Neo4j read every entity and every edge, and sorted them all, for each page
      // (7.7 s at 1,000,000 entities). Every entity has a URN: the index holds them all.
      `MATCH (s:Entity)-[r]->(d:Entity) USING INDEX s:Entity(urn) WHERE s.urn IS NOT NULL WITH s, r, d`;
  const end = (node: string, side: string): string =>
    `(size($${side}Types) = 0 OR ${node}.entityType IN $${side}Types) AND (size($${side}Urns) = 0 OR ${node}.urn IN $${side}Urns)`;
  const res = await tx.run<EdgeRow>(
    `${match}
     WHERE type(r) IN $types AND r.aspect IS NOT NULL
       AND NOT coalesce(s.entityType, '') IN $unseen AND NOT coalesce(d.entityType, '') IN $unseen
       AND ($includeRemoved OR (coalesce(s.removed, false) = false AND coalesce(d.removed, false) = false))
       AND (($direction <> 'INCOMING' AND ${end('s', 'src')} AND ${end('d', 'dst')})
         OR ($direction <> 'OUTGOING' AND ${end('d', 'src')} AND ${end('s', 'dst')}))
     WITH DISTINCT s, type(r) AS type, d
     ORDER BY s.urn, type, d.urn
     SKIP $start LIMIT $count
     RETURN type, {urn: s.urn, entityType: s.entityType} AS source,
            {urn: d.urn, entityType: d.entityType} AS destination`,
    {
      anchors,
      types: q.types,
      srcTypes: q.source.types,
      srcUrns: q.source.urns,
      dstTypes: q.destination.types,
      dstUrns: q.destination.urns,
      direction: q.direction,
      includeRemoved: q.includeRemoved,
      unseen: q.unseenKinds ?? [],
      start: q.start,
      count: q.count,
    },
  );
  return res.records.map((r) => r.toObject());
}

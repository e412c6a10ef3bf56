import type { Tx } from './executor.js';

export interface LineageQuery {
  readonly urn: string;
  /**
   * APOC relationship filter of the walk, built from the registry's lineage edges only, e.g.
   * `DownstreamOf>|<MemberOf` (`T>`: follow T outgoing; `<T`: incoming).
   */
  readonly relationshipFilter: string;
  /**
   * APOC label filter keeping the walk off entity kinds that take no part in lineage (`-MLFeatureTable|...`):
   * a relationship name can be lineage on one kind and not on another (`Contains` on dashboards, not on
   * feature tables).
   */
  readonly labelFilter?: string;
  readonly maxHops: number;
  /** Most entities visited; one more is asked for to tell a partial result. */
  readonly maxVisited: number;
}

export interface LineageHit {
  readonly urn: string;
  readonly entityType: string;
  /** Hops from the start (the shortest path: the walk is breadth-first and visits each entity once). */
  readonly degree: number;
  /** URNs from the start to this entity, both included. */
  readonly path: readonly string[];
  /** The relationship type of the last hop, its creation time and actor. */
  readonly type: string;
  readonly createdOn: number | null;
  readonly createdActor: string | null;
  /** A referenced entity that holds no aspects (a ghost, in DataHub's words). */
  readonly ghost: boolean;
}

/**
 * The lineage of an entity in one Cypher call: a breadth-first walk (APOC path expander, each entity
 * visited once) up to `maxHops`, stopping after `maxVisited` entities with `partial` set.
 */
export async function readLineage(
  tx: Tx,
  q: LineageQuery,
): Promise<{ hits: LineageHit[]; partial: boolean }> {
  const res = await tx.run<LineageHit>(
    `MATCH (s:Entity {urn: $urn})
     CALL apoc.path.expandConfig(s, {relationshipFilter: $filter, labelFilter: $labels, minLevel: 1, maxLevel: $maxHops,
                                     uniqueness: 'NODE_GLOBAL', bfs: true, limit: $limit}) YIELD path
     WITH path, last(nodes(path)) AS n, last(relationships(path)) AS r
     RETURN n.urn AS urn, n.entityType AS entityType, length(path) AS degree,
            [x IN nodes(path) | x.urn] AS path, type(r) AS type, r.createdOn AS createdOn,
            r.createdActor AS createdActor, n.hasKey IS NULL AS ghost`,
    {
      urn: q.urn,
      filter: q.relationshipFilter,
      labels: q.labelFilter ?? '',
      maxHops: q.maxHops,
      limit: q.maxVisited + 1,
    },
  );
  const hits = res.records.map((r) => r.toObject());
  return { hits: hits.slice(0, q.maxVisited), partial: hits.length > q.maxVisited };
}

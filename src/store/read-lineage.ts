import type { Tx } from './executor.js';
import { streamLineage } from './lineage-stream.js';
import type { LineageTree } from './lineage-tree.js';

export interface LineageQuery {
  readonly urn: string;
  /**
   * APOC relationship filter of the walk, built from the registry's lineage edges only, e.g.
   * `DownstreamOf>|<MemberOf` (`T>`: follow T outgoing; `<T`: incoming).
   */
  readonly relationshipFilter: string;
  /**
   * APOC label filter keeping the walk on entity kinds that take part in lineage (`+Dataset|+Chart|...`):
   * a relationship name can be lineage on one kind and not on another (`Contains` on dashboards, not on
   * feature tables), and edges to entities outside the registry (schema fields) are not walked.
   */
  readonly labelFilter?: string;
  readonly maxHops: number;
  /** Most entities visited; one more is asked for to tell a partial result. */
  readonly maxVisited: number;
  /** Keep only entities of these kinds (registry names); empty or absent = all. */
  readonly types?: readonly string[];
  /** Keep only these degrees (3 stands for 3 and more); empty or absent = all. */
  readonly degrees?: readonly number[];
  /** Keep referenced entities that hold no aspects. */
  readonly includeGhosts?: boolean;
  /** The page of the kept entities to return (default: all of them). */
  readonly start?: number;
  readonly count?: number;
  /**
   * The tree to fill as the walk streams, for a caller that reads its nearest levels before the walk
   * ends (the walk's hits are then read from it: ask for `count` 0, and the rows leave out the last
   * hop's type, time and actor).
   */
  readonly tree?: LineageTree;
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

/** What a lineage read returns: one page of the hits that pass the filters, and the counts. */
export interface LineagePage {
  readonly hits: LineageHit[];
  /** The walk stopped at the visit cap. */
  readonly partial: boolean;
  /** Entities the walk reached (at most the cap). */
  readonly reached: number;
  /** Reached entities that pass the filters (the page is a slice of them). */
  readonly total: number;
}

/** The largest page read in the database; a larger one (or all hits) streams the walk. */
const IN_DATABASE_PAGE = 1000;

/**
 * The lineage of an entity: a breadth-first walk (APOC path expander, each entity visited once) up to
 * `maxHops`, stopping after `maxVisited` entities with `partial` set. A small page is filtered, sorted
 * and cut in the database (measured cheaper than bringing every entity reached over); all hits, a large
 * page, or a walk to stream into a tree (decision 0029) come as one small row per entity reached.
 */
export function readLineage(tx: Tx, q: LineageQuery): Promise<LineagePage> {
  if (q.tree || q.count === undefined || q.count > IN_DATABASE_PAGE) return streamLineage(tx, q);
  return pageInDatabase(tx, q);
}

/**
 * A page of lineage in one Cypher call: the walk, then in the same statement the filters, the order
 * (nearest first, then by URN) and the page, so that only the page's paths leave the database.
 */
async function pageInDatabase(tx: Tx, q: LineageQuery): Promise<LineagePage> {
  const res = await tx.run<{ partial: boolean; reached: number; total: number; page: LineageHit[] }>(
    `MATCH (s:Entity {urn: $urn})
     CALL apoc.path.expandConfig(s, {relationshipFilter: $filter, labelFilter: $labels, minLevel: 1,
                                     maxLevel: $maxHops, uniqueness: 'NODE_GLOBAL', bfs: true, limit: $limit})
     YIELD path
     WITH collect(path) AS paths
     WITH paths[0..$cap] AS kept, size(paths) > $cap AS partial
     CALL (kept) {
       UNWIND kept AS p
       WITH p, last(nodes(p)) AS n, length(p) AS degree
       WITH p, n, degree, n.hasKey IS NULL AS ghost
       WHERE ($ghosts OR NOT ghost)
         AND (size($types) = 0 OR n.entityType IN $types)
         AND (size($degrees) = 0 OR (CASE WHEN degree >= 3 THEN 3 ELSE degree END) IN $degrees)
       WITH p, n, degree, ghost ORDER BY degree, n.urn
       WITH collect({p: p, n: n, degree: degree, ghost: ghost}) AS rows
       RETURN size(rows) AS total,
              [r IN rows[$start..$end] | {urn: r.n.urn, entityType: r.n.entityType, degree: r.degree,
                path: [x IN nodes(r.p) | x.urn], type: type(last(relationships(r.p))),
                createdOn: last(relationships(r.p)).createdOn, createdActor: last(relationships(r.p)).createdActor,
                ghost: r.ghost}] AS page
     }
     RETURN partial, size(kept) AS reached, total, page`,
    {
      urn: q.urn,
      filter: q.relationshipFilter,
      labels: q.labelFilter ?? '',
      maxHops: q.maxHops,
      limit: q.maxVisited + 1,
      cap: q.maxVisited,
      ghosts: q.includeGhosts === true,
      types: q.types ?? [],
      degrees: q.degrees ?? [],
      start: q.start ?? 0,
      end: (q.start ?? 0) + (q.count ?? q.maxVisited),
    },
  );
  const rec = res.records[0];
  if (!rec) return { hits: [], partial: false, reached: 0, total: 0 };
  return {
    hits: rec
      .get('page')
      .map((h) => ({ ...h, createdOn: h.createdOn ?? null, createdActor: h.createdActor ?? null })),
    partial: rec.get('partial'),
    reached: rec.get('reached'),
    total: rec.get('total'),
  };
}

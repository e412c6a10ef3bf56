import type { Tx } from '../executor.js';
import { streamLineage } from './lineage-stream.js';
import type { LineageHit, LineagePage, LineageQuery } from './lineage-query.js';

export type { LineageHit, LineagePage, LineageQuery };

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

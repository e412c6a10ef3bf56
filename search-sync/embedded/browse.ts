import type { Executor } from '../../src/store/index.js';
import type { BrowseQuery, BrowseResult } from '../search-index.js';

/** The folder form of a browse path: `/a/b` (no trailing slash; `` for the root). */
export const folder = (path: string): string =>
  `/${path.split('/').filter(Boolean).join('/')}`.replace(/^\/$/, '');

/**
 * Browse over the documents' browse paths: the sub-folders of `path` with counts, and the entities whose
 * path ends right below it. `where` is the shared predicate over `d` (types, soft delete, filters).
 */
export async function browse(
  exec: Executor,
  q: BrowseQuery,
  where: string,
  params: Record<string, unknown>,
): Promise<BrowseResult> {
  const prefix = `${folder(q.path)}/`;
  return exec.read(async (tx) => {
    const res = await tx.run<{
      groups: { name: string; count: number }[];
      entities: { name: string; urn: string }[];
      totalBelow: number;
    }>(
      `MATCH (d:SearchDocument) WHERE ${where}
       UNWIND coalesce(d.f_browsePaths, []) AS p
       WITH d, p WHERE p STARTS WITH $prefix
       WITH d, split(substring(p, size($prefix)), '/') AS rest
       WITH d, [x IN rest WHERE x <> ''] AS rest WHERE size(rest) > 0
       WITH collect(DISTINCT CASE WHEN size(rest) > 1 THEN {group: rest[0], urn: d.urn} END) AS inGroups,
            collect(DISTINCT CASE WHEN size(rest) = 1 THEN {name: rest[0], urn: d.urn} END) AS here,
            count(DISTINCT d) AS totalBelow
       CALL (inGroups) {
         UNWIND inGroups AS g
         WITH g.group AS name, count(*) AS count ORDER BY name
         RETURN collect({name: name, count: count}) AS groups
       }
       RETURN groups, here AS entities, totalBelow`,
      { ...params, prefix },
    );
    const rec = res.records[0];
    const entities = rec ? [...rec.get('entities')].sort((a, b) => (a.urn < b.urn ? -1 : 1)) : [];
    return {
      groups: rec?.get('groups') ?? [],
      entities: entities.slice(q.start, q.start + q.count),
      totalEntities: entities.length,
      totalBelow: rec?.get('totalBelow') ?? 0,
    };
  });
}

import type { Executor } from '../../src/store/index.js';
import { pathParts, type BrowseQuery, type BrowseResult } from '../model/index.js';

/**
 * Legacy browse as DataHub's browse DAO answers it (the rule of `browseOf`, in Cypher), over the documents' browse paths (components split on
 * `/`, empty ones dropped, so a path's depth is its number of `/`): the entities whose browse path equals
 * `path`, and the groups, the next components of the browse paths below it, each with the number of
 * entities under it. `where` is the shared predicate over `d` (types, soft delete, filters).
 */
export async function browse(
  exec: Executor,
  q: BrowseQuery,
  where: string,
  params: Record<string, unknown>,
): Promise<BrowseResult> {
  const target = pathParts(q.path);
  return exec.read(async (tx) => {
    const res = await tx.run<{
      groups: { name: string; count: number; hasSubGroups: boolean }[];
      entities: string[];
      totalBelow: number;
    }>(
      `MATCH (d:SearchDocument) WHERE ${where}
       UNWIND coalesce(d.f_browsePaths, []) AS p
       WITH d, p WHERE p STARTS WITH $prefix
       WITH d, [x IN split(p, '/') WHERE x <> ''] AS parts
       WITH d, parts WHERE size(parts) >= size($target) AND parts[0..size($target)] = $target
       WITH collect(CASE WHEN size(parts) > size($target) THEN {group: parts[size($target)], urn: d.urn, deep: size(parts) > size($target) + 2} END) AS inGroups,
            collect(DISTINCT CASE WHEN size(parts) = size($target) THEN d.urn END) AS here,
            count(DISTINCT d) AS totalBelow
       CALL (inGroups) {
         UNWIND inGroups AS g
         WITH g.group AS name, count(DISTINCT g.urn) AS count, any(x IN collect(g.deep) WHERE x) AS deep ORDER BY name
         RETURN collect({name: name, count: count, hasSubGroups: deep}) AS groups
       }
       RETURN groups, here AS entities, totalBelow`,
      { ...params, target, prefix: target.length ? `/${target[0]}` : '' },
    );
    const rec = res.records[0];
    const here: string[] = rec ? [...rec.get('entities')].sort() : [];
    return {
      groups: rec?.get('groups') ?? [],
      entities: here.slice(q.start, q.start + q.count).map((urn) => ({ name: urn, urn })),
      totalEntities: here.length,
      totalBelow: rec?.get('totalBelow') ?? 0,
    };
  });
}

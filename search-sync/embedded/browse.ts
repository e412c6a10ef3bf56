import type { Executor } from '../../src/store/index.js';
import {
  BROWSE_V2_SEP,
  browseV2Path,
  byCountThenName,
  pathParts,
  type BrowseQuery,
  type BrowseResult,
  type BrowseV2Query,
  type BrowseV2Result,
} from '../model/index.js';
import { DEADLINE } from './counts.js';
import { BROWSE_V2_PROP } from './fields.js';

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

/**
 * browseV2 at a path (the rule of `browse-v2.ts`): the documents whose path starts with the path and
 * goes on, read through the index range on their path property (a folder reads the documents below it,
 * not every document; the root reads those with a path), grouped by the entry after the path.
 */
export async function browseV2(
  exec: Executor,
  q: BrowseV2Query,
  where: string,
  params: Record<string, unknown>,
): Promise<BrowseV2Result> {
  const below = `${browseV2Path(q.path)}${BROWSE_V2_SEP}`;
  // Below the root the path is the narrowest predicate there is: the planner is told to start from it.
  const hint = q.path.length ? `USING INDEX d:SearchDocument(${BROWSE_V2_PROP})` : '';
  return exec.read(async (tx) => {
    const res = await tx.run<{ name: string; count: number; deep: boolean }>(
      `MATCH (d:SearchDocument) ${hint} WHERE d.${BROWSE_V2_PROP} STARTS WITH $below AND ${where}
       WITH split(substring(d.${BROWSE_V2_PROP}, size($below)), $sep) AS rest
       RETURN rest[0] AS name, count(*) AS count, max(size(rest)) > 1 AS deep`,
      { ...params, below, sep: BROWSE_V2_SEP },
    );
    const groups = res.records
      .map((r) => ({ name: r.get('name'), count: r.get('count'), hasSubGroups: r.get('deep') }))
      .sort(byCountThenName);
    return { groups, total: groups.reduce((n, g) => n + g.count, 0) };
  }, DEADLINE);
}

import type { BrowseResult } from './search-index.js';

/** The components of a browse path: `/a//b/` is `[a, b]`; the root is `[]`. Its depth is their number. */
export const pathParts = (path: string): string[] => path.split('/').filter(Boolean);

/** The folder form of a browse path: `/a/b` (no trailing slash; `` for the root). */
export const folder = (path: string): string =>
  pathParts(path).length ? `/${pathParts(path).join('/')}` : '';

/**
 * Every folder a browse path is at or below, the root written `/` (`/a/b` gives `/`, `/a` and `/a/b`):
 * what a filter on folders matches (Meilisearch matches no empty string).
 */
export function foldersOf(paths: readonly string[]): string[] {
  const out = new Set<string>();
  for (const p of paths) {
    const parts = pathParts(p);
    for (let i = 0; i <= parts.length; i++) out.add(`/${parts.slice(0, i).join('/')}`);
  }
  return [...out];
}

/**
 * Legacy browse at `path` over entities and their browse paths, as DataHub's browse DAO answers it: the
 * entities whose browse path equals the path (named by their URN, in URN order, one page of them), and the
 * groups: the next components of the browse paths below it, each with its number of entities and
 * whether it has folders of its own (a browse path continues past the component after it: the last
 * component of a legacy browse path names the entity itself, as browseV2 reads it). Both
 * search indexes answer through this rule (the embedded one computes the same in Cypher).
 */
export function browseOf(
  docs: Iterable<{ readonly urn: string; readonly paths: readonly string[] }>,
  path: string,
  start: number,
  count: number,
): BrowseResult {
  const target = pathParts(path);
  const groups = new Map<string, { urns: Set<string>; deep: boolean }>();
  const here = new Set<string>();
  let totalBelow = 0;
  for (const d of docs) {
    let below = false;
    for (const p of d.paths) {
      const parts = pathParts(p);
      if (parts.length < target.length || target.some((t, i) => parts[i] !== t)) continue;
      below = true;
      const next = parts[target.length];
      if (next === undefined) {
        here.add(d.urn);
        continue;
      }
      const g = groups.get(next) ?? { urns: new Set<string>(), deep: false };
      g.urns.add(d.urn);
      g.deep ||= parts.length > target.length + 2;
      groups.set(next, g);
    }
    if (below) totalBelow++;
  }
  const entities = [...here].sort();
  return {
    groups: [...groups]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, g]) => ({ name, count: g.urns.size, hasSubGroups: g.deep })),
    entities: entities.slice(start, start + count).map((urn) => ({ name: urn, urn })),
    totalEntities: entities.length,
    totalBelow,
  };
}

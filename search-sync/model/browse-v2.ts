import type { Criterion } from './filter.js';

/**
 * browseV2's hierarchy, as DataHub's search service holds and browses it: an entity's `browsePathsV2`
 * path is indexed as one string, the `id` of each entry after the unit separator (`␟a␟b`; an entry that
 * is an entity, a container or a platform instance, has its URN as its id), and a browse at a path groups
 * the entities strictly below it by the entry after it.
 */

/** The separator DataHub's index puts before each entry of a browsePathsV2 path. */
export const BROWSE_V2_SEP = '\u241f';

/** DataHub's folder for an entity with no better default path. */
const DEFAULT_FOLDER = 'Default';

/** The indexed form of a path: `␟a␟b`; `` for no entries (the root). */
export const browseV2Path = (ids: readonly string[]): string =>
  ids.map((id) => `${BROWSE_V2_SEP}${id}`).join('');

/** The entry ids of a `browsePathsV2` aspect value, in order (entries without an id are left out). */
export function browsePathV2Ids(value: Record<string, unknown>): string[] {
  const path = Array.isArray(value.path) ? (value.path as unknown[]) : [];
  return path
    .map((e) => (e && typeof e === 'object' ? (e as { id?: unknown }).id : undefined))
    .filter((id): id is string => typeof id === 'string' && id !== '');
}

/**
 * The path DataHub's default `browsePathsV2` gives an entity that was written without one: its container
 * chain (top first) for datasets, charts and dashboards in a container; for other datasets the parts of
 * their name but the last (split on `.`), the first one the platform instance's URN when that instance
 * exists; a data job's flow; else the `Default` folder. `containers` and `instance` are what the caller
 * looked up in the store (the model does no I/O).
 */
export function defaultBrowsePathV2(
  entityType: string,
  key: Record<string, unknown>,
  containers: readonly string[] = [],
  instance?: string,
): string[] {
  const contained = entityType === 'dataset' || entityType === 'chart' || entityType === 'dashboard';
  if (contained && containers.length) return [...containers];
  if (entityType === 'dataset' && typeof key.name === 'string' && key.name.includes('.')) {
    const parts = key.name.split('.').filter(Boolean).slice(0, -1);
    if (parts.length) return instance ? [instance, ...parts.slice(1)] : parts;
  }
  if (entityType === 'dataJob' && typeof key.flow === 'string') return [key.flow];
  return [DEFAULT_FOLDER];
}

/** The platform instance DataHub's default path would name first, for a dataset key (to look up). */
export function defaultPathInstance(entityType: string, key: Record<string, unknown>): string | undefined {
  if (entityType !== 'dataset' || typeof key.name !== 'string' || typeof key.platform !== 'string')
    return undefined;
  const parts = key.name.split('.').filter(Boolean);
  return parts.length > 1 ? `urn:li:dataPlatformInstance:(${key.platform},${parts[0]})` : undefined;
}

export interface BrowseV2Query {
  /** Entity types to browse (empty = all). */
  readonly types: readonly string[];
  readonly filters: readonly (readonly Criterion[])[];
  /** The path's entry ids (URNs for entity entries); `[]` for the root. */
  readonly path: readonly string[];
}

export interface BrowseV2Group {
  /** The entry's id (a URN for an entity entry). */
  readonly name: string;
  /** Entities at or below the group. */
  readonly count: number;
  /** Whether some of them are deeper than the entry after the group. */
  readonly hasSubGroups: boolean;
}

export interface BrowseV2Result {
  /** Every group below the path, the largest first, then by name (DataHub's terms aggregation order). */
  readonly groups: readonly BrowseV2Group[];
  /** Entities strictly below the path. */
  readonly total: number;
}

/** DataHub's order of groups: by count, the largest first, then by name. */
export const byCountThenName = (a: BrowseV2Group, b: BrowseV2Group): number =>
  b.count - a.count || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** How many levels of a path the Meilisearch adapter indexes a facet of (deeper paths browse to there). */
export const BROWSE_V2_LEVELS = 16;

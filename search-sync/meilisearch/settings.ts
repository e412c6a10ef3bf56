import type { Index, Settings } from 'meilisearch';
import type { SearchField } from '../model/index.js';
import { attr } from './documents.js';

/** Largest match set counted exactly and browsed (Meilisearch's `pagination.maxTotalHits`). */
export const MAX_TOTAL_HITS = 100_000;

/**
 * The settings of the entity index. Every index field, its reversed companion (END_WITH) and every
 * structured-property field a document ever holds are filterable through two patterns, `f_*` and
 * `r_f_*`, so a new field never changes the settings (a settings change makes Meilisearch reindex
 * everything: seconds per thousand documents). Sortable attributes take no patterns: the index fields,
 * and the attributes sortable already (structured-property fields that searches sorted on).
 */
export function entitySettings(
  fields: ReadonlyMap<string, SearchField>,
  searchable: readonly string[],
  sortableAlready: readonly string[],
): Settings {
  return {
    searchableAttributes: [...searchable],
    filterableAttributes: [
      {
        attributePatterns: [
          'urn',
          'entityType',
          'removed',
          'browseFolders',
          'bv2_*',
          'bv2d_*',
          'f_*',
          'r_f_*',
        ],
        features: { facetSearch: false, filter: { equality: true, comparison: true } },
      },
    ],
    sortableAttributes: [...new Set([...sortable(fields, []), ...sortableAlready])].sort(),
    // An explicit sort orders the hits before relevance does; without one, relevance alone.
    rankingRules: ['sort', 'words', 'typo', 'proximity', 'attribute', 'exactness'],
    // Proximity ranks the hits with all the words in one attribute first, not by how far apart they
    // are: measuring the distance to every word a prefix completes made autocompletes several times
    // slower (decision 0033), and the index's values are mostly short names.
    proximityPrecision: 'byAttribute',
    // Words match as typed (prefixes too), as on the embedded index and DataHub's: no typo tolerance.
    typoTolerance: { enabled: false },
    faceting: { maxValuesPerFacet: 1000 },
    pagination: { maxTotalHits: MAX_TOTAL_HITS },
  };
}

export const sortable = (
  fields: ReadonlyMap<string, SearchField>,
  mappedFields: readonly string[],
): string[] => [...new Set(['urn', 'entityType', ...[...fields.keys(), ...mappedFields].map(attr)])].sort();

/**
 * Updates the settings that differ from `wanted`, and waits for it; nothing when all are as wanted (an
 * update, even to the same values, can make Meilisearch reindex the whole index). A settings update still
 * pending (of a start that stopped waiting for a long reindex) is waited for first, not enqueued again.
 */
export async function applySettings(index: Index, wanted: Settings, timeout = 300_000): Promise<void> {
  const pending = await index.tasks.getTasks({
    indexUids: [index.uid],
    types: ['settingsUpdate'],
    statuses: ['enqueued', 'processing'],
  });
  for (const t of pending.results) await index.tasks.waitForTask(t.uid, { timeout });
  const current = (await index.getSettings()) as Record<string, unknown>;
  const asSet = (v: unknown): unknown => (Array.isArray(v) ? [...v].sort() : v);
  const changes = Object.fromEntries(
    Object.entries(wanted).filter(([k, v]) =>
      k === 'sortableAttributes' ? !sameSetting(asSet(current[k]), asSet(v)) : !sameSetting(current[k], v),
    ),
  ) as Settings;
  if (!Object.keys(changes).length) return;
  const task = await index.updateSettings(changes).waitTask({ timeout });
  if (task.status !== 'succeeded')
    throw new Error(`Meilisearch settings update ${task.uid} ${task.status}: ${task.error?.message ?? ''}`);
}

/** Whether a current setting holds a wanted one: the wanted keys of objects, lists element by element. */
function sameSetting(current: unknown, wanted: unknown): boolean {
  if (Array.isArray(wanted))
    return (
      Array.isArray(current) &&
      current.length === wanted.length &&
      wanted.every((w, i) => sameSetting(current[i], w))
    );
  if (typeof wanted === 'object' && wanted !== null)
    return (
      typeof current === 'object' &&
      current !== null &&
      Object.entries(wanted).every(([k, v]) => sameSetting((current as Record<string, unknown>)[k], v))
    );
  return current === wanted;
}

import type { Config } from '../src/config.js';
import type { Logger } from '../src/logger.js';
import type { Registry } from '../src/registry/index.js';
import { EmbeddedSearchIndex } from './embedded/index.js';
import { MeiliSearchIndex } from './meilisearch/index.js';
import type { SearchIndex } from './model/index.js';
import type { Executor } from '../src/store/index.js';

/** The configured search index (Meilisearch with MEILI_HOST, else the embedded one), not yet prepared. */
export function searchIndexOf(config: Config, exec: Executor, registry: Registry, log: Logger): SearchIndex {
  return config.meiliHost
    ? new MeiliSearchIndex(
        { host: config.meiliHost, apiKey: config.meiliMasterKey, index: config.meiliIndex },
        registry,
      )
    : new EmbeddedSearchIndex(exec, registry, 'search', {
        // The count it refreshed stays served until it is too old, then the next search counts again.
        onRefreshError: (err: unknown) => log.warn({ err }, 'a background refresh of a search count failed'),
      });
}

/** The configured search index, prepared (its indexes and settings created): once per process start. */
export async function openSearchIndex(
  config: Config,
  exec: Executor,
  registry: Registry,
  log: Logger,
): Promise<SearchIndex> {
  const index = searchIndexOf(config, exec, registry, log);
  await index.init();
  return index;
}

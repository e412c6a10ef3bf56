import type { Config } from './config.js';
import type { Registry } from './registry/index.js';
import { EmbeddedSearchIndex, MeiliSearchIndex } from '../search-sync/index.js';
import type { SearchIndex } from './search-model/index.js';
import type { Executor } from './store/index.js';

/** The configured search index (Meilisearch with MEILI_HOST, else the embedded one), ready for use. */
export async function openSearchIndex(
  config: Config,
  exec: Executor,
  registry: Registry,
): Promise<SearchIndex> {
  const index: SearchIndex = config.meiliHost
    ? new MeiliSearchIndex(
        { host: config.meiliHost, apiKey: config.meiliMasterKey, index: config.meiliIndex },
        registry,
      )
    : new EmbeddedSearchIndex(exec, registry);
  await index.init();
  return index;
}

import { describe, it } from 'vitest';
import { defaultRegistry } from '../../src/registry/index.js';
import { MeiliSearchIndex } from '../../search-sync/index.js';
import { searchIndexContract } from './search-index.contract.js';

/**
 * The shared contract against a real Meilisearch, whenever MEILI_HOST is set (with MEILI_MASTER_KEY if
 * the server has one), e.g. `MEILI_HOST=http://127.0.0.1:7700 npm test`. Without it the run says so.
 */
const host = process.env.MEILI_HOST;

if (host) {
  searchIndexContract(`Meilisearch at ${host}`, async () => {
    const index = new MeiliSearchIndex(
      { host, apiKey: process.env.MEILI_MASTER_KEY, index: process.env.MEILI_INDEX ?? 'neohub_contract' },
      defaultRegistry(),
    );
    await index.init();
    return index;
  });
} else {
  describe('SearchIndex contract: Meilisearch', () => {
    it.skip('runs when MEILI_HOST points at a Meilisearch server', () => undefined);
  });
}

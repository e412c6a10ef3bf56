import { Meilisearch } from 'meilisearch';
import { describe, expect, it } from 'vitest';
import { defaultRegistry } from '../../src/registry/index.js';
import { buildDocument } from '../../search-sync/model/index.js';
import { MeiliSearchIndex } from '../../search-sync/index.js';
import { unique } from '../support/runtime.js';
import { searchIndexContract } from './search-index.contract.js';

/**
 * The shared contract against a real Meilisearch, whenever MEILI_HOST is set (with MEILI_MASTER_KEY if
 * the server has one), e.g. `MEILI_HOST=http://127.0.0.1:7700 npm test`. Without it the run says so.
 */
const host = process.env.MEILI_HOST;
const apiKey = process.env.MEILI_MASTER_KEY;

if (host) {
  searchIndexContract(`Meilisearch at ${host}`, async () => {
    const index = new MeiliSearchIndex(
      // An index of the contract's own, beside the one a neohub of the same run fills (MEILI_INDEX).
      { host, apiKey, index: `${process.env.MEILI_INDEX ?? 'neohub'}_contract` },
      defaultRegistry(),
    );
    await index.init();
    return index;
  });

  describe('Meilisearch index settings', () => {
    it('brings an index made with other settings to the current ones when neohub opens it, pending updates first, documents kept', async () => {
      const registry = defaultRegistry();
      const uid = `neohub_settings_${unique()}`;
      const first = new MeiliSearchIndex({ host, apiKey, index: uid }, registry);
      await first.init();
      const urn = `urn:li:dataset:(urn:li:dataPlatform:hive,sales.orders_daily,PROD)`;
      await first.upsert([
        buildDocument(registry, urn, 'dataset', [
          { name: 'datasetKey', value: { platform: 'urn:li:dataPlatform:hive', name: 'sales.orders_daily' } },
        ]),
      ]);
      // An index as an older neohub left it: proximity measured word by word, its update still pending
      // (a start that stopped waiting for it): neohub waits for it, then brings the index over.
      const client = new Meilisearch({ host, ...(apiKey ? { apiKey } : {}) });
      await client.index(uid).updateSettings({ proximityPrecision: 'byWord' });
      try {
        const reopened = new MeiliSearchIndex({ host, apiKey, index: uid }, registry);
        await reopened.init();
        expect((await client.index(uid).getSettings()).proximityPrecision).toBe('byAttribute');
        const r = await reopened.autocomplete({
          types: ['dataset'],
          query: 'orders_da',
          fields: [],
          filters: [],
          limit: 5,
        });
        expect(r.entities.map((e) => e.urn)).toEqual([urn]);
      } finally {
        await client.deleteIndex(uid).waitTask();
      }
    });
  });
} else {
  describe('SearchIndex contract: Meilisearch', () => {
    it.skip('runs when MEILI_HOST points at a Meilisearch server', () => undefined);
  });
}

import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { defaultRegistry } from '../../src/registry/index.js';
import { IngestService, SearchDocuments, SYSTEM_ACTOR } from '../../src/services/index.js';
import { createDriver, Executor, Neo4jStore, SyncStateStore } from '../../src/store/index.js';
import { EmbeddedSearchIndex } from '../../search-sync/index.js';
import { SearchSyncWorker } from '../../search-sync/sync/index.js';
import {
  buildDocument,
  type Fence,
  type PendingWrite,
  type SearchDocument,
  type SearchIndex,
} from '../../search-sync/model/index.js';
import { checkpointAtHead } from '../support/sync.js';
import { asSystemView, datasetUrn, graphTarget, mcp, unique } from '../support/runtime.js';

const g = graphTarget();
const exec = new Executor(createDriver(g.uri, g.user, g.password), createLogger('error'), undefined);
const state = new SyncStateStore(exec);
afterAll(() => exec.close());
const registry = defaultRegistry();
const log = createLogger('silent');

/** An index (under a checkpoint of its own) that dies like a killed process after writing part of a batch. */
class CrashingIndex extends EmbeddedSearchIndex {
  crashAfter = Number.POSITIVE_INFINITY;
  override async write(
    docs: readonly SearchDocument[],
    removed: readonly string[],
    fence?: Fence,
  ): Promise<PendingWrite> {
    const keep = docs.slice(0, Math.max(0, this.crashAfter));
    const done = await super.write(keep, keep.length < docs.length ? [] : removed, fence);
    if (keep.length < docs.length) throw new Error('killed mid-batch');
    return done;
  }
}

describe('search sync worker', () => {
  it('converges after a crash mid-batch: the index equals the store', async () => {
    const store = new Neo4jStore(exec);
    const documents = new SearchDocuments(registry, store);
    const ingest = asSystemView(new IngestService(registry, store, log));
    // A checkpoint at the head of the change log: this test's batch is its own.
    const index = new CrashingIndex(exec, registry, await checkpointAtHead(state, 'crash-test'));

    const id = unique();
    const urns = Array.from({ length: 20 }, (_, i) => datasetUrn(`crash_${id}_${i}`));
    await ingest.ingest(
      urns.map((u, i) => mcp(u, 'datasetProperties', { name: `crash ${i}`, description: `v1 ${id}` })),
      { actor: SYSTEM_ACTOR },
    );
    await ingest.ingest(
      urns.slice(0, 10).map((u) => mcp(u, 'globalTags', { tags: [{ tag: `urn:li:tag:t${id}` }] })),
      { actor: SYSTEM_ACTOR },
    );
    await ingest.ingest([mcp(urns[19] as string, 'status', { removed: true })], { actor: SYSTEM_ACTOR });

    const crashing = new SearchSyncWorker(state, documents, index, log, { batchSize: 5000 });
    index.crashAfter = 7;
    await expect(crashing.runOnce()).rejects.toThrow('killed mid-batch');
    const before = await crashing.status();
    expect(before.lag).toBeGreaterThan(0);

    index.crashAfter = Number.POSITIVE_INFINITY;
    const restarted = new SearchSyncWorker(state, documents, index, log, { batchSize: 5000 });
    while ((await restarted.runOnce()) > 0);
    expect((await restarted.status()).lag).toBe(0);

    const expected = async (urn: string): Promise<SearchDocument> => {
      const aspects = (await store.latest([urn])).map((a) => ({
        name: a.name,
        value: JSON.parse(a.value) as Record<string, unknown>,
      }));
      return buildDocument(registry, urn, 'dataset', aspects);
    };
    for (const urn of urns) expect(await (index as SearchIndex).get(urn)).toEqual(await expected(urn));
    const hits = await index.search({
      types: ['dataset'],
      input: `tags:t${id}`,
      filters: [],
      start: 0,
      count: 50,
    });
    expect(hits.total).toBe(10);
  });
});

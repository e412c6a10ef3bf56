import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { defaultRegistry } from '../../src/registry/index.js';
import { IngestService, SearchDocuments, SYSTEM_ACTOR } from '../../src/services/index.js';
import {
  createDriver,
  Executor,
  followerLease,
  LeaseLostError,
  Neo4jStore,
  SyncStateStore,
} from '../../src/store/index.js';
import { EmbeddedSearchIndex } from '../../search-sync/index.js';
import { SearchSyncWorker } from '../../search-sync/sync/index.js';
import { type Fence, type PendingWrite, type SearchDocument } from '../../search-sync/model/index.js';
import { checkpointAtHead } from '../support/sync.js';
import { asSystemView, datasetUrn, graphTarget, mcp, unique } from '../support/runtime.js';

const g = graphTarget();
const exec = new Executor(createDriver(g.uri, g.user, g.password), createLogger('error'), undefined);
afterAll(() => exec.close());
const registry = defaultRegistry();
const log = createLogger('silent');
const state = new SyncStateStore(exec);
const store = new Neo4jStore(exec);
const documents = new SearchDocuments(registry, store);
const ingest = asSystemView(new IngestService(registry, store, log));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The embedded index under a checkpoint (and so a lease) of the test's own, whose writes can be held
 * back: a process that built its documents and then stalled before writing them.
 */
class StallingIndex extends EmbeddedSearchIndex {
  gate: Promise<void> | undefined;
  stalled: (() => void) | undefined;
  override async write(
    docs: readonly SearchDocument[],
    removed: readonly string[],
    fence?: Fence,
  ): Promise<PendingWrite> {
    if (this.gate) {
      this.stalled?.();
      await this.gate;
    }
    return super.write(docs, removed, fence);
  }
}

const freshCheckpoint = () => checkpointAtHead(state, 'lease-test');

const description = async (index: EmbeddedSearchIndex, urn: string) =>
  ((await index.get(urn))?.fields.description as string[] | undefined)?.[0];

describe('the search sync lease', () => {
  it('fences a worker that lost its lease while stalled: its older documents never win', async () => {
    const checkpoint = await freshCheckpoint();
    const urn = datasetUrn(`lease_${unique()}`);
    await ingest.ingest([mcp(urn, 'datasetProperties', { name: 'leased', description: 'first' })], {
      actor: SYSTEM_ACTOR,
    });

    // Worker A builds the document from "first", then stalls past its lease (no renewal: a paused process).
    const indexA = new StallingIndex(exec, registry, checkpoint);
    let release = (): void => undefined;
    indexA.gate = new Promise<void>((r) => (release = r));
    const stalled = new Promise<void>((r) => (indexA.stalled = r));
    const a = new SearchSyncWorker(state, documents, indexA, log, { leaseMs: 800, renewMs: 3_600_000 });
    const aRun = a.runOnce();
    aRun.catch(() => undefined);
    await stalled;

    await ingest.ingest([mcp(urn, 'datasetProperties', { name: 'leased', description: 'second' })], {
      actor: SYSTEM_ACTOR,
    });
    await sleep(1000);

    // Worker B takes the expired lease (a new term) and writes the newer document.
    const indexB = new StallingIndex(exec, registry, checkpoint);
    const b = new SearchSyncWorker(state, documents, indexB, log, { leaseMs: 15_000 });
    while ((await b.runOnce()) > 0);
    expect(await description(indexB, urn)).toBe('second');
    const reached = (await b.status()).checkpoint;

    // A wakes up: its write and its checkpoint move are refused; B's document stays.
    release();
    await expect(aRun).rejects.toBeInstanceOf(LeaseLostError);
    expect(await description(indexB, urn)).toBe('second');
    expect((await b.status()).checkpoint).toBe(reached);
  });

  it('renews at a third of its time and writes nothing while idle', async () => {
    const checkpoint = await freshCheckpoint();
    const index = new StallingIndex(exec, registry, checkpoint);
    const worker = new SearchSyncWorker(state, documents, index, log, {
      leaseMs: 3000,
      idleMs: 20,
    });
    const lease = () => state.lease(followerLease(checkpoint));
    worker.start();
    try {
      for (let i = 0; i < 50 && !(await worker.status()).active; i++) await sleep(20);
      expect((await worker.status()).active).toBe(true);
      const first = await lease();
      // Idle rounds every 20 ms for most of a renewal period: the lease is not written once.
      await sleep(600);
      expect(await lease()).toEqual(first);
      // The renewal (every 1 s) extends it before it runs out.
      await sleep(1200);
      const renewed = await lease();
      expect(renewed?.expiresAt).toBeGreaterThan(first?.expiresAt ?? 0);
      expect(renewed?.term).toBe(first?.term);
    } finally {
      await worker.stop();
    }
    // A stopped worker lets the lease go at once: another takes it (a new term) without waiting.
    const next = await state.claim(followerLease(checkpoint), 'next', 1000);
    expect(next?.term).toBeGreaterThan(0);
  });
});

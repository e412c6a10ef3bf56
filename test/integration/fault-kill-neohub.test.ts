import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { defaultRegistry } from '../../src/registry/index.js';
import { buildDocument, type SearchDocument } from '../../search-sync/model/index.js';
import { createDriver, Executor, Neo4jStore } from '../../src/store/index.js';
import { EmbeddedSearchIndex } from '../../search-sync/index.js';
import { graphTarget, mcp, unique } from '../support/runtime.js';
import { eventually, startNeohub, type NeohubProcess } from '../support/processes.js';
import { startWriteLoad, storedCounts } from '../support/write-load.js';

const g = graphTarget();
const exec = new Executor(createDriver(g.uri, g.user, g.password), createLogger('error'), undefined);
const registry = defaultRegistry();
const store = new Neo4jStore(exec);
/** The index the servers sync (the embedded one, under its default checkpoint). */
const index = new EmbeddedSearchIndex(exec, registry);
const servers: NeohubProcess[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop();
  await exec.close();
});

const env = { NEOHUB_AUTH: 'off', NEOHUB_TEST_RESULTS_SYNC: 'false' };

/** The search document the store's latest aspects make, or undefined when the entity is not stored. */
async function expectedDocument(urn: string): Promise<SearchDocument | undefined> {
  const aspects = await store.latest([urn]);
  if (!aspects.length) return undefined;
  const parsed = aspects.map((a) => ({
    name: a.name,
    value: JSON.parse(a.value) as Record<string, unknown>,
  }));
  return buildDocument(registry, urn, 'dataset', parsed);
}

describe('fault: neohub is killed (kill -9) during a batch ingest', () => {
  it('keeps every acknowledged write, and its search index converges to the store after a restart', async () => {
    const first = await startNeohub(env, { timeoutMs: 60_000 });
    servers.push(first);
    let base = first.base;
    const prefix = `fault_kill_${unique()}`;
    // Two datasets of every batch get a tag too, so documents carry more than one aspect.
    const load = startWriteLoad({
      base: () => base,
      prefix,
      datasetsPerBatch: 20,
      extra: (urn, batch) =>
        urn.endsWith(`_${batch}_0,PROD)`) || urn.endsWith(`_${batch}_1,PROD)`)
          ? [mcp(urn, 'globalTags', { tags: [{ tag: `urn:li:tag:${prefix}` }] })]
          : [],
    });
    expect(await eventually(async () => load.acked() >= 15, 60_000)).toBe(true);
    await first.kill9();
    const second = await startNeohub(env, { timeoutMs: 60_000 });
    servers.push(second);
    base = second.base;
    expect(await eventually(async () => load.acked() >= 20, 60_000)).toBe(true);
    await load.stop();

    // Every acknowledged batch is readable whole; the one cut by the kill is whole or absent.
    const counts = await storedCounts(base, load.sent);
    load.sent.forEach((b, i) => {
      if (b.outcome.kind === 'ok') expect(counts[i], b.marker).toBe(b.urns.length);
      else expect([0, b.urns.length], b.marker).toContain(counts[i]);
    });

    // The index converges: once the sync has caught up (the killed process's lease runs out first), every
    // document equals what the store's latest aspects make, and nothing unstored is indexed.
    const caughtUp = async (): Promise<boolean> => {
      const res = await fetch(`${base}/health/search`);
      return res.ok && ((await res.json()) as { lag: number }).lag === 0;
    };
    expect(await eventually(caughtUp, 90_000, 500)).toBe(true);
    const urns = load.sent.flatMap((b) => b.urns);
    for (const urn of urns) expect(await index.get(urn), urn).toEqual(await expectedDocument(urn));
    const tagged = await index.search({
      types: ['dataset'],
      input: `tags:${prefix}`,
      filters: [],
      start: 0,
      count: 0,
    });
    expect(tagged.total).toBe(counts.filter((c) => c > 0).length * 2);
  }, 300_000);
});

import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { defaultRegistry } from '../../src/registry/index.js';
import { IngestService, SYSTEM_ACTOR } from '../../src/services/index.js';
import { SIBLING_HOOK_ACTOR, siblingsHook } from '../../src/services/siblings.js';
import { createDriver, Executor, Neo4jStore } from '../../src/store/index.js';
import { asSystemView, datasetUrn, graphTarget, mcp, unique } from '../support/runtime.js';

// DataHub's sibling hook as a write hook, against a real Neo4j: a dbt dataset and its warehouse table
// linked in the transaction of the write that makes them one asset, on every route (upserts and PATCH).
const g = graphTarget();
const exec = new Executor(createDriver(g.uri, g.user, g.password), createLogger('error'), undefined);
afterAll(() => exec.close());
const store = new Neo4jStore(exec);
const registry = defaultRegistry();
const ctx = { actor: SYSTEM_ACTOR };
const ingest = asSystemView(
  new IngestService(registry, store, createLogger('silent'), [siblingsHook(registry)]),
);

const lineage = (...upstreams: string[]) => ({
  upstreams: upstreams.map((dataset) => ({
    dataset,
    type: 'TRANSFORMED',
    auditStamp: { time: 0, actor: 'urn:li:corpuser:unknown' },
  })),
});

async function siblingsOf(urn: string): Promise<unknown> {
  const [a] = await store.latest([urn], ['siblings']);
  return a ? JSON.parse(a.value) : undefined;
}

/** A dbt node and the warehouse table it is, with per-test names. */
function pair(name: string): { dbt: string; table: string } {
  const id = `${name}_${unique()}`;
  return { dbt: datasetUrn(`shop.main.${id}`, 'dbt'), table: datasetUrn(`shop.main.${id}`, 'sqlite') };
}

describe('dbt siblings', () => {
  it('links a dbt model and the table it makes (one dbt upstream) both ways, dbt primary, in one transaction', async () => {
    const { dbt, table } = pair('model');
    await ingest.ingest([mcp(dbt, 'subTypes', { typeNames: ['Model'] })], ctx);
    const res = await ingest.ingest([mcp(table, 'upstreamLineage', lineage(dbt))], ctx);
    expect(res.results).toHaveLength(1);
    expect(await siblingsOf(dbt)).toEqual({ siblings: [table], primary: true });
    expect(await siblingsOf(table)).toEqual({ siblings: [dbt], primary: false });
    const logged = res.changeLog.filter((c) => c.aspect === 'siblings');
    expect(logged.map((c) => c.urn).sort()).toEqual([dbt, table].sort());
    expect(logged.every((c) => c.created.actor === SIBLING_HOOK_ACTOR)).toBe(true);
    // The same lineage again changes nothing, and a removal unlinks nothing (DataHub's hook skips deletes).
    const again = await ingest.ingest([mcp(table, 'upstreamLineage', lineage(dbt))], ctx);
    expect(again.changeLog).toEqual([]);
    await ingest.ingest([{ entityUrn: table, aspectName: 'upstreamLineage', changeType: 'DELETE' }], ctx);
    expect(await siblingsOf(table)).toEqual({ siblings: [dbt], primary: false });
  });

  it('links a dbt source and the table it reads, from its subTypes and single upstream written apart', async () => {
    const { dbt, table } = pair('source');
    await ingest.ingest([mcp(dbt, 'upstreamLineage', lineage(table))], ctx);
    expect(await siblingsOf(dbt)).toBeUndefined();
    await ingest.ingest([mcp(dbt, 'subTypes', { typeNames: ['Source'] })], ctx);
    expect(await siblingsOf(dbt)).toEqual({ siblings: [table], primary: true });
    expect(await siblingsOf(table)).toEqual({ siblings: [dbt], primary: false });
    expect(await store.exists(table)).toBe(true);
  });

  it('links on a PATCH of the lineage, resolved as the store resolves it', async () => {
    const { dbt, table } = pair('patched');
    const patch = [
      { op: 'add', path: `/upstreams/${encodeURIComponent(dbt)}`, value: lineage(dbt).upstreams[0] },
    ];
    await ingest.ingest([mcp(table, 'upstreamLineage', patch, 'PATCH')], ctx);
    expect(await siblingsOf(dbt)).toEqual({ siblings: [table], primary: true });
    expect(await siblingsOf(table)).toEqual({ siblings: [dbt], primary: false });
  });

  it('leaves siblings alone where either side has them, and links nothing on two dbt upstreams or a dbt model', async () => {
    const { dbt, table } = pair('kept');
    // The dbt source with dbt_is_primary_sibling=false writes the link itself, the warehouse side primary.
    await ingest.ingest(
      [
        mcp(dbt, 'siblings', { siblings: [table], primary: false }),
        mcp(table, 'upstreamLineage', lineage(dbt)),
      ],
      ctx,
    );
    expect(await siblingsOf(dbt)).toEqual({ siblings: [table], primary: false });
    expect(await siblingsOf(table)).toBeUndefined();

    const two = pair('two');
    const other = pair('other');
    await ingest.ingest([mcp(two.table, 'upstreamLineage', lineage(two.dbt, other.dbt))], ctx);
    expect(await siblingsOf(two.table)).toBeUndefined();
    expect(await siblingsOf(two.dbt)).toBeUndefined();

    // A dbt model reading one table is not that table: only sources link from the dbt side.
    const model = pair('model_reads');
    await ingest.ingest(
      [
        mcp(model.dbt, 'subTypes', { typeNames: ['Model'] }),
        mcp(model.dbt, 'upstreamLineage', lineage(model.table)),
      ],
      ctx,
    );
    expect(await siblingsOf(model.dbt)).toBeUndefined();
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import { ConflictError } from '../../src/errors/index.js';
import { createLogger } from '../../src/logger.js';
import { defaultRegistry } from '../../src/registry/index.js';
import { IngestService, SYSTEM_ACTOR } from '../../src/services/index.js';
import {
  createDriver,
  Executor,
  LeaseLostError,
  MaintenanceStore,
  Neo4jStore,
  Pipeline,
  SyncStateStore,
} from '../../src/store/index.js';
import { indexRunIds, NO_RUN_ID } from '../../src/store/read-runs.js';
import { readChangedEntities, readHead } from '../../src/store/read-change-log.js';
import { asSystemView, datasetUrn, graphTarget, mcp, unique } from '../support/runtime.js';

const g = graphTarget();
const exec = new Executor(createDriver(g.uri, g.user, g.password), createLogger('error'), undefined);
afterAll(() => exec.close());
const store = new Neo4jStore(exec);
const ingest = asSystemView(new IngestService(defaultRegistry(), store, createLogger('silent')));

describe('the store against Neo4j', () => {
  it('maps a constraint violation to a ConflictError (409 on every transport)', async () => {
    const urn = datasetUrn(`conflict_${unique()}`);
    await ingest.ingest([mcp(urn, 'status', { removed: false })], { actor: SYSTEM_ACTOR });
    const err = await exec
      .write((tx) => tx.run('CREATE (:Entity {urn: $urn})', { urn }))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConflictError);
    expect((err as ConflictError).status).toBe(409);
  });

  it('fails a transaction with the error of a statement sent without waiting, and writes none of it', async () => {
    const urn = datasetUrn(`piped_${unique()}`);
    const marker = `piped_marker_${unique()}`;
    await ingest.ingest([mcp(urn, 'status', { removed: false })], { actor: SYSTEM_ACTOR });
    const err = await exec
      .write(async (tx) => {
        const pipe = new Pipeline(tx);
        try {
          await pipe.run('CREATE (:Entity {urn: $marker})', { marker });
          await pipe.run('CREATE (:Entity {urn: $urn})', { urn }); // the urn exists: refused
          await pipe.run('CREATE (:Entity {urn: $marker2})', { marker2: `${marker}_2` });
          await tx.run('RETURN 1');
          await pipe.settle();
        } catch (e) {
          throw (await pipe.failure()) ?? e;
        }
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConflictError);
    const left = await exec.read(async (tx) => {
      const res = await tx.run<{ n: number }>(
        'MATCH (n:Entity) WHERE n.urn STARTS WITH $marker RETURN count(n) AS n',
        { marker },
      );
      return res.records[0]?.get('n');
    });
    expect(left).toBe(0);
  });

  it('gives stubs written before their kind was registered the label of their kind', async () => {
    const urn = `urn:li:dataJob:(urn:li:dataFlow:(airflow,old_${unique()},prod),job)`;
    await exec.write((tx) =>
      tx.run('CREATE (:Entity {urn: $urn, entityType: "dataJob", stub: true})', { urn }),
    );
    // A set of kinds not migrated yet (the registry's set is, by the server that other suites start).
    const kinds = [...defaultRegistry().allEntities(), { name: `probe${unique()}`, label: 'Probe' }];
    expect(await store.migrate(kinds)).toBeGreaterThanOrEqual(1);
    const labels = await exec.read(async (tx) =>
      (await tx.run('MATCH (e:Entity {urn: $urn}) RETURN labels(e) AS l', { urn })).records[0]?.get('l'),
    );
    expect([...labels].sort()).toEqual(['DataJob', 'Entity']);
    expect(await store.migrate(kinds)).toBe(0);
  });

  it('keeps a lease to one holder at a time, a new term for each new holder', async () => {
    const state = new SyncStateStore(exec);
    const name = `store-test-${unique()}`;
    const a = await state.claim(name, 'a', 60_000);
    expect(a).toBeDefined();
    expect(await state.claim(name, 'b', 60_000)).toBeUndefined();
    expect(await state.renew(a!, 60_000)).toBe(true);
    await state.release(a!);
    const b = await state.claim(name, 'b', 60_000);
    expect(b?.term).toBe((a?.term ?? 0) + 1);
    expect(await state.holds(a!)).toBe(false);
    expect(await state.renew(a!, 60_000)).toBe(false);
    // The checkpoint moves only forward and only under the lease.
    await state.moveCheckpoint(name, 10, b!);
    await state.moveCheckpoint(name, 5, b!);
    expect(await state.checkpoint(name)).toBe(10);
    await expect(state.moveCheckpoint(name, 20, a!)).rejects.toBeInstanceOf(LeaseLostError);
    expect(await state.checkpoint(name)).toBe(10);
    await state.resetCheckpoint(name);
    expect(await state.checkpoint(name)).toBe(0);
  });

  it('reads what the maintenance operations need: restore pages by urnLike, time-series counts', async () => {
    const id = unique();
    const urns = [0, 1, 2].map((i) => datasetUrn(`maint_${id}_${i}`));
    await ingest.ingest(
      urns.map((u) => mcp(u, 'status', { removed: false })),
      { actor: SYSTEM_ACTOR },
    );
    await ingest.ingest(
      [1_704_110_400_000, 1_704_196_800_000].map((t) =>
        mcp(urns[0] as string, 'datasetProfile', { timestampMillis: t, rowCount: 1 }),
      ),
      { actor: SYSTEM_ACTOR },
    );
    const m = new MaintenanceStore(exec);
    const page = await m.restoreUrns({ urnLike: `%maint_${id}_%`, start: 0, count: 10 });
    expect(page.map((r) => r.urn)).toEqual([...urns].sort());
    expect(page.every((r) => r.entityType === 'dataset')).toBe(true);
    expect(await m.restoreUrns({ urn: urns[1], start: 0, count: 10 })).toEqual([
      { urn: urns[1], entityType: 'dataset' },
    ]);
    const counts = await m.timeseriesCounts('dataset', 'datasetProfile', 1_704_150_000_000);
    expect(counts.total).toBeGreaterThanOrEqual(2);
    expect(counts.old).toBeGreaterThanOrEqual(1);
    expect(await m.timeseriesUrns('dataset', 'datasetProfile', 1_704_150_000_000, 10_000)).toContain(urns[0]);
    const sizes = await m.timeseriesSizes();
    expect(
      sizes.find((s) => s.entityType === 'dataset' && s.aspect === 'datasetProfile')?.rows,
    ).toBeGreaterThanOrEqual(2);
  });

  it("pages a kind's URNs after a URN, in URN order, stubs left out but stepped over", async () => {
    const prefix = `urn:li:dataset:(urn:li:dataPlatform:hive,after_${unique()}_`;
    const names = ['a', 'b', 'c', 'd', 'e'].map((x) => `${prefix}${x},PROD)`);
    // `c2` is a stub: an upstream that nothing wrote.
    const stub = `${prefix}c2,PROD)`;
    await ingest.ingest(
      [
        ...names.map((u) => mcp(u, 'status', { removed: false })),
        mcp(names[0] as string, 'upstreamLineage', {
          upstreams: [{ dataset: stub, type: 'TRANSFORMED', auditStamp: { time: 1, actor: SYSTEM_ACTOR } }],
        }),
      ],
      { actor: SYSTEM_ACTOR },
    );
    const seen: string[] = [];
    const lasts: (string | null)[] = [];
    for (let after: string | null = prefix; after !== null && after.startsWith(prefix);) {
      const page = await store.urnsAfter('dataset', after, 2);
      seen.push(...page.urns.filter((u) => u.startsWith(prefix)));
      lasts.push(page.last);
      after = page.last;
    }
    expect(seen).toEqual(names);
    // Pages of two looked at: a b | c c2 | d e (the stub counted in its page, not answered).
    expect(lasts.slice(0, 3)).toEqual([names[1], stub, names[4]]);
  });

  it('gives older aspects their run id a page of entities at a time, in URN order, none skipped at page ends', async () => {
    // Aspects as a store older than run ids left them: system metadata, no runId.
    const id = unique();
    const prefix = `urn:li:dataset:(urn:li:dataPlatform:runids${id}`;
    const urns = ['a', 'b', 'c'].map((n) => `${prefix},${n},PROD)`);
    const names = ['status', 'ownership', 'globalTags'];
    await exec.write((tx) =>
      tx.run(
        `UNWIND $urns AS urn UNWIND $names AS name
         CREATE (:Aspect {urn: urn, name: name, version: 0, createdTime: $now, createdActor: 'urn:li:corpuser:datahub',
           systemMetadata: CASE WHEN name = 'status' THEN '{}' ELSE '{"runId":"' + $id + '-' + name + '"}' END})`,
        { urns, names, id, now: Date.now() },
      ),
    );
    try {
      // Pages of two index entries: each page's last entity has aspects beyond the page, set with it.
      const pages: { n: number; last: string | null }[] = [];
      for (let after: string | null = prefix; after !== null && after.startsWith(prefix);) {
        const page = await exec.write((tx) => indexRunIds(tx, after as string, 2));
        pages.push(page);
        after = page.last;
      }
      expect(pages.slice(0, 3)).toEqual(urns.map((last) => ({ n: 3, last })));
      const res = await exec.read((tx) =>
        tx.run<{ urn: string; name: string; runId: string }>(
          'UNWIND $urns AS urn MATCH (a:Aspect {urn: urn}) RETURN a.urn AS urn, a.name AS name, a.runId AS runId',
          { urns },
        ),
      );
      const runIds = Object.fromEntries(
        res.records.map((r) => [`${r.get('urn')} ${r.get('name')}`, r.get('runId')]),
      );
      for (const urn of urns)
        expect([runIds[`${urn} status`], runIds[`${urn} ownership`], runIds[`${urn} globalTags`]]).toEqual([
          NO_RUN_ID,
          `${id}-ownership`,
          `${id}-globalTags`,
        ]);
    } finally {
      // Aspects without their entity: not left for the suites that list every run.
      await exec.write((tx) => tx.run('UNWIND $urns AS urn MATCH (a:Aspect {urn: urn}) DELETE a', { urns }));
    }
  });
  it("bounds a follower's batch by its entities too, at a transaction's end", async () => {
    const tag = `bounded_${unique()}`;
    const head = await exec.read(readHead);
    // Three transactions of 30 entities each.
    for (let t = 0; t < 3; t++)
      await ingest.ingest(
        Array.from({ length: 30 }, (_, i) =>
          mcp(datasetUrn(`${tag}_${t}_${i}`), 'status', { removed: false }),
        ),
        { actor: SYSTEM_ACTOR },
      );
    const mine = (b: { entities: { urn: string }[] }): number =>
      b.entities.filter((e) => e.urn.includes(tag)).length;
    // Bounded at 50 entities: the first two transactions (the second reaches the bound), not the third.
    const two = await exec.read((tx) => readChangedEntities(tx, head, 200, 50));
    expect(mine(two)).toBe(60);
    const rest = await exec.read((tx) => readChangedEntities(tx, two.lastSeq, 200, 50));
    expect(mine(rest)).toBe(30);
    expect(rest.lastSeq).toBeGreaterThan(two.lastSeq);
    // A transaction larger than the bound is read whole.
    const one = await exec.read((tx) => readChangedEntities(tx, head, 200, 10));
    expect(mine(one)).toBe(30);
  });
});

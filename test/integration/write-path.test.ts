import neo4j, { type Driver } from 'neo4j-driver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime.js';
import { SYSTEM_ACTOR } from '../../src/services/index.js';
import { asSystemView, datasetUrn, graphTarget, mcp, startTestServer, unique } from '../support/runtime.js';

/** The change-log entries of `$urn`, one row each (the log keeps one node per write transaction). */
const LOG = `MATCH (c:ChangeLog) WHERE c.urns IS NOT NULL UNWIND range(0, size(c.urns) - 1) AS i WITH c, i WHERE c.urns[i] = $urn
  WITH c.aspects[i] AS aspect, c.changeTypes[i] AS changeType, c.seq + i AS seq,
       CASE c.previousValues[i] WHEN '' THEN null ELSE c.previousValues[i] END AS prev,
       CASE c.newValues[i] WHEN '' THEN null ELSE c.newValues[i] END AS next`;

let rt: Runtime;
let sys: Runtime['services'];
let driver: Driver;
const ctx = { actor: SYSTEM_ACTOR };

async function cypher<T = Record<string, unknown>>(
  query: string,
  params: Record<string, unknown> = {},
): Promise<T[]> {
  const res = await driver.executeQuery(query, params);
  return res.records.map((r) => r.toObject() as T);
}

beforeAll(async () => {
  rt = await startTestServer();
  sys = asSystemView(rt.services);
  const g = graphTarget();
  driver = neo4j.driver(g.uri, g.password ? neo4j.auth.basic(g.user, g.password) : undefined, {
    disableLosslessIntegers: true,
  });
});
afterAll(async () => {
  await driver?.close();
  await rt?.stop();
});

describe('the one write path', () => {
  it('keeps version 0 as latest and the history as versions 1..n, skipping no-op writes', async () => {
    const urn = datasetUrn(`versions_${unique()}`);
    for (const d of ['one', 'two', 'three', 'three']) {
      await sys.ingest.ingest([mcp(urn, 'datasetProperties', { description: d })], ctx);
    }
    const { reads } = rt.services;
    expect((await reads.aspect(urn, 'datasetProperties', 0)).value.description).toBe('three');
    expect((await reads.aspect(urn, 'datasetProperties', 1)).value.description).toBe('one');
    expect((await reads.aspect(urn, 'datasetProperties', 2)).value.description).toBe('two');
    await expect(reads.aspect(urn, 'datasetProperties', 3)).rejects.toThrow(/not found/);
    const log = await cypher<{ n: number }>(
      `${LOG} WHERE aspect = 'datasetProperties' RETURN count(*) AS n`,
      { urn },
    );
    expect(log[0]?.n).toBe(3);
  });

  it('versions an aspect written twice in the batch that creates its entity', async () => {
    const urn = datasetUrn(`new_twice_${unique()}`);
    await sys.ingest.ingest(
      [
        mcp(urn, 'datasetProperties', { description: 'first' }),
        mcp(urn, 'datasetKey', {
          platform: 'urn:li:dataPlatform:hive',
          name: urn.split(',')[1],
          origin: 'PROD',
        }),
        mcp(urn, 'datasetProperties', { description: 'second' }),
      ],
      ctx,
    );
    const { reads } = rt.services;
    expect((await reads.aspect(urn, 'datasetProperties', 0)).value.description).toBe('second');
    expect((await reads.aspect(urn, 'datasetProperties', 1)).value.description).toBe('first');
    const log = await cypher<{ aspect: string; prev: string | null }>(
      `${LOG} RETURN aspect, prev ORDER BY seq`,
      {
        urn,
      },
    );
    // The entity is new: DataHub's default aspects are written in the same transaction.
    expect(log.map((l) => l.aspect)).toEqual([
      'datasetKey',
      'datasetProperties',
      'datasetProperties',
      'browsePathsV2',
      'dataPlatformInstance',
    ]);
    expect(log.map((l) => (l.prev === null ? null : JSON.parse(l.prev).description))).toEqual([
      null,
      null,
      'first',
      null,
      null,
    ]);
  });

  it('re-creates an entity hard deleted earlier in the same batch', async () => {
    const urn = datasetUrn(`recreate_${unique()}`);
    await sys.ingest.ingest([mcp(urn, 'datasetProperties', { description: 'old' })], ctx);
    await sys.ingest.ingest(
      [{ entityUrn: urn, changeType: 'DELETE' }, mcp(urn, 'datasetProperties', { description: 'new' })],
      ctx,
    );
    const { reads } = rt.services;
    expect((await reads.aspect(urn, 'datasetProperties', 0)).value.description).toBe('new');
    await expect(reads.aspect(urn, 'datasetProperties', 1)).rejects.toThrow(/not found/);
    expect(await reads.exists(urn)).toBe(true);
    expect(Object.keys((await reads.entity(urn)).aspects).sort()).toEqual([
      'datasetKey',
      'datasetProperties',
    ]);
  });

  it('never loses a version when 50 writers race on one aspect', async () => {
    const urn = datasetUrn(`race_${unique()}`);
    const writers = Array.from({ length: 50 }, (_, i) =>
      sys.ingest.ingest([mcp(urn, 'datasetProperties', { description: `writer ${i}` })], ctx),
    );
    await Promise.all(writers);
    const rows = await cypher<{ version: number; value: string }>(
      `MATCH (a:Aspect {urn: $urn, name: 'datasetProperties'}) RETURN 0 AS version, a.value AS value
       UNION ALL MATCH (v:AspectVersion {urn: $urn, name: 'datasetProperties'}) RETURN v.version AS version, v.value AS value`,
      { urn },
    );
    expect(rows).toHaveLength(50);
    expect(new Set(rows.map((r) => r.version))).toEqual(new Set(Array.from({ length: 50 }, (_, i) => i)));
    expect(new Set(rows.map((r) => JSON.parse(r.value).description)).size).toBe(50);
    const seqs = await cypher<{ seq: number }>(`${LOG} WHERE aspect = 'datasetProperties' RETURN seq`, {
      urn,
    });
    expect(seqs).toHaveLength(50);
  });

  it('derives the key aspect from the URN and creates stubs for referenced entities', async () => {
    const id = unique();
    const urn = datasetUrn(`keyed_${id}`, 'kafka');
    const owner = `urn:li:corpuser:stub_${id}`;
    await sys.ingest.ingest([mcp(urn, 'ownership', { owners: [{ owner, type: 'DATAOWNER' }] })], ctx);
    const view = await sys.reads.entity(urn);
    expect(view.aspects.datasetKey?.value).toEqual({
      platform: 'urn:li:dataPlatform:kafka',
      name: `keyed_${id}`,
      origin: 'PROD',
    });
    const stub = await cypher<{ stub: boolean; labels: string[] }>(
      'MATCH (n:Entity {urn: $owner}) RETURN n.stub AS stub, labels(n) AS labels',
      { owner },
    );
    expect(stub[0]).toEqual({ stub: true, labels: expect.arrayContaining(['Entity', 'CorpUser']) });
    expect(await sys.reads.exists(owner)).toBe(false);
    expect(await sys.reads.exists(urn)).toBe(true);
  });

  it("replaces exactly one aspect's edges on rewrite", async () => {
    const id = unique();
    const urn = datasetUrn(`edges_${id}`);
    const user = (n: string): string => `urn:li:corpuser:${n}_${id}`;
    await sys.ingest.ingest(
      [
        mcp(urn, 'ownership', {
          owners: [
            { owner: user('a'), type: 'DATAOWNER' },
            { owner: user('b'), type: 'DATAOWNER' },
          ],
        }),
        mcp(urn, 'globalTags', { tags: [{ tag: `urn:li:tag:t_${id}` }] }),
      ],
      ctx,
    );
    await sys.ingest.ingest(
      [mcp(urn, 'ownership', { owners: [{ owner: user('c'), type: 'DATAOWNER' }] })],
      ctx,
    );
    const edges = await cypher<{ type: string; dst: string }>(
      'MATCH (:Entity {urn: $urn})-[r]->(d) RETURN type(r) AS type, d.urn AS dst ORDER BY dst',
      { urn },
    );
    expect(edges).toEqual([
      { type: 'OwnedBy', dst: user('c') },
      { type: 'TaggedWith', dst: `urn:li:tag:t_${id}` },
    ]);
  });

  it('writes nothing from a batch with one bad proposal', async () => {
    const urn = datasetUrn(`atomic_${unique()}`);
    await expect(
      sys.ingest.ingest(
        [mcp(urn, 'datasetProperties', { description: 'ok' }), mcp(urn, 'ownership', { owners: 'nope' })],
        ctx,
      ),
    ).rejects.toMatchObject({ code: 'VALIDATION', message: expect.stringContaining('/owners') });
    expect((await sys.reads.entity(urn)).aspects).toEqual({});
    expect(await cypher('MATCH (n:Entity {urn: $urn}) RETURN n', { urn })).toHaveLength(0);
  });

  it('records each change with previous and new value in the change log, in order', async () => {
    const urn = datasetUrn(`log_${unique()}`);
    await sys.ingest.ingest([mcp(urn, 'status', { removed: false })], ctx);
    await sys.ingest.ingest([mcp(urn, 'status', { removed: true })], ctx);
    const projected = await cypher<{ removed: boolean | null }>(
      'MATCH (n:Entity {urn: $urn}) RETURN n.removed AS removed',
      { urn },
    );
    expect(projected).toEqual([{ removed: true }]);
    await sys.ingest.ingest(
      [{ entityUrn: urn, entityType: 'dataset', changeType: 'DELETE', aspectName: 'status' }],
      ctx,
    );
    expect(await cypher('MATCH (n:Entity {urn: $urn}) RETURN n.removed AS removed', { urn })).toEqual([
      { removed: null },
    ]);
    const log = await cypher<{
      aspect: string;
      changeType: string;
      prev: string | null;
      next: string | null;
      seq: number;
    }>(`${LOG} RETURN aspect, changeType, prev, next, seq ORDER BY seq`, { urn });
    expect(log.map((l) => [l.aspect, l.changeType, l.prev, l.next])).toEqual([
      ['datasetKey', 'UPSERT', null, expect.any(String)],
      ['status', 'UPSERT', null, '{"removed":false}'],
      ['browsePathsV2', 'UPSERT', null, '{"path":[{"id":"Default"}]}'],
      ['dataPlatformInstance', 'UPSERT', null, '{"platform":"urn:li:dataPlatform:hive"}'],
      ['status', 'UPSERT', '{"removed":false}', '{"removed":true}'],
      ['status', 'DELETE', '{"removed":true}', null],
    ]);
    const seqs = log.map((l) => l.seq);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
  });

  it('writes an aspect too long for one JSON parameter (over 20,000,000 characters) as any other, and indexes it', async () => {
    // The write statements take their rows as one JSON string, which Neo4j's JSON reader refuses past
    // 20,000,000 characters in one string: such a batch goes as plain parameters.
    const urn = datasetUrn(`huge_${unique()}`);
    const description = `${'x'.repeat(20_000_000)} tail_${unique()}`;
    const tag = `urn:li:tag:huge_${unique()}`;
    await sys.ingest.ingest(
      [
        mcp(urn, 'datasetProperties', { name: 'huge', description }),
        mcp(urn, 'globalTags', { tags: [{ tag }] }),
      ],
      ctx,
    );
    const [stored] = await cypher<{ value: string; logged: boolean }>(
      `MATCH (a:Aspect {urn: $urn, name: 'datasetProperties'})
       MATCH (:Entity {urn: $urn})-[:TaggedWith]->(:Entity {urn: $tag})
       CALL { ${LOG} WHERE aspect = 'datasetProperties' RETURN next }
       RETURN a.value AS value, next = a.value AS logged`,
      { urn, tag },
    );
    expect((JSON.parse(stored?.value ?? '{}') as { description?: string }).description).toBe(description);
    expect(stored?.logged).toBe(true);
    const length = stored?.value.length;
    // Its search document holds the whole description (written as a map, not as JSON).
    let indexed: number | null = null;
    for (const deadline = Date.now() + 60_000; indexed === null && Date.now() < deadline;) {
      const [doc] = await cypher<{ n: number | null }>(
        'MATCH (d:SearchDocument {urn: $urn}) RETURN size(d.f_description[0]) AS n',
        { urn },
      );
      indexed = doc?.n ?? null;
      if (indexed === null) await new Promise((r) => setTimeout(r, 200));
    }
    expect(indexed).toBe(description.length);
    // Rewritten: the huge value is the previous one, in the history and the change log.
    await sys.ingest.ingest([mcp(urn, 'datasetProperties', { name: 'small' })], ctx);
    const [after] = await cypher<{ latest: string; previous: number }>(
      `MATCH (a:Aspect {urn: $urn, name: 'datasetProperties'})
       MATCH (v:AspectVersion {urn: $urn, name: 'datasetProperties', version: 1})
       RETURN a.value AS latest, size(v.value) AS previous`,
      { urn },
    );
    expect((JSON.parse(after?.latest ?? '{}') as { name?: string }).name).toBe('small');
    expect(after?.previous).toBe(length);
  }, 120_000);

  it('keys time-series values by timestamp: same timestamp replaces', async () => {
    const urn = datasetUrn(`ts_${unique()}`);
    const profile = (ts: number, rowCount: number): Record<string, unknown> =>
      mcp(urn, 'datasetProfile', { timestampMillis: ts, rowCount, columnCount: 2 });
    await sys.ingest.ingest([profile(1000, 1), profile(2000, 2), profile(1000, 3)], ctx);
    const rows = await sys.reads.timeseries({ urn, aspect: 'datasetProfile', limit: 10 });
    expect(rows.map((r) => [r.timestampMillis, JSON.parse(r.value).rowCount])).toEqual([
      [2000, 2],
      [1000, 3],
    ]);
  });

  it('hard deletes an entity, keeping it as a stub while others point at it', async () => {
    const id = unique();
    const target = datasetUrn(`target_${id}`);
    const source = datasetUrn(`source_${id}`);
    await sys.ingest.ingest(
      [
        mcp(target, 'datasetProperties', { description: 'x' }),
        mcp(source, 'upstreamLineage', {
          upstreams: [
            { dataset: target, type: 'TRANSFORMED', auditStamp: { time: 0, actor: 'urn:li:corpuser:x' } },
          ],
        }),
      ],
      ctx,
    );
    const res = await sys.ingest.deleteEntity(target, ctx);
    // Its key, properties and default aspects (browsePathsV2, dataPlatformInstance).
    expect(res.rows).toBe(4);
    expect(await sys.reads.exists(target)).toBe(false);
    const node = await cypher<{ stub: boolean }>('MATCH (n:Entity {urn: $target}) RETURN n.stub AS stub', {
      target,
    });
    expect(node).toEqual([{ stub: true }]);
    const up = await sys.reads.relationships(source, ['DownstreamOf'], 'OUTGOING', 0, 10);
    expect(up.relationships.map((r) => r.entity)).toEqual([target]);
  });
});

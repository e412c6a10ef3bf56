import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import type { Runtime } from '../../src/runtime.js';
import { createDriver, Executor, TaskStore } from '../../src/store/index.js';
import { httpClient, post } from '../support/http.js';
import { datasetUrn, graphTarget, mcp, startTestServer, unique } from '../support/runtime.js';

let rt: Runtime;
let base: string;
let exec: Executor;
beforeAll(async () => {
  rt = await startTestServer();
  base = rt.url;
  const g = graphTarget();
  exec = new Executor(createDriver(g.uri, g.user, g.password), createLogger('error'), undefined);
});
afterAll(async () => {
  await exec?.close();
  await rt?.stop();
});

const op = (prefix: string, name: string, body: unknown) =>
  post(base, `${prefix}/operations?action=${name}`, body);

const { waitForTask } = httpClient(() => base);
const GMS = { prefix: '/api/gms' };

type Index = { remove(u: string[]): Promise<void>; get(u: string): Promise<unknown> };

/** Three datasets ingested and indexed, then removed from the index (so a restore has work to do). */
async function indexedThenRemoved(prefix: string): Promise<{ id: string; urns: string[]; index: Index }> {
  const id = unique();
  const urns = [0, 1, 2].map((i) => datasetUrn(`${prefix}_${id}_${i}`));
  await post(
    base,
    '/aspects?action=ingestProposalBatch',
    { proposals: urns.map((u) => mcp(u, 'datasetProperties', { name: `${prefix} ${id}` })) },
    { 'X-DataHub-Sync-Index-Update': 'true' },
  );
  const index = (rt.services.search as unknown as { index: Index }).index;
  await index.remove(urns);
  return { id, urns, index };
}

describe('operations', () => {
  it('restoreIndices rebuilds documents of URNs matching a pattern, as a task getEsTaskStatus follows', async () => {
    const { id, urns, index } = await indexedThenRemoved('restore');
    expect(await index.get(urns[0] as string)).toBeUndefined();
    const res = await op('/gms', 'restoreIndices', {
      urnLike: `urn:li:dataset:(urn:li:dataPlatform:hive,restore_${id}_%`,
      start: 0,
      batchSize: 2,
    });
    expect(res.status).toBe(200);
    const summary = JSON.parse(res.body.value);
    expect(summary).toMatchObject({ entitiesMatched: 2, start: 0, batchSize: 2 });
    const status = await waitForTask(summary.taskId, GMS);
    expect(status).toMatchObject({
      completed: true,
      taskId: summary.taskId,
      status: { updated: 2, requests_per_second: -1 },
    });
    expect(await index.get(urns[0] as string)).toBeDefined();
    expect(await index.get(urns[2] as string)).toBeUndefined();
    const one = JSON.parse((await op('', 'restoreIndices', { urn: urns[2] })).body.value);
    await waitForTask(one.taskId, GMS);
    expect(await index.get(urns[2] as string)).toBeDefined();
  });

  it('resumes a restore left unfinished by a process that died, after the entities it had done', async () => {
    const { id, urns, index } = await indexedThenRemoved('resume');
    // A restore task of a process that stopped after rebuilding one entity: its heartbeat is long stale.
    const dead = new TaskStore(exec, 'neohub', `dead-${id}`);
    const task = await dead.create('restoreIndices', {
      urnLike: `urn:li:dataset:(urn:li:dataPlatform:hive,resume_${id}_%`,
      start: 0,
      batchSize: 10,
    });
    await dead.progress(task, { total: 1, updated: 1, batches: 1 });
    await exec.write((tx) => tx.run('MATCH (t:Task {id: $task}) SET t.heartbeat = 0', { task }));

    await rt.services.operations.resumeStale();
    const status = await waitForTask(task, GMS);
    expect(status).toMatchObject({ completed: true, status: { total: 3, updated: 3 } });
    expect(status.error).toBeUndefined();
    // The first entity counted as done before the crash is not rebuilt again; the others are.
    expect(await index.get(urns[0] as string)).toBeUndefined();
    expect(await index.get(urns[1] as string)).toBeDefined();
    expect(await index.get(urns[2] as string)).toBeDefined();
    // Claimed once (here, or by another test process sharing the store): it is not stale any more.
    expect(await rt.services.operations.resumeStale()).not.toContain(task);
  });

  it('getEsTaskStatus validates its parameters and names unknown tasks', async () => {
    expect((await op('', 'getEsTaskStatus', {})).body.message).toBe(
      'Please specify either Node ID + task ID OR composite task parameters',
    );
    const both = await op('', 'getEsTaskStatus', { task: 'a:1', nodeId: 'b', taskId: 2 });
    expect(both).toMatchObject({
      status: 400,
      body: { message: 'Please specify only one of Node ID + task ID OR composite task parameters' },
    });
    const bad = await op('', 'getEsTaskStatus', { task: 'not a task' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(
      'Task should be in the form nodeId:taskId e.g. aB1cdEf2GHIJKLMnoPQr3S:123456 (got not a task)',
    );
    const missing = await op('', 'getEsTaskStatus', { nodeId: 'XIAMx5WySACgg9XxBgaKmw', taskId: 12587 });
    expect(missing.status).toBe(200);
    expect(missing.body.value).toBe('{"error":"Could not get task status for XIAMx5WySACgg9XxBgaKmw:12587"}');
  });

  it('getIndexSizes lists the time-series stores; truncateTimeseriesAspect dry-runs, then deletes as a task', async () => {
    const urn = datasetUrn(`trunc_${unique()}`);
    await post(base, '/aspects?action=ingestProposalBatch', {
      proposals: [1, 2, 3, 4].map((d) =>
        mcp(urn, 'datasetUsageStatistics', { timestampMillis: d * 1000, uniqueUserCount: d }),
      ),
    });
    const sizes = await op('', 'getIndexSizes', {});
    expect(sizes.body.value.indexSizes).toContainEqual({
      aspectName: 'datasetusagestatistics',
      sizeMb: expect.any(Number),
      indexName: 'dataset_datasetusagestatisticsaspect_v1',
      entityName: 'dataset',
    });
    const dry = await op('', 'truncateTimeseriesAspect', {
      entityType: 'dataset',
      aspect: 'datasetusagestatistics',
      endTimeMillis: 2000,
    });
    expect(dry.body.value).toMatch(
      /^Delete \d+ out of \d+ rows \(\d+\.\d\d%\)\. (Reindexing the aspect without the deleted records|Issuing a delete by query request)\. This was a dry run\. Run with dryRun = false to execute\.$/,
    );
    const flags = await op('', 'truncateTimeseriesAspect', {
      entityType: 'dataset',
      aspect: 'datasetUsageStatistics',
      endTimeMillis: 2000,
      forceDeleteByQuery: true,
      forceReindex: true,
    });
    expect(flags.body.value).toBe('please only set forceReindex OR forceDeleteByQuery flags');
    const run = await op('', 'truncateTimeseriesAspect', {
      entityType: 'dataset',
      aspect: 'datasetUsageStatistics',
      endTimeMillis: 2000,
      dryRun: false,
      batchSize: 100,
    });
    expect(run.body.value).toMatch(/^neohub:\d+$/);
    const status = await waitForTask(run.body.value, GMS);
    expect(status.status.deleted).toBeGreaterThanOrEqual(2);
    const left = await post(base, '/aspects?action=getTimeseriesAspectValues', {
      urn,
      entity: 'dataset',
      aspect: 'datasetUsageStatistics',
    });
    expect(
      left.body.value.values.map(
        (v: { aspect: { value: string } }) => JSON.parse(v.aspect.value).timestampMillis,
      ),
    ).toEqual([4000, 3000]);
    expect(
      (
        await op('', 'truncateTimeseriesAspect', {
          entityType: 'dataset',
          aspect: 'status',
          endTimeMillis: 1,
        })
      ).status,
    ).toBe(400);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime.js';
import { datasetUrn, mcp, post, startTestServer, unique } from '../support/runtime.js';

let rt: Runtime;
let base: string;
beforeAll(async () => {
  rt = await startTestServer();
  base = rt.url;
});
afterAll(async () => rt?.stop());

const op = (prefix: string, name: string, body: unknown) =>
  post(base, `${prefix}/operations?action=${name}`, body);

async function waitForTask(task: string): Promise<Record<string, any>> {
  for (let i = 0; i < 200; i++) {
    const res = await op('/api/gms', 'getEsTaskStatus', { task });
    const status = JSON.parse(res.body.value);
    if (status.completed) return status;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`task ${task} did not complete`);
}

describe('operations', () => {
  it('restoreIndices rebuilds documents of URNs matching a pattern, as a task getEsTaskStatus follows', async () => {
    const id = unique();
    const urns = [0, 1, 2].map((i) => datasetUrn(`restore_${id}_${i}`));
    await post(
      base,
      '/aspects?action=ingestProposalBatch',
      { proposals: urns.map((u) => mcp(u, 'datasetProperties', { name: `restore ${id}` })) },
      { 'X-DataHub-Sync-Index-Update': 'true' },
    );
    const index = (
      rt.services.search as unknown as {
        index: { remove(u: string[]): Promise<void>; get(u: string): Promise<unknown> };
      }
    ).index;
    await index.remove(urns);
    expect(await index.get(urns[0] as string)).toBeUndefined();
    const res = await op('/gms', 'restoreIndices', {
      urnLike: `urn:li:dataset:(urn:li:dataPlatform:hive,restore_${id}_%`,
      start: 0,
      batchSize: 2,
    });
    expect(res.status).toBe(200);
    const summary = JSON.parse(res.body.value);
    expect(summary).toMatchObject({ entitiesMatched: 2, start: 0, batchSize: 2 });
    const status = await waitForTask(summary.taskId);
    expect(status).toMatchObject({
      completed: true,
      taskId: summary.taskId,
      status: { updated: 2, requests_per_second: -1 },
    });
    expect(await index.get(urns[0] as string)).toBeDefined();
    expect(await index.get(urns[2] as string)).toBeUndefined();
    const one = JSON.parse((await op('', 'restoreIndices', { urn: urns[2] })).body.value);
    await waitForTask(one.taskId);
    expect(await index.get(urns[2] as string)).toBeDefined();
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
    const status = await waitForTask(run.body.value);
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

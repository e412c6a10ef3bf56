/**
 * Ingestion runs (issue 18): `/runs` lists runs, describes what a run wrote, and rolls a run back as
 * DataHub does: the run's versions are undone, what other runs wrote stays, entities the run created
 * go unless others wrote to them (unsafe: `safe` keeps them), and a dry run changes nothing.
 */
import { describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime.js';
import { useAuthServer, type TestTokens } from '../support/auth.js';
import { httpClient, JSON_CONTENT, RESTLI } from '../support/http.js';
import { datasetUrn, enc, mcp, unique } from '../support/runtime.js';

let rt: Runtime;
let t: TestTokens;
// Rollbacks of more than 3 aspects run as background tasks here: both ways are exercised.
useAuthServer({ NEOHUB_RATE_LIMIT_PER_MINUTE: '0', NEOHUB_ROLLBACK_TASK_ASPECTS: '3' }, (r, tokens) => {
  rt = r;
  t = tokens;
});
const client = httpClient(() => rt.url, { headers: { ...JSON_CONTENT, ...RESTLI } });
const admin = () => client.as(t.admin);

/** Proposals of one run (its runId in their system metadata), written as the Admin. */
async function ingestRun(runId: string, proposals: Record<string, unknown>[]): Promise<void> {
  const res = await admin().call('POST', '/aspects?action=ingestProposalBatch', {
    proposals: proposals.map((p) => ({ ...p, systemMetadata: { runId, lastObserved: Date.now() } })),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const runs = async (action: string, body: Record<string, unknown>, token = t.admin) =>
  client.as(token).call('POST', `/runs?action=${action}`, body);

/** An aspect through OpenAPI v3, with its system metadata; undefined when absent. */
const aspectOf = async (urn: string, aspect: string) => {
  const res = await admin().call(
    'GET',
    `/openapi/v3/entity/dataset/${enc(urn)}/${aspect}?systemMetadata=true`,
  );
  return res.status === 404 ? undefined : (res.body as { value: any; systemMetadata: any });
};
const mustAspect = async (urn: string, aspect: string) => {
  const a = await aspectOf(urn, aspect);
  expect(a, `${urn} ${aspect}`).toBeDefined();
  return a as { value: any; systemMetadata: any };
};
const exists = async (urn: string) =>
  (await admin().call('GET', `/openapi/v3/entity/dataset/${enc(urn)}`)).status === 200;

describe('ingestion runs', () => {
  it('lists runs newest first, describes their rows, and rolls the second back then the first', async () => {
    const u = unique();
    const [runA, runB] = [`runA-${u}`, `runB-${u}`];
    const [d1, d2, d3] = [1, 2, 3].map((i) => datasetUrn(`runs_${u}_${i}`)) as [string, string, string];
    await ingestRun(runA, [
      mcp(d1, 'datasetProperties', { name: 'one', description: 'from A' }),
      mcp(d2, 'datasetProperties', { name: 'two' }),
    ]);
    await ingestRun(runB, [
      mcp(d1, 'datasetProperties', { name: 'one', description: 'from B' }),
      mcp(d1, 'globalTags', { tags: [{ tag: `urn:li:tag:runs_${u}` }] }),
      // The same value again: the value stays A's (DataHub's runId), B only saw it (lastRunId).
      mcp(d2, 'datasetProperties', { name: 'two' }),
      mcp(d3, 'datasetProperties', { name: 'three' }),
    ]);

    const list = await runs('list', { pageOffset: 0, pageSize: 10000 });
    expect(list.status).toBe(200);
    const ours = (list.body.value as { runId: string; rows: number; timestamp: number }[]).filter((r) =>
      r.runId.endsWith(u),
    );
    // B: d1's new properties and tags, d3's key, properties and default aspects (browsePathsV2,
    // dataPlatformInstance); A: the keys and default aspects of d1 and d2, d2's properties.
    expect(ours.map((r) => [r.runId, r.rows])).toEqual([
      [runB, 6],
      [runA, 7],
    ]);
    expect(ours[0]?.timestamp).toBeGreaterThanOrEqual(ours[1]?.timestamp ?? 0);

    const described = await runs('describe', { runId: runA, start: 0, count: 100 });
    expect(described.status).toBe(200);
    const rowsA = described.body.value as Record<string, unknown>[];
    expect(rowsA.map((r) => [r.urn, r.aspectName, r.keyAspect])).toEqual([
      [d1, 'browsePathsV2', false],
      [d1, 'dataPlatformInstance', false],
      [d1, 'datasetKey', true],
      [d2, 'browsePathsV2', false],
      [d2, 'dataPlatformInstance', false],
      [d2, 'datasetKey', true],
      [d2, 'datasetProperties', false],
    ]);
    expect(rowsA[0]).toMatchObject({ runId: runA, version: 0, timestamp: expect.any(Number) });
    const withAspect = await runs('describe', { runId: runB, start: 0, count: 1, includeAspect: true });
    expect(withAspect.body.value).toEqual([
      expect.objectContaining({
        urn: d1,
        aspectName: 'datasetProperties',
        aspect: expect.objectContaining({ description: 'from B' }),
      }),
    ]);
    const d2Props = await mustAspect(d2, 'datasetProperties');
    expect(d2Props.systemMetadata).toMatchObject({ runId: runA, lastRunId: runB });

    const dry = await runs('rollback', { runId: runB, dryRun: true, safe: true });
    expect(dry.status).toBe(200);
    const figures = {
      entitiesAffected: 2,
      entitiesDeleted: 1,
      aspectsReverted: 6,
      aspectsAffected: 0,
      unsafeEntitiesCount: 0,
      unsafeEntities: [],
    };
    expect(dry.body.value).toMatchObject(figures);
    expect(dry.body.value.aspectRowSummaries).toHaveLength(6);
    expect(await exists(d3)).toBe(true);
    expect((await mustAspect(d1, 'datasetProperties')).value.description).toBe('from B');

    const done = await runs('rollback', { runId: runB, dryRun: false, safe: true });
    expect(done.status).toBe(200);
    expect(done.body.value).toMatchObject(figures);
    expect(await exists(d3)).toBe(false);
    const d1Props = await mustAspect(d1, 'datasetProperties');
    expect(d1Props.value.description).toBe('from A');
    expect(d1Props.systemMetadata.runId).toBe(runA);
    expect(await aspectOf(d1, 'globalTags')).toBeUndefined();
    expect((await mustAspect(d2, 'datasetProperties')).value.name).toBe('two');
    const again = await runs('rollback', { runId: runB, dryRun: false });
    expect(again.body.value).toMatchObject({ entitiesAffected: 0, aspectsReverted: 0 });

    const rollbackA = await runs('rollback', { runId: runA });
    expect(rollbackA.body.value).toMatchObject({ entitiesDeleted: 2, unsafeEntitiesCount: 0 });
    expect(await exists(d1)).toBe(false);
    expect(await exists(d2)).toBe(false);
    const after = await runs('list', { pageSize: 10000 });
    expect((after.body.value as { runId: string }[]).filter((r) => r.runId.endsWith(u))).toEqual([]);
  });

  it('an entity the run created that others wrote to is unsafe: safe keeps it, nuke removes it', async () => {
    const u = unique();
    const run = `runC-${u}`;
    const d = datasetUrn(`unsafe_${u}`);
    await ingestRun(run, [mcp(d, 'datasetProperties', { name: 'c' })]);
    // Another writer (no run) adds an owner.
    const owned = await admin().call('POST', '/aspects?action=ingestProposal', {
      proposal: mcp(d, 'ownership', { owners: [{ owner: `urn:li:corpuser:o_${u}`, type: 'DATAOWNER' }] }),
    });
    expect(owned.status).toBe(200);
    const safe = await runs('rollback', { runId: run, safe: true });
    // The run's properties and the default aspects its first write made go; the key stays.
    expect(safe.body.value).toMatchObject({
      entitiesDeleted: 0,
      aspectsReverted: 3,
      aspectsAffected: 1,
      unsafeEntitiesCount: 1,
      unsafeEntities: [{ urn: d }],
    });
    expect(await exists(d)).toBe(true);
    expect(await aspectOf(d, 'datasetProperties')).toBeUndefined();
    expect(await aspectOf(d, 'ownership')).toBeDefined();
    const nuke = await runs('rollback', { runId: run, safe: false });
    expect(nuke.body.value).toMatchObject({ entitiesDeleted: 1, unsafeEntitiesCount: 1 });
    expect(await exists(d)).toBe(false);
  });

  it('answers bad requests with 400 and keeps rollbacks and their dry runs to Admins', async () => {
    const u = unique();
    const run = `runE-${u}`;
    const d = datasetUrn(`auth_${u}`);
    await ingestRun(run, [mcp(d, 'datasetProperties', { name: 'e' })]);
    expect((await runs('describe', {})).status).toBe(400);
    expect((await runs('rollback', { runId: 'no-run-id-provided', dryRun: true })).status).toBe(400);
    expect((await runs('nope', {})).status).toBe(400);
    // Run ids are indexed with the URN: a longer one than 512 characters is refused, and nothing written.
    const long = await admin().call('POST', '/aspects?action=ingestProposal', {
      proposal: { ...mcp(d, 'status', { removed: false }), systemMetadata: { runId: 'r'.repeat(513) } },
    });
    expect(long.status).toBe(422);
    expect(long.body.message).toContain('systemMetadata.runId is longer than 512 characters');
    expect((await runs('list', { pageSize: -1 })).status).toBe(400);
    expect((await runs('list', { includeSoft: 'maybe' })).status).toBe(400);
    expect((await runs('rollback', { runId: run, dryRun: true }, t.reader)).status).toBe(403);
    expect((await runs('rollback', { runId: run, dryRun: true }, t.editor)).status).toBe(403);
    expect((await runs('rollback', { runId: run, dryRun: true }, t.admin)).status).toBe(200);
    expect((await runs('rollback', { runId: run }, t.editor)).status).toBe(403);
    expect(await exists(d)).toBe(true);
    expect((await client.call('POST', '/runs?action=list', {})).status).toBe(401);
    expect((await runs('rollback', { runId: run }, t.admin)).status).toBe(200);
    expect(await exists(d)).toBe(false);
  });
});

describe("ingestion runs through GraphQL, as DataHub's UI lists and rolls them back", () => {
  it('lists execution requests newest first, plans a rollback with dryRun, then rolls back (Admins only)', async () => {
    const runId = `gql-run-${unique()}`;
    const urn = datasetUrn(`gql_run_${unique()}`);
    const request = `urn:li:dataHubExecutionRequest:${runId}`;
    await ingestRun(runId, [mcp(urn, 'datasetProperties', { name: 'from a run' })]);
    // What DataHub's CLI reports a run as: an execution request keyed by its run id.
    const now = Date.now();
    const reported = await admin().call(
      'POST',
      '/aspects?action=ingestProposalBatch',
      {
        proposals: [
          mcp(request, 'dataHubExecutionRequestInput', {
            task: 'RUN_INGEST',
            args: { recipe: '{}' },
            executorId: '__datahub_cli_',
            source: { type: 'CLI_INGESTION_SOURCE' },
            requestedAt: now,
          }),
          mcp(request, 'dataHubExecutionRequestResult', {
            status: 'SUCCESS',
            startTimeMs: now,
            durationMs: 1200,
            structuredReport: {
              type: 'CLI_INGEST',
              serializedValue: '{"source":{}}',
              contentType: 'application/json',
            },
          }),
        ],
      },
      { 'X-DataHub-Sync-Index-Update': 'true' },
    );
    expect(reported.status, reported.text).toBe(200);
    const gql = (token: string, query: string, variables: Record<string, unknown> = {}) =>
      client.as(token).call('POST', '/api/graphql', { query, variables });
    const LIST = `{ listExecutionRequests(input: {start: 0, count: 50}) {
      total executionRequests { urn id input { task requestedAt source { type } }
        result { status durationMs structuredReport { type serializedValue contentType } } } } }`;
    const listed = await gql(t.admin, LIST);
    expect(listed.body.errors, JSON.stringify(listed.body.errors)).toBeUndefined();
    const mine = listed.body.data.listExecutionRequests.executionRequests.find((r: any) => r.id === runId);
    expect(mine).toEqual({
      urn: request,
      id: runId,
      input: { task: 'RUN_INGEST', requestedAt: now, source: { type: 'CLI_INGESTION_SOURCE' } },
      result: {
        status: 'SUCCESS',
        durationMs: 1200,
        structuredReport: {
          type: 'CLI_INGEST',
          serializedValue: '{"source":{}}',
          contentType: 'application/json',
        },
      },
    });
    const ROLLBACK =
      'mutation ($runId: String!, $dryRun: Boolean) { rollbackIngestion(input: {runId: $runId, dryRun: $dryRun}) }';
    expect((await gql(t.editor, ROLLBACK, { runId, dryRun: true })).body.errors[0].extensions.code).toBe(403);
    expect((await gql(t.reader, LIST)).body.errors[0].extensions.code).toBe(403);
    const plan = JSON.parse(
      (await gql(t.admin, ROLLBACK, { runId, dryRun: true })).body.data.rollbackIngestion,
    );
    expect(plan).toMatchObject({ runId, dryRun: true, entitiesAffected: 1 });
    expect(await exists(urn)).toBe(true);
    const done = JSON.parse((await gql(t.admin, ROLLBACK, { runId })).body.data.rollbackIngestion);
    expect(done).toMatchObject({ runId, dryRun: false, entitiesAffected: 1, entitiesDeleted: 1 });
    expect(await exists(urn)).toBe(false);
    const after = await admin().call(
      'GET',
      `/openapi/v3/entity/datahubexecutionrequest/${enc(request)}/dataHubExecutionRequestResult`,
    );
    expect(after.body.value.status).toBe('ROLLED_BACK');
  });
});

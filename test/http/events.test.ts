/**
 * The events API (issue 19): `GET /openapi/v1/events/poll` reads the change log as DataHub's topics, in
 * commit order, resumable by offset; PlatformEvent_v1 carries entity change events computed from each
 * change. DataHub's own Actions framework runs against it in the conformance suite.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime.js';
import {
  ChangeLogRetention,
  IngestService,
  TestEvaluator,
  TestResultsWorker,
} from '../../src/services/index.js';
import {
  ChangeLogFollower,
  ChangeLogStore,
  createDriver,
  Executor,
  followerLease,
  Neo4jStore,
  SyncStateStore,
} from '../../src/store/index.js';
import { createLogger } from '../../src/logger.js';
import { defaultRegistry } from '../../src/registry/index.js';
import type { EntityRef, PendingWrite, SearchDocument } from '../../search-sync/model/index.js';
import { EmbeddedSearchIndex } from '../../search-sync/index.js';
import { SearchSyncWorker } from '../../search-sync/sync/index.js';
import { httpClient } from '../support/http.js';
import {
  asSystemView,
  datasetUrn,
  enc,
  graphTarget,
  mcp,
  schemaField,
  schemaMetadata,
  startTestServer,
  unique,
} from '../support/runtime.js';

let rt: Runtime;
let rt2: Runtime;
let exec: Executor;
beforeAll(async () => {
  [rt, rt2] = await Promise.all([startTestServer(), startTestServer()]);
  const g = graphTarget();
  exec = new Executor(createDriver(g.uri, g.user, g.password), createLogger('error'), undefined);
});
afterAll(async () => {
  await Promise.all([rt?.stop(), rt2?.stop()]);
  await exec?.close();
});
const api = httpClient(() => rt.url);
const api2 = httpClient(() => rt2.url);

type Topic = 'MetadataChangeLog_Versioned_v1' | 'MetadataChangeLog_Timeseries_v1' | 'PlatformEvent_v1';
interface Page {
  count: number;
  offsetId: string;
  events: { contentType: string; value: string }[];
}

async function poll(topic: Topic, query: Record<string, string | number> = {}, client = api): Promise<Page> {
  const qs = Object.entries({ topic, pollTimeoutSeconds: 0, ...query })
    .map(([k, v]) => `${k}=${enc(String(v))}`)
    .join('&');
  const res = await client.call('GET', `/openapi/v1/events/poll?${qs}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Page;
}
/** The offset at the head of a topic: what a new consumer without a lookback starts from. */
const head = async (topic: Topic): Promise<string> => (await poll(topic)).offsetId;

/** Every event of `topic` after `offset` that `keep` selects, paging with `limit` until the log is read. */
async function drain(
  topic: Topic,
  offset: string,
  keep: (e: any) => boolean,
  limit = 5000,
  clients = [api],
): Promise<{ events: any[]; offset: string }> {
  const out: any[] = [];
  for (let i = 0; ; i++) {
    const page = await poll(topic, { offsetId: offset, limit }, clients[i % clients.length]);
    offset = page.offsetId;
    expect(page.count).toBe(page.events.length);
    out.push(...page.events.map((e) => JSON.parse(e.value)).filter(keep));
    if (!page.count) return { events: out, offset };
  }
}
const ece = (e: any): any => JSON.parse(e.payload.value);
const ecesOf = async (offset: string, urns: string[]): Promise<any[]> =>
  (await drain('PlatformEvent_v1', offset, (e) => urns.includes(ece(e).entityUrn))).events.map(ece);
const what = (e: any) => ({
  category: e.category,
  operation: e.operation,
  modifier: e.modifier,
  parameters: e.parameters,
});

async function ingest(urn: string, aspect: string, value: unknown, client = api): Promise<void> {
  const res = await client.call('POST', '/aspects?action=ingestProposal', {
    proposal: mcp(urn, aspect, value),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}
const schema = (...paths: string[]) => schemaMetadata(paths.map((p) => schemaField(p)));

describe('the events API', () => {
  it('gives entity change events on PlatformEvent_v1 in DataHub shapes, in commit order', async () => {
    const u = unique();
    const urn = datasetUrn(`events_${u}`);
    const tag = `urn:li:tag:pii_${u}`;
    const owner = `urn:li:corpuser:ann_${u}`;
    const start = await head('PlatformEvent_v1');
    await ingest(urn, 'datasetProperties', { description: 'orders' });
    await ingest(urn, 'globalTags', { tags: [{ tag }] });
    await ingest(urn, 'ownership', { owners: [{ owner, type: 'DATAOWNER' }] });
    await ingest(urn, 'schemaMetadata', schema('id', 'name'));
    await ingest(urn, 'status', { removed: true });
    await ingest(urn, 'status', { removed: false });
    const page = await poll('PlatformEvent_v1', { offsetId: start, limit: 5000 });
    const first = JSON.parse(page.events[0]?.value ?? '{}');
    expect(page.events[0]?.contentType).toBe('application/json');
    expect(first).toMatchObject({ name: 'entityChangeEvent', payload: { contentType: 'application/json' } });
    expect(typeof first.header.timestampMillis).toBe('number');
    const events = await ecesOf(start, [urn]);
    expect(events.map((e) => `${e.category} ${e.operation} ${e.modifier ?? ''}`.trim())).toEqual([
      'LIFECYCLE CREATE',
      'DOCUMENTATION ADD',
      `TAG ADD ${tag}`,
      `OWNER ADD ${owner}`,
      `TECHNICAL_SCHEMA ADD urn:li:schemaField:(${urn},id)`,
      `TECHNICAL_SCHEMA ADD urn:li:schemaField:(${urn},name)`,
      'LIFECYCLE SOFT_DELETE',
      'LIFECYCLE REINSTATE',
    ]);
    for (const e of events) {
      expect(e).toMatchObject({ entityType: 'dataset', entityUrn: urn, version: 0 });
      expect(e.auditStamp).toEqual({
        time: expect.any(Number),
        actor: expect.stringMatching(/^urn:li:corpuser:/),
      });
    }
    expect(events[2].parameters).toEqual({ tagUrn: tag });
    expect(events[3].parameters).toEqual({ ownerUrn: owner, ownerType: 'DATAOWNER' });
    expect(events[4].parameters).toMatchObject({ fieldPath: 'id' });
  });

  it("names a schema field's own events by the field, and announces creation only of DataHub's asset kinds", async () => {
    const u = unique();
    const urn = datasetUrn(`events_field_${u}`);
    const user = `urn:li:corpuser:events_${u}`;
    const start = await head('PlatformEvent_v1');
    await ingest(
      urn,
      'schemaMetadata',
      schemaMetadata([schemaField('b'), schemaField('a', 'TEXT', 'the a')]),
    );
    await ingest(user, 'corpUserInfo', { active: true, displayName: 'Events' });
    const events = await ecesOf(start, [urn, `urn:li:schemaField:(${urn},a)`, user]);
    expect(events.map((e) => [e.entityType, e.category, e.operation, e.parameters?.fieldPath])).toEqual([
      ['dataset', 'LIFECYCLE', 'CREATE', undefined],
      ['dataset', 'TECHNICAL_SCHEMA', 'ADD', 'a'],
      ['schemaField', 'DOCUMENTATION', 'ADD', 'a'],
      ['dataset', 'TECHNICAL_SCHEMA', 'ADD', 'b'],
    ]);
  });

  it('gives versioned and time-series change logs on their topics, with previous values and system metadata', async () => {
    const urn = datasetUrn(`events_mcl_${unique()}`);
    const versioned = await head('MetadataChangeLog_Versioned_v1');
    const timeseries = await head('MetadataChangeLog_Timeseries_v1');
    const run = `run-${unique()}`;
    const proposal = (aspect: string, value: unknown) => ({
      ...mcp(urn, aspect, value),
      systemMetadata: { runId: run, lastObserved: 1_764_000_000_000 },
    });
    for (const [aspect, value] of [
      ['globalTags', { tags: [{ tag: 'urn:li:tag:a' }] }],
      ['globalTags', { tags: [{ tag: 'urn:li:tag:b' }] }],
      ['datasetProfile', { timestampMillis: 1_764_000_000_000, rowCount: 7 }],
    ] as const) {
      const res = await api.call('POST', '/aspects?action=ingestProposal', {
        proposal: proposal(aspect, value),
      });
      expect(res.status).toBe(200);
    }
    const mine = (e: any) => e.entityUrn === urn;
    const mcls = (await drain('MetadataChangeLog_Versioned_v1', versioned, mine)).events;
    // The first write creates the dataset: its key and default aspects are logged with it.
    expect(mcls.map((m) => m.aspectName)).toEqual([
      'datasetKey',
      'globalTags',
      'browsePathsV2',
      'dataPlatformInstance',
      'globalTags',
    ]);
    const second = mcls[4];
    expect(second).toMatchObject({ entityType: 'dataset', changeType: 'UPSERT', aspectName: 'globalTags' });
    expect(JSON.parse(second.aspect.value)).toEqual({ tags: [{ tag: 'urn:li:tag:b' }] });
    expect(JSON.parse(second.previousAspectValue.value)).toEqual({ tags: [{ tag: 'urn:li:tag:a' }] });
    expect(second.aspect.contentType).toBe('application/json');
    expect(second.systemMetadata).toMatchObject({ runId: run, lastObserved: 1_764_000_000_000 });
    expect(second.previousSystemMetadata).toMatchObject({ runId: run });
    expect(second.created).toEqual({ time: expect.any(Number), actor: expect.any(String) });
    expect(mcls[1].previousAspectValue).toBeUndefined();
    const ts = (await drain('MetadataChangeLog_Timeseries_v1', timeseries, mine)).events;
    expect(ts.map((m) => m.aspectName)).toEqual(['datasetProfile']);
    expect(JSON.parse(ts[0].aspect.value)).toMatchObject({ rowCount: 7 });
  });

  it("writes a record's aspect values as answers do: doubles as doubles, no defaults the client did not send", async () => {
    const urn = datasetUrn(`events_wire_${unique()}`);
    const up = datasetUrn(`events_wire_up_${unique()}`);
    const field = (d: string, f: string) => `urn:li:schemaField:(${d},${f})`;
    const versioned = await head('MetadataChangeLog_Versioned_v1');
    const timeseries = await head('MetadataChangeLog_Timeseries_v1');
    const lineage = {
      upstreams: [{ dataset: up, type: 'TRANSFORMED' }],
      fineGrainedLineages: [
        {
          upstreamType: 'FIELD_SET',
          upstreams: [field(up, 'a')],
          downstreamType: 'FIELD',
          downstreams: [field(urn, 'a')],
          confidenceScore: 30,
        },
      ],
    };
    await ingest(urn, 'upstreamLineage', lineage);
    // datasetProperties has fields with defaults (customProperties...): validation fills them in.
    await ingest(urn, 'datasetProperties', { description: 'first' });
    await ingest(urn, 'datasetProperties', { description: 'second' });
    await ingest(urn, 'datasetProfile', {
      timestampMillis: 1_764_000_000_000,
      rowCount: 30,
      fieldProfiles: [{ fieldPath: 'a', nullProportion: 0 }],
    });

    const mine = (e: any) => e.entityUrn === urn;
    const mcls = (await drain('MetadataChangeLog_Versioned_v1', versioned, mine)).events;
    const lineageText = mcls.find((m) => m.aspectName === 'upstreamLineage').aspect.value as string;
    expect(lineageText).toContain('"confidenceScore":30.0');
    expect(JSON.parse(lineageText)).toEqual(lineage); // the same value, written as DataHub writes it
    const props = mcls.filter((m) => m.aspectName === 'datasetProperties');
    expect(props).toHaveLength(2);
    expect(JSON.parse(props[1].aspect.value)).toEqual({ description: 'second' });
    expect(JSON.parse(props[1].previousAspectValue.value)).toEqual({ description: 'first' });
    expect(props[1].aspect.value).not.toContain('customProperties');

    const ts = (await drain('MetadataChangeLog_Timeseries_v1', timeseries, mine)).events;
    expect(ts.map((m) => m.aspectName)).toEqual(['datasetProfile']);
    expect(ts[0].aspect.value).toContain('"nullProportion":0.0');
    expect(ts[0].aspect.value).toContain('"rowCount":30,'); // a long stays a whole number
  });

  it('makes the same change events of one user action through Rest.li, OpenAPI and GraphQL', async () => {
    const u = unique();
    const a = datasetUrn(`events_restli_${u}`);
    const b = datasetUrn(`events_openapi_${u}`);
    const c = datasetUrn(`events_graphql_${u}`);
    const tag = `urn:li:tag:same_${u}`;
    for (const urn of [a, b, c]) await ingest(urn, 'datasetProperties', { name: 'x' });
    await ingest(tag, 'tagProperties', { name: 'same' });
    const start = await head('PlatformEvent_v1');
    await ingest(a, 'globalTags', { tags: [{ tag }] });
    const v3 = await api.call('POST', `/openapi/v3/entity/dataset/${enc(b)}/globalTags`, {
      value: { tags: [{ tag }] },
    });
    expect(v3.status, JSON.stringify(v3.body)).toBeLessThan(300);
    await api.gqlOk(`mutation { addTag(input: {tagUrn: "${tag}", resourceUrn: "${c}"}) }`);
    const events = await ecesOf(start, [a, b, c]);
    expect(events.map((e) => e.entityUrn)).toEqual([a, b, c]);
    const expected = { category: 'TAG', operation: 'ADD', modifier: tag, parameters: { tagUrn: tag } };
    for (const e of events) expect(what(e)).toEqual(expected);
  });

  it('pages with limit, inside one transaction too, each event once', async () => {
    const urn = datasetUrn(`events_page_${unique()}`);
    const start = await head('PlatformEvent_v1');
    await ingest(urn, 'schemaMetadata', schema('a', 'b', 'c', 'd', 'e'));
    const all = await ecesOf(start, [urn]);
    expect(all).toHaveLength(6); // created, then five fields
    const paged = (await drain('PlatformEvent_v1', start, (e) => ece(e).entityUrn === urn, 2)).events.map(
      ece,
    );
    expect(paged).toEqual(all);
    // One batch is one change-log node: pages of 7 slice it, from any place in it.
    const u = unique();
    const batch = Array.from({ length: 30 }, (_, i) =>
      mcp(datasetUrn(`events_batch_${u}_${i}`), 'status', { removed: false }),
    );
    const mcl = await head('MetadataChangeLog_Versioned_v1');
    const res = await api.call('POST', '/aspects?action=ingestProposalBatch', { proposals: batch });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const mine = (e: any) => e.entityUrn.includes(`events_batch_${u}_`) && e.aspectName === 'status';
    const whole = (await drain('MetadataChangeLog_Versioned_v1', mcl, mine)).events;
    expect(whole.map((m) => m.entityUrn)).toEqual(batch.map((p) => p.entityUrn));
    expect((await drain('MetadataChangeLog_Versioned_v1', mcl, mine, 7)).events).toEqual(whole);
  });

  it('answers a long poll as soon as an event is written, and empty with the same place at its timeout', async () => {
    const urn = datasetUrn(`events_long_${unique()}`);
    const start = await head('MetadataChangeLog_Versioned_v1');
    const waiting = poll('MetadataChangeLog_Versioned_v1', {
      offsetId: start,
      pollTimeoutSeconds: 30,
      limit: 5000,
    });
    await new Promise((r) => setTimeout(r, 300));
    await ingest(urn, 'datasetProperties', { name: 'long' }, api2);
    const page = await waiting;
    expect(page.events.map((e) => JSON.parse(e.value).entityUrn)).toContain(urn);
    // The time-series topic carries none of these: the poll waits out its timeout and answers empty.
    const ts = await head('MetadataChangeLog_Timeseries_v1');
    await ingest(urn, 'datasetProperties', { name: 'again' });
    const empty = await poll('MetadataChangeLog_Timeseries_v1', { offsetId: ts, pollTimeoutSeconds: 1 });
    expect(empty.count).toBe(0);
    expect(empty.events).toEqual([]);
    const after = await poll('MetadataChangeLog_Timeseries_v1', { offsetId: empty.offsetId });
    expect(after.count).toBe(0);
  });

  it('loses and repeats nothing with concurrent writers on two processes and a poller passing offsets', async () => {
    const u = unique();
    const urns = Array.from({ length: 6 }, (_, i) => datasetUrn(`events_conc_${u}_${i}`));
    const start = await head('MetadataChangeLog_Versioned_v1');
    const WRITES = 12;
    let writing = true;
    const seen: any[] = [];
    const poller = (async () => {
      let offset = start;
      for (let i = 0; writing || i % 2 === 1; i++) {
        const page = await poll(
          'MetadataChangeLog_Versioned_v1',
          { offsetId: offset, limit: 7 },
          i % 2 ? api2 : api,
        );
        offset = page.offsetId;
        seen.push(...page.events.map((e) => JSON.parse(e.value)));
      }
      return offset;
    })();
    await Promise.all(
      urns.map(async (urn, w) => {
        for (let n = 0; n < WRITES; n++)
          await ingest(urn, 'datasetProperties', { name: `v${n}` }, w % 2 ? api2 : api);
      }),
    );
    writing = false;
    const offset = await poller;
    seen.push(...(await drain('MetadataChangeLog_Versioned_v1', offset, () => true, 7, [api, api2])).events);
    for (const urn of urns) {
      const names = seen
        .filter((m) => m.entityUrn === urn && m.aspectName === 'datasetProperties')
        .map((m) => JSON.parse(m.aspect.value).name);
      expect(names).toEqual(Array.from({ length: WRITES }, (_, n) => `v${n}`));
    }
  });

  it('starts lookbackWindowDays back without an offset, and keeps Admin-only kinds off every topic', async () => {
    const u = unique();
    const urn = datasetUrn(`events_back_${u}`);
    const secret = `urn:li:dataHubSecret:events_${u}`;
    const start = await head('MetadataChangeLog_Versioned_v1');
    await ingest(urn, 'datasetProperties', { name: 'back' });
    await ingest(secret, 'dataHubSecretValue', { name: `events_${u}`, value: 'hunter2' });
    const back = await poll('MetadataChangeLog_Versioned_v1', { lookbackWindowDays: 1, limit: 1 });
    expect(back.count).toBe(1);
    expect(JSON.parse(back.events[0]?.value ?? '{}').created.time).toBeGreaterThan(
      Date.now() - 86_400_000 - 60_000,
    );
    for (const topic of ['MetadataChangeLog_Versioned_v1', 'PlatformEvent_v1'] as const) {
      const all = (await drain(topic, start, () => true)).events;
      const urnOf = (e: any) => (topic === 'PlatformEvent_v1' ? ece(e).entityUrn : e.entityUrn);
      expect(all.some((e) => urnOf(e) === urn)).toBe(true);
      expect(all.some((e) => urnOf(e) === secret)).toBe(false);
      expect(JSON.stringify(all)).not.toContain('hunter2');
    }
  });

  it('refuses other topics with 403 and offsets it did not issue with 400; serves under /gms', async () => {
    const other = await api.call('GET', '/openapi/v1/events/poll?topic=MetadataChangeEvent_v4');
    expect(other.status).toBe(403);
    expect(other.body.error).toContain('MetadataChangeEvent_v4');
    expect((await api.call('GET', '/openapi/v1/events/poll')).status).toBe(400);
    const bad = await api.call('GET', '/openapi/v1/events/poll?topic=PlatformEvent_v1&offsetId=not-ours');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('offsetId');
    const zero = await api.call(
      'GET',
      '/openapi/v1/events/poll?topic=PlatformEvent_v1&limit=0&pollTimeoutSeconds=0',
    );
    expect(zero.status).toBe(400);
    for (const prefix of ['/gms', '/api/gms']) {
      const res = await api.call(
        'GET',
        `${prefix}/openapi/v1/events/poll?topic=PlatformEvent_v1&pollTimeoutSeconds=0`,
      );
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ count: 0, events: [] });
    }
  });
});

describe('the change log retention', () => {
  it('compacts what is older than the retention and the index has read; an older offset resumes at the oldest kept', async () => {
    const urn = datasetUrn(`events_retention_${unique()}`);
    const start = await head('MetadataChangeLog_Versioned_v1');
    await ingest(urn, 'datasetProperties', { name: 'old' });
    await new Promise((r) => setTimeout(r, 50));
    const cut = Date.now();
    await new Promise((r) => setTimeout(r, 50));
    await ingest(urn, 'datasetProperties', { name: 'new' });
    expect(await asSystemView(rt.services).search.waitForIndex(30_000)).toBe(true);
    // Every reader holding a lease (the metadata-test results too) has read past the writes.
    const target = await new SyncStateStore(exec).head();
    for (let i = 0; i < 300 && (await new SyncStateStore(exec).checkpoint('metadata-tests')) < target; i++)
      await new Promise((r) => setTimeout(r, 100));
    const store = new ChangeLogStore(exec);
    const log = createLogger('error');
    // A checkpoint never taken keeps everything.
    expect(await new ChangeLogRetention(store, 0, ['never-taken'], log).runOnce(cut)).toBe(0);
    // Behind the index's checkpoint: what is older than `cut` goes (a retention of 0 as of `cut`).
    const state = new SyncStateStore(exec);
    expect(await state.checkpoint('search')).toBeGreaterThan(0);
    expect(await new ChangeLogRetention(store, 0, ['search'], log).runOnce(cut)).toBeGreaterThan(0);
    const names = (
      await drain('MetadataChangeLog_Versioned_v1', start, (e) => e.entityUrn === urn)
    ).events.map((m) => JSON.parse(m.aspect.value).name);
    expect(names).toEqual(['new']);

    // An index that starts now (a checkpoint never taken) cannot read the log from the beginning any
    // more: its worker fills it from the store, and goes on from the head it took before.
    const headBefore = await state.head();
    const index = new RecordingIndex(exec, defaultRegistry(), `rebuild-test-${unique()}`);
    const documents = {
      documents: async (refs: readonly EntityRef[]) => ({
        docs: refs.map((r) => ({ urn: r.urn }) as SearchDocument),
        removed: [],
      }),
    };
    const worker = new SearchSyncWorker(state, documents, index, log);
    await worker.runOnce();
    expect(index.seen.has(urn)).toBe(true);
    expect(await state.checkpoint(index.checkpoint)).toBeGreaterThanOrEqual(headBefore);

    // Every follower recovers so: one whose checkpoint the retention passed fills through its handler
    // (or is handed every entity of the store), then goes on from the head it took before.
    const behind = `follower-gap-${unique()}`;
    const setup = await state.claim(followerLease(behind), 'setup', 60_000);
    if (!setup) throw new Error('lease not free');
    await state.moveCheckpoint(behind, 1, setup);
    await state.release(setup);
    expect(await state.compactedPast(1)).toBe(true);
    const filled: string[] = [];
    const handler = {
      apply: async () => async () => undefined,
      fill: async () => void filled.push('fill'),
    };
    await new ChangeLogFollower(state, handler, log, { name: behind, label: 'gap' }).runOnce();
    expect(filled).toEqual(['fill']);
    expect(await state.checkpoint(behind)).toBeGreaterThanOrEqual(headBefore);
    // The metadata-test results follower fills with a sweep of every test.
    const resultsName = `results-gap-${unique()}`;
    const setup2 = await state.claim(followerLease(resultsName), 'setup', 60_000);
    if (!setup2) throw new Error('lease not free');
    await state.moveCheckpoint(resultsName, 1, setup2);
    await state.release(setup2);
    const sweeps: unknown[] = [];
    const registry = defaultRegistry();
    const entities = new Neo4jStore(exec);
    const results = new TestResultsWorker(
      registry,
      state,
      new TestEvaluator(registry, entities, new IngestService(registry, entities, log), { log }),
      { start: async (type, params) => (sweeps.push({ type, params }), 'task') },
      log,
      { name: resultsName },
    );
    await results.runOnce();
    expect(sweeps).toEqual([{ type: 'metadataTestsSweep', params: {} }]);
    expect(await state.checkpoint(resultsName)).toBeGreaterThanOrEqual(headBefore);
  });
});

/** An index that only records which documents it was given. */
class RecordingIndex extends EmbeddedSearchIndex {
  readonly seen = new Set<string>();
  override async write(docs: readonly SearchDocument[]): Promise<PendingWrite> {
    for (const d of docs) this.seen.add(d.urn);
    return async () => undefined;
  }
}

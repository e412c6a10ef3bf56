import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime.js';
import { useAuthServer, type TestTokens } from '../support/auth.js';
import { httpClient, JSON_CONTENT, type HttpClient, type Res } from '../support/http.js';
import { datasetUrn, enc, unique } from '../support/runtime.js';

/**
 * Write tracing as DataHub's service does it: `systemMetadata=true` on OpenAPI writes, the system
 * metadata every write records (its trace, interface, and who created and modified the aspect), the
 * W3C `traceparent` honoured and answered, and the trace API by trace id.
 */
let rt: Runtime;
let t: TestTokens;
useAuthServer({}, (started, tokens) => {
  rt = started;
  t = tokens;
});
const client = httpClient(() => rt.url, { headers: JSON_CONTENT });
/** Requests with one of the suite's tokens (minted once the server started). */
interface Caller {
  readonly call: HttpClient['call'];
}
const as = (token: () => string): Caller => ({
  call: (method, path, body, headers) => client.as(token()).call(method, path, body, headers),
});
const editor = as(() => t.editor);
const admin = as(() => t.admin);
const root = as(() => t.root);

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-0[01]$/;
const traceOf = (res: Res): string => {
  const m = TRACEPARENT.exec(res.headers.get('traceparent') ?? '');
  expect(m, `traceparent of ${res.status} ${res.text}`).toBeTruthy();
  return (m as RegExpExecArray)[1] as string;
};
const hex = (bytes: number): string => randomBytes(bytes).toString('hex');
const smOf = async (urn: string, aspect: string): Promise<Record<string, any>> => {
  const res = await root.call('GET', `/openapi/v3/entity/dataset/${enc(urn)}/${aspect}?systemMetadata=true`);
  expect(res.status).toBe(200);
  return res.body.systemMetadata;
};

describe('systemMetadata=true on OpenAPI writes', () => {
  it('answers each aspect of an asynchronous v3 batch with the system metadata its write recorded', async () => {
    const urn = datasetUrn(`trace_v3_${unique()}`);
    const body = [
      { urn, datasetProperties: { value: { description: 'traced' } }, status: { value: { removed: false } } },
    ];
    const res = await editor.call('POST', '/openapi/v3/entity/dataset?systemMetadata=true', body);
    expect(res.status).toBe(202);
    const trace = traceOf(res);
    const [entity] = res.body;
    expect(entity.urn).toBe(urn);
    const sent = body[0] as Record<string, any>;
    for (const name of ['datasetProperties', 'status']) {
      const aspect = entity[name];
      expect(aspect.value).toEqual(sent[name].value);
      expect(aspect.systemMetadata.properties).toMatchObject({
        telemetryTraceId: trace,
        eventSource: 'OPENAPI',
      });
      expect(aspect.systemMetadata.aspectModified.actor).toBe(t.actors.editor);
      expect(aspect.systemMetadata.aspectCreated).toEqual(aspect.systemMetadata.aspectModified);
      expect(aspect.systemMetadata.runId).toBe('no-run-id-provided');
      expect(aspect.auditStamp.actor).toBe(t.actors.editor);
    }
    // Without the parameter, the answer is what was sent.
    const plain = await editor.call('POST', '/openapi/v3/entity/dataset', body);
    expect(plain.status).toBe(202);
    expect(plain.body).toEqual(body);
  });

  it('answers v2 batches (sync and async), generic batches and one aspect with it too', async () => {
    const urn = datasetUrn(`trace_v2_${unique()}`);
    const v2 = [{ urn, aspects: { status: { value: { removed: false } } } }];
    const sync = await editor.call('POST', '/openapi/v2/entity/dataset?async=false&systemMetadata=true', v2);
    expect(sync.status).toBe(200);
    const synced = sync.body.find((e: { urn: string }) => e.urn === urn).aspects.status;
    expect(synced.systemMetadata.properties.telemetryTraceId).toBe(traceOf(sync));
    expect(synced.auditStamp).toBeUndefined();
    const asynced = await editor.call('POST', '/openapi/v2/entity/dataset?systemMetadata=true', v2);
    expect(asynced.status).toBe(202);
    expect(asynced.body[0].aspects.status.systemMetadata.properties.telemetryTraceId).toBe(traceOf(asynced));

    const generic = await editor.call('POST', '/openapi/v3/entity/generic?systemMetadata=true', {
      dataset: [{ urn, globalTags: { value: { tags: [{ tag: 'urn:li:tag:traced' }] } } }],
    });
    expect(generic.status).toBe(202);
    const tags = generic.body.dataset[0].globalTags;
    expect(tags.value).toEqual({ tags: [{ tag: 'urn:li:tag:traced' }] });
    expect(tags.systemMetadata.properties.telemetryTraceId).toBe(traceOf(generic));
    expect(tags.systemMetadata.aspectModified.actor).toBe(t.actors.editor);

    const one = await editor.call(
      'POST',
      `/openapi/v3/entity/dataset/${enc(urn)}/ownership?async=true&systemMetadata=true`,
      { value: { owners: [{ owner: t.actors.editor, type: 'DATAOWNER' }] } },
    );
    expect(one.status).toBe(202);
    expect(one.body.urn).toBe(urn);
    expect(one.body.ownership.systemMetadata.properties.telemetryTraceId).toBe(traceOf(one));
    expect(one.body.ownership.auditStamp.actor).toBe(t.actors.editor);
    const oneSync = await editor.call(
      'POST',
      `/openapi/v3/entity/dataset/${enc(urn)}/ownership?createIfNotExists=false&systemMetadata=true`,
      { value: { owners: [{ owner: t.actors.admin, type: 'DATAOWNER' }] } },
    );
    expect(oneSync.status).toBe(200);
    expect(oneSync.body.ownership.systemMetadata.properties.telemetryTraceId).toBe(traceOf(oneSync));
    expect(oneSync.body.ownership.systemMetadata.version).toBe('2');
  });
});

describe('the system metadata of every write', () => {
  it('keeps aspectCreated from the first value; aspectModified follows each change but not an unchanged write or the system', async () => {
    const urn = datasetUrn(`trace_stamps_${unique()}`);
    const write = (who: Caller, description: string) =>
      who.call('POST', '/openapi/v3/entity/dataset?async=false', [
        { urn, datasetProperties: { value: { description } } },
      ]);
    expect((await write(editor, 'one')).status).toBe(200);
    const first = await smOf(urn, 'datasetProperties');
    expect(first.aspectCreated.actor).toBe(t.actors.editor);
    expect(first.aspectModified).toEqual(first.aspectCreated);
    expect(typeof first.aspectCreated.time).toBe('number');

    const changed = await write(admin, 'two');
    const second = await smOf(urn, 'datasetProperties');
    expect(second.aspectCreated).toEqual(first.aspectCreated);
    expect(second.aspectModified.actor).toBe(t.actors.admin);
    expect(second.aspectModified.time).toBeGreaterThanOrEqual(first.aspectModified.time);
    expect(second.properties.telemetryTraceId).toBe(traceOf(changed));

    // The same value again changes neither stamp.
    expect((await write(editor, 'two')).status).toBe(200);
    const same = await smOf(urn, 'datasetProperties');
    expect(same.aspectCreated).toEqual(first.aspectCreated);
    expect(same.aspectModified).toEqual(second.aspectModified);

    // The system's own writes (the root token) are not recorded as modifications, as DataHub's are not.
    expect((await write(root, 'three')).status).toBe(200);
    const bySystem = await smOf(urn, 'datasetProperties');
    expect(bySystem.aspectCreated).toEqual(first.aspectCreated);
    expect(bySystem.aspectModified).toEqual(second.aspectModified);
  });

  it('names the interface a write came through: Rest.li, OpenAPI or GraphQL, with the trace of its request', async () => {
    const urn = datasetUrn(`trace_source_${unique()}`);
    const restli = await editor.call(
      'POST',
      '/aspects?action=ingestProposal',
      {
        proposal: {
          entityType: 'dataset',
          entityUrn: urn,
          changeType: 'UPSERT',
          aspectName: 'status',
          aspect: { value: JSON.stringify({ removed: false }), contentType: 'application/json' },
        },
      },
      { 'X-RestLi-Protocol-Version': '2.0.0' },
    );
    expect(restli.status).toBe(200);
    const status = await smOf(urn, 'status');
    expect(status.properties).toMatchObject({ eventSource: 'RESTLI', telemetryTraceId: traceOf(restli) });
    expect(status.aspectModified.actor).toBe(t.actors.editor);

    const gql = await editor.call('POST', '/api/graphql', {
      query: 'mutation($i: DescriptionUpdateInput!) { updateDescription(input: $i) }',
      variables: { i: { description: 'from GraphQL', resourceUrn: urn } },
    });
    expect(gql.status).toBe(200);
    expect(gql.body.errors).toBeUndefined();
    const editable = await smOf(urn, 'editableDatasetProperties');
    expect(editable.properties).toMatchObject({ eventSource: 'GRAPHQL', telemetryTraceId: traceOf(gql) });
    expect(editable.aspectModified.actor).toBe(t.actors.editor);
  });
});

describe('the W3C traceparent header', () => {
  const write = (urn: string, headers: Record<string, string>) =>
    editor.call(
      'POST',
      '/openapi/v3/entity/dataset?async=false',
      [{ urn, status: { value: { removed: false } } }],
      headers,
    );

  it("continues a caller's trace: the write records it, the answer names it with a span of its own", async () => {
    const urn = datasetUrn(`trace_parent_${unique()}`);
    const traceId = hex(16);
    const span = hex(8);
    const res = await write(urn, { traceparent: `00-${traceId}-${span}-01` });
    expect(res.status).toBe(200);
    const answered = TRACEPARENT.exec(res.headers.get('traceparent') ?? '');
    expect(answered?.[1]).toBe(traceId);
    expect(answered?.[2]).not.toBe(span);
    expect(res.headers.get('traceparent')).toMatch(/-01$/);
    expect((await smOf(urn, 'status')).properties.telemetryTraceId).toBe(traceId);
    const traced = await editor.call('POST', `/openapi/v1/trace/write/${traceId}?onlyIncludeErrors=false`, {
      [urn]: ['status'],
    });
    expect(traced.status).toBe(200);
    expect(traced.body[urn].status.primaryStorage.writeStatus).toBe('ACTIVE_STATE');
    // A caller that does not sample keeps its flag; a later version's extra fields are allowed.
    const unsampled = await write(datasetUrn(`trace_parent_${unique()}`), {
      traceparent: `00-${hex(16)}-${span}-00`,
    });
    expect(unsampled.headers.get('traceparent')).toMatch(/-00$/);
    const later = hex(16);
    const v1 = await write(datasetUrn(`trace_parent_${unique()}`), {
      traceparent: `01-${later}-${span}-01-more`,
    });
    expect(traceOf(v1)).toBe(later);
  });

  it('ignores a malformed traceparent: the write goes through under a new trace', async () => {
    const traceId = hex(16);
    const span = hex(8);
    for (const bad of [
      'garbage',
      `00-${'0'.repeat(32)}-${span}-01`,
      `00-${traceId}-${'0'.repeat(16)}-01`,
      `00-${traceId.toUpperCase()}-${span}-01`,
      `ff-${traceId}-${span}-01`,
      `00-${traceId}-${span}-01-extra`,
      `00-${traceId.slice(2)}-${span}-01`,
    ]) {
      const urn = datasetUrn(`trace_bad_${unique()}`);
      const res = await write(urn, { traceparent: bad });
      expect(res.status, bad).toBe(200);
      const fresh = traceOf(res);
      expect(fresh, bad).not.toBe(traceId);
      // A new trace id starts with the time in microseconds, as DataHub's do.
      const millis = Number(BigInt(`0x${fresh.slice(0, 16)}`) / 1000n);
      expect(Math.abs(millis - Date.now())).toBeLessThan(3_600_000);
      expect((await smOf(urn, 'status')).properties.telemetryTraceId).toBe(fresh);
    }
  });

  it('is on every answer: reads, errors and unknown routes', async () => {
    const traceId = hex(16);
    for (const [method, path] of [
      ['GET', '/config'],
      ['GET', `/openapi/v3/entity/dataset/${enc(datasetUrn(`absent_${unique()}`))}`],
      ['GET', '/openapi/v3/entity/dataset/not-an-urn'],
      ['GET', '/no/such/route'],
    ] as const) {
      const res = await editor.call(method, path, undefined, { traceparent: `00-${traceId}-${hex(8)}-01` });
      expect(traceOf(res), `${method} ${path} ${res.status}`).toBe(traceId);
    }
    const unauthenticated = await client.call('GET', '/openapi/v3/entity/dataset');
    expect(unauthenticated.status).toBe(401);
    traceOf(unauthenticated);
  });
});

describe('the trace API', () => {
  it('answers an unknown trace with writes that did nothing, and only errors by default', async () => {
    const urn = datasetUrn(`trace_unknown_${unique()}`);
    await write1(urn);
    const unknown = hex(16);
    const all = await editor.call('POST', `/openapi/v1/trace/write/${unknown}?onlyIncludeErrors=false`, {
      [urn]: ['status'],
    });
    expect(all.status).toBe(200);
    expect(all.body).toEqual({
      [urn]: {
        status: {
          success: true,
          primaryStorage: { writeStatus: 'NO_OP' },
          searchStorage: { writeStatus: 'NO_OP' },
        },
      },
    });
    const errorsOnly = await editor.call('POST', `/openapi/v1/trace/write/${unknown}`, { [urn]: ['status'] });
    expect(errorsOnly.status).toBe(200);
    expect(errorsOnly.body).toEqual({});
    // A whole traceparent names its trace, as the SDK may pass it.
    const byHeader = await editor.call(
      'POST',
      `/openapi/v1/trace/write/00-${unknown}-${hex(8)}-01?onlyIncludeErrors=false`,
      { [urn]: ['status'] },
    );
    expect(byHeader.body[urn].status.primaryStorage.writeStatus).toBe('NO_OP');
  });

  it('refuses a malformed trace id, flag or body with a 400', async () => {
    const urn = datasetUrn(`trace_bad_api_${unique()}`);
    const path = `/openapi/v1/trace/write/${hex(16)}`;
    for (const [p, body] of [
      ['/openapi/v1/trace/write/nope', { [urn]: ['status'] }],
      [`/openapi/v1/trace/write/${hex(15)}`, { [urn]: ['status'] }],
      [`${path}?onlyIncludeErrors=maybe`, { [urn]: ['status'] }],
      [`${path}?detailed=maybe`, { [urn]: ['status'] }],
      [path, [urn]],
      [path, { [urn]: 'status' }],
      [path, { [urn]: [1] }],
      [path, { 'not-an-urn': ['status'] }],
      [path, '{"unterminated'],
    ] as const) {
      const res = await editor.call('POST', p, body);
      expect(res.status, `${p} ${JSON.stringify(body)}`).toBe(400);
      expect(typeof res.body.error).toBe('string');
    }
  });
});

async function write1(urn: string): Promise<void> {
  const res = await editor.call('POST', '/openapi/v3/entity/dataset?async=false', [
    { urn, status: { value: { removed: false } } },
  ]);
  expect(res.status).toBe(200);
}

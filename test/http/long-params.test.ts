/**
 * 64-bit parameters (issue 15, item 1): real epoch-millisecond ranges through every call that takes one,
 * on every transport, and the bounds of every integer parameter from the one table (`PARAMETERS`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime.js';
import { PARAMETERS, type ParamName } from '../../src/services/index.js';
import { httpClient } from '../support/http.js';
import { datasetUrn, enc, mcp, startTestServer, unique } from '../support/runtime.js';

let rt: Runtime;
beforeAll(async () => {
  rt = await startTestServer();
});
afterAll(async () => rt?.stop());

const { call, gql } = httpClient(() => rt.url);
const restli = (path: string, body: unknown) =>
  call('POST', path, body, { 'X-RestLi-Protocol-Version': '2.0.0' });

const DAY = 86_400_000;
/** 2024-01-01T12:00:00Z and the days after it. */
const T0 = 1_704_110_400_000;

async function profiles(): Promise<string> {
  const urn = datasetUrn(`longs_${unique()}`);
  const res = await restli('/aspects?action=ingestProposalBatch', {
    proposals: [0, 1, 2, 3].map((d) =>
      mcp(urn, 'datasetProfile', { timestampMillis: T0 + d * DAY, rowCount: 100 + d, columnCount: 1 }),
    ),
  });
  expect(res.status).toBe(200);
  return urn;
}

describe('epoch milliseconds through every call that takes them', () => {
  it('Rest.li getTimeseriesAspectValues reads a window of real epoch millis', async () => {
    const urn = await profiles();
    const res = await restli('/aspects?action=getTimeseriesAspectValues', {
      urn,
      entity: 'dataset',
      aspect: 'datasetProfile',
      startTimeMillis: T0 + DAY,
      endTimeMillis: T0 + 2 * DAY,
    });
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({ startTimeMillis: T0 + DAY, endTimeMillis: T0 + 2 * DAY });
    const rows = res.body.value.values.map((v: any) => JSON.parse(v.aspect.value).rowCount);
    expect(rows).toEqual([102, 101]);
    // The largest long JSON carries exactly is accepted; a larger one is a 400 naming the bounds.
    const max = await restli('/aspects?action=getTimeseriesAspectValues', {
      urn,
      entity: 'dataset',
      aspect: 'datasetProfile',
      startTimeMillis: 0,
      endTimeMillis: Number.MAX_SAFE_INTEGER,
    });
    expect(max.body.value.values).toHaveLength(4);
    const past = await restli('/aspects?action=getTimeseriesAspectValues', {
      urn,
      entity: 'dataset',
      aspect: 'datasetProfile',
      endTimeMillis: 2 ** 60,
    });
    expect(past.status).toBe(400);
    expect(past.body.message).toContain('endTimeMillis must be an integer from');
  });

  it('Rest.li truncateTimeseriesAspect and entities?action=delete take real epoch millis', async () => {
    const dry = await restli('/operations?action=truncateTimeseriesAspect', {
      entityType: 'dataset',
      aspect: 'datasetProfile',
      endTimeMillis: T0 - 365 * DAY,
    });
    expect(dry.status).toBe(200);
    expect(dry.body.value).toContain('This was a dry run');
    const urn = await profiles();
    const del = await restli('/entities?action=delete', {
      urn,
      aspectName: 'datasetProfile',
      startTimeMillis: T0,
      endTimeMillis: T0 + DAY,
    });
    expect(del.status).toBe(200);
    expect(del.body.value.timeseriesRows).toBe(2);
  });

  it('versions and times in OpenAPI query strings are longs', async () => {
    const urn = await profiles();
    const at = await call('GET', `/openapi/v3/entity/dataset/${enc(urn)}/datasetProfile?version=${T0 + DAY}`);
    expect(at.status).toBe(200);
    expect(at.body.value.rowCount).toBe(101);
    const tooBig = await call(
      'GET',
      `/openapi/v3/entity/dataset/${enc(urn)}/datasetProfile?version=${2 ** 60}`,
    );
    expect(tooBig.status).toBe(400);
    const negative = await call('GET', `/openapi/v3/entity/dataset?count=-1`);
    expect(negative.status).toBe(400);
  });

  it('the GraphQL Long scalar takes epoch millis and refuses what JSON cannot carry exactly', async () => {
    const urn = await profiles();
    const ok = await gql(
      `query ($urn: String!, $start: Long, $end: Long) {
        dataset(urn: $urn) { lineage(input: {direction: UPSTREAM, startTimeMillis: $start, endTimeMillis: $end}) { total } }
      }`,
      { urn, start: T0, end: T0 + DAY },
    );
    expect(ok.errors).toBeUndefined();
    const literal = await gql(`{ dataset(urn: "${urn}") { schemaMetadata(version: ${T0}) { name } } }`);
    expect(literal.errors).toBeUndefined();
    const big = await gql(
      `query ($urn: String!, $start: Long) { dataset(urn: $urn) { lineage(input: {direction: UPSTREAM, startTimeMillis: $start}) { total } } }`,
      { urn, start: 2 ** 60 },
    );
    expect(big.errors?.[0]?.message).toContain('Long cannot represent');
    const bigLiteral = await gql(
      `{ dataset(urn: "${urn}") { schemaMetadata(version: 123456789012345678901) { name } } }`,
    );
    expect(bigLiteral.errors?.[0]?.extensions).toMatchObject({ code: 400, type: 'BAD_REQUEST' });
  });
});

describe('the bounds of every integer parameter come from one table', () => {
  /** For each parameter of the table: a call that reads it from a Rest.li body. */
  const CALLS: Record<ParamName, (v: number) => [string, Record<string, unknown>]> = {
    start: (v) => ['/entities?action=search', { input: '*', entity: 'dataset', start: v, count: 1 }],
    count: (v) => ['/entities?action=search', { input: '*', entity: 'dataset', start: 0, count: v }],
    pageOffset: (v) => ['/runs?action=list', { pageOffset: v, pageSize: 1 }],
    pageSize: (v) => ['/runs?action=list', { pageOffset: 0, pageSize: v }],
    limit: (v) => ['/entities?action=autocomplete', { query: 'a', entity: 'dataset', limit: v }],
    batchSize: (v) => ['/operations?action=restoreIndices', { urn: datasetUrn('none'), batchSize: v }],
    maxBuckets: (v) => [
      '/usageStats?action=query',
      { resource: datasetUrn('none'), duration: 'DAY', maxBuckets: v },
    ],
    maxHops: (v) => [
      '/relationships?action=getLineage',
      { urn: datasetUrn('none'), direction: 'UPSTREAM', maxHops: v },
    ],
    timeoutSeconds: (v) => [
      '/operations?action=truncateTimeseriesAspect',
      { entityType: 'dataset', aspect: 'datasetProfile', endTimeMillis: 0, timeoutSeconds: v },
    ],
    version: (v) => [`/aspects/${enc(datasetUrn('none'))}?aspect=datasetProperties&version=${v}`, {}],
    startTime: (v) => [
      `/openapi/v2/timeline/v1/${enc(datasetUrn('none'))}?categories=TAG&startTime=${v}`,
      {},
    ],
    endTime: (v) => [`/openapi/v2/timeline/v1/${enc(datasetUrn('none'))}?categories=TAG&endTime=${v}`, {}],
    // A topic the events API refuses (403) once its parameters are read: a good value never waits.
    pollTimeoutSeconds: (v) => [`/openapi/v1/events/poll?topic=none&pollTimeoutSeconds=${v}`, {}],
    lookbackWindowDays: (v) => [`/openapi/v1/events/poll?topic=none&lookbackWindowDays=${v}`, {}],
    // The audit search (a POST): a page of at most 10,000, as DataHub's search gives.
    size: (v) => [`/openapi/v1/events/audit/search?size=${v}&startTime=0&endTime=1`, {}],
    startTimeMillis: (v) => [
      '/aspects?action=getTimeseriesAspectValues',
      { urn: datasetUrn('none'), entity: 'dataset', aspect: 'datasetProfile', startTimeMillis: v },
    ],
    endTimeMillis: (v) => [
      '/aspects?action=getTimeseriesAspectValues',
      { urn: datasetUrn('none'), entity: 'dataset', aspect: 'datasetProfile', endTimeMillis: v },
    ],
  };

  it('every parameter takes its bounds and refuses one past them with a 400 naming it', async () => {
    const failures: string[] = [];
    for (const [name, bound] of Object.entries(PARAMETERS) as [ParamName, (typeof PARAMETERS)[ParamName]][]) {
      const param = name;
      for (const [v, good] of [
        [bound.min, true],
        [bound.max, true],
        [bound.min - 1, false],
        [bound.max + 1, false],
      ] as const) {
        if (!Number.isSafeInteger(v) && good) continue;
        const [path, body] = CALLS[name](v);
        const res = path.startsWith('/openapi/v1/events/audit/search')
          ? await call('POST', path, body)
          : /^\/(aspects|openapi)\//.test(path)
            ? await call('GET', path, undefined, { 'X-RestLi-Protocol-Version': '2.0.0' })
            : await restli(path, body);
        const refused =
          res.status === 400 &&
          String(res.body?.message ?? res.body?.error).includes(`${param} must be an integer`);
        if (good ? refused || res.status >= 500 : !refused)
          failures.push(`${name}=${v}: ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

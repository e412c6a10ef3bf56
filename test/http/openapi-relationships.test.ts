import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime.js';
import { get, post } from '../support/http.js';
import { datasetUrn, enc, startTestServer, unique } from '../support/runtime.js';

let rt: Runtime;
beforeAll(async () => {
  rt = await startTestServer();
});
afterAll(async () => rt?.stop());

const write = async (body: unknown) => {
  const res = await post(rt.url, '/openapi/v3/entity/dataset?async=false', body);
  expect(res.status).toBe(200);
  return res;
};
const upstreams = (...urns: string[]) => ({
  value: { upstreams: urns.map((dataset) => ({ dataset, type: 'TRANSFORMED' })) },
});
const urnFilter = (urns: string[]) => ({
  and: [{ criteria: [{ field: 'urn', values: urns, condition: 'EQUAL' }] }],
});

describe('OpenAPI relationship scroll, trace and registry', () => {
  it('scrolls edges by type and end, in both directions, with paging', async () => {
    const id = unique();
    const [alpha, beta, gamma] = ['alpha', 'beta', 'gamma'].map((n) => datasetUrn(`rel_${n}_${id}`)) as [
      string,
      string,
      string,
    ];
    await write([
      {
        urn: beta,
        upstreamLineage: upstreams(alpha),
        globalTags: { value: { tags: [{ tag: `urn:li:tag:r${id}` }] } },
      },
      { urn: gamma, upstreamLineage: upstreams(alpha) },
    ]);
    const scroll = (q: string, body: unknown) => post(rt.url, `/openapi/v3/relationship/scroll?${q}`, body);
    const out = await scroll('relationshipTypes=DownstreamOf', { sourceFilter: urnFilter([beta]) });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({
      scrollId: null,
      results: [
        {
          relationshipType: 'DownstreamOf',
          source: { urn: beta, entityType: 'dataset' },
          destination: { urn: alpha, entityType: 'dataset' },
        },
      ],
    });
    const incoming = await scroll('relationshipTypes=DownstreamOf&direction=INCOMING&count=1', {
      sourceFilter: urnFilter([alpha]),
    });
    expect(incoming.body.results.map((r: any) => r.source.urn)).toEqual([beta]);
    const next = await scroll(
      `relationshipTypes=DownstreamOf&direction=INCOMING&count=1&scrollId=${incoming.body.scrollId}`,
      {
        sourceFilter: urnFilter([alpha]),
      },
    );
    expect(next.body.results.map((r: any) => r.source.urn)).toEqual([gamma]);
    expect(next.body.scrollId).toBeNull();
    const anyType = await scroll('', {
      sourceFilter: urnFilter([beta]),
      edgeFilter: { and: [{ criteria: [{ field: 'relationshipType', values: ['TaggedWith'] }] }] },
    });
    expect(anyType.body.results.map((r: any) => r.destination.urn)).toEqual([`urn:li:tag:r${id}`]);
    const legacy = await get(
      rt.url,
      `/openapi/v3/relationship/scroll?relationshipTypes=DownstreamOf&sourceUrns=${enc(gamma)}`,
    );
    expect(legacy.body.results).toHaveLength(1);
    const bad = await scroll('direction=SIDEWAYS', {});
    expect(bad).toMatchObject({
      status: 400,
      body: { error: 'Direction must be INCOMING, OUTGOING, or UNDIRECTED, got: SIDEWAYS' },
    });
    const badField = await scroll('', {
      sourceFilter: { and: [{ criteria: [{ field: 'name', values: ['x'] }] }] },
    });
    expect(badField.status).toBe(400);
  });

  it('traces writes: stored aspects are active; search follows the sync worker', async () => {
    const urn = datasetUrn(`trace_${unique()}`);
    const res = await write([{ urn, status: { value: { removed: false } } }]);
    const trace = (res.headers.get('traceparent') ?? '').split('-')[1];
    expect(trace).toMatch(/^[0-9a-f]{32}$/);
    const errorsOnly = await post(rt.url, `/openapi/v1/trace/write/${trace}`, { [urn]: ['status'] });
    expect(errorsOnly.body).toEqual({});
    const full = await post(
      rt.url,
      `/openapi/v1/trace/write/${trace}?onlyIncludeErrors=false&detailed=true`,
      {
        [urn]: ['status', 'ownership'],
      },
    );
    expect(full.body[urn].status).toMatchObject({
      success: true,
      primaryStorage: { writeStatus: 'ACTIVE_STATE' },
    });
    expect(['ACTIVE_STATE', 'PENDING']).toContain(full.body[urn].status.searchStorage.writeStatus);
    expect(full.body[urn].ownership.primaryStorage.writeStatus).toBe('NO_OP');
    expect((await post(rt.url, '/openapi/v1/trace/write/nope', {})).status).toBe(400);
  });

  it('answers for the writes of that trace: another trace wrote nothing, an overwrite makes it historic', async () => {
    const urn = datasetUrn(`trace2_${unique()}`);
    const first = await write([{ urn, status: { value: { removed: false } } }]);
    const t1 = (first.headers.get('traceparent') ?? '').split('-')[1] as string;
    const other = datasetUrn(`trace2_other_${unique()}`);
    const second = await write([{ urn: other, status: { value: { removed: false } } }]);
    const t2 = (second.headers.get('traceparent') ?? '').split('-')[1] as string;
    expect(t2).not.toBe(t1);
    await rt.services.search.waitForIndex();
    const ask = (trace: string, body: unknown) =>
      post(rt.url, `/openapi/v1/trace/write/${trace}?onlyIncludeErrors=false`, body);
    const mine = await ask(t1, { [urn]: ['status'] });
    expect(mine.body[urn].status).toEqual({
      success: true,
      primaryStorage: { writeStatus: 'ACTIVE_STATE' },
      searchStorage: { writeStatus: 'ACTIVE_STATE' },
    });
    // The second trace never wrote this entity.
    const notMine = await ask(t2, { [urn]: ['status'] });
    expect(notMine.body[urn].status.primaryStorage.writeStatus).toBe('NO_OP');
    expect(notMine.body[urn].status.searchStorage.writeStatus).toBe('NO_OP');
    // Written again by a third trace: the first one's write is history.
    await write([{ urn, status: { value: { removed: true } } }]);
    const history = await ask(t1, { [urn]: ['status'] });
    expect(history.body[urn].status.primaryStorage.writeStatus).toBe('HISTORIC_STATE');
    // The trace is kept in the system metadata of what it wrote, as DataHub keeps it.
    const read = await get(rt.url, `/openapi/v3/entity/dataset/${enc(other)}/status?systemMetadata=true`);
    expect(read.body.systemMetadata.properties.telemetryTraceId).toBe(t2);
  });

  it('lists the entity registry in pages as the client reads it', async () => {
    const first = await get(rt.url, '/openapi/v1/registry/models/entity/specifications');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ start: 0, count: 5 });
    const all = await get(rt.url, '/openapi/v1/registry/models/entity/specifications?start=0&count=100');
    const dataset = all.body.elements.find((e: any) => e.name === 'dataset');
    expect(dataset.keyAspectName).toBe('datasetKey');
    expect(dataset.keyAspectSpec.aspectAnnotation.name).toBe('datasetKey');
    expect(dataset.aspectSpecs.map((a: any) => a.aspectAnnotation.name)).toContain('schemaMetadata');
    expect(all.body.total).toBe(all.body.elements.length);
    const past = await get(
      rt.url,
      `/openapi/v1/registry/models/entity/specifications?start=${all.body.total}`,
    );
    expect(past.status).toBe(400);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime.js';
import { post } from '../support/http.js';
import { datasetUrn, mcp, startTestServer, unique } from '../support/runtime.js';

let rt: Runtime;
let capped: Runtime;
beforeAll(async () => {
  rt = await startTestServer();
  capped = await startTestServer({ NEOHUB_LINEAGE_MAX_VISITED: '3' });
});
afterAll(async () => {
  await capped?.stop();
  await rt?.stop();
});

const audit = { time: 0, actor: 'urn:li:corpuser:test' };
const upstreams = (...urns: string[]) => ({
  upstreams: urns.map((dataset) => ({ dataset, type: 'TRANSFORMED', auditStamp: audit })),
});

/**
 * A lineage graph with a diamond (A -> B, A -> C, B and C -> D), a cycle (D -> A), a feature derived
 * from D, a model consuming the feature, the model's group, and a ghost upstream of A.
 */
async function graph(): Promise<Record<string, string>> {
  const id = unique();
  const n: Record<string, string> = {};
  for (const k of ['A', 'B', 'C', 'D', 'E', 'ghost']) n[k] = datasetUrn(`lineage_${id}_${k}`);
  n.F = `urn:li:mlFeature:(lineage_${id},f)`;
  n.M = `urn:li:mlModel:(urn:li:dataPlatform:sagemaker,lineage_${id}_m,PROD)`;
  n.G = `urn:li:mlModelGroup:(urn:li:dataPlatform:sagemaker,lineage_${id}_g,PROD)`;
  const res = await post(rt.url, '/aspects?action=ingestProposalBatch', {
    proposals: [
      mcp(n.A as string, 'upstreamLineage', upstreams(n.D as string, n.ghost as string)),
      mcp(n.B as string, 'upstreamLineage', upstreams(n.A as string)),
      mcp(n.C as string, 'upstreamLineage', upstreams(n.A as string)),
      mcp(n.D as string, 'upstreamLineage', upstreams(n.B as string, n.C as string)),
      mcp(n.E as string, 'upstreamLineage', upstreams(n.D as string)),
      mcp(n.F as string, 'mlFeatureProperties', { sources: [n.D] }),
      mcp(n.M as string, 'mlModelProperties', { mlFeatures: [n.F], groups: [n.G] }),
      mcp(n.G as string, 'mlModelGroupProperties', { description: 'group' }),
    ],
  });
  expect(res.status).toBe(200);
  return n;
}

const lineage = async (base: string, body: Record<string, unknown>) =>
  post(base, '/relationships?action=getLineage', body);
const degrees = (body: { value: { relationships: { entity: string; degree: number }[] } }) =>
  Object.fromEntries(body.value.relationships.map((r) => [r.entity, r.degree]));

describe('lineage', () => {
  it('walks upstream many hops through diamonds and cycles, each entity once at its nearest degree', async () => {
    const n = await graph();
    const up = await lineage(rt.url, { urn: n.E, direction: 'UPSTREAM' });
    expect(up.status).toBe(200);
    expect(degrees(up.body)).toEqual({
      [n.D as string]: 1,
      [n.B as string]: 2,
      [n.C as string]: 2,
      [n.A as string]: 3,
    });
    const a = up.body.value.relationships.find((r: { entity: string }) => r.entity === n.A);
    expect(a).toMatchObject({ type: 'DownstreamOf', paths: [{ path: [n.E, n.D, expect.any(String), n.A] }] });
    expect(up.body.value).toMatchObject({ start: 0, total: 4, partial: false, filtered: 1 });
  });

  it('walks downstream across entity kinds, reversing edges marked isUpstream false', async () => {
    const n = await graph();
    const down = await lineage(rt.url, { urn: n.A, direction: 'DOWNSTREAM' });
    expect(degrees(down.body)).toEqual({
      [n.B as string]: 1,
      [n.C as string]: 1,
      [n.D as string]: 2,
      [n.E as string]: 3,
      [n.F as string]: 3,
      [n.M as string]: 4,
      [n.G as string]: 5,
    });
    const group = await lineage(rt.url, { urn: n.G, direction: 'UPSTREAM', maxHops: 3 });
    expect(degrees(group.body)).toEqual({ [n.M as string]: 1, [n.F as string]: 2, [n.D as string]: 3 });
  });

  it('pages, limits hops, flags a capped walk as partial, and rejects bad input', async () => {
    const n = await graph();
    const two = await lineage(rt.url, { urn: n.A, direction: 'downstream', maxHops: 2, start: 1, count: 1 });
    expect(two.body.value).toMatchObject({ start: 1, count: 1, total: 3 });
    expect(two.body.value.relationships).toHaveLength(1);
    const partial = await lineage(capped.url, { urn: n.A, direction: 'DOWNSTREAM' });
    expect(partial.body.value).toMatchObject({ total: 3, partial: true });
    expect((await lineage(rt.url, { urn: n.A, direction: 'SIDEWAYS' })).status).toBe(400);
    expect((await lineage(rt.url, { urn: n.A, direction: 'UPSTREAM', maxHops: 99 })).status).toBe(400);
    expect((await lineage(rt.url, { urn: 'not-a-urn', direction: 'UPSTREAM' })).status).toBe(400);
    expect((await lineage(rt.url, { direction: 'UPSTREAM' })).status).toBe(400);
  });
});

/**
 * DataHub's OpenLineage endpoint with settings (docs/decisions/0065): a server started with a
 * non-default orchestrator and environment places what it writes as DataHub's would; and request bodies
 * compressed with gzip, as OpenLineage's HTTP transport sends them with `compression: gzip`, are read
 * decompressed on every JSON route, the body limit applying to what they inflate to (a gzip bomb is a
 * 413 and the server goes on answering).
 */
import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime.js';
import { useAuthServer, type TestTokens } from '../support/auth.js';
import { httpClient } from '../support/http.js';
import { enc, unique } from '../support/runtime.js';

const LIMIT = 1024 * 1024;
let rt: Runtime;
let t: TestTokens;
useAuthServer(
  {
    NEOHUB_RATE_LIMIT_PER_MINUTE: '0',
    NEOHUB_MAX_BODY_BYTES: String(LIMIT),
    DATAHUB_OPENLINEAGE_ORCHESTRATOR: 'dagster',
    DATAHUB_OPENLINEAGE_ENV: 'dev',
  },
  (r, tokens) => {
    rt = r;
    t = tokens;
  },
);
const { as } = httpClient(() => rt.url);

const P = '/openapi/openlineage/api/v1/lineage';
const GZIP = { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' };

function runEvent() {
  const u = unique();
  const event = {
    eventType: 'COMPLETE',
    eventTime: '2024-05-01T12:00:00Z',
    producer: 'https://github.com/OpenLineage/OpenLineage/tree/1.54.0/client/python',
    run: { runId: randomUUID() },
    job: { namespace: `ns_${u}`, name: `flow_${u}.task` },
    inputs: [{ namespace: 'postgres://db:5432', name: `shop.raw_${u}` }],
    outputs: [{ namespace: 'postgres://db:5432', name: `shop.orders_${u}` }],
  };
  const flow = `urn:li:dataFlow:(dagster,flow_${u},dev)`;
  return {
    event,
    flow,
    job: `urn:li:dataJob:(${flow},flow_${u}.task)`,
    src: `urn:li:dataset:(urn:li:dataPlatform:postgres,shop.raw_${u},DEV)`,
    dst: `urn:li:dataset:(urn:li:dataPlatform:postgres,shop.orders_${u},DEV)`,
  };
}

const read = async (urn: string, aspect: string) => {
  const res = await as(t.reader).call('GET', `/openapi/v3/entity/${urn.split(':')[2]}/${enc(urn)}/${aspect}`);
  expect(res.status, `${urn} ${aspect}`).toBe(200);
  return res.body.value;
};

describe('OpenLineage settings on a running server', () => {
  it('places flows under the configured orchestrator and environment, datasets in its FabricType', async () => {
    const r = runEvent();
    const res = await as(t.editor).call('POST', P, r.event);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await read(r.job, 'dataJobInfo')).toMatchObject({ type: { string: 'dagster' }, flowUrn: r.flow });
    expect(await read(r.flow, 'dataPlatformInstance')).toEqual({
      platform: 'urn:li:dataPlatform:dagster',
      instance: 'urn:li:dataPlatformInstance:(urn:li:dataPlatform:dagster,dev)',
    });
    expect(await read(r.src, 'datasetKey')).toMatchObject({ origin: 'DEV' });
    const io = await read(r.job, 'dataJobInputOutput');
    expect(io.inputDatasetEdges.map((e: { destinationUrn: string }) => e.destinationUrn)).toEqual([r.src]);
    expect(io.outputDatasetEdges.map((e: { destinationUrn: string }) => e.destinationUrn)).toEqual([r.dst]);
  });
});

describe('gzip-compressed request bodies', () => {
  it('reads a gzip-compressed run event', async () => {
    const r = runEvent();
    const res = await as(t.editor).call('POST', P, gzipSync(JSON.stringify(r.event)), GZIP);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await read(r.src, 'status')).toEqual({ removed: false });
  });

  it('reads gzip on the other JSON routes too', async () => {
    const urn = `urn:li:dataset:(urn:li:dataPlatform:hive,gz_${unique()},PROD)`;
    const body = { value: { description: 'compressed' } };
    const res = await as(t.editor).call(
      'POST',
      `/openapi/v3/entity/dataset/${enc(urn)}/datasetProperties`,
      gzipSync(JSON.stringify(body)),
      GZIP,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await read(urn, 'datasetProperties')).toMatchObject({ description: 'compressed' });
  });

  it('answers 413 to a gzip bomb (small compressed, over the limit inflated) and keeps answering', async () => {
    const bomb = gzipSync(Buffer.alloc(64 * LIMIT, ' '));
    expect(bomb.length).toBeLessThan(LIMIT);
    const res = await as(t.editor).call('POST', P, bomb, GZIP);
    expect(res.status).toBe(413);
    // Just over the limit inflated is refused too; just under is read.
    const over = JSON.stringify(runEvent().event).padEnd(LIMIT + 1, ' ');
    expect((await as(t.editor).call('POST', P, gzipSync(over), GZIP)).status).toBe(413);
    const r = runEvent();
    const under = JSON.stringify(r.event).padEnd(LIMIT, ' ');
    expect((await as(t.editor).call('POST', P, gzipSync(under), GZIP)).status).toBe(200);
    expect((await as(t.reader).call('GET', '/health')).status).toBe(200);
  });

  it('answers a request without a body that names gzip, and goes on answering', async () => {
    const res = await as(t.reader).call('GET', '/health', undefined, { 'Content-Encoding': 'gzip' });
    expect(res.status).toBe(200);
    const empty = await as(t.editor).call('POST', P, '', GZIP);
    expect(empty.status).toBeGreaterThanOrEqual(400);
    expect(empty.status).toBeLessThan(500);
    expect((await as(t.reader).call('GET', '/health')).status).toBe(200);
  });

  it('refuses a body that is not gzip (400) and other encodings (415)', async () => {
    const bad = await as(t.editor).call('POST', P, JSON.stringify(runEvent().event), GZIP);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('not valid gzip');
    const br = await as(t.editor).call('POST', P, runEvent().event, { 'Content-Encoding': 'br' });
    expect(br.status).toBe(415);
    expect(JSON.stringify(br.body)).toContain('Unsupported Content-Encoding');
  });
});

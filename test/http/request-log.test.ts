import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newToken } from '../../src/auth/index.js';
import type { Logger } from '../../src/logger.js';
import type { Runtime } from '../../src/runtime.js';
import { bearer, request } from '../support/http.js';
import { datasetUrn, enc, mcp, startTestServer, unique } from '../support/runtime.js';

/**
 * Operations (issue 40): one structured line per request (method, route, status, duration, actor, and a
 * failure's cause), never a token; and the request counted in the Prometheus metrics, which answer
 * without a token as DataHub's `/actuator/prometheus` does.
 */
let rt: Runtime;
const root = newToken();
const logged: Record<string, any>[] = [];
const raw: string[] = [];
beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n'))
        if (line) {
          raw.push(line);
          logged.push(JSON.parse(line));
        }
      done();
    },
  });
  const log = pino({ level: 'info' }, sink) as unknown as Logger;
  rt = await startTestServer({ NEOHUB_AUTH: 'on', NEOHUB_ROOT_TOKEN: root, LOG_LEVEL: 'info' }, log);
});
afterAll(async () => rt?.stop());

const linesOf = (route: string | RegExp, status: number) =>
  logged.filter(
    (l) =>
      (typeof route === 'string' ? l.route === route : route.test(l.route)) &&
      l.status === status &&
      typeof l.ms === 'number',
  );
/** The log line of a request comes once it is answered: waits for it. */
async function lineOf(route: string | RegExp, status: number): Promise<Record<string, any>> {
  for (let i = 0; i < 100; i++) {
    const found = linesOf(route, status).at(-1);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no log line for ${route} ${status}`);
}

/** The value of a sample of the scrape, by metric name and labels (0 when absent). */
async function sample(name: string, labels: Record<string, string>): Promise<number> {
  const res = await request('GET', `${rt.url}/actuator/prometheus`);
  expect(res.status).toBe(200);
  const text = String(res.text);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const [, body, value] = /^[^{]+\{(.*)\} (\S+)$/.exec(line) ?? [];
    const pairs = Object.fromEntries([...(body ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => pairs[k] === v)) return Number(value);
  }
  return 0;
}

/** The sum of every sample of a metric, whatever its labels (0 when it has none). */
async function total(name: string): Promise<number> {
  const res = await request('GET', `${rt.url}/actuator/prometheus`);
  expect(res.status).toBe(200);
  let sum = 0;
  for (const line of String(res.text).split('\n'))
    if (line.startsWith(`${name}{`) || line.startsWith(`${name} `)) sum += Number(line.split(' ').at(-1));
  return sum;
}

describe('request logs', () => {
  it('logs one line per answered request with its route, status, duration and actor', async () => {
    const urn = datasetUrn(`reqlog_${unique()}`);
    const res = await request('GET', `${rt.url}/openapi/v3/entity/dataset/${enc(urn)}?systemMetadata=false`, {
      headers: bearer(root),
    });
    expect(res.status).toBe(404);
    const line = await lineOf(/^\/openapi\/v3\/entity\/.*:/, 404);
    expect(line).toMatchObject({ method: 'GET', level: 40, actor: 'urn:li:corpuser:__datahub_system' });
    expect(line.cause).toBe('not found (ENTITY)'); // DataHub's OpenAPI says so in a header, not a body
    expect(line.ms).toBeGreaterThanOrEqual(0);
    // The route, never the address with its query string (where a client may put anything).
    expect(JSON.stringify(line)).not.toContain('systemMetadata=false');

    // Rest.li's answer carries the message: the line has it.
    const restli = await request('GET', `${rt.url}/aspects/${enc(urn)}?aspect=datasetProperties&version=0`, {
      headers: bearer(root),
    });
    expect(restli.status).toBe(404);
    expect((await lineOf('/aspects/*', 404)).cause).toContain(urn);

    expect((await request('GET', `${rt.url}/config`)).status).toBe(200);
    expect(await lineOf('/config', 200)).toMatchObject({ method: 'GET', level: 30, msg: 'request' });
  });

  it('logs a refused token with its cause and never the token', async () => {
    const bad = newToken();
    const res = await request('POST', `${rt.url}/api/graphql`, {
      headers: { ...bearer(bad), 'Content-Type': 'application/json' },
      body: { query: '{ me { corpUser { urn } } }' },
    });
    expect(res.status).toBe(401);
    const line = await lineOf('/api/graphql', 401);
    expect(line.actor).toBeUndefined();
    expect(line.cause).toMatch(/token|authenticat/i);
    expect(raw.some((l) => l.includes(bad))).toBe(false);
    expect(raw.some((l) => l.includes(root))).toBe(false);
  });
});

describe('Prometheus metrics', () => {
  it('answers without a token, counts requests by route and status, and reads the store figures', async () => {
    const labels = { method: 'GET', uri: '/config', status: '200', outcome: 'SUCCESS' };
    const before = await sample('http_server_requests_seconds_count', labels);
    for (let i = 0; i < 3; i++) expect((await request('GET', `${rt.url}/config`)).status).toBe(200);
    // The count moves once each request is answered (after its answer was sent).
    let after = before;
    for (let i = 0; i < 50 && after < before + 3; i++) {
      await new Promise((r) => setTimeout(r, 20));
      after = await sample('http_server_requests_seconds_count', labels);
    }
    expect(after).toBe(before + 3);
    const refused = await sample('http_server_requests_seconds_count', {
      uri: '/api/graphql',
      status: '401',
      outcome: 'CLIENT_ERROR',
    });
    expect(refused).toBeGreaterThanOrEqual(1);

    const res = await request('GET', `${rt.url}/actuator/prometheus`);
    const text = String(res.text);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(text).toMatch(/^# TYPE http_server_requests_seconds histogram$/m);
    expect(text).toMatch(/^neohub_change_log_head \d+$/m);
    expect(text).toMatch(/^neohub_neo4j_sessions_open\{mode="read"\} \d+$/m);
    expect(text).toMatch(/^neohub_follower_lag\{follower="[^"]+"\} \d+$/m);
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
  });

  it('counts committed writes, the aspects they changed, and the entries each follower applied', async () => {
    const writes = () => sample('neohub_writes_total', { kind: 'ingest' });
    const upserts = () =>
      sample('neohub_written_aspects_total', {
        kind: 'ingest',
        aspect_entity_type: 'dataset',
        aspect_change_type: 'UPSERT',
      });
    const applied = () => total('neohub_follower_applied_total');
    const before = { writes: await writes(), upserts: await upserts(), applied: await applied() };

    const urn = datasetUrn(`metrics_${unique()}`);
    const res = await request('POST', `${rt.url}/aspects?action=ingestProposal`, {
      headers: bearer(root),
      body: { proposal: mcp(urn, 'status', { removed: false }) },
    });
    expect(res.status, res.text).toBe(200);
    // One transaction; its aspects: the key, the status, and the new dataset's default aspects.
    expect(await writes()).toBeGreaterThanOrEqual(before.writes + 1);
    expect(await upserts()).toBeGreaterThanOrEqual(before.upserts + 2);
    // The search sync applies the write's entries, and moves its checkpoint past them.
    let after = before.applied;
    for (let i = 0; i < 250 && after <= before.applied; i++) {
      await new Promise((r) => setTimeout(r, 40));
      after = await applied();
    }
    expect(after).toBeGreaterThan(before.applied);

    const text = String((await request('GET', `${rt.url}/actuator/prometheus`)).text);
    expect(text).toMatch(/^# TYPE neohub_writes_total counter$/m);
    expect(text).toMatch(/^# TYPE neohub_follower_applied_total counter$/m);
    expect(text).toMatch(/^neohub_follower_applied_total\{follower="[^"]+"\} \d+$/m);
    expect(text).toMatch(/^# HELP neohub_neo4j_sessions_open .*exposes no figures of its pool/m);
  });

  it('records the cost of GraphQL operations', async () => {
    const count = () => sample('neohub_graphql_operation_cost_count', { operation_type: 'query' });
    const before = await count();
    const res = await request('POST', `${rt.url}/api/graphql`, {
      headers: { ...bearer(root), 'Content-Type': 'application/json' },
      body: { query: '{ me { corpUser { urn } } }' },
    });
    expect(res.status).toBe(200);
    expect(await count()).toBe(before + 1);
  });
});

import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenId } from '../../src/auth/index.js';
import { run } from '../../src/cli/index.js';
import type { Runtime } from '../../src/runtime.js';
import { mintTokens, startAuthServer, type TestTokens } from '../support/auth.js';
import { httpClient, type HttpClient } from '../support/http.js';
import { asSystemView, datasetUrn, enc, mcp, unique } from '../support/runtime.js';

let rt: Runtime;
let t: TestTokens;
beforeAll(async () => {
  const started = await startAuthServer();
  rt = started.rt;
  t = await mintTokens(rt, started.root);
});
afterAll(async () => rt?.stop());

const http = httpClient(() => rt.url);
const { call, as } = http;

const ingest = (client: HttpClient, urn: string, value: unknown, headers: Record<string, string> = {}) =>
  client.call(
    'POST',
    '/aspects?action=ingestProposal',
    { proposal: mcp(urn, 'datasetProperties', value) },
    headers,
  );

/** A JWT as DataHub's tokens look, unsigned (`alg: none`) or signed with a key we guessed. */
function jwt(alg: string, key?: string): string {
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const head = `${b64({ alg, typ: 'JWT' })}.${b64({ actorType: 'USER', actorId: 'datahub', type: 'PERSONAL', sub: 'datahub', exp: 4102444800, iss: 'datahub-metadata-service' })}`;
  return key ? `${head}.${createHmac('sha256', key).update(head).digest('base64url')}` : `${head}.`;
}

describe('authentication', () => {
  it('lets the public routes through without a token', async () => {
    for (const p of [
      '/health',
      '/health/live',
      '/config',
      '/api/graphiql',
      '/openapi/swagger-ui/index.html',
      '/openapi/v3/api-docs',
    ])
      expect((await call('GET', p)).status, p).toBe(200);
  });

  it('answers 401 in each transport’s shape for missing, malformed, forged, expired, revoked and JWT tokens', async () => {
    const urn = datasetUrn(`auth_401_${unique()}`);
    const bad: [string, Record<string, string>][] = [
      ['missing', {}],
      ['basic', { Authorization: 'Basic X19kYXRhaHViX3N5c3RlbTpKb2huU25vd0tub3dzTm90aGluZw==' }],
      ['bearer alone', { Authorization: 'Bearer' }],
      ['forged', { Authorization: `Bearer ${t.forged}` }],
      ['expired', { Authorization: `Bearer ${t.expired}` }],
      ['revoked', { Authorization: `Bearer ${t.revoked}` }],
      ['alg none', { Authorization: `Bearer ${jwt('none')}` }],
      [
        'HS256 guessed key',
        { Authorization: `Bearer ${jwt('HS256', 'WnEdIeTG/VVCLQqGwC/BAkqyY0k+H8NEAtWGejrBI94=')}` },
      ],
      ['root token with junk', { Authorization: `Bearer ${t.root}x` }],
    ];
    for (const [what, headers] of bad) {
      const restli = await call('GET', `/entitiesV2/${enc(urn)}`, undefined, headers);
      expect(restli.status, what).toBe(401);
      expect(restli.body).toMatchObject({
        exceptionClass: 'com.linkedin.restli.server.RestLiServiceException',
        status: 401,
      });
      const openapi = await call('GET', `/openapi/v3/entity/dataset/${enc(urn)}`, undefined, headers);
      expect(openapi.status, what).toBe(401);
      expect(openapi.body.error).toMatch(/Unauthorized/);
      const graphql = await call('POST', '/api/graphql', { query: '{ __typename }' }, headers);
      expect(graphql.status, what).toBe(401);
      expect(graphql.body.errors[0].extensions).toMatchObject({ code: 401, type: 'UNAUTHENTICATED' });
      expect((await ingest(http, urn, { description: what }, headers)).status).toBe(401);
    }
    expect((await as(t.root).call('GET', `/openapi/v3/entity/dataset/${enc(urn)}`)).status).toBe(404);
  });

  it('revokes at once', async () => {
    const { accessToken } = await asSystemView(rt.services.auth).createToken({
      type: 'PERSONAL',
      actorUrn: t.actors.reader,
      duration: 'ONE_HOUR',
      name: 'short-lived',
    });
    expect((await as(accessToken).call('GET', '/entitiesV2/urn:li:corpuser:x')).status).toBe(200);
    await asSystemView(rt.services.auth).revokeToken(tokenId(accessToken));
    expect((await as(accessToken).call('GET', '/entitiesV2/urn:li:corpuser:x')).status).toBe(401);
  });
});

describe('authorization', () => {
  it('Reader reads and searches; Editor writes; Admin runs operations and hard deletes', async () => {
    const urn = datasetUrn(`auth_roles_${unique()}`);
    const readerWrite = await ingest(as(t.reader), urn, { description: 'no' });
    expect(readerWrite.status).toBe(403);
    expect(readerWrite.body).toMatchObject({ status: 403, message: expect.stringMatching(/unauthorized/) });
    const openapiWrite = await as(t.reader).call('POST', `/openapi/v3/entity/dataset/${enc(urn)}/status`, {
      value: { removed: false },
    });
    expect(openapiWrite.status).toBe(403);
    expect(openapiWrite.body.error).toMatch(new RegExp(`${t.actors.reader} is unauthorized`));
    const gqlWrite = await as(t.reader).call('POST', '/api/graphql', {
      query: `mutation { updateDescription(input: {description: "x", resourceUrn: "${urn}"}) }`,
    });
    expect(gqlWrite.body.errors[0].extensions).toMatchObject({ code: 403, type: 'UNAUTHORIZED' });
    expect(
      (
        await as(t.reader).call('POST', '/entities?action=search', {
          input: '*',
          entity: 'dataset',
          start: 0,
          count: 1,
        })
      ).status,
    ).toBe(200);

    expect((await ingest(as(t.editor), urn, { description: 'by the editor' })).status).toBe(200);
    expect((await as(t.editor).call('POST', '/operations?action=getIndexSizes', {})).status).toBe(403);
    expect((await as(t.editor).call('DELETE', `/openapi/v3/entity/dataset/${enc(urn)}`)).status).toBe(403);
    expect((await as(t.editor).call('POST', '/entities?action=delete', { urn })).status).toBe(403);
    const prop = `urn:li:structuredProperty:auth.prop${unique()}`;
    const definition = {
      value: {
        qualifiedName: prop.split(':').pop(),
        valueType: 'urn:li:dataType:datahub.string',
        entityTypes: ['urn:li:entityType:datahub.dataset'],
      },
    };
    expect(
      (
        await as(t.editor).call(
          'POST',
          `/openapi/v3/entity/structuredProperty/${enc(prop)}/propertyDefinition`,
          definition,
        )
      ).status,
    ).toBe(403);

    expect((await as(t.admin).call('POST', '/operations?action=getIndexSizes', {})).status).toBe(200);
    expect(
      (
        await as(t.admin).call(
          'POST',
          `/openapi/v3/entity/structuredProperty/${enc(prop)}/propertyDefinition`,
          definition,
        )
      ).status,
    ).toBe(200);
    expect((await as(t.admin).call('DELETE', `/openapi/v3/entity/dataset/${enc(urn)}`)).status).toBe(200);
    expect((await as(t.admin).call('GET', `/openapi/v3/entity/dataset/${enc(urn)}`)).status).toBe(404);
  });

  it('records the token’s actor in the AuditStamp, whatever the headers say', async () => {
    const urn = datasetUrn(`auth_actor_${unique()}`);
    const spoof = { 'X-DataHub-Actor': t.actors.admin, 'X-Forwarded-User': 'root' };
    expect((await ingest(as(t.reader), urn, { description: 'spoofed' }, spoof)).status).toBe(403);
    expect((await ingest(as(t.editor), urn, { description: 'mine' }, spoof)).status).toBe(200);
    const read = await as(t.reader).call(
      'GET',
      `/openapi/v3/entity/dataset/${enc(urn)}/datasetProperties?systemMetadata=true`,
    );
    expect(read.status).toBe(200);
    expect(read.body.auditStamp.actor).toBe(t.actors.editor);
  });
});

describe('limits', () => {
  it('rate-limits per token with 429 and Retry-After', async () => {
    const limited = await startAuthServer({ NEOHUB_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const tokens = await mintTokens(limited.rt, limited.root);
      const limitedHttp = httpClient(() => limited.rt.url, { headers: {} });
      const get = (token: string) => limitedHttp.as(token).call('GET', '/entitiesV2/urn:li:corpuser:x');
      for (let i = 0; i < 3; i++) expect((await get(tokens.reader)).status).toBe(200);
      const over = await get(tokens.reader);
      expect(over.status).toBe(429);
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(over.body.status).toBe(429);
      expect((await get(tokens.editor)).status).toBe(200);
      expect((await limitedHttp.call('GET', '/health')).status).toBe(200);
    } finally {
      await limited.rt.stop();
    }
  });

  it('refuses bodies over the limit with 413', async () => {
    const big = 'x'.repeat(rt.services.config.maxBodyBytes + 1);
    const res = await as(t.editor).call('POST', '/aspects?action=ingestProposal', big);
    expect(res.status).toBe(413);
  });
});

describe('the CLI in local mode', () => {
  it('picks the root token up from the home folder', async () => {
    const home = mkdtempSync(path.join(os.tmpdir(), 'neohub-cli-auth-'));
    try {
      const out: string[] = [];
      const err: string[] = [];
      const io = {
        out: (l: string) => out.push(l),
        err: (l: string) => err.push(l),
        env: { NEOHUB_HOME: home },
      };
      const urn = 'urn:li:structuredProperty:none.such';
      expect(await run(['properties', 'get', '--urn', urn, '--server', rt.url], io)).toBe(1);
      expect(err.join('\n')).toMatch(/401|Unauthorized/);
      writeFileSync(path.join(home, 'root-token'), `${t.root}\n`, { mode: 0o600 });
      err.length = 0;
      expect(await run(['properties', 'get', '--urn', urn, '--server', rt.url], io)).toBe(1);
      expect(err).toEqual([`${urn} not found`]);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});

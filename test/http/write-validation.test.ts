import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime.js';
import { httpClient, RESTLI } from '../support/http.js';
import { datasetUrn, enc, startTestServer, unique } from '../support/runtime.js';

// DataHub's write validation (docs/decisions/0052): URN fields typed with an entity kind, the entity
// kinds a structured property names, and conditional writes with `If-Version-Match`.

let rt: Runtime;
beforeAll(async () => {
  rt = await startTestServer();
});
afterAll(async () => rt?.stop());

const { call } = httpClient(() => rt.url);
const V3 = '/openapi/v3/entity';
const MODEL = 'urn:li:mlModel:(urn:li:dataPlatform:sagemaker,churn,PROD)';

const proposal = (urn: string, aspectName: string, value: unknown, headers?: Record<string, string>) => ({
  proposal: {
    entityType: urn.slice(7, urn.indexOf(':', 7)),
    entityUrn: urn,
    changeType: 'UPSERT',
    aspectName,
    aspect: { value: JSON.stringify(value), contentType: 'application/json' },
    ...(headers ? { headers } : {}),
  },
  async: 'false',
});
const ingest = (body: unknown) => call('POST', '/aspects?action=ingestProposal', body, RESTLI);
const lineage = (upstream: string) => ({ upstreams: [{ dataset: upstream, type: 'TRANSFORMED' }] });

describe('URN fields typed with an entity kind', () => {
  it('refuse a URN of another kind on every route, naming the path and the kind, and write nothing', async () => {
    const urn = datasetUrn(`kinds_${unique()}`);
    const restli = await ingest(proposal(urn, 'upstreamLineage', lineage(MODEL)));
    expect(restli.status).toBe(422);
    expect(restli.body.exceptionClass).toBe('com.linkedin.restli.server.RestLiServiceException');
    expect(restli.body.message).toContain('/upstreams/0/dataset');
    expect(restli.body.message).toContain('kind dataset');
    expect(restli.body.message).toContain(MODEL);

    const v3 = await call('POST', `${V3}/dataset?async=false`, [
      { urn, upstreamLineage: { value: lineage(MODEL) } },
    ]);
    expect(v3.status).toBe(400);
    expect(v3.body).toEqual({
      error: 'Validation Error',
      message: expect.stringContaining('/upstreams/0/dataset'),
    });

    // Owners are users or groups, as the relationship annotation says.
    const owners = await call('POST', `${V3}/dataset/${enc(urn)}/ownership?createIfNotExists=false`, {
      value: { owners: [{ owner: datasetUrn('someone'), type: 'DATAOWNER' }] },
    });
    expect(owners.status).toBe(400);
    expect(owners.body.message).toContain('/owners/0/owner');

    expect((await call('GET', `${V3}/dataset/${enc(urn)}`)).status).toBe(404);
  });

  it('take the kind they name, and plain URN fields take any kind', async () => {
    const urn = datasetUrn(`kinds_ok_${unique()}`);
    const value = { upstreams: [{ dataset: datasetUrn('up'), type: 'TRANSFORMED', query: MODEL }] };
    expect((await ingest(proposal(urn, 'upstreamLineage', value))).status).toBe(200);
    const read = await call('GET', `${V3}/dataset/${enc(urn)}/upstreamLineage`);
    expect(read.body.value.upstreams[0].query).toBe(MODEL);
  });
});

describe('structured property definitions', () => {
  it('name entity kinds that exist', async () => {
    const name = `io.neohub.kinds${unique()}`;
    const urn = `urn:li:structuredProperty:${name}`;
    const def = (entityTypes: string[]) => ({
      value: {
        qualifiedName: name,
        valueType: 'urn:li:dataType:datahub.string',
        cardinality: 'SINGLE',
        entityTypes,
      },
    });
    const bad = await call(
      'POST',
      `${V3}/structuredProperty/${enc(urn)}/propertyDefinition`,
      def(['urn:li:entityType:datahub.dataset', 'urn:li:entityType:datahub.nonexistent']),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Validation Error');
    expect(bad.body.message).toContain('/entityTypes/1');
    expect(bad.body.message).toContain('nonexistent');
    const restli = await ingest(
      proposal(urn, 'propertyDefinition', def(['urn:li:entityType:datahub.chartt']).value),
    );
    expect(restli.status).toBe(422);
    expect(restli.body.message).toContain('chartt');
    const ok = await call(
      'POST',
      `${V3}/structuredProperty/${enc(urn)}/propertyDefinition`,
      def(['urn:li:entityType:datahub.dataset', 'urn:li:entityType:datahub.schemaField']),
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });
});

describe('If-Version-Match', () => {
  const props = (description: string, headers?: Record<string, string>) => ({
    value: { description },
    ...(headers ? { headers } : {}),
  });
  const versionOf = async (urn: string, aspect = 'datasetProperties'): Promise<string> => {
    const res = await call('GET', `${V3}/dataset/${enc(urn)}/${aspect}?systemMetadata=true`);
    expect(res.status).toBe(200);
    return res.body.systemMetadata.version as string;
  };
  const description = async (urn: string): Promise<string> =>
    (await call('GET', `${V3}/dataset/${enc(urn)}/datasetProperties`)).body.value.description;

  it('writes when it names the current version (-1: none yet), 412 otherwise, on OpenAPI v3', async () => {
    const urn = datasetUrn(`ivm_${unique()}`);
    const one = `${V3}/dataset/${enc(urn)}/datasetProperties`;
    // None yet: only -1 holds.
    const early = await call(
      'POST',
      `${one}?createIfNotExists=false`,
      props('a', { 'If-Version-Match': '1' }),
    );
    expect(early.status).toBe(412);
    expect(early.body).toEqual({ error: 'Precondition Error', message: expect.stringContaining('-1') });
    expect((await call('POST', one, props('a', { 'If-Version-Match': '-1' }))).status).toBe(200);
    expect(await versionOf(urn)).toBe('1');

    // The batch route: the version counts changes (a write of the same value changes nothing).
    const batch = (d: string, v: string) =>
      call('POST', `${V3}/dataset?async=false`, [
        { urn, datasetProperties: props(d, { 'If-Version-Match': v }) },
      ]);
    expect((await batch('b', '1')).status).toBe(200);
    expect(await versionOf(urn)).toBe('2');
    expect((await batch('b', '2')).status).toBe(200);
    expect(await versionOf(urn)).toBe('2');
    const stale = await batch('c', '1');
    expect(stale.status).toBe(412);
    expect(stale.body.error).toBe('Precondition Error');
    expect(stale.body.message).toMatch(/If-Version-Match is 1, but the current version is 2/);
    expect(await description(urn)).toBe('b');
    // The header's name in any case; -1 on an aspect that exists fails.
    expect((await batch('c', '-1')).status).toBe(412);
    const lower = await call('POST', `${V3}/dataset?async=false`, [
      { urn, datasetProperties: props('c', { 'if-version-match': '2' }) },
    ]);
    expect(lower.status).toBe(200);
    expect(await versionOf(urn)).toBe('3');

    // PATCH on the batch route honours it too.
    const patch = (v: string) =>
      call('PATCH', `${V3}/dataset?async=false`, [
        {
          urn,
          datasetProperties: {
            value: { patch: [{ op: 'add', path: '/description', value: `p${v}` }] },
            headers: { 'If-Version-Match': v },
          },
        },
      ]);
    expect((await patch('2')).status).toBe(412);
    expect((await patch('3')).status).toBe(200);
    expect(await description(urn)).toBe('p3');
    expect(await versionOf(urn)).toBe('4');
  });

  it('refuses the whole batch when one aspect does not match', async () => {
    const urn = datasetUrn(`ivm_batch_${unique()}`);
    expect((await call('POST', `${V3}/dataset/${enc(urn)}/datasetProperties`, props('a'))).status).toBe(200);
    const res = await call('POST', `${V3}/dataset?async=false`, [
      {
        urn,
        status: { value: { removed: false } },
        datasetProperties: props('b', { 'If-Version-Match': '7' }),
      },
    ]);
    expect(res.status).toBe(412);
    expect((await call('GET', `${V3}/dataset/${enc(urn)}/status`)).status).toBe(404);
  });

  it('is checked under the write lock: of two writes naming one version, one wins', async () => {
    const urn = datasetUrn(`ivm_race_${unique()}`);
    expect((await call('POST', `${V3}/dataset/${enc(urn)}/datasetProperties`, props('start'))).status).toBe(
      200,
    );
    const racers = await Promise.all(
      ['x', 'y', 'z', 'w'].map((d) =>
        call('POST', `${V3}/dataset?async=false`, [
          { urn, datasetProperties: props(d, { 'If-Version-Match': '1' }) },
        ]),
      ),
    );
    const statuses = racers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 412, 412, 412]);
    expect(await versionOf(urn)).toBe('2');
  });

  it('is a validation failure on Rest.li (422, as DataHub answers it there); v2 takes no aspect headers', async () => {
    const urn = datasetUrn(`ivm_restli_${unique()}`);
    expect((await ingest(proposal(urn, 'datasetProperties', { description: 'a' }))).status).toBe(200);
    const stale = await ingest(
      proposal(urn, 'datasetProperties', { description: 'b' }, { 'If-Version-Match': '5' }),
    );
    expect(stale.status).toBe(422);
    expect(stale.body.message).toContain('If-Version-Match');
    expect(
      (await ingest(proposal(urn, 'datasetProperties', { description: 'b' }, { 'If-Version-Match': '1' })))
        .status,
    ).toBe(200);
    expect(await description(urn)).toBe('b');
    const v2 = await call('POST', `/openapi/v2/entity/dataset?async=false`, [
      {
        urn,
        aspects: { datasetProperties: { value: { description: 'c' }, headers: { 'If-Version-Match': '9' } } },
      },
    ]);
    expect(v2.status).toBe(200);
    expect(await description(urn)).toBe('c');
  });
});

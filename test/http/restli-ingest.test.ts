import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime.js';
import { get, post } from '../support/http.js';
import { datasetUrn, enc, mcp, startTestServer, unique } from '../support/runtime.js';

let rt: Runtime;
let base: string;
beforeAll(async () => {
  rt = await startTestServer();
  base = rt.url;
});
afterAll(async () => rt?.stop());

describe('POST /aspects?action=ingestProposal', () => {
  it('upserts an aspect and answers like GMS, under every prefix', async () => {
    for (const prefix of ['', '/gms', '/api/gms']) {
      const urn = datasetUrn(`ingest_${unique()}`);
      const res = await post(base, `${prefix}/aspects?action=ingestProposal`, {
        proposal: mcp(urn, 'datasetProperties', { description: 'hi' }),
        async: 'false',
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ value: urn });
      const read = await get(base, `${prefix}/aspects/${enc(urn)}?aspect=datasetProperties&version=0`);
      expect(read.status).toBe(200);
      expect(read.body).toEqual({
        version: 0,
        aspect: { 'com.linkedin.dataset.DatasetProperties': expect.objectContaining({ description: 'hi' }) },
      });
    }
  });

  it('applies PATCH proposals as the Python client sends them', async () => {
    const urn = datasetUrn(`patch_${unique()}`);
    await post(base, '/aspects?action=ingestProposal', {
      proposal: mcp(urn, 'globalTags', { tags: [{ tag: 'urn:li:tag:a' }] }),
    });
    const patch = {
      patch: [{ op: 'add', path: '//urn:li:tag:b'.replace('//', '/tags//'), value: { tag: 'urn:li:tag:b' } }],
      arrayPrimaryKeys: { tags: ['attribution\u241fsource', 'tag'] },
    };
    const res = await post(base, '/aspects?action=ingestProposal', {
      proposal: mcp(urn, 'globalTags', patch, 'PATCH'),
    });
    expect(res.status).toBe(200);
    const plain = [
      { op: 'add', path: '/tags/urn:li:tag:c', value: { tag: 'urn:li:tag:c' } },
      { op: 'remove', path: '/tags/urn:li:tag:a' },
    ];
    expect(
      (
        await post(base, '/aspects?action=ingestProposal', {
          proposal: mcp(urn, 'globalTags', plain, 'PATCH'),
        })
      ).status,
    ).toBe(200);
    const read = await get(base, `/aspects/${enc(urn)}?aspect=globalTags&version=0`);
    expect(
      read.body.aspect['com.linkedin.common.GlobalTags'].tags.map((t: { tag: string }) => t.tag).sort(),
    ).toEqual(['urn:li:tag:b', 'urn:li:tag:c']);
  });

  it('deletes an aspect with changeType DELETE', async () => {
    const urn = datasetUrn(`del_${unique()}`);
    await post(base, '/aspects?action=ingestProposal', { proposal: mcp(urn, 'status', { removed: false }) });
    const res = await post(base, '/aspects?action=ingestProposal', {
      proposal: { entityType: 'dataset', entityUrn: urn, changeType: 'DELETE', aspectName: 'status' },
    });
    expect(res.status).toBe(200);
    expect((await get(base, `/aspects/${enc(urn)}?aspect=status&version=0`)).status).toBe(404);
  });

  it('ingests a batch with ingestProposalBatch', async () => {
    const id = unique();
    const urns = [datasetUrn(`b1_${id}`), datasetUrn(`b2_${id}`)];
    const res = await post(base, '/aspects?action=ingestProposalBatch', {
      proposals: urns.map((u) => mcp(u, 'status', { removed: false })),
      async: 'false',
    });
    expect(res).toMatchObject({ status: 200, body: { value: 'success' } });
    const batch = await get(base, `/entitiesV2?ids=List(${urns.map(enc).join(',')})&aspects=List(status)`);
    expect(Object.keys(batch.body.results).sort()).toEqual([...urns].sort());
    expect(batch.body.results[urns[0] as string].aspects.status.value).toEqual({ removed: false });
  });
});

describe('bad input writes nothing and gets a clear Rest.li error', () => {
  const cases: [string, (urn: string) => unknown, number, RegExp][] = [
    [
      'unknown entity type',
      (u) => ({ ...mcp(u, 'status', { removed: true }), entityType: 'spaceship' }),
      422,
      /Unknown entity type: spaceship/,
    ],
    ['unknown aspect', (u) => mcp(u, 'flavour', { x: 1 }), 422, /Unknown aspect flavour/],
    [
      'malformed URN',
      () => mcp('urn:li:dataset:(urn:li:dataPlatform:hive,only_two)', 'status', { removed: true }),
      400,
      /key part/,
    ],
    [
      'wrong field type',
      (u) => mcp(u, 'status', { removed: 'yes' }),
      422,
      /ERROR :: \/removed :: "yes" cannot be coerced to Boolean/,
    ],
    // An unknown field is dropped, not refused: test/http/dropped-fields.test.ts.
    [
      'unparsable aspect JSON',
      (u) => ({ ...mcp(u, 'status', {}), aspect: { value: '{not json', contentType: 'application/json' } }),
      400,
      /Unparsable aspect value/,
    ],
  ];
  for (const [name, make, status, message] of cases) {
    it(name, async () => {
      const urn = datasetUrn(`bad_${unique()}`);
      const res = await post(base, '/aspects?action=ingestProposal', { proposal: make(urn) });
      expect(res.status).toBe(status);
      expect(res.headers.get('x-restli-error-response')).toBe('true');
      expect(res.body).toMatchObject({
        exceptionClass: 'com.linkedin.restli.server.RestLiServiceException',
        status,
        message: expect.stringMatching(message),
      });
      expect((await get(base, `/entitiesV2/${enc(urn)}`)).body.aspects).toEqual({});
    });
  }

  it('rejects an unparsable body with 400', async () => {
    const res = await post(base, '/aspects?action=ingestProposal', '{"proposal": ');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Malformed JSON body/);
  });

  it('names the offending proposal of a batch', async () => {
    const urn = datasetUrn(`badbatch_${unique()}`);
    const res = await post(base, '/aspects?action=ingestProposalBatch', {
      proposals: [
        mcp(urn, 'status', { removed: true }),
        mcp(urn, 'ownership', { owners: [{ owner: 'x', type: 'DATAOWNER' }] }),
      ],
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/^proposals\[1\]: .*\/owners\/0\/owner/s);
    expect((await get(base, `/entitiesV2/${enc(urn)}`)).body.aspects).toEqual({});
  });

  it('answers unknown actions and routes with errors', async () => {
    expect((await post(base, '/aspects?action=nope', {})).status).toBe(400);
    expect((await get(base, '/nowhere')).status).toBe(404);
  });
});

describe('limits', () => {
  it('answers 413 with a Rest.li error for a body over the size limit, and writes nothing', async () => {
    const small = await startTestServer({ NEOHUB_MAX_BODY_BYTES: '2048' });
    try {
      const urn = datasetUrn(`big_${unique()}`);
      const res = await post(small.url, '/aspects?action=ingestProposal', {
        proposal: mcp(urn, 'datasetProperties', { description: 'x'.repeat(4096) }),
      });
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({
        status: 413,
        exceptionClass: 'com.linkedin.restli.server.RestLiServiceException',
      });
      expect((await get(small.url, `/entitiesV2/${enc(urn)}`)).body.aspects).toEqual({});
    } finally {
      await small.stop();
    }
  });

  it('accepts a body sent without a Content-Type, as the documented curls do', async () => {
    const urn = datasetUrn(`noct_${unique()}`);
    const res = await fetch(`${base}/aspects?action=ingestProposal`, {
      method: 'POST',
      body: JSON.stringify({ proposal: mcp(urn, 'status', { removed: false }) }),
    });
    expect(res.status).toBe(200);
  });
});

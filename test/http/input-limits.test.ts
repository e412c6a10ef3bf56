/**
 * Regressions of security issue 35, input limits: JSON nested deeper than DataHub's parser reads
 * (1,000 levels), URNs holding control or bidirectional formatting characters, and batches of more
 * proposals than DataHub's Python client sends in one request. Each answers 400 with a message that
 * says why, never 500, and writes nothing. An Editor sends them, as in the review.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../../src/json/index.js';
import { createLogger } from '../../src/logger.js';
import type { Runtime } from '../../src/runtime.js';
import { createDriver, Executor } from '../../src/store/index.js';
import { mintTokens, startAuthServer, type TestTokens } from '../support/auth.js';
import { httpClient, JSON_CONTENT, RESTLI, type HttpClient } from '../support/http.js';
import { datasetUrn, enc, graphTarget, mcp, unique } from '../support/runtime.js';

/** The cap of `NEOHUB_MAX_BATCH_PROPOSALS` by default: DataHub's Python client's batch length. */
const BATCH_CAP = 200;

let rt: Runtime;
let t: TestTokens;
let exec: Executor;
beforeAll(async () => {
  const started = await startAuthServer({ NEOHUB_RATE_LIMIT_PER_MINUTE: '0' });
  rt = started.rt;
  t = await mintTokens(rt, started.root);
  const g = graphTarget();
  exec = new Executor(createDriver(g.uri, g.user, g.password), createLogger('error'), undefined);
});
afterAll(async () => {
  await exec?.close();
  await rt?.stop();
});

const client = httpClient(() => rt.url, { headers: { ...JSON_CONTENT, ...RESTLI } });
const editor = (): HttpClient => client.as(t.editor);

/** How many of these URNs have an entity node in the store, read straight from Neo4j. */
async function stored(urns: readonly string[]): Promise<number> {
  return exec.read(async (tx) => {
    const res = await tx.run('UNWIND $urns AS u MATCH (n:Entity {urn: u}) RETURN count(n) AS n', { urns });
    return Number(res.records[0]?.get('n'));
  });
}

/** The text of a JSON value nested `depth` levels deep (arrays), built as text: too deep to stringify. */
const deepText = (depth: number, leaf = '1'): string => '['.repeat(depth) + leaf + ']'.repeat(depth);

/** An OpenAPI or GraphQL error message, or a Rest.li one. */
const messageOf = (body: unknown): string => {
  const b = body as { message?: string; error?: string; errors?: { message: string }[] } | undefined;
  return b?.message ?? b?.error ?? b?.errors?.[0]?.message ?? JSON.stringify(body);
};

describe('JSON nested deeper than 1,000 levels (issue 35, finding 1)', () => {
  it('refuses a JSON Patch value nested 10,000 deep on the OpenAPI v3 PATCH with a 400, not a 500', async () => {
    const urn = datasetUrn(`deep_patch_${unique()}`);
    const body = `{"patch":[{"op":"add","path":"/description","value":${deepText(10_000)}}]}`;
    for (const path of [
      `/openapi/v3/entity/dataset/${enc(urn)}/datasetProperties`,
      `/openapi/v2/entity/dataset/${enc(urn)}/datasetProperties`,
    ]) {
      const res = await editor().call('PATCH', path, body);
      expect(res.status, res.text.slice(0, 400)).toBe(400);
      expect(messageOf(res.body)).toContain('1000');
    }
    const batch = `[{"urn":"${urn}","datasetProperties":{"value":${body}}}]`;
    const res = await editor().call('PATCH', '/openapi/v3/entity/dataset', batch);
    expect(res.status, res.text.slice(0, 400)).toBe(400);
    expect(await stored([urn])).toBe(0);
  });

  it('refuses a Rest.li PATCH proposal whose value (a JSON string) nests 10,000 deep with a 400', async () => {
    const urn = datasetUrn(`deep_restli_${unique()}`);
    const value = `{"patch":[{"op":"add","path":"/description","value":${deepText(10_000)}}]}`;
    const proposal = {
      entityType: 'dataset',
      entityUrn: urn,
      changeType: 'PATCH',
      aspectName: 'datasetProperties',
      aspect: { value, contentType: 'application/json-patch+json' },
    };
    const one = await editor().call('POST', '/aspects?action=ingestProposal', { proposal });
    expect(one.status, one.text).toBe(400);
    expect(one.body.message).toContain('1000');
    const batch = await editor().call('POST', '/aspects?action=ingestProposalBatch', {
      proposals: [proposal],
    });
    expect(batch.status, batch.text).toBe(400);
    expect(await stored([urn])).toBe(0);
  });

  it('refuses a Rest.li UPSERT whose value nests 10,000 deep, and a patch path 10,000 segments long', async () => {
    const urn = datasetUrn(`deep_upsert_${unique()}`);
    const upsert = {
      entityType: 'dataset',
      entityUrn: urn,
      changeType: 'UPSERT',
      aspectName: 'datasetProperties',
      aspect: { value: `{"description":"d","x":${deepText(10_000)}}`, contentType: 'application/json' },
    };
    const res = await editor().call('POST', '/aspects?action=ingestProposal', { proposal: upsert });
    expect(res.status, res.text.slice(0, 400)).toBe(400);
    const longPath = mcp(
      urn,
      'datasetProperties',
      [{ op: 'add', path: '/customProperties'.padEnd(20_000, '/a'), value: 'v' }],
      'PATCH',
    );
    const patched = await editor().call('POST', '/aspects?action=ingestProposal', { proposal: longPath });
    expect(patched.status, patched.text).toBe(400);
    expect(await stored([urn])).toBe(0);
  });

  it('refuses any JSON body nested past the limit with a 400, and reads one at the limit', async () => {
    const urn = datasetUrn(`deep_body_${unique()}`);
    const proposal = JSON.stringify(mcp(urn, 'datasetProperties', { description: 'at the limit' }));
    // The body object is level 1, so the extra member may nest MAX_JSON_DEPTH - 1 levels below it.
    const at = `{"proposal":${proposal},"extra":${deepText(MAX_JSON_DEPTH - 1)}}`;
    const past = `{"proposal":${proposal},"extra":${deepText(MAX_JSON_DEPTH)}}`;
    const refused = await editor().call('POST', '/aspects?action=ingestProposal', past);
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.message).toMatch(/nested deeper than 1000 levels/);
    expect(await stored([urn])).toBe(0);
    const accepted = await editor().call('POST', '/aspects?action=ingestProposal', at);
    expect(accepted.status, accepted.text).toBe(200);
    expect(await stored([urn])).toBe(1);
  });

  it('refuses a body of a million nested arrays at once, on every content type and on GraphQL', async () => {
    const huge = deepText(1_000_000);
    const started = Date.now();
    for (const type of ['application/json', 'application/json-patch+json', 'text/plain']) {
      const res = await editor().call('POST', '/aspects?action=ingestProposal', huge, {
        'Content-Type': type,
      });
      expect(res.status, type).toBe(400);
    }
    expect(Date.now() - started).toBeLessThan(5000);
    const gql = await editor().call(
      'POST',
      '/api/graphql',
      `{"query":"{ me { corpUser { urn } } }","variables":{"x":${deepText(5000)}}}`,
    );
    expect(gql.status, gql.text).toBe(400);
    expect(messageOf(gql.body)).toContain('1000');
  });

  it('refuses GraphQL variables nested past the limit in a GET query string, on both endpoints', async () => {
    for (const path of ['/api/graphql', '/api/graph']) {
      const query = enc('query Q($x: String!) { __type(name: $x) { name } }');
      const res = await editor().call('GET', `${path}?query=${query}&variables={"x":${deepText(3000)}}`);
      expect(res.status, `${path}: ${res.text}`).toBe(400);
      expect(messageOf(res.body)).toContain('nested deeper than 1000 levels');
      const fine = await editor().call('GET', `${path}?query=${query}&variables={"x":"Query"}`);
      expect(fine.status, `${path}: ${fine.text}`).toBe(200);
    }
  });
});

describe('URNs with control characters (issue 35, finding 2)', () => {
  for (const [name, ch, codePoint] of [
    ['NUL', '\u0000', 'U+0000'],
    ['RIGHT-TO-LEFT OVERRIDE', '\u202E', 'U+202E'],
  ] as const) {
    it(`refuses a URN holding ${name} with a 400 naming ${codePoint}, on writes and reads, and stores nothing`, async () => {
      const id = unique();
      const user = `urn:li:corpuser:editor_${id}${ch}`;
      const dataset = datasetUrn(`ctl_${id}${ch}`);
      const writes = [
        () =>
          editor().call('POST', '/aspects?action=ingestProposal', {
            proposal: mcp(user, 'corpUserInfo', { active: true, displayName: 'spoof' }),
          }),
        () =>
          editor().call('POST', '/aspects?action=ingestProposalBatch', {
            proposals: [mcp(dataset, 'datasetProperties', { description: 'spoof' })],
          }),
        () =>
          editor().call('POST', '/openapi/v3/entity/dataset?async=false', [
            { urn: dataset, datasetProperties: { value: { description: 'spoof' } } },
          ]),
        () =>
          editor().call('POST', `/openapi/v3/entity/corpuser/${enc(user)}/corpUserInfo`, {
            value: { active: true },
          }),
      ];
      for (const write of writes) {
        const res = await write();
        expect(res.status, res.text.slice(0, 400)).toBe(400);
        expect(messageOf(res.body)).toContain(codePoint);
      }
      const reads = [
        `/entitiesV2/${enc(user)}`,
        `/aspects/${enc(user)}?aspect=corpUserInfo&version=0`,
        `/openapi/v3/entity/corpuser/${enc(user)}`,
        `/openapi/v3/entity/dataset/${enc(dataset)}/datasetProperties`,
      ];
      for (const path of reads) {
        const res = await editor().call('GET', path);
        expect(res.status, `${path}: ${res.text}`).toBe(400);
        expect(messageOf(res.body)).toContain(codePoint);
      }
      expect(await stored([user, dataset])).toBe(0);
      // The message names the code point, and does not echo the character itself.
      const res = await writes[0]!();
      expect(res.text).not.toContain(ch);
    });
  }

  it('refuses a control character in a URN nested in an aspect (an owner), and writes nothing', async () => {
    const urn = datasetUrn(`ctl_owner_${unique()}`);
    const owner = `urn:li:corpuser:owner_${unique()}\u202E`;
    const res = await editor().call('POST', '/aspects?action=ingestProposal', {
      proposal: mcp(urn, 'ownership', { owners: [{ owner, type: 'DATAOWNER' }] }),
    });
    expect([400, 422]).toContain(res.status);
    expect(res.text).toContain('U+202E');
    expect(await stored([urn, owner])).toBe(0);
  });
});

describe('ingestProposalBatch takes at most NEOHUB_MAX_BATCH_PROPOSALS (issue 35, finding 3)', () => {
  const batchOf = (n: number, id: string) =>
    Array.from({ length: n }, (_, i) =>
      mcp(datasetUrn(`batch_${id}_${i}`), 'datasetProperties', { description: `${i}` }),
    );

  it(`refuses ${BATCH_CAP + 1} proposals with a 400 and writes none, and takes exactly ${BATCH_CAP}`, async () => {
    const id = unique();
    const over = batchOf(BATCH_CAP + 1, id);
    const res = await editor().call('POST', '/aspects?action=ingestProposalBatch', { proposals: over });
    expect(res.status, res.text.slice(0, 400)).toBe(400);
    expect(res.body.message).toContain(`at most ${BATCH_CAP}`);
    expect(res.body.message).toContain('NEOHUB_MAX_BATCH_PROPOSALS');
    const urns = over.map((p) => p.entityUrn as string);
    expect(await stored(urns)).toBe(0);

    const ok = await editor().call('POST', '/aspects?action=ingestProposalBatch', {
      proposals: over.slice(0, BATCH_CAP),
    });
    expect(ok.status, ok.text.slice(0, 400)).toBe(200);
    expect(await stored(urns)).toBe(BATCH_CAP);
  });

  it('answers the review’s 20,000 proposals with a 400 at once', async () => {
    const id = unique();
    const proposals = batchOf(20_000, id);
    const started = Date.now();
    const res = await editor().call('POST', '/aspects?action=ingestProposalBatch', { proposals });
    const took = Date.now() - started;
    expect(res.status, res.text.slice(0, 400)).toBe(400);
    expect(took).toBeLessThan(3000);
    expect(await stored([proposals[0]!.entityUrn as string, proposals[19_999]!.entityUrn as string])).toBe(0);
  });

  it(`caps the OpenAPI batch writes the same way: ${BATCH_CAP + 1} aspects are refused`, async () => {
    const id = unique();
    const items = Array.from({ length: BATCH_CAP + 1 }, (_, i) => ({
      urn: datasetUrn(`oa_batch_${id}_${i}`),
      datasetProperties: { value: { description: `${i}` } },
    }));
    const urns = items.map((i) => i.urn);
    for (const [method, path] of [
      ['POST', '/openapi/v3/entity/dataset?async=false'],
      ['PATCH', '/openapi/v3/entity/dataset?async=false'],
    ] as const) {
      const res = await editor().call(method, path, items);
      expect(res.status, res.text.slice(0, 400)).toBe(400);
      expect(messageOf(res.body)).toContain('NEOHUB_MAX_BATCH_PROPOSALS');
    }
    const generic = await editor().call('POST', '/openapi/v3/entity/generic?async=false', { dataset: items });
    expect(generic.status, generic.text.slice(0, 400)).toBe(400);
    expect(await stored(urns)).toBe(0);
    const ok = await editor().call(
      'POST',
      '/openapi/v3/entity/dataset?async=false',
      items.slice(0, BATCH_CAP),
    );
    expect(ok.status, ok.text.slice(0, 400)).toBe(200);
    expect(await stored(urns)).toBe(BATCH_CAP);
  });
});

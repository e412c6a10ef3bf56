/**
 * Regressions of the security review (issue 14): each test sends what the review sent, with the token it
 * had (Reader or Editor), and checks the answer and that nothing was written. The server runs in this
 * process, so a polluted prototype would show on `Object.prototype` here.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime.js';
import { mintTokens, startAuthServer, type TestTokens } from '../support/auth.js';
import { httpClient, JSON_CONTENT, RESTLI } from '../support/http.js';
import { datasetUrn, enc, mcp, unique } from '../support/runtime.js';

let rt: Runtime;
let t: TestTokens;
beforeAll(async () => {
  const started = await startAuthServer({
    NEOHUB_RATE_LIMIT_PER_MINUTE: '0',
    NEOHUB_MAX_TOKENS_PER_ACTOR: '3',
  });
  rt = started.rt;
  t = await mintTokens(rt, started.root);
});
afterAll(async () => rt?.stop());

const { as } = httpClient(() => rt.url, { headers: { ...JSON_CONTENT, ...RESTLI } });

/** Whatever a test did, the process-wide prototype holds nothing of a client's. */
const PROBES = ['rtPolluted', 'polluted', 'x'];
afterEach(() => {
  for (const p of PROBES) expect(Object.hasOwn(Object.prototype, p), p).toBe(false);
  expect(typeof ({} as { toString: unknown }).toString).toBe('function');
});

const proposal = (urn: string, aspectName: string, value: unknown, changeType = 'UPSERT') => ({
  proposal: mcp(urn, aspectName, value, changeType),
});
const description = async (urn: string): Promise<unknown> => {
  const res = await as(t.root).call(
    'GET',
    `/openapi/v3/entity/dataset/${enc(urn)}?aspects=datasetProperties`,
  );
  return res.body?.datasetProperties?.value?.description;
};

describe('JSON Patch cannot reach the prototype (CRITICAL)', () => {
  const ATTACK = [
    { op: 'add', path: '/__proto__/rtPolluted', value: 'rt-pp-proof' },
    { op: 'copy', from: '/rtPolluted', path: '/description' },
    { op: 'remove', path: '/__proto__/rtPolluted' },
  ];

  it("refuses the review's PATCH proposal from an Editor with a 422 naming the path, and writes nothing", async () => {
    const urn = datasetUrn(`pp_${unique()}`);
    const editor = as(t.editor);
    expect(
      (
        await editor.call(
          'POST',
          '/aspects?action=ingestProposal',
          proposal(urn, 'datasetProperties', { description: 'before' }),
        )
      ).status,
    ).toBe(200);
    const res = await editor.call(
      'POST',
      '/aspects?action=ingestProposal',
      proposal(urn, 'datasetProperties', ATTACK, 'PATCH'),
    );
    expect(res.status).toBe(422);
    expect(res.body.message).toContain('/__proto__/rtPolluted');
    expect(await description(urn)).toBe('before');
  });

  it('refuses it on every PATCH route of the OpenAPI API too (its validation status, 400)', async () => {
    const urn = datasetUrn(`pp_oa_${unique()}`);
    const editor = as(t.editor);
    const body = { patch: ATTACK };
    for (const [method, path, payload] of [
      ['PATCH', `/openapi/v3/entity/dataset/${enc(urn)}/datasetProperties`, body],
      ['PATCH', `/openapi/v2/entity/dataset/${enc(urn)}/datasetProperties`, body],
      ['PATCH', '/openapi/v3/entity/dataset', [{ urn, datasetProperties: { value: body } }]],
      ['PATCH', '/openapi/v3/entity/generic', { dataset: [{ urn, datasetProperties: { value: body } }] }],
    ] as const) {
      const res = await editor.call(method, path, payload);
      expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(JSON.stringify(res.body), path).toContain('__proto__');
    }
    expect(await description(urn)).toBeUndefined();
  });

  it('answers 422 (never 500) for copies from inherited members', async () => {
    const urn = datasetUrn(`pp_copy_${unique()}`);
    for (const from of ['/constructor', '/toString', '/hasOwnProperty', '/__proto__', '/tags/length']) {
      const res = await as(t.editor).call(
        'POST',
        '/aspects?action=ingestProposal',
        proposal(urn, 'datasetProperties', [{ op: 'copy', from, path: '/description' }], 'PATCH'),
      );
      expect(res.status, from).toBe(422);
    }
  });
});

describe('structured property definitions stay Admin-only (HIGH)', () => {
  const definition = (qualifiedName: string) => ({
    qualifiedName,
    valueType: 'urn:li:dataType:datahub.string',
    cardinality: 'SINGLE',
    entityTypes: ['urn:li:entityType:datahub.dataset'],
  });

  it('refuses an Editor whatever the case of the entity type in the URN, and stores nothing', async () => {
    const id = `sec.${unique()}`;
    const editor = as(t.editor);
    for (const type of [
      'structuredproperty',
      'STRUCTUREDPROPERTY',
      'StructuredProperty',
      'structuredProperty',
    ]) {
      const urn = `urn:li:${type}:${id}`;
      const res = await editor.call(
        'POST',
        '/aspects?action=ingestProposal',
        proposal(urn, 'propertyDefinition', definition(id)),
      );
      // The canonical spelling is refused for the role; the others are not URNs of any entity kind.
      expect(res.status, type).toBe(type === 'structuredProperty' ? 403 : 400);
      if (type !== 'structuredProperty')
        expect(res.body.message).toContain('entity types are case-sensitive');
    }
    for (const type of ['structuredproperty', 'structuredProperty']) {
      const res = await as(t.root).call('GET', `/entitiesV2/${enc(`urn:li:${type}:${id}`)}`);
      expect(res.body?.aspects ?? {}, type).toEqual({});
    }
  });

  it('refuses an Editor through the OpenAPI paths whatever their case', async () => {
    const id = `sec.${unique()}`;
    const urn = `urn:li:structuredProperty:${id}`;
    for (const kind of ['structuredProperty', 'structuredproperty', 'STRUCTUREDPROPERTY']) {
      const res = await as(t.editor).call(
        'POST',
        `/openapi/v3/entity/${kind}/${enc(urn)}/propertyDefinition`,
        { value: definition(id) },
      );
      expect(res.status, kind).toBe(403);
    }
    expect(
      (
        await as(t.admin).call(
          'POST',
          `/openapi/v3/entity/structuredProperty/${enc(urn)}/propertyDefinition`,
          { value: definition(id) },
        )
      ).status,
    ).toBe(200);
  });
});

describe('small holes (LOW)', () => {
  it('refuses longs past 2^53 and times outside years 0001-9999 with a 422; real epoch millis pass', async () => {
    const urn = datasetUrn(`longs_${unique()}`);
    const editor = as(t.editor);
    const stamp = (time: number) => ({ time, actor: 'urn:li:corpuser:x' });
    const bad: [string, unknown][] = [
      ['editableDatasetProperties', { description: 'd', created: stamp(1e20) }],
      ['editableDatasetProperties', { description: 'd', created: stamp(-1e15) }],
      ['datasetProfile', { timestampMillis: 1e300, rowCount: 1 }],
      ['datasetProfile', { timestampMillis: 1704110400000, rowCount: 2 ** 60 }],
    ];
    for (const [aspect, value] of bad) {
      const res = await editor.call('POST', '/aspects?action=ingestProposal', proposal(urn, aspect, value));
      expect(res.status, JSON.stringify(value)).toBe(422);
    }
    const lastObserved = await editor.call('POST', '/aspects?action=ingestProposal', {
      proposal: {
        ...mcp(urn, 'datasetProperties', { description: 'x' }),
        systemMetadata: { lastObserved: 1e20 },
      },
    });
    expect(lastObserved.status).toBe(422);
    const ok = await editor.call(
      'POST',
      '/aspects?action=ingestProposal',
      proposal(urn, 'datasetProfile', { timestampMillis: 1704110400000, rowCount: 9007199254740991 }),
    );
    expect(ok.status).toBe(200);
  });

  it('answers 404 for DELETE of an aspect in the wrong case, and deletes nothing', async () => {
    const urn = datasetUrn(`delcase_${unique()}`);
    await as(t.admin).call(
      'POST',
      '/aspects?action=ingestProposal',
      proposal(urn, 'datasetProperties', { description: 'kept' }),
    );
    for (const aspect of ['DatasetKey', 'DATASETKEY', 'DatasetProperties', 'nope'])
      expect(
        (await as(t.admin).call('DELETE', `/openapi/v3/entity/dataset/${enc(urn)}/${aspect}`)).status,
        aspect,
      ).toBe(404);
    expect(await description(urn)).toBe('kept');
    // All-lowercase is DataHub's other spelling of an aspect: it names the key aspect, a hard delete.
    expect(
      (await as(t.editor).call('DELETE', `/openapi/v3/entity/dataset/${enc(urn)}/datasetkey`)).status,
    ).toBe(403);
    expect(
      (await as(t.admin).call('DELETE', `/openapi/v3/entity/dataset/${enc(urn)}/datasetkey`)).status,
    ).toBe(200);
    expect(await description(urn)).toBeUndefined();
  });

  it('matches restoreIndices urnLike patterns with many wildcards in linear time, and exactly', async () => {
    const id = unique();
    const long = 'a'.repeat(1500);
    const urns = [
      datasetUrn(`like_${id}_${long}`),
      datasetUrn(`like_${id}_b_x_c`),
      datasetUrn(`like_${id}_bxc`),
    ];
    await as(t.admin).call('POST', '/aspects?action=ingestProposalBatch', {
      proposals: urns.map((u) => mcp(u, 'status', { removed: false })),
    });
    const restore = async (urnLike: string): Promise<number> => {
      const res = await as(t.admin).call('POST', '/operations?action=restoreIndices', {
        urnLike,
        batchSize: 100,
      });
      expect(res.status, urnLike).toBe(200);
      return JSON.parse(res.body.value).entitiesMatched;
    };
    // 30 wildcards over a 1,500-character URN that does not match: a backtracking regex never returns.
    expect(await restore(`%like_${id}_${'%a'.repeat(30)}%b)`)).toBe(0);
    expect(await restore(`%like_${id}_${'%a'.repeat(30)}%`)).toBe(1);
    expect(await restore(`urn:li:dataset:(urn:li:dataPlatform:hive,like_${id}_b%c,PROD)`)).toBe(2);
    expect(await restore(`%like_${id}_b_x_c%`)).toBe(1);
    expect(await restore(`%like_${id}_b_c%`)).toBe(1);
    expect(await restore(`%like_${id}_bc%`)).toBe(0);
    expect(await restore(`%like_${id}_b%x%c%`)).toBe(2);
  });
});

describe('names of inherited members are names like any other (wider search)', () => {
  it('a filter condition, a trace aspect and a generic batch key named like them are refused or absent', async () => {
    const reader = as(t.reader);
    for (const condition of ['constructor', 'toString', '__proto__']) {
      const res = await reader.call('POST', '/openapi/v3/entity/scroll', {
        entities: ['dataset'],
        filter: { and: [{ criteria: [{ field: 'urn', condition, values: ['x'] }] }] },
      });
      expect(res.status, condition).toBe(400);
      expect(res.body.error).toContain('Unsupported filter condition');
    }
    const urn = datasetUrn(`trace_${unique()}`);
    const trace = await reader.call(
      'POST',
      `/openapi/v1/trace/write/${'0123456789abcdef'.repeat(2)}?onlyIncludeErrors=false`,
      { [urn]: ['constructor', 'toString', '__proto__'] },
    );
    expect(trace.status).toBe(200);
    const entry = trace.body[urn];
    expect(Object.keys(entry)).toEqual(['constructor', 'toString', '__proto__']);
    for (const k of Object.keys(entry)) expect(entry[k].primaryStorage.writeStatus, k).toBe('NO_OP');
    const generic = await reader.call(
      'POST',
      '/openapi/v3/entity/generic/batchGet',
      JSON.parse('{"__proto__": [], "constructor": []}'),
    );
    expect(generic.status).toBe(400);
  });
});

describe('names of inherited members in stored values and filters (the audit of issue 14)', () => {
  it('are plain values: a status, a degree, an entity type, a filter path, a facet value', async () => {
    const admin = as(t.admin);
    const id = unique();
    const user = `urn:li:corpuser:status_${id}`;
    await admin.call(
      'POST',
      '/aspects?action=ingestProposal',
      proposal(user, 'corpUserStatus', {
        status: 'constructor',
        lastModified: { time: 1704110400000, actor: 'urn:li:corpuser:x' },
      }),
    );
    const status = await admin.gql(`{ corpUser(urn: "${user}") { urn status } }`);
    expect(status.errors).toBeUndefined();
    expect(status.data!.corpUser).toEqual({ urn: user, status: null });

    const ds = datasetUrn(`audit_${id}`);
    const degree = await admin.gql(
      `{ searchAcrossLineage(input: {urn: "${ds}", direction: UPSTREAM, query: "*", orFilters: [{and: [{field: "degree", values: ["constructor"]}]}]}) { total } }`,
    );
    expect(degree.errors?.[0]?.extensions).toMatchObject({ code: 400, type: 'BAD_REQUEST' });
    for (const v of ['constructor', '__proto__', 'toString']) {
      const types = await admin.gql(
        `{ searchAcrossEntities(input: {query: "*", count: 1, orFilters: [{and: [{field: "_entityType", values: ["${v}"]}]}]}) { total } }`,
      );
      expect(types.errors, v).toBeUndefined();
      expect(types.data!.searchAcrossEntities.total, v).toBe(0);
    }

    await admin.call(
      'POST',
      '/aspects?action=ingestProposal',
      proposal(ds, 'datasetProfile', { timestampMillis: 1704110400000, rowCount: 1 }),
    );
    for (const condition of ['EXISTS', 'EQUAL']) {
      const ts = await admin.call('POST', '/aspects?action=getTimeseriesAspectValues', {
        urn: ds,
        entity: 'dataset',
        aspect: 'datasetProfile',
        filter: { or: [{ and: [{ field: 'constructor', condition, value: '{}' }] }] },
      });
      expect(ts.status, condition).toBe(200);
      expect(ts.body.value.values, condition).toEqual([]);
    }
    const badShape = await admin.call('POST', '/aspects?action=getTimeseriesAspectValues', {
      urn: ds,
      entity: 'dataset',
      aspect: 'datasetProfile',
      filter: { or: {} },
    });
    expect(badShape.status).toBe(400);

    const platform = `urn:li:dataPlatform:facet${id}`;
    const named = `urn:li:dataset:(${platform},__proto__,PROD)`;
    await admin.call('POST', '/aspects?action=ingestProposal', {
      ...proposal(named, 'datasetProperties', { name: '__proto__' }),
    });
    await admin.call('POST', '/aspects?action=ingestProposal', proposal(named, 'status', { removed: false }));
    await rt.services.search.waitForIndex();
    const again = await admin.gql(
      `{ aggregateAcrossEntities(input: {types: [DATASET], query: "*", facets: ["name"], orFilters: [{and: [{field: "platform", values: ["${platform}"]}]}]}) { facets { field aggregations { value count } } } }`,
    );
    expect(again.data!.aggregateAcrossEntities.facets).toContainEqual({
      field: 'name',
      aggregations: [{ value: '__proto__', count: 1 }],
    });
  });

  it('proposal fields of the wrong type are clear errors; in-process fields from the wire are ignored', async () => {
    const urn = datasetUrn(`wire_${unique()}`);
    const typed = await as(t.editor).call('POST', '/aspects?action=ingestProposal', {
      proposal: { ...mcp(urn, 'datasetProperties', { description: 'x' }), entityType: 5 },
    });
    expect(typed.status).toBe(422);
    const modify = await as(t.editor).call('POST', '/aspects?action=ingestProposal', {
      proposal: { ...mcp(urn, 'datasetProperties', { description: 'kept' }), modify: 1 },
    });
    expect(modify.status).toBe(200);
    expect(await description(urn)).toBe('kept');
  });
});

describe('tokens and rate limits per actor (LOW)', () => {
  const create = (name: string, actorUrn: string) =>
    `mutation { createAccessToken(input: {type: PERSONAL, actorUrn: "${actorUrn}", duration: ONE_HOUR, name: "${name}"}) { accessToken metadata { id } } }`;

  it('caps the live tokens of an actor (NEOHUB_MAX_TOKENS_PER_ACTOR), with a clear 409, until one is revoked', async () => {
    const reader = as(t.reader);
    // The Reader holds one token already (its test token).
    const ids: string[] = [];
    for (const n of ['a', 'b']) {
      const res = await reader.gql(create(n, t.actors.reader));
      expect(res.errors, n).toBeUndefined();
      ids.push(res.data!.createAccessToken.metadata.id);
    }
    const refused = await reader.gql(create('c', t.actors.reader));
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 409, type: 'CONFLICT' });
    expect(refused.errors?.[0]?.message).toContain('NEOHUB_MAX_TOKENS_PER_ACTOR is 3');
    const revoked = await reader.gql(`mutation { revokeAccessToken(tokenId: "${ids[0]}") }`);
    expect(revoked.errors).toBeUndefined();
    expect((await reader.gql(create('d', t.actors.reader))).errors).toBeUndefined();
  });

  it('counts the requests of an actor across all its tokens', async () => {
    const started = await startAuthServer({ NEOHUB_RATE_LIMIT_PER_MINUTE: '4' });
    try {
      const tokens = await mintTokens(started.rt, started.root);
      const client = httpClient(() => started.rt.url);
      const get = (token: string) => client.as(token).call('GET', '/entitiesV2/urn:li:corpuser:x');
      const second = await get(tokens.reader);
      expect(second.status).toBe(200);
      const mint = await client
        .as(tokens.reader)
        .call('POST', '/api/graphql', { query: create('second', tokens.actors.reader) });
      const another = mint.body.data.createAccessToken.accessToken as string;
      expect((await get(another)).status).toBe(200);
      expect((await get(another)).status).toBe(200);
      // Four requests of this actor so far, two tokens: the fifth is refused whichever token it carries.
      const refused = await get(another);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect((await get(tokens.reader)).status).toBe(429);
      // Another actor is not affected.
      expect((await get(tokens.editor)).status).toBe(200);
    } finally {
      await started.rt.stop();
    }
  });
});

describe('nested queries have limits (MEDIUM)', () => {
  it('refuses four levels of downstreamOf on the graph explorer with a 400, before any database work', async () => {
    let inner = 'urn';
    for (let i = 0; i < 4; i++) inner = `urn downstreamOf { ${inner} }`;
    const res = await as(t.reader).call('POST', '/api/graph', { query: `{ datasets { ${inner} } }` });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions.code).toBe('BAD_REQUEST');
    expect(res.body.errors[0].message).toContain('NEOHUB_GRAPHQL_MAX_COST');
    expect(res.body.data).toBeUndefined();
  });

  it('refuses nested lineage with large pages and 300 aliased searches on /api/graphql', async () => {
    let inner = 'urn';
    for (let i = 0; i < 4; i++)
      inner = `urn lineage(input: {direction: DOWNSTREAM, count: 1000}) { relationships { entity { ... on Dataset { ${inner} } } } }`;
    const nested = await as(t.reader).gql(`{ dataset(urn: "${datasetUrn('x')}") { ${inner} } }`);
    expect(nested.errors![0]!.extensions).toMatchObject({ code: 400, type: 'BAD_REQUEST' });
    expect(nested.data).toBeUndefined();
    const aliases = Array.from(
      { length: 300 },
      (_, i) => `s${i}: searchAcrossEntities(input: {query: "q${i}", count: 10}) { total }`,
    ).join(' ');
    const many = await as(t.reader).gql(`{ ${aliases} }`);
    expect(many.errors![0]!.message).toContain('NEOHUB_GRAPHQL_MAX_COST');
    expect(many.data).toBeUndefined();
  });
});

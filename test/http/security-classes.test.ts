/**
 * The classes of the security review (issue 14, item 6), tried everywhere they could occur, not only
 * where they were found. Every case is generated from what the server has: the route table
 * (`rt.app.routePolicies`), the registry (entity kinds, aspects, map fields) and both GraphQL schemas,
 * so that a new route, aspect, entity kind or field is tried without a new test.
 * - prototype keys (`__proto__`, `constructor`, `prototype`) in every JSON Pointer of every PATCH route;
 * - prototype keys as map keys in every map of every aspect, kept as data by every write and read;
 * - case variants of every entity type and aspect name in every privilege rule (hard deletes, structured
 *   property definitions), sent by an Editor;
 * - size amplification on both GraphQL endpoints: every paged field at the largest page, every list of
 *   the graph explorer nested in a list.
 */
import { filledDefaults, withoutDefaulted } from '../../src/registry/index.js';
import { withOwnerTypes } from '../../src/services/owner-types.js';
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLOutputType,
} from 'graphql';
import { afterEach, describe, expect, it } from 'vitest';
import { explorerSchema } from '../../src/graph-explorer/schema.js';
import { graphqlSchema } from '../../src/graphql/schema.js';
import type { Runtime } from '../../src/runtime.js';
import { useAuthServer, type TestTokens } from '../support/auth.js';
import { httpClient, JSON_CONTENT, RESTLI } from '../support/http.js';
import { enc, mcp, unique } from '../support/runtime.js';
import { aspectsWithMaps, sampleAspect, sampleUrn } from '../support/samples.js';

let rt: Runtime;
let t: TestTokens;
useAuthServer({ NEOHUB_RATE_LIMIT_PER_MINUTE: '0' }, (r, tokens) => {
  rt = r;
  t = tokens;
});
afterEach(() => {
  for (const k of Object.getOwnPropertyNames(Object.prototype))
    expect(typeof Object.getOwnPropertyDescriptor(Object.prototype, k)).toBe('object');
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(PROTOTYPE_NAMES);
});
const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype).sort();

const { as } = httpClient(() => rt.url, { headers: { ...JSON_CONTENT, ...RESTLI } });

/** Runs `fn` over `items`, `n` at a time. */
async function pool<T>(items: readonly T[], n: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker));
}

const SEGMENTS = ['__proto__', 'constructor', 'prototype'];

describe('prototype keys in every JSON Pointer', () => {
  /** How to send one aspect patch through each PATCH route of the table (bare path, without /gms prefixes). */
  const PATCHERS: Record<string, (urn: string, patch: unknown) => [string, unknown]> = {
    'PATCH /openapi/v3/entity/:entityName/*': (urn, patch) => [
      `/openapi/v3/entity/dataset/${enc(urn)}/datasetProperties`,
      { patch },
    ],
    'PATCH /openapi/v2/entity/:entityName/*': (urn, patch) => [
      `/openapi/v2/entity/dataset/${enc(urn)}/datasetProperties`,
      { patch },
    ],
    'PATCH /openapi/v3/entity/:entityName': (urn, patch) => [
      '/openapi/v3/entity/dataset',
      [{ urn, datasetProperties: { value: { patch } } }],
    ],
    'PATCH /openapi/v3/entity/generic': (urn, patch) => [
      '/openapi/v3/entity/generic',
      { dataset: [{ urn, datasetProperties: { value: { patch } } }] },
    ],
  };
  const bare = (url: string) => url.replace(/^\/(api\/)?gms(?=\/)/, '');

  it('has a way to send a patch through every PATCH route', () => {
    const routes = [
      ...new Set(rt.app.routePolicies.filter((r) => r.method === 'PATCH').map((r) => bare(r.url))),
    ];
    expect(routes.map((r) => `PATCH ${r.replace(/\/$/, '')}`).sort()).toEqual(Object.keys(PATCHERS).sort());
  });

  it('refuses them in path and from, on every PATCH route and in Rest.li PATCH proposals, and writes nothing', async () => {
    const urn = `urn:li:dataset:(urn:li:dataPlatform:hive,ptr_${unique()},PROD)`;
    const pointers = SEGMENTS.flatMap((seg) => [
      [{ op: 'add', path: `/${seg}/polluted`, value: 'x' }],
      [{ op: 'add', path: `/customProperties/${seg}`, value: 'x' }],
      [{ op: 'replace', path: `/${seg}`, value: {} }],
      [{ op: 'remove', path: `/${seg}/toString` }],
      [{ op: 'copy', from: `/${seg}`, path: '/description' }],
      [{ op: 'move', from: `/customProperties/${seg}`, path: '/description' }],
      [{ op: 'test', path: `/${seg}`, value: {} }],
    ]);
    const failures: string[] = [];
    const cases: [string, string, unknown][] = [];
    for (const patch of pointers) {
      for (const [route, make] of Object.entries(PATCHERS)) {
        const [path, body] = make(urn, patch);
        cases.push([route, path, body]);
      }
      cases.push([
        'Rest.li PATCH proposal',
        '/aspects?action=ingestProposal',
        { proposal: mcp(urn, 'datasetProperties', patch, 'PATCH') },
      ]);
      cases.push([
        'Rest.li PATCH batch',
        '/aspects?action=ingestProposalBatch',
        { proposals: [mcp(urn, 'datasetProperties', patch, 'PATCH')] },
      ]);
    }
    await pool(cases, 8, async ([route, path, body]) => {
      const res = await as(t.editor).call(path.startsWith('/aspects') ? 'POST' : 'PATCH', path, body);
      const text = JSON.stringify(res.body ?? '');
      if (![400, 422].includes(res.status) || !SEGMENTS.some((seg) => text.includes(seg)))
        failures.push(
          `${route} ${JSON.stringify(body).slice(0, 160)} -> ${res.status} ${text.slice(0, 160)}`,
        );
    });
    expect(failures).toEqual([]);
    const stored = await as(t.root).call('GET', `/entitiesV2/${enc(urn)}`);
    expect(stored.body?.aspects ?? {}).toEqual({});
  });
});

/** Whether `got` holds everything of `want` (own keys only; fields the server adds, such as stamps, aside). */
function contains(got: unknown, want: unknown): boolean {
  if (Array.isArray(want))
    return Array.isArray(got) && got.length === want.length && want.every((w, i) => contains(got[i], w));
  if (typeof want === 'object' && want !== null)
    return (
      typeof got === 'object' &&
      got !== null &&
      Object.keys(want).every((k) => Object.hasOwn(got, k) && contains((got as any)[k], (want as any)[k]))
    );
  return got === want;
}

describe('prototype keys in every map of every aspect', () => {
  /**
   * Aspects with rules beyond their schema get what the rules ask (the samples keep their maps): a
   * definition names its own URN's id and real types; values need their property and their entity; a
   * version names a set of its kind, and a version set (written at a URN of a dataset set) a version.
   * A fixup may give the URN to write at instead.
   */
  const FIXUPS: Record<string, (value: Record<string, any>, urn: string) => Promise<string | void>> = {
    // ownerTypes is the service's to fill from the owners, as DataHub's hook does: what is sent is replaced.
    async ownership(v) {
      Object.assign(v, withOwnerTypes(v) ?? {});
    },
    async propertyDefinition(v, urn) {
      Object.assign(v, {
        qualifiedName: urn.slice('urn:li:structuredProperty:'.length),
        valueType: 'urn:li:dataType:datahub.string',
        entityTypes: ['urn:li:entityType:datahub.dataset'],
        cardinality: 'SINGLE',
      });
      delete v.allowedValues;
    },
    async structuredProperties(v, urn) {
      const id = `maps.${unique()}`;
      const property = `urn:li:structuredProperty:${id}`;
      const definition = {
        qualifiedName: id,
        valueType: 'urn:li:dataType:datahub.string',
        entityTypes: [`urn:li:entityType:datahub.${urn.split(':')[2]}`],
        cardinality: 'SINGLE',
      };
      await as(t.admin).call('POST', '/aspects?action=ingestProposalBatch', {
        proposals: [mcp(property, 'propertyDefinition', definition), mcp(urn, 'status', { removed: false })],
      });
      for (const p of v.properties) Object.assign(p, { propertyUrn: property, values: [{ string: 'x' }] });
    },
    // The version set's side effects: a version of a new set is its latest.
    async versionProperties(v, urn) {
      Object.assign(v, {
        versionSet: `urn:li:versionSet:(maps_${unique()},${urn.split(':')[2]})`,
        isLatest: true,
      });
    },
    async versionSetProperties(v) {
      const set = `urn:li:versionSet:(maps_${unique()},dataset)`;
      const version = `urn:li:dataset:(urn:li:dataPlatform:hive,maps_${unique()},PROD)`;
      const scheme = 'LEXICOGRAPHIC_STRING';
      await as(t.admin).call('POST', '/aspects?action=ingestProposal', {
        proposal: mcp(version, 'versionProperties', {
          versionSet: set,
          version: { versionTag: '1' },
          sortId: 'A',
          versioningScheme: scheme,
        }),
      });
      Object.assign(v, { latest: version, versioningScheme: scheme });
      return set;
    },
  };

  it('keeps them as data: written by Rest.li and the OpenAPI API, read back identical by both', async () => {
    const registry = rt.services.registry;
    const targets = aspectsWithMaps(registry);
    expect(targets.map((x) => x.aspect.name)).toEqual(
      expect.arrayContaining(['datasetProperties', 'glossaryTermInfo']),
    );
    const failures: string[] = [];
    await pool(targets, 4, async ({ aspect, entity }) => {
      const tag = `m${unique()}`;
      for (const via of ['restli', 'openapi'] as const) {
        const sample = sampleUrn(registry, entity, `${tag}${via}`);
        const value = sampleAspect(registry, aspect, tag) as Record<string, any>;
        const urn = (await FIXUPS[aspect.name]?.(value, sample)) ?? sample;
        // Read back as written: normalized, without the defaults validation filled (decision 0066).
        const full = registry.normalizeAspect(aspect, JSON.parse(JSON.stringify(value)));
        const normalized = withoutDefaulted(full.value, filledDefaults(full.value, full.defaulted));
        const write =
          via === 'restli'
            ? await as(t.admin).call('POST', '/aspects?action=ingestProposal', {
                proposal: mcp(urn, aspect.name, value),
              })
            : await as(t.admin).call(
                'POST',
                `/openapi/v3/entity/${entity.name}/${enc(urn)}/${aspect.name}?createIfNotExists=false`,
                { value },
              );
        if (write.status >= 300) {
          failures.push(
            `${aspect.name} write ${via}: ${write.status} ${JSON.stringify(write.body).slice(0, 300)}`,
          );
          continue;
        }
        const reads: [string, unknown][] = [];
        if (aspect.timeseries) {
          const ts = await as(t.admin).call('POST', '/aspects?action=getTimeseriesAspectValues', {
            urn,
            entity: entity.name,
            aspect: aspect.name,
          });
          reads.push([
            'getTimeseriesAspectValues',
            JSON.parse(ts.body?.value?.values?.[0]?.aspect?.value ?? 'null'),
          ]);
        } else {
          const v2 = await as(t.admin).call('GET', `/entitiesV2/${enc(urn)}?aspects=List(${aspect.name})`);
          reads.push(['entitiesV2', v2.body?.aspects?.[aspect.name]?.value]);
          const v3 = await as(t.admin).call(
            'GET',
            `/openapi/v3/entity/${entity.name}/${enc(urn)}/${aspect.name}`,
          );
          reads.push(['openapi v3', v3.body?.value]);
        }
        for (const [reader, got] of reads)
          if (!contains(got, normalized))
            failures.push(
              `${aspect.name} written by ${via}, read by ${reader}: ${JSON.stringify(got)} vs ${JSON.stringify(normalized)}`,
            );
      }
    });
    expect(failures).toEqual([]);
  });
});

describe('case variants in every privilege rule', () => {
  /** Spellings of a name: all lower, all upper, first letter flipped, and itself. */
  const variants = (name: string): string[] => [
    ...new Set([
      name,
      name.toLowerCase(),
      name.toUpperCase(),
      (name[0] === name[0]?.toUpperCase() ? name[0]?.toLowerCase() : name[0]?.toUpperCase()) + name.slice(1),
    ]),
  ];

  it('an Editor hard-deletes no entity of any kind, however its type or key aspect is spelled', async () => {
    const registry = rt.services.registry;
    const failures: string[] = [];
    const requests: [string, string, string, unknown][] = [];
    for (const entity of registry.allEntities()) {
      const urn = sampleUrn(registry, entity, `cv${unique()}`);
      const key = entity.keyAspect;
      for (const type of variants(entity.name)) {
        const spelled = urn.replace(`urn:li:${entity.name}:`, `urn:li:${type}:`);
        requests.push([
          entity.name,
          'POST',
          '/aspects?action=ingestProposal',
          { proposal: { entityUrn: spelled, entityType: type, changeType: 'DELETE' } },
        ]);
        for (const aspectName of variants(key))
          requests.push([
            entity.name,
            'POST',
            '/aspects?action=ingestProposal',
            { proposal: { entityUrn: spelled, entityType: type, changeType: 'DELETE', aspectName } },
          ]);
        requests.push([entity.name, 'POST', '/entities?action=delete', { urn: spelled }]);
        requests.push([entity.name, 'DELETE', `/openapi/v3/entity/${type}/${enc(spelled)}`, undefined]);
        for (const aspectName of variants(key))
          requests.push([
            entity.name,
            'DELETE',
            `/openapi/v3/entity/${type}/${enc(spelled)}/${aspectName}`,
            undefined,
          ]);
      }
    }
    await pool(requests, 8, async ([kind, method, path, body]) => {
      const res = await as(t.editor).call(method, path, body);
      if (res.status < 400 || res.status >= 500)
        failures.push(`${kind}: ${method} ${path} ${JSON.stringify(body)} -> ${res.status}`);
    });
    expect(failures).toEqual([]);
  });

  it('an Editor changes no structured property, through any aspect or spelling, on any route', async () => {
    const registry = rt.services.registry;
    const kind = registry.entity('structuredProperty');
    const id = `cv.${unique()}`;
    const failures: string[] = [];
    const requests: [string, string, unknown][] = [];
    for (const aspect of kind.aspects.map((a) => registry.findAspect(a)!)) {
      const value = sampleAspect(registry, aspect, 'cv');
      for (const type of variants('structuredProperty'))
        for (const name of variants(aspect.name)) {
          const urn = `urn:li:${type}:${id}`;
          requests.push([
            'POST',
            '/aspects?action=ingestProposal',
            {
              proposal: {
                entityUrn: urn,
                entityType: type,
                changeType: 'UPSERT',
                aspectName: name,
                aspect: { value: JSON.stringify(value), contentType: 'application/json' },
              },
            },
          ]);
          requests.push(['POST', `/openapi/v3/entity/${type}/${enc(urn)}/${name}`, { value }]);
          requests.push(['POST', `/openapi/v2/entity/${type}/${enc(urn)}/${name}`, value]);
          requests.push(['POST', `/openapi/v3/entity/${type}`, [{ urn, [name]: { value } }]]);
          requests.push([
            'PATCH',
            `/openapi/v3/entity/${type}/${enc(urn)}/${name}`,
            { patch: [{ op: 'add', path: '/x', value: 'y' }] },
          ]);
        }
    }
    await pool(requests, 8, async ([method, path, body]) => {
      const res = await as(t.editor).call(method, path, body);
      if (res.status < 400 || res.status >= 500) failures.push(`${method} ${path} -> ${res.status}`);
    });
    expect(failures).toEqual([]);
    for (const type of variants('structuredProperty')) {
      const res = await as(t.root).call(
        'GET',
        `/openapi/v3/entity/structuredProperty/${enc(`urn:li:${type}:${id}`)}`,
      );
      expect([400, 404], type).toContain(res.status);
    }
  });
});

describe('size amplification on both GraphQL endpoints', () => {
  const MAX_PAGE = 10_000;
  // Twenty fields at the largest page weigh 200,000: over the default limit whatever the field's own work.
  const leaves = Array.from({ length: 20 }, (_, i) => `a${i}: __typename`).join(' ');
  /** A placeholder value of a required argument: an enum's first value, else a string. */
  const placeholder = (type: GraphQLInputType): unknown => {
    const named = getNamedType(type);
    return isEnumType(named) ? named.getValues()[0]?.value : 'x';
  };
  const unwrap = (type: GraphQLOutputType): GraphQLOutputType => (isNonNullType(type) ? type.ofType : type);
  const costRefusal = (body: any): boolean =>
    Array.isArray(body?.errors) &&
    body.errors.some((e: any) => String(e.message).includes('NEOHUB_GRAPHQL_MAX_COST'));

  /** The page arguments of a DataHub field, at the largest page, as variables. */
  const pageVariables = (
    field: GraphQLField<unknown, unknown>,
  ): { decl: string; args: string; vars: Record<string, unknown> } => {
    const decl: string[] = [];
    const args: string[] = [];
    const vars: Record<string, unknown> = {};
    for (const a of field.args) {
      const named = getNamedType(a.type);
      if (['count', 'limit', 'first'].includes(a.name)) vars[a.name] = MAX_PAGE;
      else if (a.name === 'input' && isInputObjectType(named)) {
        const input: Record<string, unknown> = {};
        for (const f of Object.values(named.getFields()))
          if (['count', 'limit', 'first'].includes(f.name)) input[f.name] = MAX_PAGE;
          else if (isNonNullType(f.type))
            input[f.name] = isListType(f.type.ofType) ? [] : placeholder(f.type);
        vars[a.name] = input;
      } else if (!isNonNullType(a.type)) continue;
      else vars[a.name] = placeholder(a.type);
      decl.push(`$${a.name}: ${String(a.type)}`);
      args.push(`${a.name}: $${a.name}`);
    }
    return {
      decl: decl.length ? `(${decl.join(', ')})` : '',
      args: args.length ? `(${args.join(', ')})` : '',
      vars,
    };
  };

  it('/api/graphql: every paged field, at the largest page, is refused before it runs', async () => {
    const schema = await graphqlSchema();
    const paged = (f: GraphQLField<unknown, unknown>) =>
      f.args.some(
        (a) =>
          ['count', 'limit', 'first'].includes(a.name) ||
          (a.name === 'input' &&
            isInputObjectType(getNamedType(a.type)) &&
            ['count', 'limit', 'first'].some((p) => p in (getNamedType(a.type) as any).getFields())),
      );
    const failures: string[] = [];
    const queries: [string, string, Record<string, unknown>][] = [];
    const root = schema.getQueryType()!;
    for (const f of Object.values(root.getFields()).filter(paged)) {
      const p = pageVariables(f);
      queries.push([`Query.${f.name}`, `query Q${p.decl} { ${f.name}${p.args} { ${leaves} } }`, p.vars]);
    }
    for (const type of Object.values(schema.getTypeMap())) {
      if (!isObjectType(type) || !type.getInterfaces().some((i) => i.name === 'Entity')) continue;
      for (const f of Object.values(type.getFields()).filter(paged)) {
        const p = pageVariables(f);
        queries.push([
          `${type.name}.${f.name}`,
          `query Q${p.decl} { entity(urn: "urn:li:corpuser:x") { ... on ${type.name} { ${f.name}${p.args} { ${leaves} } } } }`,
          p.vars,
        ]);
      }
    }
    expect(queries.length).toBeGreaterThan(20);
    await pool(queries, 8, async ([name, query, variables]) => {
      const res = await as(t.reader).call('POST', '/api/graphql', { query, variables });
      if (!costRefusal(res.body)) failures.push(`${name}: ${JSON.stringify(res.body).slice(0, 200)}`);
    });
    expect(failures).toEqual([]);
  });

  it('/api/graph: every list of every node type, nested in a list, at the largest pages, is refused', async () => {
    const schema = await explorerSchema();
    const root = schema.getQueryType()!;
    const failures: string[] = [];
    const queries: [string, string][] = [];
    for (const top of Object.values(root.getFields())) {
      const type = unwrap(top.type);
      if (!isListType(type) || !top.args.some((a) => a.name === 'limit')) continue;
      const node = getNamedType(type);
      if (!isObjectType(node) && !isInterfaceType(node)) continue;
      for (const f of Object.values(node.getFields())) {
        if (!isListType(unwrap(f.type)) || !f.args.some((a) => a.name === 'limit')) continue;
        queries.push([
          `${top.name}.${f.name}`,
          `{ ${top.name}(limit: 1000) { ${f.name}(limit: 1000) { ${leaves} } } }`,
        ]);
      }
    }
    expect(queries.length).toBeGreaterThan(50);
    await pool(queries, 8, async ([name, query]) => {
      const res = await as(t.reader).call('POST', '/api/graph', { query });
      if (res.status !== 400 || !costRefusal(res.body))
        failures.push(`${name}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    });
    expect(failures).toEqual([]);
  });

  it('every weighted root field, aliased 300 times at a page of one, is refused', async () => {
    const fields = [
      'searchAcrossEntities',
      'scrollAcrossEntities',
      'aggregateAcrossEntities',
      'autoComplete',
      'autoCompleteForMultiple',
      'browseV2',
      'searchAcrossLineage',
      'scrollAcrossLineage',
    ];
    const schema = await graphqlSchema();
    for (const name of fields) {
      const f = schema.getQueryType()!.getFields()[name]!;
      const p = pageVariables(f);
      const one = JSON.parse(JSON.stringify(p.vars).replaceAll(String(MAX_PAGE), '1'));
      const body = Array.from({ length: 300 }, (_, i) => `s${i}: ${name}${p.args} { __typename }`).join(' ');
      const res = await as(t.reader).call('POST', '/api/graphql', {
        query: `query Q${p.decl} { ${body} }`,
        variables: one,
      });
      expect(costRefusal(res.body), `${name}: ${JSON.stringify(res.body).slice(0, 200)}`).toBe(true);
    }
  });
});

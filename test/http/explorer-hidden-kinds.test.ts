/**
 * The graph explorer hides the registry's hidden kinds (secrets, policies, ingestion sources, tokens...)
 * from every caller who is not an Admin (issue 35, item 6): as nodes listed at the root, as the other
 * end of an edge, in connections, counts and aggregations, and from the filters over edges that could
 * probe their existence. Admins still see them; ordinary entities are seen by everyone.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime.js';
import { useAuthServer, type TestTokens } from '../support/auth.js';
import { httpClient, JSON_CONTENT, RESTLI, type Res } from '../support/http.js';
import { datasetUrn, graphTarget, mcp, unique } from '../support/runtime.js';
import { createLogger } from '../../src/logger.js';
import { defaultRegistry } from '../../src/registry/index.js';
import { entityRowOf, upsertOp } from '../../src/services/build-ops.js';
import { createDriver, Executor, Neo4jStore } from '../../src/store/index.js';

let rt: Runtime;
let t: TestTokens;
useAuthServer({ NEOHUB_RATE_LIMIT_PER_MINUTE: '0' }, (r, tokens) => {
  rt = r;
  t = tokens;
});
const { as } = httpClient(() => rt.url, { headers: { ...JSON_CONTENT, ...RESTLI } });

const u = unique();
const n = {
  secret: `urn:li:dataHubSecret:hk${u}`,
  policy: `urn:li:dataHubPolicy:hk${u}`,
  source: `urn:li:dataHubIngestionSource:hk${u}`,
  run: `urn:li:dataHubExecutionRequest:hk${u}`,
  owner: `urn:li:corpuser:hk_${u}_owner`,
  dataset: datasetUrn(`hk_${u}_orders`),
};
const all = Object.values(n).sort();
const visible = [n.dataset, n.owner].sort();

const ask = (token: string, query: string, variables: Record<string, unknown> = n): Promise<Res> =>
  as(token).call('POST', '/api/graph', { query, variables });
/** A query to the explorer that must succeed: its `data`. */
async function graph(token: string, query: string, variables: Record<string, unknown> = n) {
  const res = await ask(token, query, variables);
  expect(res.status, res.text).toBe(200);
  expect(res.body.errors, res.text).toBeUndefined();
  return res.body.data;
}
const urns = (list: { urn: string }[]): string[] => list.map((x) => x.urn).sort();

const stamp = { time: 1700000000000, actor: 'urn:li:corpuser:datahub' };
beforeAll(async () => {
  const wrote = await as(t.root).call('POST', '/aspects?action=ingestProposalBatch', {
    proposals: [
      mcp(n.secret, 'dataHubSecretValue', { name: `hk${u}`, value: `hunter2-${u}` }),
      mcp(n.policy, 'dataHubPolicyInfo', {
        displayName: `policy ${u}`,
        description: 'who reads what',
        type: 'METADATA',
        state: 'ACTIVE',
        privileges: ['VIEW_ENTITY_PAGE'],
        actors: { allUsers: true },
        editable: true,
      }),
      // An ingestion source owned by an ordinary user, and a run of it (an edge between hidden kinds).
      mcp(n.source, 'dataHubIngestionSourceInfo', {
        name: `source ${u}`,
        type: 'mysql',
        config: { recipe: '{}' },
      }),
      mcp(n.source, 'ownership', { owners: [{ owner: n.owner, type: 'DATAOWNER' }], lastModified: stamp }),
      mcp(n.run, 'dataHubExecutionRequestInput', {
        task: 'RUN_INGEST',
        args: {},
        executorId: 'default',
        source: { type: 'MANUAL_INGESTION_SOURCE', ingestionSource: n.source },
        requestedAt: stamp.time,
      }),
      mcp(n.owner, 'corpUserInfo', { active: true, displayName: 'Owner' }),
      mcp(n.dataset, 'datasetProperties', { name: `orders ${u}` }),
    ],
  });
  expect(wrote.status, wrote.text).toBe(200);
  // An ordinary dataset whose ownership names the secret and the source as owners, and the policy as an
  // ownership type: edges from an ordinary entity to hidden ones. The write path refuses such URN kinds
  // now (docs/decisions/0052), but a store written before may hold them: written straight to the store.
  const registry = defaultRegistry();
  const exec = new Executor(
    createDriver(graphTarget().uri, graphTarget().user, graphTarget().password),
    createLogger('error'),
    undefined,
  );
  try {
    const sm = JSON.stringify({ lastObserved: stamp.time, runId: 'no-run-id-provided' });
    const row = entityRowOf(registry, registry.parseEntityUrn(n.dataset), stamp, sm);
    const base = { urn: n.dataset, entityType: 'dataset', created: stamp, systemMetadata: sm };
    const owners = {
      owners: [
        { owner: n.owner, type: 'CUSTOM', typeUrn: n.policy },
        { owner: n.secret, type: 'DATAOWNER' },
        { owner: n.source, type: 'DATAOWNER' },
      ],
      lastModified: stamp,
    };
    const op = upsertOp(registry, registry.findAspect('ownership')!, base, owners, true);
    await new Neo4jStore(exec).apply({ entities: [row], ops: [op] });
  } finally {
    await exec.close();
  }
});

const ROOT = `query ($urns: [String!]!) {
  anyEntities(where: { urn: { in: $urns } }, limit: 10) { urn entityType }
  anyEntitiesConnection(where: { urn: { in: $urns } }, first: 10) {
    totalCount
    edges { node { urn } }
    aggregate { count { nodes } node { urn { shortest longest } entityType { shortest longest } } }
  }
}`;

const EDGES = `query ($dataset: String!, $run: String!) {
  anyEntities(where: { urn: { in: [$dataset, $run] } }, limit: 10) {
    urn
    ownedBy(limit: 10) { urn }
    ownedByConnection(first: 10) { totalCount edges { node { urn } } }
    ownershipType(limit: 10) { urn }
    ingestionSource(limit: 10) { urn }
    ingestionSourceConnection(first: 10) { totalCount }
  }
  datasets(where: { urn: { eq: $dataset } }, limit: 10) {
    ownedBy(limit: 10) { urn }
    ownershipTypes(limit: 10) { urn }
    ownershipTypesConnection(first: 10) { totalCount edges { node { urn } } }
  }
}`;

/** Filters over edges that match the dataset only if it has an edge to a hidden entity. */
const PROBES = `query ($dataset: String!, $source: String!, $policy: String!) {
  some: anyEntities(where: { urn: { eq: $dataset }, ownedBy: { some: { urn: { eq: $source } } } }, limit: 10) {
    urn
  }
  byKind: anyEntities(
    where: { urn: { eq: $dataset }, ownedBy: { some: { entityType: { startsWith: "dataHub" } } } }
    limit: 10
  ) { urn }
  nested: anyEntities(
    where: { urn: { eq: $dataset }, OR: [{ ownedBy: { single: { urn: { eq: $source } } } }] }
    limit: 10
  ) { urn }
  connection: anyEntities(
    where: { urn: { eq: $dataset }, ownedByConnection: { some: { node: { urn: { eq: $source } } } } }
    limit: 10
  ) { urn }
  typed: datasets(where: { urn: { eq: $dataset }, ownershipTypes: { some: { urn: { eq: $policy } } } }, limit: 10) {
    urn
  }
  typedConnection: datasets(
    where: { urn: { eq: $dataset }, ownershipTypesConnection: { single: { node: { urn: { eq: $policy } } } } }
    limit: 10
  ) { urn }
  ...Fragment
}
fragment Fragment on Query {
  inFragment: anyEntities(where: { urn: { eq: $dataset }, ownedBy: { some: { urn: { eq: $source } } } }, limit: 10) {
    urn
  }
}`;
/** Filters over edges that match the dataset only if none of its edges leads to a hidden entity. */
const ALL_PROBES = `query ($dataset: String!, $where: AnyEntityWhere!) {
  all: anyEntities(where: { urn: { eq: $dataset }, ownedBy: { all: { entityType: { eq: "corpuser" } } } }, limit: 10) {
    urn
  }
  none: anyEntities(where: { urn: { eq: $dataset }, ownedBy: { none: $where } }, limit: 10) { urn }
  connectionAll: anyEntities(
    where: { urn: { eq: $dataset }, ownedByConnection: { all: { node: { entityType: { eq: "corpuser" } } } } }
    limit: 10
  ) { urn }
}`;
const COUNT = `query ($dataset: String!) {
  anyEntities(
    where: { urn: { eq: $dataset }, ownedByConnection: { aggregate: { count: { nodes: { eq: 3 } } } } }
    limit: 10
  ) { urn }
}`;

describe('the graph explorer hides the hidden kinds from non-Admins', () => {
  it('hides them at the root (lists, connections, counts, aggregations) from a Reader and an Editor', async () => {
    for (const token of [t.reader, t.editor]) {
      const data = await graph(token, ROOT, { urns: all });
      expect(urns(data.anyEntities)).toEqual(visible);
      const conn = data.anyEntitiesConnection;
      expect(conn.totalCount).toBe(2);
      expect(urns(conn.edges.map((e: { node: { urn: string } }) => e.node))).toEqual(visible);
      expect(conn.aggregate.count.nodes).toBe(2);
      expect(conn.aggregate.node.entityType).toEqual({ shortest: 'dataset', longest: 'corpuser' });
      const byKind = await graph(
        token,
        `query ($kinds: [String!]!) { anyEntities(where: { entityType: { in: $kinds } }, limit: 1000) { urn } }`,
        { kinds: ['dataHubSecret', 'dataHubPolicy', 'dataHubIngestionSource', 'dataHubExecutionRequest'] },
      );
      expect(byKind.anyEntities).toEqual([]);
    }
  });

  it('hides them as the other end of an edge, typed or not, in lists and connections', async () => {
    const data = await graph(t.reader, EDGES);
    expect(data.anyEntities).toEqual([
      {
        urn: n.dataset,
        ownedBy: [{ urn: n.owner }],
        ownedByConnection: { totalCount: 1, edges: [{ node: { urn: n.owner } }] },
        ownershipType: [],
        ingestionSource: [],
        ingestionSourceConnection: { totalCount: 0 },
      },
    ]);
    expect(data.datasets).toEqual([
      {
        ownedBy: [{ urn: n.owner }],
        ownershipTypes: [],
        ownershipTypesConnection: { totalCount: 0, edges: [] },
      },
    ]);
    const owner = await graph(
      t.reader,
      `query ($owner: String!, $source: String!) {
        corpUsers(where: { urn: { eq: $owner } }, limit: 10) {
          owns(limit: 10) { urn }
          ownsConnection(first: 10) { totalCount }
        }
        probe: corpUsers(where: { urn: { eq: $owner }, owns: { some: { urn: { eq: $source } } } }, limit: 10) {
          urn
        }
      }`,
    );
    expect(owner.corpUsers).toEqual([{ owns: [{ urn: n.dataset }], ownsConnection: { totalCount: 1 } }]);
    expect(owner.probe).toEqual([]);
  });

  it('hides them from filters over edges: some, none, single, all, through connections and fragments', async () => {
    const probes = await graph(t.reader, PROBES);
    expect(probes).toEqual({
      some: [],
      byKind: [],
      nested: [],
      connection: [],
      typed: [],
      typedConnection: [],
      inFragment: [],
    });
    const allProbes = await graph(t.reader, ALL_PROBES, {
      ...n,
      where: { entityType: { startsWith: 'dataHub' } },
    });
    expect(allProbes).toEqual({
      all: [{ urn: n.dataset }],
      none: [{ urn: n.dataset }],
      connectionAll: [{ urn: n.dataset }],
    });
    const count = await ask(t.reader, COUNT);
    expect(count.body.data?.anyEntities ?? null).toBeNull();
    expect(count.body.errors?.[0]?.message).toMatch(
      /aggregates of edges towards AnyEntity need the Admin role/,
    );
  });

  it('still shows ordinary entities and edges to a Reader', async () => {
    const data = await graph(
      t.reader,
      `query ($dataset: String!, $owner: String!) {
        anyEntities(where: { urn: { eq: $dataset }, ownedBy: { some: { urn: { eq: $owner } } } }, limit: 10) { urn }
        all: anyEntities(where: { urn: { eq: $dataset }, ownedBy: { all: { urn: { eq: $owner } } } }, limit: 10) {
          urn
        }
        datasets(where: { urn: { eq: $dataset } }, limit: 10) { urn name ownedBy(limit: 10) { urn } }
      }`,
    );
    expect(data.anyEntities).toEqual([{ urn: n.dataset }]);
    expect(data.all).toEqual([{ urn: n.dataset }]);
    expect(data.datasets).toEqual([{ urn: n.dataset, name: `orders ${u}`, ownedBy: [{ urn: n.owner }] }]);
  });

  it('shows them to an Admin and to the root token, with their edges and in filters', async () => {
    for (const token of [t.admin, t.root]) {
      const root = await graph(token, ROOT, { urns: all });
      expect(urns(root.anyEntities)).toEqual(all);
      expect(root.anyEntitiesConnection.totalCount).toBe(all.length);
      expect(root.anyEntitiesConnection.aggregate.count.nodes).toBe(all.length);
      const data = await graph(token, EDGES);
      const byUrn = new Map(data.anyEntities.map((e: { urn: string }) => [e.urn, e]));
      const dataset = byUrn.get(n.dataset) as { ownedBy: { urn: string }[] };
      expect(urns(dataset.ownedBy)).toEqual([n.owner, n.secret, n.source].sort());
      expect(dataset).toMatchObject({
        ownedByConnection: { totalCount: 3 },
        ownershipType: [{ urn: n.policy }],
      });
      expect(byUrn.get(n.run)).toMatchObject({
        ingestionSource: [{ urn: n.source }],
        ingestionSourceConnection: { totalCount: 1 },
      });
      expect(data.datasets[0].ownershipTypes).toEqual([{ urn: n.policy }]);
      const probes = await graph(token, PROBES);
      for (const probe of [
        'some',
        'byKind',
        'nested',
        'connection',
        'typed',
        'typedConnection',
        'inFragment',
      ])
        expect(probes[probe], probe).toEqual([{ urn: n.dataset }]);
      const allProbes = await graph(token, ALL_PROBES, {
        ...n,
        where: { entityType: { startsWith: 'dataHub' } },
      });
      expect(allProbes).toEqual({ all: [], none: [], connectionAll: [] });
      expect((await graph(token, COUNT)).anyEntities).toEqual([{ urn: n.dataset }]);
    }
  });
});

import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { AUTH, BENCH_TOKEN } from './auth.js';
import { benchUrn, datasetAspects, proposalOf } from './data.js';

/**
 * The HTTP layer: fastify against express on the same routes, the same services and the same Neo4j, in
 * one run (bench/http-layer-server.ts serves both, and neohub as it runs for reference). Each route is
 * loaded by autocannon for BENCH_HTTP_SECONDS with BENCH_HTTP_CONNECTIONS connections, in rounds that
 * alternate the order of the servers; figures are the mean of the rounds: requests/s and p99 (ms).
 */
const SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_HTTP_CONNECTIONS ?? 16);
const ROUNDS = Number(process.env.BENCH_HTTP_ROUNDS ?? 3);
/** Datasets loaded for the reads; each read asks for 10 of them. */
const READ_DATASETS = 2000;
/** Datasets per ingest request (5 aspects each): 100 proposals, new entities every request. */
const INGEST_DATASETS = 20;

const serverMain = fileURLToPath(new URL('./http-layer-server.js', import.meta.url));
const round = (n: number, d = 1): number => Math.round(n * 10 ** d) / 10 ** d;
const TARGETS = ['fastify', 'express', 'neohub'] as const;
type Target = (typeof TARGETS)[number];

interface Graph {
  readonly uri: string;
  readonly user: string;
  readonly password: string;
}

const proposalsOf = (run: string, from: number, count: number) =>
  Array.from({ length: count }, (_, k) => datasetAspects(run, from + k))
    .flat()
    .map((r) => proposalOf(run, r));

/** The measured routes: each gives autocannon a request made fresh for every call. */
function routes(run: string): Record<string, (target: Target) => autocannon.Request> {
  const readIds = () =>
    Array.from({ length: 10 }, () =>
      encodeURIComponent(benchUrn(run, Math.floor(Math.random() * READ_DATASETS))),
    ).join(',');
  const next: Record<string, number> = {};
  const query =
    'query($urn: String!) { dataset(urn: $urn) { urn properties { name description } ownership { owners { type } } } }';
  return {
    health: () => ({ method: 'GET', path: '/health' }),
    entitiesV2: () => ({
      method: 'GET',
      setupRequest: (req) => ({ ...req, path: `/entitiesV2?ids=List(${readIds()})` }),
    }),
    ingestProposalBatch: (target) => ({
      method: 'POST',
      setupRequest: (req) => {
        const from = (next[target] = (next[target] ?? 0) + INGEST_DATASETS);
        const body = { proposals: proposalsOf(`${run}_${target}_w`, from, INGEST_DATASETS) };
        return { ...req, path: '/aspects?action=ingestProposalBatch', body: JSON.stringify(body) };
      },
    }),
    graphqlDataset: () => ({
      method: 'POST',
      path: '/api/graphql',
      setupRequest: (req) => {
        const urn = benchUrn(run, Math.floor(Math.random() * READ_DATASETS));
        return { ...req, body: JSON.stringify({ query, variables: { urn } }) };
      },
    }),
  };
}

async function load(base: string, request: autocannon.Request): Promise<{ rps: number; p99: number }> {
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { ...AUTH, 'Content-Type': 'application/json', 'X-RestLi-Protocol-Version': '2.0.0' },
    requests: [request],
  });
  if (result.errors || result.non2xx || result.timeouts)
    throw new Error(
      `${base}: ${result.errors} errors, ${result.non2xx} non-2xx, ${result.timeouts} timeouts`,
    );
  return { rps: result.requests.average, p99: result.latency.p99 };
}

/** The `http` phase: figures `http.<route>.<server>.rps|p99Ms` and `http.<route>.fastifyToExpressRps`. */
export async function httpLayer(graph: Graph): Promise<Record<string, number>> {
  const server = spawn('node', [serverMain], {
    env: {
      ...process.env,
      NEO4J_URI: graph.uri,
      NEO4J_USER: graph.user,
      NEO4J_PASSWORD: graph.password,
      NEOHUB_ROOT_TOKEN: BENCH_TOKEN,
      // The bench loads datasets in batches larger than DataHub's client sends.
      NEOHUB_MAX_BATCH_PROPOSALS: '1000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((r) => server.once('exit', r));
  try {
    const line = await new Promise<string>((resolve, reject) => {
      createInterface({ input: server.stdout! }).once('line', resolve);
      server.once('exit', (code) => reject(new Error(`the HTTP-layer servers exited (${code})`)));
    });
    const bases = JSON.parse(line) as Record<Target, string>;
    const run = `httplayer_${randomUUID().slice(0, 6)}`;
    for (let from = 0; from < READ_DATASETS; from += 200) {
      const res = await fetch(`${bases.neohub}/aspects?action=ingestProposalBatch`, {
        method: 'POST',
        headers: { ...AUTH, 'Content-Type': 'application/json' },
        body: JSON.stringify({ proposals: proposalsOf(run, from, 200) }),
      });
      if (!res.ok) throw new Error(`load failed: ${res.status} ${await res.text()}`);
    }
    const sums: Record<string, { rps: number; p99: number }> = {};
    for (const [name, request] of Object.entries(routes(run))) {
      // A short warm-up of each server on the route (JIT, connection pools), then the rounds.
      for (const t of TARGETS) await autocannonWarm(bases[t], request(t));
      for (let r = 0; r < ROUNDS; r++) {
        const order = r % 2 ? [...TARGETS].reverse() : TARGETS;
        for (const t of order) {
          const m = await load(bases[t], request(t));
          const sum = (sums[`${name}.${t}`] ??= { rps: 0, p99: 0 });
          sum.rps += m.rps / ROUNDS;
          sum.p99 += m.p99 / ROUNDS;
          console.log(`http ${name} ${t}: ${round(m.rps)} req/s, p99 ${m.p99} ms`);
        }
      }
    }
    const figures: Record<string, number> = { 'http.connections': CONNECTIONS, 'http.seconds': SECONDS };
    for (const [key, m] of Object.entries(sums)) {
      figures[`http.${key}.rps`] = round(m.rps);
      figures[`http.${key}.p99Ms`] = round(m.p99, 2);
    }
    for (const name of Object.keys(routes(run)))
      figures[`http.${name}.fastifyToExpressRps`] = round(
        (sums[`${name}.fastify`]?.rps ?? 0) / (sums[`${name}.express`]?.rps ?? 1),
        3,
      );
    return figures;
  } finally {
    server.kill('SIGTERM');
    await exited;
  }
}

async function autocannonWarm(base: string, request: autocannon.Request): Promise<void> {
  await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: 2,
    headers: { ...AUTH, 'Content-Type': 'application/json' },
    requests: [request],
  });
}

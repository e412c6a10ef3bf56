/**
 * What the GraphQL cost limit admits, timed (issue 35, finding 9; docs/decisions/0039). Against a
 * running neohub (`COST_BENCH_URL`, default http://127.0.0.1:18090; authentication off, or a token in
 * `COST_BENCH_TOKEN`): seeds a catalog of its own (bench/cost-seed.ts) unless `COST_BENCH_RUN` names an
 * earlier run, then for every family of bench/cost-queries.ts finds the largest query the limit admits
 * (measured in process with the tree's cost models and `NEOHUB_GRAPHQL_MAX_COST` as the server reads
 * it) and times it: the answer (`refused` when the limit refused it), the slowest and median of
 * `COST_BENCH_REPEAT` runs (default 3) after one of warm-up, each with nothing cached, and a small
 * request (`dataset(urn)` on /api/graphql) sent 50 ms into one more run: what a neighbour waits.
 * `COST_BENCH_SIZES` adds fixed sizes (`explorer.aliasedSmallLists=800,graphql.aliasedSearches=99`:
 * what main admitted); `COST_BENCH_FAMILIES` keeps some families only. Prints one JSON object.
 *
 * Run: `npm run --silent build && node dist/bench/cost-limits.js`, beside a server of the same build
 * started with NEOHUB_SEARCH_SYNC=true (searches see the seeded catalog) and NEOHUB_TEST_RESULTS_SYNC=false
 * (on a shared database, the metadata tests' sweep of other runs' catalogs holds the event loop).
 */
import { loadConfig } from '../src/config.js';
import { FAMILIES, largestAdmitted, meter, type Endpoint, type Seeded } from './cost-queries.js';
import { seed } from './cost-seed.js';

const BASE = process.env.COST_BENCH_URL ?? 'http://127.0.0.1:18090';
const REPEAT = Number(process.env.COST_BENCH_REPEAT ?? 3);
const HEADERS: Record<string, string> = {
  'content-type': 'application/json',
  ...(process.env.COST_BENCH_TOKEN ? { authorization: `Bearer ${process.env.COST_BENCH_TOKEN}` } : {}),
};
const call = async (path: string, body: unknown): Promise<{ status: number; text: string }> => {
  const res = await fetch(`${BASE}${path}`, { method: 'POST', headers: HEADERS, body: JSON.stringify(body) });
  return { status: res.status, text: await res.text() };
};

interface Timed {
  readonly status: number;
  /** Whether the answer held errors; `refused` when the cost limit refused it. */
  readonly errors: boolean | 'refused';
  readonly ms: number;
}

/** One request timed: its status, whether it answered errors, its milliseconds. */
async function timed(endpoint: Endpoint, query: string): Promise<Timed> {
  const t = performance.now();
  const res = await call(endpoint, { query });
  const ms = Math.round(performance.now() - t);
  const body = JSON.parse(res.text) as { errors?: { message?: string }[] };
  const refused = body.errors?.some((e) => e.message?.includes('NEOHUB_GRAPHQL_MAX_COST')) === true;
  return { status: res.status, errors: refused ? 'refused' : body.errors !== undefined, ms };
}

const small = (s: Seeded): string => `{ dataset(urn: "${s.datasets[0]}") { urn properties { name } } }`;

let salts = 0;
const salt = (): string => `${process.pid}x${++salts}`;

/**
 * The query alone (repeated, each time with a new salt: nothing cached), then once with a small
 * request sent 50 ms after it.
 */
async function measure(endpoint: Endpoint, query: () => string, s: Seeded): Promise<Record<string, unknown>> {
  await timed(endpoint, query()); // warm-up
  const runs = [];
  for (let i = 0; i < REPEAT; i++) runs.push(await timed(endpoint, query()));
  const ms = runs.map((r) => r.ms).sort((a, b) => a - b);
  const big = timed(endpoint, query());
  await new Promise((r) => setTimeout(r, 50));
  const beside = await timed('/api/graphql', small(s));
  await big;
  const first = runs[0] as Timed;
  return {
    status: first.status,
    errors: first.errors,
    maxMs: ms[ms.length - 1],
    medianMs: ms[Math.floor(ms.length / 2)],
    besideMs: beside.ms,
  };
}

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const m = await meter(config);
  const s = await seed(BASE, HEADERS);
  const only = process.env.COST_BENCH_FAMILIES?.split(',');
  const fixed = new Map(
    (process.env.COST_BENCH_SIZES ?? '')
      .split(',')
      .filter(Boolean)
      .map((kv) => kv.split('=') as [string, string]),
  );
  const alone = [];
  for (let i = 0; i < 10; i++) alone.push((await timed('/api/graphql', small(s))).ms);
  const out: Record<string, unknown> = {
    run: s.run,
    maxCost: m.maxCost,
    smallRequestAloneMs: alone.sort((a, b) => a - b)[5],
  };
  for (const f of FAMILIES) {
    if (only && !only.includes(f.name)) continue;
    const sizes = [largestAdmitted(f, s, m), ...(fixed.has(f.name) ? [Number(fixed.get(f.name))] : [])];
    for (const n of sizes) {
      const query = f.query(n, s);
      const invalid = m.invalid(f.endpoint, query);
      if (invalid.length) throw new Error(`${f.name}: ${invalid.join('; ')}`);
      const cost = m.cost(f.endpoint, query);
      const figures = n ? await measure(f.endpoint, () => f.query(n, s, salt()), s) : { refused: 'even one' };
      out[`${f.name}@${n}`] = { n, cost: Math.round(cost), ...figures };
      process.stderr.write(`${f.name}@${n}: ${JSON.stringify(out[`${f.name}@${n}`])}\n`);
    }
  }
  process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
}

await main();

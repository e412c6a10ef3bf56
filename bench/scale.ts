/**
 * The `scale` phase (issue 41): one catalog grown through sizes (`BENCH_SCALE_SIZES`, datasets in the
 * search index; 100,000, 300,000 and 1,000,000 by default) on one neohub as users run it (search sync
 * on), the same figures measured at each size, and how much each grew from the smallest size to the
 * largest.
 *
 * The catalog: a lineage graph (the shape of bench/lineage.ts, a tenth of the smallest size, between
 * 1,000 and 10,000 datasets) written first, then, in chunks, the datasets of bench/data.ts (a fifth:
 * properties, owners, tags, 8 columns, lineage) and its lighter filler assets (the rest), numbered on
 * from one size to the next. Before the first measured ingest, part of the first size (a fifth, at most
 * 20,000) is written unmeasured: Neo4j compiles its hot paths over the first writes.
 *
 * At each size, in this order: the step's ingest rate (aspects/s, `ingestProposalBatch` of 1,000) and the
 * index's catch-up after its last write; each search kind cold (`BENCH_SCALE_ROUNDS` rounds: a few
 * writes, the index caught up, so that nothing cached for the last version holds, then each kind once,
 * in turn first) and warm (100 of each after 25 of warm-up, nothing writing); `GET /entitiesV2`;
 * lineage of 5 hops both ways; the metadata-test sweep over every dataset (bench/metadata-tests.ts);
 * then the resident memory of neohub and of the Neo4j JVM, and the size of Neo4j's data folder as it is
 * (`store.*`); after the largest size only, again after a clean shutdown and restart of Neo4j
 * (`storeOnDisk`, `store.*Clean`). Neo4j is not restarted between sizes: a restart empties its page
 * cache, and the next size's cold searches would time reading the store back from disk after a restart,
 * which is not what a user meets after writes (an earlier run did, and its 1,000,000 cold figures were
 * those of the first reads of pages since the restart).
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Driver } from 'neo4j-driver';
import { benchUrn, datasetAspects, fillerAspects } from './data.js';
import { entityLatency } from './entity-reads.js';
import { LineageShape, lineageLatency, lineagePlan, loadLineage } from './lineage.js';
import { metadataTestFigures } from './metadata-tests.js';
import { rssMb } from './process-memory.js';
import {
  autocompleteBody,
  matchAllGraphql,
  percentiles,
  picker,
  post,
  searchBody,
  syncCatchUp,
  timed,
  writeAndCatchUp,
} from './search.js';
import { indexedDatasets, ingestRows } from './web-estate.js';

/** The sizes, ascending: datasets in the search index at each step. */
export const SCALE_SIZES = (process.env.BENCH_SCALE_SIZES ?? '100000,300000,1000000')
  .split(',')
  .map((s) => Number(s.trim()));
/**
 * Rounds of the cold figures (a few writes, then each search kind once): 60, so that a p95 is the third
 * slowest call of a kind (of 20, the nearest-rank p95 was the slowest one).
 */
const ROUNDS = Number(process.env.BENCH_SCALE_ROUNDS ?? 60);
const WRITES_PER_ROUND = 3;
/** Warm calls of each search kind (after a quarter as many of warm-up). */
const WARM_CALLS = 100;
const ENTITY_CALLS = 500;
const LINEAGE_STARTS = 100;
/** Entities per ingest call sequence: a fifth datasets of `data.ts`, the rest filler assets. */
const CHUNK = 10_000;
const FULL_SHARE = 5;

type Server = { base: string; pid: number | undefined; stop: () => Promise<void> };

export interface ScaleTarget {
  /** Starts a neohub against the bench's Neo4j, with these settings beside the bench's. */
  readonly start: (env: Record<string, string>) => Promise<Server>;
  /** The Neo4j JVM's pid at the moment of asking; undefined: not known (NEO4J_URI). */
  readonly neo4jPid: (() => number | undefined) | undefined;
  /** Neo4j's data folder (`databases`, `transactions`), when the bench started Neo4j. */
  readonly neo4jData: string | undefined;
  /** The bench's driver (to see Neo4j answer again after its shutdown). */
  readonly driver: Driver;
  readonly log: (m: string) => void;
}

/** Per size (its datasets as the key), the figures; `growth`: each figure at the largest over the smallest. */
export type ScaleResults = Record<string, Record<string, number>>;

const round = (n: number, d = 2): number => Math.round(n * 10 ** d) / 10 ** d;

/** The search kinds of the cold and warm figures, each one call (`i`: the call's number). */
const searchKinds = (base: string, pick: () => number): Record<string, (i: number) => Promise<void>> => {
  const restli = async (body: Record<string, unknown>): Promise<void> => {
    const r = await post(`${base}/entities?action=search`, body);
    if (typeof r.value.numEntities !== 'number') throw new Error('bad search answer');
  };
  return {
    words: () => restli(searchBody(0, pick, 0)),
    tag: () => restli(searchBody(1, pick, 0)),
    owner: () => restli(searchBody(3, pick, 0)),
    // A landing page: everything with its facets, Rest.li over datasets (first page cold, pages 0-4 warm).
    matchAll: (i) => restli(searchBody(2, pick, Math.max(0, i) % 5)),
    matchAllGraphql: () => matchAllGraphql(base),
    autocomplete: async () => {
      await post(`${base}/entities?action=autocomplete`, autocompleteBody(pick));
    },
  };
};

/** Bytes of the files under a folder, in MB. */
function folderMb(dir: string): number {
  let bytes = 0;
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      try {
        if (e.isDirectory()) walk(p);
        else if (e.isFile()) bytes += statSync(p).size;
      } catch {
        /* removed meanwhile (a transaction log rotated) */
      }
    }
  };
  walk(dir);
  return bytes / 2 ** 20;
}

/** The catalog as it grows: the datasets and filler assets written so far, numbered on. */
class Catalog {
  datasets = 0;
  fillers = 0;
  constructor(readonly run: string) {}

  /** Writes `entities` more (a fifth datasets, the rest filler), chunk by chunk; aspects written. */
  async grow(base: string, entities: number): Promise<number> {
    let aspects = 0;
    for (let off = 0; off < entities; off += CHUNK) {
      const n = Math.min(CHUNK, entities - off);
      const full = Math.round(n / FULL_SHARE);
      const rows = [
        ...Array.from({ length: full }, (_, i) => datasetAspects(this.run, this.datasets + i)).flat(),
        ...Array.from({ length: n - full }, (_, i) => fillerAspects(this.run, this.fillers + i)).flat(),
      ];
      await ingestRows(base, this.run, rows);
      this.datasets += full;
      this.fillers += n - full;
      aspects += rows.length;
    }
    return aspects;
  }
}

/** Grows the catalog through the sizes, measuring at each; the per-size figures and their growth. */
export async function scalePhase(t: ScaleTarget): Promise<{ scale: ScaleResults }> {
  const sizes = SCALE_SIZES;
  if (!sizes.length || sizes.some((s, i) => !Number.isInteger(s) || (i > 0 && s <= (sizes[i - 1] ?? 0))))
    throw new Error(`BENCH_SCALE_SIZES: ascending whole numbers, not ${sizes.join(',')}`);
  if ((sizes[0] ?? 0) < 2000) throw new Error('BENCH_SCALE_SIZES: the smallest size is at least 2000');
  const { log } = t;
  const run = `scale_${randomUUID().slice(0, 6)}`;
  const catalog = new Catalog(run);
  // The sweep's results are written by the bench's sweep only (no continuous evaluation).
  const server = await t.start({ NEOHUB_TEST_RESULTS_SYNC: 'false' });
  const results: ScaleResults = {};
  try {
    const first = sizes[0] as number;
    const shape = new LineageShape(run, Math.min(10_000, Math.max(1000, Math.floor(first / 10))));
    const loaded = await loadLineage(server.base, shape);
    const warm = Math.min(20_000, Math.floor(first / 5));
    await catalog.grow(server.base, warm);
    await syncCatchUp(server.base);
    await warmSearches(server.base, catalog);
    log(`scale ${run}: lineage graph of ${shape.size} datasets (${loaded.edges} edges), ${warm} warm-up`);
    const plan = lineagePlan(shape, LINEAGE_STARTS);
    for (const size of sizes) {
      const figures = await step(t, server, catalog, size, plan);
      if (t.neo4jData) Object.assign(figures, storeNow(t.neo4jData));
      if (t.neo4jData && t.neo4jPid && size === sizes.at(-1)) {
        Object.assign(figures, await storeOnDisk(t, t.neo4jData, t.neo4jPid));
        // neohub reconnects to it (same port), its sync idle meanwhile.
        await syncCatchUp(server.base);
      }
      results[String(size)] = figures;
      log(`scale: ${size} done`);
    }
  } finally {
    await server.stop();
  }
  const smallest = results[String(sizes[0])] ?? {};
  const largest = results[String(sizes.at(-1))] ?? {};
  const growth: Record<string, number> = {};
  for (const [k, v] of Object.entries(largest)) {
    const from = smallest[k];
    if (from) growth[k] = round(v / from);
  }
  results.growth = growth;
  printTable(sizes, results);
  return { scale: results };
}

/** One size: the catalog grown to it, then every figure. */
async function step(
  t: ScaleTarget,
  server: Server,
  catalog: Catalog,
  size: number,
  plan: ReturnType<typeof lineagePlan>,
): Promise<Record<string, number>> {
  const { base } = server;
  const { log } = t;
  const missing = size - (await indexedDatasets(base));
  const started = performance.now();
  const aspects = missing > 0 ? await catalog.grow(base, missing) : 0;
  const ingestSec = (performance.now() - started) / 1000;
  const catchUpMs = await syncCatchUp(base);
  const entities = await indexedDatasets(base);
  log(
    `scale ${entities}: ${aspects} aspects in ${round(ingestSec, 1)} s (${round(aspects / ingestSec, 1)}/s), ` +
      `index caught up ${round(catchUpMs / 1000)} s after`,
  );
  const figures: Record<string, number> = {
    entities,
    'ingest.aspects': aspects,
    'ingest.aspectsPerSec': aspects ? round(aspects / ingestSec, 1) : 0,
    'sync.catchUpAfterLastWriteSec': round(catchUpMs / 1000),
  };

  const kinds = Object.entries(searchKinds(base, picker(catalog.datasets)));
  const cold = await coldRounds(
    base,
    catalog,
    kinds.map(([, call]) => call),
    ROUNDS,
  );
  for (const [which, xs] of [
    ['FirstInRound', cold.first],
    ['LaterInRound', cold.later],
  ] as const) {
    const c = percentiles(xs);
    figures[`search.cold${which}.p50Ms`] = c.p50;
    figures[`search.cold${which}.p95Ms`] = c.p95;
    log(
      `  cold, ${which === 'FirstInRound' ? 'first after the writes' : 'after another search'}: p50 ${c.p50} ms, p95 ${c.p95} ms`,
    );
  }
  for (const [k, [name, call]] of kinds.entries()) {
    const c = percentiles(cold.byKind[k] ?? []);
    const w = percentiles(await timed(WARM_CALLS, call));
    Object.assign(figures, {
      [`search.${name}.coldP50Ms`]: c.p50,
      [`search.${name}.coldP95Ms`]: c.p95,
      [`search.${name}.warmP50Ms`]: w.p50,
      [`search.${name}.warmP95Ms`]: w.p95,
    });
    log(`  ${name}: cold p50 ${c.p50} ms, p95 ${c.p95} ms; warm p50 ${w.p50} ms, p95 ${w.p95} ms`);
  }

  const reads = percentiles(await entityLatency(base, catalog.run, catalog.datasets, ENTITY_CALLS));
  figures['entitiesV2.p50Ms'] = reads.p50;
  figures['entitiesV2.p95Ms'] = reads.p95;
  const lineage = await lineageLatency(base, plan, log, [5]);
  for (const [k, v] of Object.entries(lineage)) if (/p(50|95)Ms$/.test(k)) figures[k] = v;

  const tests = await metadataTestFigures(
    base,
    Array.from({ length: Math.min(catalog.datasets, 1000) }, (_, i) => benchUrn(catalog.run, i)),
  );
  Object.assign(figures, tests);
  // The sweep's results are writes too: the next size's ingest starts on a caught-up index.
  await syncCatchUp(base);

  const neohubRss = rssMb(server.pid);
  if (neohubRss !== undefined) figures['memory.neohubRssMb'] = Math.round(neohubRss);
  const neo4jPid = t.neo4jPid?.();
  const neo4jRss = rssMb(neo4jPid);
  if (neo4jRss !== undefined) figures['memory.neo4jRssMb'] = Math.round(neo4jRss);
  return figures;
}

/**
 * The search paths warmed (5 rounds of cold searches, then warm ones of each kind), so that the cold
 * figures are what a write costs them, not compiling them (neohub's, and Neo4j's queries).
 */
async function warmSearches(base: string, catalog: Catalog): Promise<void> {
  const kinds = Object.values(searchKinds(base, picker(catalog.datasets)));
  await coldRounds(base, catalog, kinds, 5);
  for (const call of kinds) await timed(WARM_CALLS, call);
}

/**
 * Neo4j's store on disk. Neo4j writes its store files out at checkpoints (every 15 minutes by default;
 * until then what it wrote is in its page cache, and Community has no procedure to ask for one), and at
 * a clean shutdown: its JVM is sent SIGTERM (a clean shutdown) and the bench's supervisor of the local
 * Neo4j starts it again on the same port. The whole data folder, and the graph's database alone (store
 * files and indexes, the embedded search index among them) without the transaction logs.
 */
async function storeOnDisk(
  t: ScaleTarget,
  data: string,
  pid: () => number | undefined,
): Promise<Record<string, number>> {
  const before = pid();
  if (!before) return {};
  t.log(`scale: Neo4j (pid ${before}) shut down to write its store out; it starts again`);
  process.kill(before, 'SIGTERM');
  for (let i = 0; ; i++) {
    const now = pid();
    if (now && now !== before) {
      try {
        await t.driver.verifyConnectivity();
        break;
      } catch {
        /* starting */
      }
    }
    if (i > 600) throw new Error('Neo4j did not start again');
    await new Promise((r) => setTimeout(r, 500));
  }
  const clean = storeNow(data);
  return {
    'store.neo4jDataMbClean': clean['store.neo4jDataMb'] ?? 0,
    'store.neo4jDatabaseMbClean': clean['store.neo4jDatabaseMb'] ?? 0,
  };
}

/**
 * Neo4j's data folder as it is while Neo4j runs: the store files as far as its last checkpoint wrote
 * them out (pages written since are in its page cache), and the transaction logs since.
 */
function storeNow(data: string): Record<string, number> {
  return {
    'store.neo4jDataMb': Math.round(folderMb(data)),
    'store.neo4jDatabaseMb': Math.round(folderMb(path.join(data, 'databases', 'neo4j'))),
  };
}

/**
 * Cold searches: `rounds` rounds of a few writes (the index caught up after each: a new version, nothing
 * cached for the last one holds), then each search kind once, each first in turn. Per kind, its sorted
 * latencies in ms; and the latencies of the searches that came first in their round (right after the
 * writes) and of those after them, every kind together: where a write's cost falls on the next search
 * whatever its kind, the first ones show it.
 */
async function coldRounds(
  base: string,
  catalog: Catalog,
  kinds: readonly ((i: number) => Promise<void>)[],
  rounds: number,
): Promise<{ byKind: number[][]; first: number[]; later: number[] }> {
  const pick = picker(catalog.datasets);
  const out = kinds.map((): number[] => []);
  const first: number[] = [];
  const later: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (let w = 0; w < WRITES_PER_ROUND; w++)
      await writeAndCatchUp(base, benchUrn(catalog.run, pick()), `scale round ${r}.${w}`);
    for (let k = 0; k < kinds.length; k++) {
      const at = (k + r) % kinds.length;
      const started = performance.now();
      await kinds[at]?.(0);
      const ms = performance.now() - started;
      out[at]?.push(ms);
      (k === 0 ? first : later).push(ms);
    }
  }
  const sorted = (xs: number[]): number[] => xs.sort((a, b) => a - b);
  return { byKind: out.map(sorted), first: sorted(first), later: sorted(later) };
}

/** The figures as a table: one row per figure, one column per size, and the growth. */
function printTable(sizes: readonly number[], results: ScaleResults): void {
  const names = [...new Set(sizes.flatMap((s) => Object.keys(results[String(s)] ?? {})))];
  const table: Record<string, Record<string, number | undefined>> = {};
  for (const name of names)
    table[name] = {
      ...Object.fromEntries(sizes.map((s) => [String(s), results[String(s)]?.[name]])),
      growth: results.growth?.[name],
    };
  console.table(table);
}

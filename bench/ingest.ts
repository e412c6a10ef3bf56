import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startLocalNeo4j, type LocalNeo4j } from '../src/local-neo4j/index.js';
import { defaultRegistry } from '../src/registry/index.js';
import { createDriver } from '../src/store/index.js';
import {
  ASPECTS_PER_DATASET,
  WRITTEN_PER_NEW_DATASET,
  benchUrn,
  datasetRows,
  fillerAspects,
  httpLoad,
} from './data.js';
import { directLoad } from './direct.js';
import {
  LINEAGE_LAYERS,
  LineageShape,
  lineageAnchor,
  lineageLatency,
  lineagePlan,
  lineageProfile,
  lineageUncapped,
  loadLineage,
} from './lineage.js';
import { matchAllAfterWrite, post, searchLatency, syncCatchUp } from './search.js';
import { entityLatency } from './entity-reads.js';
import { AUTH, BENCH_TOKEN } from './auth.js';
import { benchMeili, meiliLatency } from './meili.js';
import { httpLayer } from './http-layer.js';
import { pollBesideIngest, writeToEventDelay } from './events.js';
import { metadataTestFigures } from './metadata-tests.js';
import { soak } from './soak.js';
import { webPhase } from './web.js';
import { scalePhase } from './scale.js';
import { kafkaPhase } from './kafka.js';

/**
 * `npm run bench`: ingest of 100,000 aspects through ingestProposalBatch over HTTP against the same
 * graph writes done directly, GET /entitiesV2 latency over the loaded data, search, the events API
 * beside an ingest, and multi-hop lineage over a graph of 100,000 datasets and 1,000,000 lineage edges.
 */
const ASPECTS = Number(process.env.BENCH_ASPECTS ?? 100_000);
/** Entities in the index when search and autocomplete are measured. */
const SEARCH_ENTITIES = Number(process.env.BENCH_SEARCH_ENTITIES ?? 100_000);
/** Datasets of the lineage graph (10 lineage edges each), and the random starts per lineage figure. */
const LINEAGE_DATASETS = Number(process.env.BENCH_LINEAGE_DATASETS ?? 100_000);
const LINEAGE_STARTS = Number(process.env.BENCH_LINEAGE_STARTS ?? 200);
/**
 * Which phases run: `ingest` (ingest, reads and search), `web` (the web app in Chromium, over the search
 * estate), `meili`, `http` (fastify against express), `kafka` (DataHub's Kafka paths, bench/kafka.ts),
 * `lineage` and `soak` (minutes of mixed load); and, only when named, `scale` (one catalog grown through `BENCH_SCALE_SIZES`, bench/scale.ts: about an hour).
 */
const PHASES = new Set(
  (process.env.BENCH_PHASES ?? 'ingest,web,meili,http,kafka,lineage,soak').split(',').map((p) => p.trim()),
);
/** Datasets written (directly, then through neohub) before a measured ingest. */
const WARM_DATASETS = 2000;
/**
 * Datasets written through neohub (search sync on) before the first measured ingest: Neo4j compiles its
 * hot paths (Cypher, Lucene) over the first few hundred thousand writes; after 2,000 datasets the first
 * ingest measured about half of what the same ingest measured on the same server later in the run.
 */
const FIRST_WARM_DATASETS = 20_000;
const root = process.cwd();
/** Where figures go (BENCH_RESULTS_FILE: elsewhere, e.g. for trial runs at other sizes). */
const resultsFile = process.env.BENCH_RESULTS_FILE ?? path.join(root, 'bench', 'results.json');
/** neohub's entry point, built beside this file (dist/src/main.js after `npm run build`). */
const serverMain = fileURLToPath(new URL('../src/main.js', import.meta.url));

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

const pct = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
const round = (n: number, d = 1): number => Math.round(n * 10 ** d) / 10 ** d;

async function main(): Promise<void> {
  const datasets = Math.ceil(ASPECTS / ASPECTS_PER_DATASET);
  let local: LocalNeo4j | undefined;
  let graph = {
    uri: process.env.NEO4J_URI ?? '',
    user: process.env.NEO4J_USER ?? 'neo4j',
    password: process.env.NEO4J_PASSWORD ?? '',
  };
  const neo4jDir = path.join(root, '.neohub', 'bench', 'neo4j');
  if (!graph.uri) {
    const dir = path.dirname(neo4jDir);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    local = await startLocalNeo4j({
      dataDir: neo4jDir,
      log: (m) => console.log(m),
      // The bench's sizes, unless set as for neohub's local mode (a catalog of a million entities keeps
      // a 16 GB store: the scale phase reads more of it than 2 GB holds).
      heap: process.env.NEOHUB_NEO4J_HEAP || '4g',
      pageCache: process.env.NEOHUB_NEO4J_PAGECACHE || '2g',
    });
    graph = local;
  }
  const driver = createDriver(graph.uri, graph.user, graph.password);
  const registry = defaultRegistry();
  try {
    const figures: Record<string, unknown> = {
      ...(PHASES.has('ingest') ? await ingestPhases(graph, driver, registry, datasets) : {}),
      ...(PHASES.has('web') ? await webPhase((env) => startServer(graph, env), SEARCH_ENTITIES) : {}),
      ...(PHASES.has('meili') ? await meiliPhase(graph, datasets) : {}),
      ...(PHASES.has('http') ? await httpLayer(graph) : {}),
      ...(PHASES.has('kafka')
        ? await kafkaPhase(
            (env) => startServer(graph, env),
            (m) => console.log(m),
          )
        : {}),
      ...(PHASES.has('lineage') && LINEAGE_DATASETS > 0 ? await lineagePhase(graph, driver, registry) : {}),
      ...(PHASES.has('soak') ? await soakPhase(graph, local) : {}),
      ...(PHASES.has('scale')
        ? await scalePhase({
            start: (env) => startServer(graph, env),
            neo4jPid: local ? () => local.pid() : undefined,
            // The store on disk (the layout of src/local-neo4j: `<dataDir>/data`).
            neo4jData: local ? path.join(neo4jDir, 'data') : undefined,
            driver,
            log: (m) => console.log(m),
          })
        : {}),
    };
    let previous: Record<string, unknown> = {};
    try {
      previous = JSON.parse(readFileSync(resultsFile, 'utf8')) as Record<string, unknown>;
    } catch {
      /* first run */
    }
    writeFileSync(
      resultsFile,
      `${JSON.stringify({ ...previous, ...figures, measuredAt: new Date().toISOString() }, null, 2)}\n`,
    );
    // The scale phase printed its own table (a column per size).
    const flat = Object.entries(figures).filter(([k]) => k !== 'scale');
    if (flat.length) console.table(Object.fromEntries(flat));
  } finally {
    await driver.close();
    await local?.stop();
  }
}

type Driver = ReturnType<typeof createDriver>;
type Registry = ReturnType<typeof defaultRegistry>;

/** Ingest through HTTP (with and without the search sync) and directly, reads and search. */
async function ingestPhases(
  graph: Graph,
  driver: Driver,
  registry: Registry,
  datasets: number,
): Promise<Record<string, number>> {
  // 1. neohub as users run it (search sync on): ingest, index catch-up, search and read latency.
  // The sweep of the metadata-test figures is started by the bench, not by the continuous evaluation.
  // Neo4j compiles its hot paths over the first tens of thousands of writes: the measured runs all
  // start on a warm server (before, step 1 paid for it and the direct writes after it did not).
  await directLoad(driver, registry, `warm_first_${randomUUID().slice(0, 6)}`, WARM_DATASETS);
  const synced = await startServer(graph, { NEOHUB_TEST_RESULTS_SYNC: 'false' });
  let figures: Record<string, number>;
  const run = `http_${randomUUID().slice(0, 6)}`;
  try {
    await httpLoad(synced.base, ...datasetRows(`warm_http_${randomUUID().slice(0, 6)}`, FIRST_WARM_DATASETS));
    await syncCatchUp(synced.base);
    const withSync = await httpLoad(synced.base, ...datasetRows(run, datasets));
    console.log(`neohub ingestProposalBatch over HTTP, search sync running: ${round(withSync)} aspects/s`);
    const catchUpMs = await syncCatchUp(synced.base);
    console.log(`search index caught up ${round(catchUpMs / 1000, 2)} s after the last write`);
    const filler = Math.max(0, SEARCH_ENTITIES - datasets - FIRST_WARM_DATASETS);
    if (filler) {
      const rows = Array.from({ length: filler }, (_, i) => fillerAspects(run, i)).flat();
      await httpLoad(synced.base, run, rows);
      await syncCatchUp(synced.base);
      console.log(`${filler} more entities loaded and indexed for the search figures`);
    }
    const searchFigures = {
      ...(await searchLatency(synced.base, datasets)),
      ...(await matchAllAfterWrite(synced.base, benchUrn(run, 0))),
    };
    const latencies = await entityLatency(synced.base, run, datasets);
    const tests = await metadataTestFigures(
      synced.base,
      Array.from({ length: Math.min(datasets, 1000) }, (_, i) => benchUrn(run, i)),
    );
    figures = {
      'ingest.httpBatchWithSearchSync.aspectsPerSec': round(withSync),
      'entitiesV2.p50Ms': round(pct(latencies, 50), 2),
      'entitiesV2.p99Ms': round(pct(latencies, 99), 2),
      'search.documents': await searchableCount(synced.base),
      'sync.catchUpAfterLastWriteSec': round(catchUpMs / 1000, 2),
      ...searchFigures,
      ...tests,
    };
  } finally {
    await synced.stop();
  }

  // 2. The limit of the stack: the same graph writes straight through the driver, nothing else running.
  await directLoad(driver, registry, `warm_direct_${randomUUID().slice(0, 6)}`, 400);
  const directRate = await directLoad(driver, registry, `direct_${randomUUID().slice(0, 6)}`, datasets);
  console.log(`direct driver: ${round(directRate)} aspects/s`);

  // 3. The write path alone (search sync in no process), to compare with the direct writes.
  const plain = await startServer(graph, { NEOHUB_SEARCH_SYNC: 'false' });
  let httpRate: number;
  let rollback: Record<string, number>;
  let events: Record<string, number>;
  try {
    await httpLoad(plain.base, ...datasetRows(`warm_plain_${randomUUID().slice(0, 6)}`, 400));
    const plainRun = `plain_${randomUUID().slice(0, 6)}`;
    httpRate = await httpLoad(plain.base, ...datasetRows(plainRun, datasets));
    console.log(`neohub ingestProposalBatch over HTTP, write path alone: ${round(httpRate)} aspects/s`);
    // 4. Rolling that run back (it created its entities, so each goes whole), dry run first.
    rollback = await rollbackRun(plain.base, plainRun);
    // 5. The events API: the same ingest again with a consumer polling its change-log events (each new
    // dataset's key aspect makes one too), then single writes and the delay until their events arrive.
    const [eventsRun, eventsRows] = datasetRows(`events_${randomUUID().slice(0, 6)}`, datasets);
    events = {
      ...(await pollBesideIngest(plain.base, datasets * WRITTEN_PER_NEW_DATASET, () =>
        httpLoad(plain.base, eventsRun, eventsRows),
      )),
      ...(await writeToEventDelay(plain.base, eventsRun, datasets)),
    };
  } finally {
    await plain.stop();
  }
  // 6. DataHub's schema-field side effect on (neohub's default; the servers above run with DataHub's
  // default, off, so that they write what the direct writes write): the bench's 8 columns per dataset
  // become 8 `schemaField` entities, each with its key and aliases, in the dataset's transaction.
  const fielded = await startServer(graph, {
    NEOHUB_SEARCH_SYNC: 'false',
    MCP_SIDE_EFFECTS_SCHEMA_FIELD_ENABLED: 'true',
  });
  let fieldRate: number;
  try {
    await httpLoad(fielded.base, ...datasetRows(`warm_fields_${randomUUID().slice(0, 6)}`, 400));
    fieldRate = await httpLoad(
      fielded.base,
      ...datasetRows(`fields_${randomUUID().slice(0, 6)}`, Math.min(datasets, 10_000)),
    );
    console.log(`write path alone with schema-field entities: ${round(fieldRate)} aspects/s`);
  } finally {
    await fielded.stop();
  }
  figures = {
    'ingest.aspects': datasets * ASPECTS_PER_DATASET,
    'ingest.directDriver.aspectsPerSec': round(directRate),
    'ingest.httpBatch.aspectsPerSec': round(httpRate),
    'ingest.httpToDirectRatio': round(httpRate / directRate, 3),
    'ingest.httpBatchWithSchemaFieldEntities.aspectsPerSec': round(fieldRate),
    ...rollback,
    ...events,
    'events.ingestWithPollerToAloneRatio': round(
      (events['ingest.httpBatchWithEventsPoller.aspectsPerSec'] ?? 0) / httpRate,
      3,
    ),
    ...figures,
  };
  return figures;
}

/**
 * The same ingest and search on Meilisearch, side by side with the embedded index: a neohub with
 * MEILI_HOST fills the new index from the change log (every entity the earlier phases wrote: at least
 * the search entities), then ingests the datasets with the sync running; the figures are the catch-up
 * after the last write and search and autocomplete latency over the full index.
 */
async function meiliPhase(graph: Graph, datasets: number): Promise<Record<string, number>> {
  const meili = await benchMeili(root, path.join(root, '.neohub', 'bench-meili'));
  if (!meili) return {};
  const env = { MEILI_HOST: meili.host, ...(meili.key ? { MEILI_MASTER_KEY: meili.key } : {}) };
  const index = `bench_${randomUUID().slice(0, 6)}`;
  const server = await startServer(graph, { ...env, MEILI_INDEX: index });
  try {
    const rebuildMs = await syncCatchUp(server.base);
    console.log(`Meilisearch filled from the change log in ${round(rebuildMs / 1000, 1)} s`);
    const run = `meili_${randomUUID().slice(0, 6)}`;
    const rate = await httpLoad(server.base, ...datasetRows(run, datasets));
    console.log(`neohub ingestProposalBatch over HTTP, Meilisearch sync running: ${round(rate)} aspects/s`);
    const catchUpMs = await syncCatchUp(server.base);
    console.log(`Meilisearch caught up ${round(catchUpMs / 1000, 2)} s after the last write`);
    // neohub and its anchor (Meilisearch's own time for the same requests), call by call in turn.
    const searchFigures = await meiliLatency(server.base, meili, index, datasets);
    return {
      'sync.meili.rebuildSec': round(rebuildMs / 1000, 1),
      'ingest.httpBatchWithMeiliSync.aspectsPerSec': round(rate),
      'sync.meili.catchUpAfterLastWriteSec': round(catchUpMs / 1000, 2),
      'search.meili.documents': await searchableCount(server.base),
      ...searchFigures,
    };
  } finally {
    await server.stop();
    await meili.stop();
  }
}

/**
 * Lineage: 100,000 datasets with 1,000,000 lineage edges (shape in bench/lineage.ts) loaded through
 * the write path (search sync off: the figures are the walk's), then GraphQL lineage at 1, 3, 5 and 10
 * hops both ways beside its anchor (the same walks as a plain variable-length Cypher pattern), where
 * the time of a 5-hop walk goes, and what the visit cap costs at 10 hops (a second neohub with the cap
 * lifted: the full walk, and all of it read page by page).
 */
async function lineagePhase(
  graph: Graph,
  driver: Driver,
  registry: Registry,
): Promise<Record<string, number>> {
  // BENCH_LINEAGE_RUN (with NEO4J_URI): measure over a graph an earlier run loaded, without loading.
  const reuse = process.env.BENCH_LINEAGE_RUN;
  const shape = new LineageShape(reuse ?? randomUUID().slice(0, 6), LINEAGE_DATASETS);
  const plan = lineagePlan(shape, LINEAGE_STARTS);
  const log = (m: string): void => console.log(m);
  let figures: Record<string, number>;
  const server = await startServer(graph, { NEOHUB_SEARCH_SYNC: 'false' });
  try {
    console.log(`lineage graph ${shape.run}: ${shape.size} datasets in ${LINEAGE_LAYERS} layers`);
    const loaded = reuse ? undefined : await loadLineage(server.base, shape, log);
    if (loaded) console.log(`lineage graph: ${loaded.edges} edges loaded in ${round(loaded.seconds)} s`);
    const latency = await lineageLatency(server.base, plan, log);
    const anchor = await lineageAnchor(driver, plan, latency, log);
    const profile = await lineageProfile(driver, registry, shape, 5, LINEAGE_STARTS);
    figures = {
      'lineage.datasets': shape.size,
      ...(loaded && {
        'lineage.edges': loaded.edges,
        'lineage.loadSec': round(loaded.seconds),
        'lineage.loadEdgesPerSec': round(loaded.edges / loaded.seconds),
      }),
      ...latency,
      ...anchor,
      ...profile,
    };
  } finally {
    await server.stop();
  }
  // The cost of the visit cap: the same 10-hop walks on a neohub without it, whole and page by page.
  const uncappedStarts = Number(process.env.BENCH_LINEAGE_UNCAPPED_STARTS ?? 20);
  if (uncappedStarts <= 0) return figures;
  const uncapped = await startServer(graph, {
    NEOHUB_SEARCH_SYNC: 'false',
    NEOHUB_LINEAGE_MAX_VISITED: String(shape.size),
  });
  try {
    const pageSize = Number(process.env.BENCH_LINEAGE_PAGE ?? 1000);
    return {
      ...figures,
      ...(await lineageUncapped(uncapped.base, driver, plan, 10, uncappedStarts, pageSize, log)),
    };
  } finally {
    await uncapped.stop();
  }
}

/**
 * The soak (bench/soak.ts): one neohub as users run it (search sync on) under mixed load from several
 * clients; with the bench's own Neo4j, its JVM's memory is followed too.
 */
async function soakPhase(graph: Graph, local: LocalNeo4j | undefined): Promise<Record<string, number>> {
  const server = await startServer(graph, {});
  try {
    return await soak({
      base: server.base,
      neohubPid: server.pid,
      neo4jPid: local ? () => local.pid() : undefined,
      log: (m) => console.log(m),
    });
  } finally {
    await server.stop();
  }
}

type Graph = { uri: string; user: string; password: string };

/** A neohub server process on a free port, against `graph`. */
async function startServer(
  graph: Graph,
  env: Record<string, string>,
): Promise<{ base: string; pid: number | undefined; stop: () => Promise<void> }> {
  const port = await freePort();
  const server: ChildProcess = spawn('node', [serverMain], {
    env: {
      ...process.env,
      NEO4J_URI: graph.uri,
      NEO4J_USER: graph.user,
      NEO4J_PASSWORD: graph.password,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NEOHUB_ROOT_TOKEN: BENCH_TOKEN,
      // The bench writes 1,000 proposals per call, more than DataHub's client sends in one.
      NEOHUB_MAX_BATCH_PROPOSALS: '1000',
      // DataHub's default: a dataset's columns are not made entities (step 6 measures them on).
      MCP_SIDE_EFFECTS_SCHEMA_FIELD_ENABLED: 'false',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = async (): Promise<void> => {
    if (server.exitCode !== null) return;
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  };
  for (let i = 0; ; i++) {
    if (i > 240) {
      await stop();
      throw new Error('neohub did not start');
    }
    try {
      if ((await fetch(`${base}/health`)).ok) return { base, pid: server.pid, stop };
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function searchableCount(base: string): Promise<number> {
  const res = await fetch(`${base}/entities?action=search`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...AUTH },
    body: JSON.stringify({ input: '*', entity: 'dataset', start: 0, count: 0 }),
  });
  return ((await res.json()) as { value: { numEntities: number } }).value.numEntities;
}

/** Rolls a run back over HTTP (`/runs?action=rollback`), a dry run first; its figures. */
async function rollbackRun(base: string, runId: string): Promise<Record<string, number>> {
  const call = async (dryRun: boolean) => {
    const started = performance.now();
    // Node's http module, which waits as long as the rollback takes (fetch gives up after 300 s).
    const { value } = await post(`${base}/runs?action=rollback`, { runId, dryRun, safe: true });
    return { ms: performance.now() - started, aspects: value.aspectsReverted as number };
  };
  const dry = await call(true);
  const done = await call(false);
  const perSec = done.aspects / (done.ms / 1000);
  console.log(
    `rollback of ${done.aspects} aspects: dry run ${round(dry.ms / 1000, 2)} s, ${round(perSec)} aspects/s`,
  );
  return {
    'rollback.aspects': done.aspects,
    'rollback.dryRunSec': round(dry.ms / 1000, 2),
    'rollback.aspectsPerSec': round(perSec),
  };
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

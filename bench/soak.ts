/**
 * The soak (phase `soak`): one neohub, search sync on, under a steady mix of reads, writes, searches and
 * lineage walks from several concurrent clients for minutes, over HTTP only. It counts every failed
 * request (a status other than 2xx, a GraphQL error, a network error), follows p99 per kind and per
 * minute, and samples the resident memory of the neohub process and of the Neo4j JVM every 30 s.
 *
 * Before it starts: a catalog of CATALOG datasets (the five aspects of bench/data.ts each) and a lineage
 * graph of LINEAGE datasets (the shape of bench/lineage.ts), both under the soak's own run prefix, then
 * 30 s of the same mix as a warm-up. The clients are paced to BENCH_SOAK_RPS requests per second in all
 * (default 40: under the 100 per second that neohub's default rate limit allows one actor, and a load
 * the 2-core bench machine sustains, so that latency is not mostly queueing); a client that falls
 * behind sends at once.
 */
import { randomUUID } from 'node:crypto';
import { AUTH } from './auth.js';
import { jvmMemory, rssMb } from './process-memory.js';
import { searchBody } from './search.js';
import { benchUrn, datasetAspects, proposalOf } from './data.js';
import { LineageShape, loadLineage, prng } from './lineage.js';
import { syncCatchUp } from './search.js';

export const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 600);
export const SOAK_CLIENTS = Number(process.env.BENCH_SOAK_CLIENTS ?? 8);
const SOAK_RPS = Number(process.env.BENCH_SOAK_RPS ?? 40);
const WARMUP_SECONDS = 30;
const SAMPLE_EVERY_MS = 30_000;
const CATALOG = 1000;
const LINEAGE = 2000;
const KINDS = ['read', 'write', 'search', 'lineage'] as const;
type Kind = (typeof KINDS)[number];
/** Share of each kind in the mix (cumulative thresholds below). */
const MIX: Record<Kind, number> = { read: 0.35, write: 0.25, search: 0.25, lineage: 0.15 };

const pct = (sorted: number[], p: number): number =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number) : 0;
const round = (n: number, d = 2): number => Math.round(n * 10 ** d) / 10 ** d;
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const RESTLI = { 'Content-Type': 'application/json', 'X-RestLi-Protocol-Version': '2.0.0', ...AUTH };

class RequestError extends Error {}

async function call(url: string, init: RequestInit): Promise<unknown> {
  const res = await fetch(url, init);
  const text = await res.text();
  if (res.status < 200 || res.status >= 300)
    throw new RequestError(`${res.status} ${init.method ?? 'GET'} ${url}: ${text.slice(0, 200)}`);
  return text ? (JSON.parse(text) as unknown) : undefined;
}

async function graphql(base: string, query: string, variables: Record<string, unknown>): Promise<unknown> {
  const body = (await call(`${base}/api/graphql`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...AUTH },
    body: JSON.stringify({ query, variables }),
  })) as { data?: unknown; errors?: unknown[] };
  if (body.errors?.length || !body.data)
    throw new RequestError(`GraphQL error: ${JSON.stringify(body.errors ?? body).slice(0, 200)}`);
  return body.data;
}

const DATASET_QUERY = `query ($urn: String!) {
  dataset(urn: $urn) {
    urn properties { name description } ownership { owners { type } }
    tags { tags { tag { urn } } } schemaMetadata { fields { fieldPath } }
  }
}`;
const LINEAGE_QUERY = `query ($urn: String!, $dir: LineageDirection!, $hops: Int!) {
  dataset(urn: $urn) {
    lineage(input: { direction: $dir, maxHops: $hops, count: 100 }) {
      total partial relationships { degree entity { urn type } }
    }
  }
}`;
const LINEAGE_SEARCH_QUERY = `query ($input: SearchAcrossLineageInput!) {
  searchAcrossLineage(input: $input) {
    total searchResults { degree entity { urn } } facets { field aggregations { value count } }
  }
}`;

/** The searches of the soak, as `Workload.search` names them (`searchBody`'s kinds 0-3, then autocomplete). */
const SEARCHES = ['words', 'tag', 'all', 'owner', 'autocomplete'] as const;
type Search = (typeof SEARCHES)[number];

/** The soak's requests: one of each kind, chosen at random within the kind. */
class Workload {
  private writes = 0;
  private created = 0;
  /** What the last `search()` sent. */
  lastSearch: Search = 'words';

  constructor(
    private readonly base: string,
    private readonly run: string,
    private readonly shape: LineageShape,
    private readonly client: number,
    private readonly rnd: () => number,
  ) {}

  private dataset(): number {
    return Math.floor(this.rnd() * CATALOG);
  }

  async read(): Promise<void> {
    const urn = benchUrn(this.run, this.dataset());
    if (this.rnd() < 0.5) {
      const body = (await call(`${this.base}/entitiesV2/${encodeURIComponent(urn)}`, {
        headers: RESTLI,
      })) as { aspects?: Record<string, unknown> };
      if (!body.aspects?.datasetProperties) throw new RequestError(`entitiesV2 of ${urn}: no properties`);
    } else {
      const data = (await graphql(this.base, DATASET_QUERY, { urn })) as { dataset: unknown };
      if (!data.dataset) throw new RequestError(`GraphQL dataset ${urn}: null`);
    }
  }

  async write(): Promise<void> {
    const n = ++this.writes;
    const update = (): Record<string, unknown> => {
      const i = this.dataset();
      return proposalOf(this.run, {
        urn: benchUrn(this.run, i),
        aspect: 'datasetProperties',
        value: {
          name: `table_${i}`,
          description: `Table number ${i} of the benchmark, soak write ${n}`,
          customProperties: { team: `team_${i % 50}`, soak: String(n) },
        },
      });
    };
    if (this.rnd() < 0.7) {
      await call(`${this.base}/aspects?action=ingestProposal`, {
        method: 'POST',
        headers: RESTLI,
        body: JSON.stringify({ proposal: update(), async: 'false' }),
      });
      return;
    }
    // A small batch: a new dataset of the run (its five aspects) and five updates.
    const fresh = `${this.run}_new${this.client}`;
    const rows = datasetAspects(fresh, this.created++);
    const proposals = [...rows.map((r) => proposalOf(fresh, r)), ...Array.from({ length: 5 }, update)];
    await call(`${this.base}/aspects?action=ingestProposalBatch`, {
      method: 'POST',
      headers: RESTLI,
      body: JSON.stringify({ proposals, async: 'false' }),
    });
  }

  async search(): Promise<void> {
    const r = this.rnd();
    if (r < 0.3) {
      this.lastSearch = 'autocomplete';
      await call(`${this.base}/entities?action=autocomplete`, {
        method: 'POST',
        headers: RESTLI,
        body: JSON.stringify({
          query: `table_${this.dataset()}`.slice(0, 7 + Math.floor(this.rnd() * 4)),
          entity: 'dataset',
          limit: 10,
        }),
      });
      return;
    }
    const kind = Math.floor(this.rnd() * 4);
    this.lastSearch = SEARCHES[kind] as Search;
    const body = searchBody(kind, () => this.dataset(), Math.floor(this.rnd() * 5));
    const answer = (await call(`${this.base}/entities?action=search`, {
      method: 'POST',
      headers: RESTLI,
      body: JSON.stringify(body),
    })) as { value?: { numEntities?: unknown } };
    if (typeof answer.value?.numEntities !== 'number') throw new RequestError('search: no numEntities');
  }

  async lineage(): Promise<void> {
    const urn = this.shape.urn(Math.floor(this.rnd() * this.shape.size));
    const dir = this.rnd() < 0.5 ? 'UPSTREAM' : 'DOWNSTREAM';
    const hops = [1, 2, 3, 5][Math.floor(this.rnd() * 4)] as number;
    if (this.rnd() < 0.6) {
      const data = (await graphql(this.base, LINEAGE_QUERY, { urn, dir, hops })) as {
        dataset: { lineage: { total: number } } | null;
      };
      if (!data.dataset?.lineage) throw new RequestError(`lineage of ${urn}: null`);
    } else {
      await graphql(this.base, LINEAGE_SEARCH_QUERY, {
        input: { urn, direction: dir, maxHops: Math.min(hops, 3), query: '*', start: 0, count: 10 },
      });
    }
  }
}

export interface SoakTarget {
  /** neohub's base URL. */
  readonly base: string;
  /** The neohub server's pid (its RSS is measured), if known. */
  readonly neohubPid: number | undefined;
  /** The Neo4j JVM's pid at the moment of asking (a restart gives a new one); undefined: not known. */
  readonly neo4jPid: (() => number | undefined) | undefined;
  readonly log: (m: string) => void;
}

/** Loads the soak's data, warms up, runs the soak and returns its `soak.*` figures. */
export async function soak(t: SoakTarget): Promise<Record<string, number>> {
  const { base, log } = t;
  const run = `soak_${randomUUID().slice(0, 6)}`;
  const shape = new LineageShape(run, LINEAGE);
  const rows = Array.from({ length: CATALOG }, (_, i) => datasetAspects(run, i)).flat();
  for (let off = 0; off < rows.length; off += 1000)
    await call(`${base}/aspects?action=ingestProposalBatch`, {
      method: 'POST',
      headers: RESTLI,
      body: JSON.stringify({
        proposals: rows.slice(off, off + 1000).map((r) => proposalOf(run, r)),
        async: 'false',
      }),
    });
  const loaded = await loadLineage(base, shape);
  await syncCatchUp(base);
  log(
    `soak ${run}: ${CATALOG} datasets and a lineage graph of ${shape.size} (${loaded.edges} edges) loaded and ` +
      `indexed; ${SOAK_CLIENTS} clients at ${SOAK_RPS} requests/s in all, ${WARMUP_SECONDS} s warm-up, then ` +
      `${SOAK_SECONDS} s`,
  );

  const rnd = prng(0x50a6);
  const latencies: Record<Kind, number[]> = { read: [], write: [], search: [], lineage: [] };
  const searches = Object.fromEntries(SEARCHES.map((s) => [s, [] as number[]])) as Record<Search, number[]>;
  const perMinute: number[][] = Array.from({ length: Math.ceil(SOAK_SECONDS / 60) }, () => []);
  const errors: string[] = [];
  let errorCount = 0;
  let requests = 0;
  let measuring = false;
  let soakStart = 0;
  let stopAt = performance.now() + WARMUP_SECONDS * 1000;
  const interval = (1000 * SOAK_CLIENTS) / SOAK_RPS;

  const workloads = Array.from(
    { length: SOAK_CLIENTS },
    (_, c) => new Workload(base, run, shape, c, prng(0x50a6 + c * 7919)),
  );
  const client = async (c: number): Promise<void> => {
    const w = workloads[c] as Workload;
    let next = performance.now() + rnd() * interval;
    while (performance.now() < stopAt) {
      const wait = next - performance.now();
      if (wait > 0) await sleep(wait);
      else next = performance.now();
      next += interval;
      if (performance.now() >= stopAt) break;
      const r = rnd();
      const kind: Kind =
        r < MIX.read
          ? 'read'
          : r < MIX.read + MIX.write
            ? 'write'
            : r < MIX.read + MIX.write + MIX.search
              ? 'search'
              : 'lineage';
      const counted = measuring;
      const started = performance.now();
      let failed: string | undefined;
      try {
        await w[kind]();
      } catch (err) {
        failed = `${kind}: ${err instanceof RequestError ? err.message : String(err)}`;
      }
      const ms = performance.now() - started;
      if (!counted) continue;
      requests++;
      latencies[kind].push(ms);
      if (kind === 'search') searches[w.lastSearch].push(ms);
      perMinute[Math.min(perMinute.length - 1, Math.floor((started - soakStart) / 60_000))]?.push(ms);
      if (failed) {
        errorCount++;
        if (errors.length < 10) {
          errors.push(failed);
          log(`  soak error: ${failed}`);
        }
      }
    }
  };

  // The warm-up: the same mix, not counted.
  await Promise.all(Array.from({ length: SOAK_CLIENTS }, (_, c) => client(c)));
  const neo4jPid = (): number | undefined => t.neo4jPid?.();
  const samples: { at: number; neohub?: number; neo4j?: number }[] = [];
  const sample = (): void => {
    const s = {
      at: Math.round((performance.now() - soakStart) / 1000),
      neohub: rssMb(t.neohubPid),
      neo4j: rssMb(neo4jPid()),
    };
    samples.push(s);
    log(
      `  soak t=${s.at}s: neohub RSS ${s.neohub === undefined ? '-' : round(s.neohub, 0)} MB, ` +
        `Neo4j RSS ${s.neo4j === undefined ? '-' : round(s.neo4j, 0)} MB, ${requests} requests, ${errorCount} errors`,
    );
  };
  const jvmFigures: Record<string, number> = {};
  const jvm = (when: 'Start' | 'End'): void => {
    const j = jvmMemory(neo4jPid());
    if (!j) return;
    log(
      `  Neo4j JVM (${when.toLowerCase()}): heap committed ${j.heapCommittedMb} MB, used ${j.heapUsedMb} MB, ` +
        `resident ${j.heapRssMb} MB; resident outside the heap ${j.otherRssMb} MB`,
    );
    jvmFigures[`soak.neo4jHeapRss${when}Mb`] = j.heapRssMb;
    jvmFigures[`soak.neo4jOtherRss${when}Mb`] = j.otherRssMb;
  };
  log(`soak: neohub pid ${t.neohubPid ?? 'unknown'}, Neo4j pid ${neo4jPid() ?? 'unknown'}`);
  jvm('Start');
  soakStart = performance.now();
  stopAt = soakStart + SOAK_SECONDS * 1000;
  measuring = true;
  sample();
  const sampler = setInterval(sample, SAMPLE_EVERY_MS);
  try {
    await Promise.all(Array.from({ length: SOAK_CLIENTS }, (_, c) => client(c)));
  } finally {
    clearInterval(sampler);
  }
  const elapsed = (performance.now() - soakStart) / 1000;
  sample();
  jvm('End');
  const catchUpMs = await syncCatchUp(base);

  const first = samples[0] as (typeof samples)[number];
  const last = samples[samples.length - 1] as (typeof samples)[number];
  const all = KINDS.flatMap((k) => latencies[k]).sort((a, b) => a - b);
  const figures: Record<string, number> = {
    'soak.seconds': round(elapsed, 1),
    'soak.clients': SOAK_CLIENTS,
    'soak.targetRps': SOAK_RPS,
    'soak.requests': requests,
    'soak.requestsPerSec': round(requests / elapsed, 1),
    'soak.errors': errorCount,
    'soak.p50Ms': round(pct(all, 50)),
    'soak.p99Ms': round(pct(all, 99)),
    'soak.syncCatchUpAfterEndSec': round(catchUpMs / 1000),
  };
  for (const k of KINDS) {
    const sorted = latencies[k].sort((a, b) => a - b);
    figures[`soak.${k}.requests`] = sorted.length;
    figures[`soak.${k}.p50Ms`] = round(pct(sorted, 50));
    figures[`soak.${k}.p95Ms`] = round(pct(sorted, 95));
    figures[`soak.${k}.p99Ms`] = round(pct(sorted, 99));
  }
  // Each search of the mix on its own: words, an exact tag, `*` pages, an owner filter, autocomplete.
  for (const s of SEARCHES) {
    const sorted = searches[s].sort((a, b) => a - b);
    figures[`soak.search.${s}.p50Ms`] = round(pct(sorted, 50));
    figures[`soak.search.${s}.p95Ms`] = round(pct(sorted, 95));
    figures[`soak.search.${s}.p99Ms`] = round(pct(sorted, 99));
  }
  perMinute.forEach((m, i) => {
    if (m.length)
      figures[`soak.minute${i + 1}.p99Ms`] = round(
        pct(
          m.sort((a, b) => a - b),
          99,
        ),
      );
  });
  const memory = (name: 'neohub' | 'neo4j'): void => {
    const a = first[name];
    const b = last[name];
    if (a === undefined || b === undefined) return;
    figures[`soak.${name}RssStartMb`] = round(a, 0);
    figures[`soak.${name}RssEndMb`] = round(b, 0);
    figures[`soak.${name}RssGrowth`] = round(b / a, 3);
    figures[`soak.${name}RssMaxMb`] = round(Math.max(...samples.map((x) => x[name] ?? 0)), 0);
  };
  memory('neohub');
  memory('neo4j');
  Object.assign(figures, jvmFigures);
  log(
    `soak: ${requests} requests in ${round(elapsed, 1)} s, ${errorCount} errors; p99 ${figures['soak.p99Ms']} ms ` +
      `(${KINDS.map((k) => `${k} ${figures[`soak.${k}.p99Ms`]}`).join(', ')}); per minute ` +
      perMinute.map((m, i) => figures[`soak.minute${i + 1}.p99Ms`] ?? '-').join(' / ') +
      ' ms',
  );
  log(
    `soak RSS series (s: neohub MB / Neo4j MB): ` +
      samples
        .map(
          (s) =>
            `${s.at}: ${s.neohub === undefined ? '-' : round(s.neohub, 0)} / ${s.neo4j === undefined ? '-' : round(s.neo4j, 0)}`,
        )
        .join(', '),
  );
  if (errors.length) log(`soak: first errors:\n  ${errors.join('\n  ')}`);
  return figures;
}

/** Search-side figures: sync lag after a load, and search / autocomplete latency over the loaded data. */
import http from 'node:http';
import { AUTH } from './auth.js';

const pct = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
const round = (n: number, d = 2): number => Math.round(n * 10 ** d) / 10 ** d;

/** Milliseconds until the sync worker's lag is 0, measured from the moment this is called. */
export async function syncCatchUp(base: string, timeoutMs = 600_000): Promise<number> {
  const started = performance.now();
  for (;;) {
    const status = (await (await fetch(`${base}/health/search`)).json()) as { lag: number };
    if (status.lag === 0) return performance.now() - started;
    if (performance.now() - started > timeoutMs)
      throw new Error(`search sync did not catch up: lag ${status.lag}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** `n` timed calls after `n / 4` of warm-up (negative `i`); sorted latencies in ms. */
export async function timed(n: number, call: (i: number) => Promise<void>): Promise<number[]> {
  const out: number[] = [];
  for (let i = -Math.floor(n / 4); i < n; i++) {
    const t = performance.now();
    await call(i);
    if (i >= 0) out.push(performance.now() - t);
  }
  return out.sort((a, b) => a - b);
}

/**
 * The client of the latency figures: Node's http module with keep-alive sockets that send at once, each
 * request written whole and its answer read and parsed, as the raw Meilisearch anchor sends its requests
 * (bench/meili.ts), so that neohub's figure and its anchor differ by what neohub does, not by the client.
 * The built-in fetch costs the bench process itself about 0.5 ms more per call (1 ms at the p95) on the
 * bench machine, where the client shares two cores with the servers.
 */
const agent = new http.Agent({ keepAlive: true, noDelay: true, maxSockets: 4 });

export const post = (url: string, body: unknown): Promise<{ value: Record<string, unknown> }> =>
  new Promise((resolve, reject) => {
    const data = Buffer.from(JSON.stringify(body));
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'Content-Type': 'application/json', 'Content-Length': String(data.length), ...AUTH },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if ((res.statusCode ?? 0) >= 400) return reject(new Error(`${url}: ${res.statusCode} ${text}`));
          try {
            resolve(JSON.parse(text) as { value: Record<string, unknown> });
          } catch (err) {
            reject(err as Error);
          }
        });
      },
    );
    req.on('error', reject);
    req.end(data);
  });

/**
 * One of the bench's four Rest.li searches over its datasets, each with its aggregations: 0 words of a
 * table name, 1 an exact tag, 2 a `*` page (`page` 0-4), 3 a word with an owner filter.
 */
export function searchBody(kind: number, pick: () => number, page: number): Record<string, unknown> {
  if (kind === 0) return { input: `table_${pick()}`, entity: 'dataset', start: 0, count: 10 };
  if (kind === 1) return { input: `tags:domain_${pick() % 20}`, entity: 'dataset', start: 0, count: 10 };
  if (kind === 2) return { input: '*', entity: 'dataset', start: page * 10, count: 10 };
  const owner = { field: 'owners', values: [`urn:li:corpuser:user_${pick() % 500}`], condition: 'EQUAL' };
  return {
    input: 'benchmark',
    entity: 'dataset',
    start: 0,
    count: 10,
    filter: { or: [{ and: [owner] }] },
  };
}

/** The kind and page of the `i`-th search of a latency run: the four kinds in turn, the warm-up too. */
export const searchOf = (i: number): { kind: number; page: number } => ({
  kind: ((i % 4) + 4) % 4,
  page: Math.abs(i) % 5,
});

/** An autocomplete request of a latency run (`/entities?action=autocomplete` body): a name's first letters. */
export const autocompleteBody = (pick: () => number): { query: string; entity: string; limit: number } => ({
  query: `table_${pick()}`.slice(0, 8 + (pick() % 4)),
  entity: 'dataset',
  limit: 10,
});

/** A draw of a dataset number below `datasets`. */
export const picker =
  (datasets: number): (() => number) =>
  () =>
    Math.floor(Math.random() * datasets);

/** The median and 95th percentile of sorted latencies, in ms (2 decimals). */
export const percentiles = (sorted: number[]): { p50: number; p95: number } => ({
  p50: round(pct(sorted, 50)),
  p95: round(pct(sorted, 95)),
});

/**
 * Latency of Rest.li search (words, exact tags, an owner filter, `*` pages: each with its aggregations)
 * and autocomplete over the bench datasets, 400 calls each after 100 of warm-up (of every kind).
 */
export async function searchLatency(base: string, datasets: number): Promise<Record<string, number>> {
  const pick = picker(datasets);
  const search = await timed(400, async (i) => {
    const { kind, page } = searchOf(i);
    const r = await post(`${base}/entities?action=search`, searchBody(kind, pick, page));
    if (typeof r.value.numEntities !== 'number') throw new Error('bad search answer');
  });
  const autocomplete = await timed(400, async () => {
    await post(`${base}/entities?action=autocomplete`, autocompleteBody(pick));
  });
  return {
    'search.p50Ms': round(pct(search, 50)),
    'search.p95Ms': round(pct(search, 95)),
    'autocomplete.p50Ms': round(pct(autocomplete, 50)),
    'autocomplete.p95Ms': round(pct(autocomplete, 95)),
  };
}

/**
 * A write that changes the index (a dataset's editable description, through `ingestProposal`), then the
 * index caught up with it: a new index version, so nothing cached holds for the next search.
 */
export async function writeAndCatchUp(base: string, urn: string, description: string): Promise<void> {
  await post(`${base}/aspects?action=ingestProposal`, {
    proposal: {
      entityType: 'dataset',
      entityUrn: urn,
      changeType: 'UPSERT',
      aspectName: 'editableDatasetProperties',
      aspect: { value: JSON.stringify({ description }), contentType: 'application/json' },
    },
  });
  await syncCatchUp(base);
}

/** A landing page's search of everything: GraphQL `searchAcrossEntities` `*` of every kind, with its facets. */
export async function matchAllGraphql(base: string): Promise<void> {
  const query =
    '{ searchAcrossEntities(input: {query: "*", start: 0, count: 10}) { total facets { field aggregations { value count } } } }';
  const r = (await post(`${base}/api/graphql`, { query })) as unknown as { data?: unknown };
  if (!r.data) throw new Error('bad GraphQL answer');
}

/**
 * What a catalog's landing page meets after every write: a write, the index caught up with it (a new
 * index version, so nothing cached holds), then a search of everything with its facets: Rest.li `*`
 * over datasets, and GraphQL `searchAcrossEntities` of every kind. 20 rounds each; percentiles in ms.
 */
export async function matchAllAfterWrite(base: string, urn: string): Promise<Record<string, number>> {
  const rounds = 20;
  const measure = async (call: () => Promise<void>): Promise<number[]> => {
    const out: number[] = [];
    for (let i = 0; i < rounds; i++) {
      await writeAndCatchUp(base, urn, `landing page round ${i}`);
      const t = performance.now();
      await call();
      out.push(performance.now() - t);
    }
    return out.sort((a, b) => a - b);
  };
  const restli = await measure(async () => {
    const r = await post(`${base}/entities?action=search`, {
      input: '*',
      entity: 'dataset',
      start: 0,
      count: 10,
    });
    if (typeof r.value.numEntities !== 'number') throw new Error('bad search answer');
  });
  const graphql = await measure(() => matchAllGraphql(base));
  return {
    'search.matchAllAfterWrite.p50Ms': round(pct(restli, 50)),
    'search.matchAllAfterWrite.p95Ms': round(pct(restli, 95)),
    'search.allKindsAfterWrite.p50Ms': round(pct(graphql, 50)),
    'search.allKindsAfterWrite.p95Ms': round(pct(graphql, 95)),
  };
}

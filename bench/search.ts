/** Search-side figures: sync lag after a load, and search / autocomplete latency over the loaded data. */
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

async function timed(n: number, call: (i: number) => Promise<void>): Promise<number[]> {
  const out: number[] = [];
  for (let i = -Math.floor(n / 4); i < n; i++) {
    const t = performance.now();
    await call(i);
    if (i >= 0) out.push(performance.now() - t);
  }
  return out.sort((a, b) => a - b);
}

const post = async (url: string, body: unknown): Promise<{ value: Record<string, unknown> }> => {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...AUTH },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { value: Record<string, unknown> };
};

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

/**
 * Latency of Rest.li search (words, exact tags, an owner filter, `*` pages: each with its aggregations)
 * and autocomplete over the bench datasets.
 */
export async function searchLatency(base: string, datasets: number): Promise<Record<string, number>> {
  const pick = (): number => Math.floor(Math.random() * datasets);
  const search = await timed(400, async (i) => {
    const body = searchBody(i % 4, pick, i % 5);
    const r = await post(`${base}/entities?action=search`, body);
    if (typeof r.value.numEntities !== 'number') throw new Error('bad search answer');
  });
  const autocomplete = await timed(400, async () => {
    await post(`${base}/entities?action=autocomplete`, {
      query: `table_${pick()}`.slice(0, 8 + (pick() % 4)),
      entity: 'dataset',
      limit: 10,
    });
  });
  return {
    'search.p50Ms': round(pct(search, 50)),
    'search.p95Ms': round(pct(search, 95)),
    'autocomplete.p50Ms': round(pct(autocomplete, 50)),
    'autocomplete.p95Ms': round(pct(autocomplete, 95)),
  };
}

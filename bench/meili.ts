/**
 * A Meilisearch server for the bench: `MEILI_HOST` (+ `MEILI_MASTER_KEY`), or the build for tests beside the
 * project; and Meilisearch's own time for the requests neohub sends it (the anchor of the Meili figures).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { defaultRegistry } from '../src/registry/index.js';
import { SearchService } from '../search-sync/service/index.js';
import { MeiliSearchIndex } from '../search-sync/index.js';
import { meiliHttpClient } from '../search-sync/meilisearch/http-client.js';
import { autocompleteBody, percentiles, picker, post, searchBody, searchOf } from './search.js';

export interface Meili {
  readonly host: string;
  readonly key: string | undefined;
  stop(): Promise<void>;
}

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

/**
 * The Meilisearch the bench measures: the configured one, or the test build at
 * `../shared/tools/meilisearch/meilisearch` started on a free loopback port with a fresh database under
 * `dir`; undefined (with the reason logged) when there is neither.
 */
export async function benchMeili(root: string, dir: string): Promise<Meili | undefined> {
  if (process.env.MEILI_HOST)
    return { host: process.env.MEILI_HOST, key: process.env.MEILI_MASTER_KEY, stop: async () => undefined };
  const bin = path.resolve(root, '..', 'shared', 'tools', 'meilisearch', 'meilisearch');
  if (!existsSync(bin)) {
    console.log(`Meilisearch phase skipped: no MEILI_HOST and no Meilisearch build at ${bin}`);
    return undefined;
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  // Hex: a base64url key may begin with '-', which Meilisearch's argument parser takes for a flag.
  const key = randomBytes(24).toString('hex');
  const child = spawn(
    bin,
    [
      '--db-path',
      path.join(dir, 'db'),
      '--http-addr',
      `127.0.0.1:${port}`,
      '--master-key',
      key,
      '--log-level',
      'WARN',
    ],
    {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const host = `http://127.0.0.1:${port}`;
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  };
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${host}/health`)).ok) return { host, key, stop };
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  await stop();
  throw new Error(`Meilisearch did not start at ${host}`);
}

/**
 * neohub's search and autocomplete on Meilisearch beside their anchor, Meilisearch's own time for the
 * requests neohub sends it, measured call by call in turn: the searches and autocompletes of
 * `searchLatency` (same kinds, same warm-up) first go through neohub's `SearchService` and Meilisearch
 * adapter in this process, whose HTTP client only records each request; then, in alternating order, the
 * same call goes to neohub over HTTP and the recorded requests go straight to Meilisearch's HTTP API
 * (keep-alive, no delay, the answer read and parsed), each timed. The same draws at the same moment: a
 * busy spell of the machine weighs on both sides alike. Figures `search.meili.p50Ms`, `p95Ms`,
 * `rawP50Ms`, `rawP95Ms` and the same for autocomplete.
 */
export async function meiliLatency(
  base: string,
  meili: Meili,
  index: string,
  datasets: number,
): Promise<Record<string, number>> {
  type Sent = { url: string; init: RequestInit };
  let recorded: Sent[] = [];
  const recorder = (input: string | URL | Request, init: RequestInit = {}): Promise<unknown> => {
    recorded.push({ url: input instanceof Request ? input.url : String(input), init });
    // An empty answer of either shape (a search, a multi-search): the service only needs to finish.
    return Promise.resolve({ hits: [], results: [] });
  };
  const registry = defaultRegistry();
  const adapter = new MeiliSearchIndex(
    { host: meili.host, apiKey: meili.key, index, httpClient: recorder },
    registry,
  );
  // The service's sync control is not used by search and autocomplete.
  const unused = (): Promise<never> => Promise.reject(new Error('not used by the bench'));
  const idle = { status: unused, waitFor: unused, reindex: unused };
  const service = new SearchService(registry, adapter, idle, 10_000);
  const client = meiliHttpClient();
  const pick = picker(datasets);
  /** 400 calls after 100 of warm-up: neohub's time and the raw time of each, in turn. */
  const measure = async (
    action: string,
    draw: (i: number) => { body: Record<string, unknown>; call: () => Promise<unknown> },
  ): Promise<{ hub: number[]; raw: number[] }> => {
    const hub: number[] = [];
    const raw: number[] = [];
    for (let i = -100; i < 400; i++) {
      const { body, call } = draw(i);
      recorded = [];
      await call();
      const requests = recorded;
      for (const side of i % 2 ? ['hub', 'raw'] : ['raw', 'hub']) {
        const t = performance.now();
        if (side === 'hub') await post(`${base}/entities?action=${action}`, body);
        else for (const r of requests) await client(r.url, r.init);
        if (i >= 0) (side === 'hub' ? hub : raw).push(performance.now() - t);
      }
    }
    return { hub: hub.sort((a, b) => a - b), raw: raw.sort((a, b) => a - b) };
  };
  const search = await measure('search', (i) => {
    const { kind, page } = searchOf(i);
    const b = searchBody(kind, pick, page) as {
      input: string;
      start: number;
      count: number;
      filter?: unknown;
    };
    const call = () =>
      service.search({
        entities: ['dataset'],
        input: b.input,
        filter: b.filter,
        start: b.start,
        count: b.count,
      });
    return { body: b, call };
  });
  const autocomplete = await measure('autocomplete', () => {
    const b = autocompleteBody(pick);
    const call = () => service.autocomplete({ entities: [b.entity], query: b.query, limit: b.limit });
    return { body: b, call };
  });
  const figures: Record<string, number> = {};
  for (const [k, m] of [
    ['search', search],
    ['autocomplete', autocomplete],
  ] as const) {
    const hub = percentiles(m.hub);
    const raw = percentiles(m.raw);
    Object.assign(figures, {
      [`${k}.meili.p50Ms`]: hub.p50,
      [`${k}.meili.p95Ms`]: hub.p95,
      [`${k}.meili.rawP50Ms`]: raw.p50,
      [`${k}.meili.rawP95Ms`]: raw.p95,
      [`${k}.meili.overheadP95Ms`]: Math.round((hub.p95 - raw.p95) * 100) / 100,
    });
  }
  return figures;
}

/**
 * The `web` phase: the web app's figures (issue 38), in a headless Chromium against a neohub as users
 * run it (search sync on, authentication on), signed in as the root user with a session cookie.
 *
 * - The JavaScript the first page loads: every script the browser fetched for a cold `/search?q=...` up
 *   to its first results, in bytes as served and gzipped (zlib's default level, as Vite reports it).
 * - From navigation to the first search results over the search estate (bench/web-estate.ts): a cold
 *   visit (a new browser context: no cache, the session cookie set) and a warm one (the same page, a new
 *   address), each timed in the page from the navigation's start to the frame after the first `.result`
 *   entered the DOM. The words take turns: one in every description (a page of 100,000), a column name
 *   (40,000), a table's name and a filler asset's name.
 * - The lineage page opened 2 hops up and 3 down (`?up=2&down=3`) around the center of a 510-dataset
 *   neighbourhood: from navigation to the frame after the graph is drawn (the page's canvas with every
 *   node laid out, fitted to the view, each node React Flow draws measured and shown; beyond 200 nodes it
 *   draws only those in view), split by the page's own marks into fetching the neighbourhood, ELK's
 *   layout and drawing.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import os from 'node:os';
import { gzipSync } from 'node:zlib';
import puppeteer, { type Browser, type CookieData, type HTTPResponse, type Page } from 'puppeteer-core';
import { BENCH_TOKEN } from './auth.js';
import { percentiles } from './search.js';
import { lineageNeighbourhood, searchEstate } from './web-estate.js';

/** Cold and warm searches measured (after one round of warm-up), and lineage page loads. */
const SEARCHES = Number(process.env.BENCH_WEB_SEARCHES ?? 20);
const LINEAGE_RUNS = Number(process.env.BENCH_WEB_LINEAGE_RUNS ?? 5);
/** A folder for a screenshot of each page as measured (the first visit), to see what was timed. */
const SHOTS = process.env.BENCH_WEB_SHOTS;
const UP = 2;
const DOWN = 3;

type Server = { base: string; stop: () => Promise<void> };
type Mark = { at: number; drawnAt?: number; alert?: string | null };
const round = (n: number, d = 1): number => Math.round(n * 10 ** d) / 10 ** d;
const sorted = (xs: number[]): number[] => [...xs].sort((a, b) => a - b);
const pick = (n: number): number => Math.floor(Math.random() * n);

export async function webPhase(
  start: (env: Record<string, string>) => Promise<Server>,
  entities: number,
): Promise<Record<string, number>> {
  const log = (m: string): void => console.log(m);
  const server = await start({});
  const browser = await launch();
  try {
    const run = randomUUID().slice(0, 6);
    const documents = await searchEstate(server.base, `web_${run}`, entities, log);
    const lineage = await lineageNeighbourhood(server.base, run);
    log(`web: ${documents} datasets indexed; lineage neighbourhood of ${lineage.nodes.length} datasets`);
    const cookies = await sessionCookies(server.base);
    const load = await quietMachine(log);
    const search = await searchFigures(browser, server.base, cookies, log);
    const graph = await lineageFigures(browser, server.base, cookies, lineage, log);
    log(
      `web: load average (1 min) ${round(load, 2)} before the browser figures, ${round(os.loadavg()[0] as number, 2)} after`,
    );
    return {
      'web.search.documents': documents,
      ...search,
      ...graph,
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}

/**
 * The 1-minute load average once the estate's writes have settled (the index caught up, Neo4j's and the sync's
 * work after them done): below 1.5, or after 3 minutes whatever it is. A page timed while the machine still
 * writes measures the machine, not the page.
 */
async function quietMachine(log: (m: string) => void): Promise<number> {
  const until = Date.now() + 180_000;
  while ((os.loadavg()[0] as number) >= 1.5 && Date.now() < until)
    await new Promise((r) => setTimeout(r, 5_000));
  const load = os.loadavg()[0] as number;
  if (load >= 1.5)
    log(`web: the load average stayed at ${round(load, 2)}: the figures below are not from a quiet machine`);
  return load;
}

/** A headless Chromium (NEOHUB_CHROMIUM, else Debian's package), as the browser suite launches it. */
function launch(): Promise<Browser> {
  const path = [process.env.NEOHUB_CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
    (p): p is string => !!p && existsSync(p),
  );
  if (!path) throw new Error("No Chromium: install Debian's chromium package or set NEOHUB_CHROMIUM");
  return puppeteer.launch({
    executablePath: path,
    headless: true,
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu', '--window-size=1280,900'],
    defaultViewport: { width: 1280, height: 900 },
  });
}

/** The root user's session cookies: `POST /logIn` with the bench's root token, as the sign-in page sends it. */
async function sessionCookies(base: string): Promise<CookieData[]> {
  const res = await fetch(`${base}/logIn`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token: BENCH_TOKEN }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const domain = new URL(base).hostname;
  return res.headers.getSetCookie().map((line) => {
    const [pair = '', ...attrs] = line.split(';').map((s) => s.trim());
    const i = pair.indexOf('=');
    return {
      name: pair.slice(0, i),
      value: pair.slice(i + 1),
      domain,
      path: '/',
      httpOnly: attrs.some((a) => a.toLowerCase() === 'httponly'),
      sameSite: 'Strict' as const,
    };
  });
}

/**
 * Runs in the page before its scripts (a string: the bench is compiled without the DOM's types): marks
 * the moment `condition` (an expression) first holds after a change of the page, then the frame after
 * it; or an alert, the page's error.
 */
const watch = (condition: string): string => `(() => {
  new MutationObserver((_, observer) => {
    const alert = document.querySelector('[role=alert]');
    if (alert && !window.__bench) window.__bench = { at: performance.now(), drawnAt: -1, alert: alert.textContent };
    if (window.__bench || !(${condition})) return;
    observer.disconnect();
    const mark = { at: performance.now() };
    window.__bench = mark;
    requestAnimationFrame(() => setTimeout(() => (mark.drawnAt = performance.now()), 0));
  }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['style'] });
})()`;

/**
 * The lineage graph drawn with `nodes` nodes: the page renders its canvas once they are laid out; React
 * Flow has fitted them to the view (zoomed out) and measured every node it draws (it hides a node until
 * then; beyond 200 nodes it draws only those in view).
 */
const lineageDrawn = (nodes: number): string => `(() => {
  const canvas = document.querySelector('.lineage-canvas[data-nodes="${nodes}"]');
  const viewport = canvas?.querySelector('.react-flow__viewport');
  const zoom = /scale\\(([\\d.]+)\\)/.exec(viewport?.style.transform ?? '');
  if (!zoom || Number(zoom[1]) >= 1) return false;
  const drawn = canvas.querySelectorAll('.react-flow__node');
  return drawn.length > 0 && [...drawn].every((el) => el.style.visibility !== 'hidden');
})()`;

/** Navigates and waits for the page's mark (set up by `watch`); its times from the navigation's start. */
async function visit(page: Page, url: string): Promise<Mark> {
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  return settled(page);
}

async function settled(page: Page): Promise<Mark> {
  try {
    await page.waitForFunction('window.__bench !== undefined && window.__bench.drawnAt !== undefined', {
      timeout: 60_000,
      polling: 50,
    });
  } catch (err) {
    // What the page showed instead: its header and how many nodes it drew.
    const state = await page.evaluate(
      `[document.querySelector('main')?.textContent?.slice(0, 300), document.querySelectorAll('.lineage-node').length]`,
    );
    throw new Error(`${page.url()} did not settle: ${JSON.stringify(state)}`, { cause: err });
  }
  const mark = (await page.evaluate('window.__bench')) as Mark;
  if (typeof mark.alert === 'string') throw new Error(`the page said: ${mark.alert}`);
  return mark;
}

/** When the last GraphQL answer before the page's mark arrived (from the navigation's start), of how many. */
async function lastAnswer(page: Page, mark: Mark): Promise<{ at: number; requests: number }> {
  const ends = (await page.evaluate(
    `performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/api/graphql') && e.responseEnd <= ${mark.at}).map((e) => e.responseEnd)`,
  )) as number[];
  return { at: Math.max(0, ...ends), requests: ends.length };
}

/** The `i`-th search's words: a word of every description, a column, a table's name, a filler asset's. */
const words = (i: number): string =>
  [() => 'benchmark', () => `col_${pick(8)}`, () => `table_${pick(1000)}`, () => `asset_${pick(1000)}`][
    i % 4
  ]!();

async function searchFigures(
  browser: Browser,
  base: string,
  cookies: CookieData[],
  log: (m: string) => void,
): Promise<Record<string, number>> {
  const cold: number[] = [];
  const warm: number[] = [];
  /** When the search's GraphQL answer had arrived: the rest is the page's own work. */
  const answers = { cold: [] as number[], warm: [] as number[] };
  const scripts: Promise<{ url: string; bytes: Buffer }>[] = [];
  for (let i = -1; i < SEARCHES; i++) {
    const context = await browser.createBrowserContext();
    try {
      await context.setCookie(...cookies);
      const page = await context.newPage();
      await page.evaluateOnNewDocument(watch("document.querySelector('.result')"));
      // The first page's scripts: counted on the first cold visit, as the browser fetched them.
      const onResponse = (r: HTTPResponse): void => {
        if (new URL(r.url()).pathname.endsWith('.js'))
          scripts.push(r.buffer().then((bytes) => ({ url: r.url(), bytes })));
      };
      if (i === -1) page.on('response', onResponse);
      const first = await visit(page, `${base}/search?q=${encodeURIComponent(words(i + 1))}`);
      page.off('response', onResponse);
      if (SHOTS && i === -1) await page.screenshot({ path: `${SHOTS}/web-search.png` });
      const coldAnswer = await lastAnswer(page, first);
      const again = await visit(page, `${base}/search?q=${encodeURIComponent(words(i + 3))}`);
      if (i >= 0) {
        cold.push(first.drawnAt as number);
        warm.push(again.drawnAt as number);
        answers.cold.push(coldAnswer.at);
        answers.warm.push((await lastAnswer(page, again)).at);
      }
    } finally {
      await context.close();
    }
  }
  const files = await Promise.all(scripts);
  const raw = files.reduce((n, f) => n + f.bytes.length, 0);
  const gzip = files.reduce((n, f) => n + gzipSync(f.bytes).length, 0);
  log(
    `web: first page's scripts ${files.map((f) => new URL(f.url).pathname).join(', ')}: ` +
      `${round(raw / 1024)} kB, ${round(gzip / 1024)} kB gzip`,
  );
  const c = percentiles(sorted(cold));
  const w = percentiles(sorted(warm));
  const ca = percentiles(sorted(answers.cold)).p50;
  const wa = percentiles(sorted(answers.warm)).p50;
  log(
    `web: first results cold p50 ${c.p50} ms p95 ${c.p95} ms (search answered at p50 ${ca} ms), ` +
      `warm p50 ${w.p50} ms p95 ${w.p95} ms (answered at ${wa} ms)`,
  );
  return {
    'web.firstPage.jsFiles': files.length,
    'web.firstPage.jsKb': round(raw / 1024),
    'web.firstPage.jsGzipKb': round(gzip / 1024),
    'web.search.runs': SEARCHES,
    'web.search.coldP50Ms': round(c.p50),
    'web.search.coldP95Ms': round(c.p95),
    'web.search.warmP50Ms': round(w.p50),
    'web.search.warmP95Ms': round(w.p95),
    'web.search.coldAnsweredP50Ms': round(ca),
    'web.search.warmAnsweredP50Ms': round(wa),
  };
}

/**
 * The lineage page, 2 hops up and 3 down: the first visit cold (a new context: the lineage chunk
 * fetched and compiled), then `LINEAGE_RUNS` visits with the app's files cached, each in a new page.
 * The page marks its layout's start and end (`neohub:lineage-layout-start|end`, the node count as
 * detail): fetching the neighbourhood is until the start, laying out until the end, drawing after it.
 */
async function lineageFigures(
  browser: Browser,
  base: string,
  cookies: CookieData[],
  lineage: { center: string; nodes: string[] },
  log: (m: string) => void,
): Promise<Record<string, number>> {
  const url = `${base}/lineage/${encodeURIComponent(lineage.center)}?up=${UP}&down=${DOWN}`;
  const expected = lineage.nodes.length;
  const context = await browser.createBrowserContext();
  const runs = { total: [] as number[], data: [] as number[], layout: [] as number[], draw: [] as number[] };
  let cold = 0;
  let requests = 0;
  let drawn = 0;
  try {
    await context.setCookie(...cookies);
    for (let i = -1; i < LINEAGE_RUNS; i++) {
      const page = await context.newPage();
      await page.evaluateOnNewDocument(watch(lineageDrawn(expected)));
      const mark = await visit(page, url);
      const [start, end] = (await page.evaluate(
        `['start', 'end'].map((m) => performance.getEntriesByName('neohub:lineage-layout-' + m).filter((e) => e.detail === ${expected}).map((e) => e.startTime)[0])`,
      )) as [number | null, number | null];
      if (start == null || end == null) throw new Error('the lineage page marked no layout');
      requests = (await lastAnswer(page, mark)).requests;
      drawn = (await page.evaluate(`document.querySelectorAll('.lineage-node').length`)) as number;
      if (SHOTS && i === -1) await page.screenshot({ path: `${SHOTS}/web-lineage.png` });
      await page.close();
      if (i === -1) {
        cold = mark.drawnAt as number;
        continue;
      }
      runs.total.push(mark.drawnAt as number);
      runs.data.push(start);
      runs.layout.push(end - start);
      runs.draw.push((mark.drawnAt as number) - end);
    }
  } finally {
    await context.close();
  }
  const p50 = (xs: number[]): number => round(percentiles(sorted(xs)).p50);
  log(
    `web: lineage of ${expected} datasets (${drawn} in view drawn): cold ${round(cold)} ms; warm p50 ${p50(runs.total)} ms: ` +
      `${requests} GraphQL answers until ${p50(runs.data)} ms, ELK ${p50(runs.layout)} ms, drawing ${p50(runs.draw)} ms`,
  );
  return {
    'web.lineage500.nodes': expected,
    'web.lineage500.nodesInViewDrawn': drawn,
    'web.lineage500.coldMs': round(cold),
    'web.lineage500.p50Ms': p50(runs.total),
    'web.lineage500.maxMs': round(Math.max(...runs.total)),
    'web.lineage500.graphqlRequests': requests,
    'web.lineage500.dataP50Ms': p50(runs.data),
    'web.lineage500.layoutP50Ms': p50(runs.layout),
    'web.lineage500.drawP50Ms': p50(runs.draw),
  };
}

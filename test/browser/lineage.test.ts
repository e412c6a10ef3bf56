import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { datasetUrn, mcp, unique } from '../support/runtime.js';
import { ingestSqlEstate, type SqlEstate } from './sql-estate.js';
import { axeProblems, press, texts, useWebApp, waitForText } from './web-app-support.js';

// The lineage page in a real Chromium, as an engineer follows lineage before changing a table: over an
// estate DataHub's own SQL source ingested (views orders → revenue → top_customers over raw_orders and
// customers, with column lineage), and a wide fan with a sibling pair upstream of it.

const id = unique();
const STAMP = { time: 0, actor: 'urn:li:corpuser:datahub' };
const hub = datasetUrn(`fan_hub_${id}`);
const fan = Array.from({ length: 30 }, (_, i) => datasetUrn(`fan_${i}_${id}`));
/** A dataset downstream of the hub whose name a spreadsheet would read as a formula. */
const FORMULA = `=SUM(1,2)_${id}`;
const job = `urn:li:dataJob:(urn:li:dataFlow:(airflow,fan_${id},PROD),load)`;
const model = datasetUrn(`sib_${id}`, 'dbt');
const table = datasetUrn(`sib_${id}`, 'snowflake');
/**
 * A large neighbourhood (217 nodes, 2 hops each way): 12 upstream of its center, 12 upstream of each of
 * those, 12 downstream and 4 downstream of each of those. Beyond 150 nodes the page lays out with its own
 * layered layout, beyond 200 draws only the nodes in view, and opens on the center's first hops.
 */
const big = (name: string) => datasetUrn(`big_${name}_${id}`);
const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const BIG_UP = range(12).map((i) => ({
  urn: big(`u1_${i}`),
  ups: range(12).map((j) => big(`u2_${i}_${j}`)),
}));
const BIG_DOWN = range(12).map((i) => ({
  urn: big(`d1_${i}`),
  downs: range(4).map((j) => big(`d2_${i}_${j}`)),
}));
/** A chain of 13 datasets, each reading the one before: 12 hops from its first. */
const chain = range(13).map((i) => datasetUrn(`chain_${i}_${id}`));
const reads = (to: string, ...from: string[]) =>
  mcp(to, 'upstreamLineage', {
    upstreams: from.map((dataset) => ({ dataset, type: 'TRANSFORMED', auditStamp: STAMP })),
  });

let estate: SqlEstate;
const app = useWebApp(async (app) => {
  estate = await ingestSqlEstate(app.url, app.t.root, id);
  await app.ingest([
    mcp(hub, 'datasetProperties', { name: `fan_hub_${id}` }),
    reads(hub, table),
    ...fan.flatMap((d, i) => [
      mcp(d, 'datasetProperties', { name: i === 0 ? FORMULA : `fan_${i}_${id}` }),
      reads(d, hub),
    ]),
    mcp(job, 'dataJobInfo', { name: `load_${id}`, type: { string: 'COMMAND' } }),
    mcp(job, 'dataJobInputOutput', { inputDatasets: [hub], outputDatasets: [] }),
    mcp(model, 'datasetProperties', { name: `sib_model_${id}` }),
    mcp(table, 'datasetProperties', { name: `SIB_${id}` }),
    mcp(model, 'siblings', { siblings: [table], primary: true }),
    mcp(table, 'siblings', { siblings: [model], primary: false }),
  ]);
  const named = (urn: string) =>
    mcp(urn, 'datasetProperties', { name: /^urn:li:dataset:\([^,]+,big_([^,]+)_/.exec(urn)?.[1] });
  const large = [
    named(big('center')),
    reads(big('center'), ...BIG_UP.map((u) => u.urn)),
    ...BIG_UP.flatMap((u) => [named(u.urn), reads(u.urn, ...u.ups), ...u.ups.map(named)]),
    ...BIG_DOWN.flatMap((d) => [
      named(d.urn),
      reads(d.urn, big('center')),
      ...d.downs.flatMap((x) => [named(x), reads(x, d.urn)]),
    ]),
  ];
  for (let i = 0; i < large.length; i += 200) await app.ingest(large.slice(i, i + 200));
  await app.ingest(
    chain.flatMap((d, i) => [
      mcp(d, 'datasetProperties', { name: `chain_${i}_${id}` }),
      ...(i ? [reads(d, chain[i - 1] as string)] : []),
    ]),
  );
});

/** The names on the graph's nodes (their text, drawn or not yet: React Flow shows a node once measured). */
const names = async (page: Page) =>
  (await page.$$eval('.lineage-node .name', (es) => es.map((e) => e.textContent ?? ''))).sort();
const nodeCount = (page: Page, n: number) =>
  page.waitForFunction(
    (n: number) => (globalThis as any).document.querySelectorAll('.lineage-node').length === n,
    {},
    n,
  );
/** Waits until the impact list says exactly how many rows it shows. */
const shownCount = (page: Page, says: string) =>
  page.waitForFunction(
    (says: string) => (globalThis as any).document.querySelector('.impact-count')?.innerText === says,
    {},
    says,
  );
/** Clicks the checkbox of a filter by its label. */
const untick = (page: Page, label: string) =>
  page.$$eval(
    '.lineage-filters label',
    (ls, label) => {
      const l = ls.find((x) => (x as any).innerText.trim() === label);
      if (!l) throw new Error(`no filter ${label}`);
      (l as any).querySelector('input').click();
    },
    label,
  );
/** The CSV the page hands the browser: URL.createObjectURL is watched, the Blob read in the page. */
async function exportedCsv(page: Page): Promise<string> {
  await page.evaluate(() => {
    const w = globalThis as any;
    const original = w.URL.createObjectURL.bind(w.URL);
    w.URL.createObjectURL = (blob: any) => {
      w.__csv = blob.text();
      return original(blob);
    };
  });
  await press(page, '.impact button');
  return page.evaluate(() => (globalThis as any).__csv as Promise<string>);
}

describe('the lineage page', () => {
  it('opens hops from the address and by the bar, a column and its column lineage, and the impact with its CSV', async () => {
    const page = await app.signedIn();
    const n = estate.names;
    await page.goto(`${app.url}/lineage/${encodeURIComponent(estate.urns.raw_orders)}`);
    await page.waitForSelector('.lineage-node');
    expect(await names(page)).toEqual([n.orders, n.raw_orders].sort());
    // Two hops more downstream, by the bar's second button; the address follows.
    for (const count of [3, 4]) {
      await press(page, '.lineage-bar button:nth-of-type(2)');
      await nodeCount(page, count);
    }
    expect(await names(page)).toEqual([n.orders, n.raw_orders, n.revenue, n.top_customers].sort());
    expect(new URL(page.url()).search).toBe('?up=1&down=3');

    // The columns of raw_orders; amount chosen draws its lineage through the views.
    await press(page, `button[aria-label="Columns of ${n.raw_orders}"]`);
    await waitForText(page, '.lineage-node.center .columns', 'amount');
    const paths = await texts(page, '.lineage-node.center .columns button');
    expect(paths).toEqual(expect.arrayContaining(['id', 'customer_id', 'amount', 'placed_at']));
    // Found and clicked in one step: the graph may redraw between a query and a click.
    await page.$$eval('.lineage-node.center .columns button', (bs) =>
      (bs.find((b) => b.textContent === 'amount') as any)?.click(),
    );
    await waitForText(page, '.column-trace', `${n.orders}.amount → ${n.revenue}.revenue`);
    const trace = await texts(page, '.column-trace li');
    expect(trace).toEqual(
      expect.arrayContaining([
        `${n.raw_orders}.amount → ${n.orders}.amount`,
        `${n.orders}.amount → ${n.revenue}.revenue`,
        `${n.revenue}.revenue → ${n.top_customers}.revenue`,
      ]),
    );
    // Each traced column shows on its node, and an edge joins the columns.
    expect(await texts(page, '.lineage-node .columns li.traced button')).toEqual(
      expect.arrayContaining(['amount', 'revenue']),
    );
    expect(await page.$$eval('.react-flow__edge.column-edge', (es) => es.length)).toBe(3);
    await new Promise((r) => setTimeout(r, 300)); // let the fitted view settle for the picture
    await app.shot(page, 'lineage');
    expect(await axeProblems(page)).toEqual([]);

    // The impact list: everything downstream, nearest first, and the same rows as CSV.
    await page.waitForSelector('.impact tbody tr');
    const rows = await texts(page, '.impact tbody tr');
    expect(rows.map((r) => r.split('\t').slice(0, 2).join(' '))).toEqual([
      `1 ${n.orders}`,
      `2 ${n.revenue}`,
      `3 ${n.top_customers}`,
    ]);
    const csv = await exportedCsv(page);
    expect(csv.split('\r\n')).toEqual([
      'degree,name,type,platform,urn',
      expect.stringMatching(new RegExp(`^1,${n.orders},DATASET,[^,]+,"${escape(estate.urns.orders)}"$`)),
      expect.stringMatching(new RegExp(`^2,${n.revenue},DATASET,`)),
      expect.stringMatching(new RegExp(`^3,${n.top_customers},DATASET,`)),
      '',
    ]);

    // The address alone opens the same neighbourhood: a view can be shared.
    await page.goto(`${app.url}/lineage/${encodeURIComponent(estate.urns.raw_orders)}?up=0&down=3`);
    await nodeCount(page, 4);
    await page.close();
  });

  it("opens a node's neighbours by its + buttons, and no further than 10 hops from the center", async () => {
    const page = await app.signedIn();
    const n = estate.names;
    await page.goto(`${app.url}/lineage/${encodeURIComponent(estate.urns.raw_orders)}`);
    await nodeCount(page, 2);
    // orders' downstream +: revenue joins; its side is open, so its + is gone.
    await press(page, `button[aria-label="Open what ${n.orders} feeds"]`);
    await nodeCount(page, 3);
    expect(await names(page)).toEqual([n.orders, n.raw_orders, n.revenue].sort());
    expect(await page.$(`button[aria-label="Open what ${n.orders} feeds"]`)).toBeNull();
    // orders' upstream +: customers, the other table it reads.
    await press(page, `button[aria-label="Open what feeds ${n.orders}"]`);
    await nodeCount(page, 4);
    expect(await names(page)).toEqual([n.customers, n.orders, n.raw_orders, n.revenue].sort());
    // Nothing feeds raw_orders, the center: its upstream side is open and empty.
    expect(await page.$(`button[aria-label="Open what feeds ${n.raw_orders}"]`)).toBeNull();

    // The address asks 12 hops down a chain of 13: the page opens 10, and opens no more.
    const name = (i: number) => `chain_${i}_${id}`;
    await page.goto(`${app.url}/lineage/${encodeURIComponent(chain[0] as string)}?up=0&down=12`);
    await nodeCount(page, 11);
    await waitForText(page, '.lineage-bar', '11 entities · 0 hops up, 10 down');
    expect(await names(page)).toEqual(range(11).map(name).sort());
    const more = 'One more hop downstream';
    const moreDisabled = () =>
      page.$$eval(
        '.lineage-bar button',
        (bs, label) => bs.find((b) => b.textContent === label)?.hasAttribute('disabled'),
        more,
      );
    expect(await moreDisabled()).toBe(true);
    // The node 10 hops away has no + downstream; the one 9 hops away, opened, none either.
    expect(await page.$(`button[aria-label="Open what ${name(10)} feeds"]`)).toBeNull();
    expect(await page.$(`button[aria-label="Open what ${name(9)} feeds"]`)).toBeNull();
    // From 9 hops the bar opens the tenth, then stops.
    await page.goto(`${app.url}/lineage/${encodeURIComponent(chain[0] as string)}?up=0&down=9`);
    await nodeCount(page, 10);
    expect(await moreDisabled()).toBe(false);
    await page.$$eval(
      '.lineage-bar button',
      (bs, label) => (bs.find((b) => b.textContent === label) as any)?.click(),
      more,
    );
    await nodeCount(page, 11);
    await waitForText(page, '.lineage-bar', '0 hops up, 10 down');
    expect(new URL(page.url()).search).toBe('?up=0&down=10');
    await page.waitForFunction(
      (label: string) =>
        [...(globalThis as any).document.querySelectorAll('.lineage-bar button')].find(
          (b: any) => b.textContent === label,
        )?.disabled === true,
      {},
      more,
    );
    expect(await page.$(`button[aria-label="Open what ${name(10)} feeds"]`)).toBeNull();
    await page.close();
  });

  it('groups siblings, collapses a wide fan behind "+N more", and filters graph and impact by kind and platform', async () => {
    const page = await app.signedIn();
    await page.goto(`${app.url}/lineage/${encodeURIComponent(hub)}`);
    await page.waitForSelector('.lineage-more');
    // The dbt model and its Snowflake table are one node, named as the model, both platforms shown
    // (its text content: React Flow draws a node once it has measured it, and hidden text has no innerText).
    const sibling = await page.$$eval('.lineage-node.siblings', (ns) => ns.map((x) => x.textContent ?? ''));
    expect(sibling).toHaveLength(1);
    expect(sibling[0]).toContain(`sib_model_${id}`);
    expect(sibling[0]).toMatch(/dbt/i);
    expect(sibling[0]).toMatch(/snowflake/i);
    expect(await names(page)).not.toContain(`SIB_${id}`);
    // 31 downstream: 12 shown, the rest behind one node that opens them.
    expect(await page.$$eval('.lineage-node', (ns) => ns.length)).toBe(1 + 1 + 12);
    expect(await page.$$eval('.lineage-more button', (bs) => bs.map((b) => b.textContent))).toEqual([
      '+19 more',
    ]);
    await press(page, '.lineage-more button');
    await nodeCount(page, 1 + 1 + 31);
    expect(await page.$$('.lineage-more')).toHaveLength(0);
    expect(await names(page)).toEqual(expect.arrayContaining([FORMULA, `load_${id}`, `fan_29_${id}`]));

    // The impact list: 31 at degree 1, filtered by words.
    await waitForText(page, '.impact h2', '31 downstream');
    expect(await page.$$('.impact tbody tr')).toHaveLength(31);
    await page.type('.impact input', 'SUM(');
    await shownCount(page, '1 of 31 shown');
    expect(await texts(page, '.impact tbody tr td:nth-child(2)')).toEqual([FORMULA]);
    // Its CSV defuses the formula a spreadsheet would run.
    const csv = await exportedCsv(page);
    expect(csv).toContain(`1,"'=SUM(1,2)_${id}",DATASET,`);
    await page.focus('.impact input');
    for (let i = 0; i < 'SUM('.length; i++) await page.keyboard.press('Backspace');
    await shownCount(page, '31 shown');

    // Kinds: without data jobs the job leaves the graph and the list.
    await untick(page, 'Data job');
    await nodeCount(page, 1 + 1 + 30);
    expect(await names(page)).not.toContain(`load_${id}`);
    await shownCount(page, '30 of 31 shown');
    // Platforms: without hive only the hub (the center stays) and the sibling group remain.
    await untick(page, 'Data job');
    const hive = (await texts(page, '.lineage-filters.platforms label')).find((l) =>
      /^hive$/i.test(l.trim()),
    );
    expect(hive).toBeDefined();
    await untick(page, (hive as string).trim());
    await nodeCount(page, 1 + 1 + 1);
    expect(await names(page)).toEqual([`fan_hub_${id}`, `load_${id}`, `sib_model_${id}`].sort());
    await shownCount(page, '1 of 31 shown');
    expect(await axeProblems(page)).toEqual([]);
    await page.close();
  });

  it('opens a large neighbourhood readable on its center and first hops, laid out in columns, the rest a zoom away', async () => {
    const page = await app.signedIn();
    await page.goto(`${app.url}/lineage/${encodeURIComponent(big('center'))}?up=2&down=2`);
    await page.waitForSelector('.lineage-canvas[data-nodes="217"] .lineage-node.center');
    await waitForText(page, '.lineage-bar', '217 entities');
    const first = await BIG_NAMES(page);
    // Only the nodes in view are drawn; among them the center and every first hop, at a readable zoom.
    expect(first.length).toBeLessThan(217);
    expect(first.map((n) => n.name)).toEqual(
      expect.arrayContaining(['center', ...range(12).flatMap((i) => [`u1_${i}`, `d1_${i}`])]),
    );
    expect(await zoom(page)).toBeGreaterThanOrEqual(0.2);
    expect(overlapping(first)).toEqual([]);
    // Columns by hops: second hops upstream, first, the center, first downstream, second.
    const x = (prefix: string) => [
      ...new Set(first.filter((n) => n.name.startsWith(prefix)).map((n) => Math.round(n.x))),
    ];
    const columns = ['u2_', 'u1_', 'center', 'd1_', 'd2_'].map(x);
    for (const c of columns) expect(c.length).toBeLessThanOrEqual(1);
    const xs = columns.flat();
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
    await app.shot(page, 'lineage-large');
    expect(await axeProblems(page)).toEqual([]);

    // The rest a zoom away: the Controls' button fits the whole neighbourhood (as far as the smallest
    // zoom goes), drawing more of it, none overlapping.
    await press(page, '.react-flow__controls-fitview');
    await page.waitForFunction(
      (n: number) => (globalThis as any).document.querySelectorAll('.lineage-node').length > n,
      {},
      first.length,
    );
    expect(await zoom(page)).toBeLessThan(0.2);
    expect(overlapping(await BIG_NAMES(page))).toEqual([]);
    await page.close();
  });
});

/** The drawn nodes' names and boxes on the screen. */
const BIG_NAMES = (page: Page) =>
  page.$$eval('.react-flow__node', (es) =>
    es.map((e) => {
      const r = (e as any).getBoundingClientRect();
      return {
        name: (e as any).querySelector('.name')?.textContent ?? '',
        x: r.x,
        y: r.y,
        w: r.width,
        h: r.height,
      };
    }),
  );
/** The graph's zoom (React Flow's viewport scale). */
const zoom = (page: Page) =>
  page.$eval('.react-flow__viewport', (v) =>
    Number(/scale\(([\d.]+)\)/.exec((v as any).style.transform)?.[1]),
  );
/** Pairs of boxes that overlap. */
function overlapping(boxes: { name: string; x: number; y: number; w: number; h: number }[]): string[] {
  const found: string[] = [];
  for (const [i, a] of boxes.entries())
    for (const b of boxes.slice(i + 1))
      if (a.x < b.x + b.w - 0.5 && b.x < a.x + a.w - 0.5 && a.y < b.y + b.h - 0.5 && b.y < a.y + a.h - 0.5)
        found.push(`${a.name} ${b.name}`);
  return found;
}

/** A string as a regular expression matching it literally. */
function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { httpClient } from '../support/http.js';
import { datasetUrn, mcp, unique } from '../support/runtime.js';
import { ingestSqlEstate, type SqlEstate } from './sql-estate.js';
import { axeProblems, press, text, texts, useWebApp, waitForText } from './web-app-support.js';

// The search page in Chromium over the SQL estate DataHub's own source ingested, labelled here: each
// result's owners, tags, terms and domain; every facet kind as a filter in the address (a structured
// property, a failing metadata test); any of a facet's values, all of the facets; chips that take a filter
// off; Views; sorts; pages.

const id = unique();
const [GOLD, SILVER] = [`urn:li:tag:gold_${id}`, `urn:li:tag:silver_${id}`];
const TERM = `urn:li:glossaryTerm:revenue_term_${id}`;
const ANN = `urn:li:corpuser:ann_${id}`;
const DOMAIN = `urn:li:domain:finance_${id}`;
const PROP = `io.neohub.retention_${id}`;
const PROP_URN = `urn:li:structuredProperty:${PROP}`;
const TEST = `urn:li:test:owned_${id}`;
const PAGED = 45;
let estate: SqlEstate;
let silverView: string;

const app = useWebApp(async (app) => {
  estate = await ingestSqlEstate(app.url, app.t.root, id);
  const { orders, revenue, customers, raw_orders } = estate.urns;
  const tags = (...t: string[]) => ({ tags: t.map((tag) => ({ tag })) });
  const retention = (v: string) => ({ properties: [{ propertyUrn: PROP_URN, values: [{ string: v }] }] });
  await app.ingest([
    mcp(GOLD, 'tagProperties', { name: `Gold ${id}` }),
    mcp(SILVER, 'tagProperties', { name: `Silver ${id}` }),
    mcp(TERM, 'glossaryTermInfo', { name: `Revenue ${id}`, definition: 'money in', termSource: 'INTERNAL' }),
    mcp(ANN, 'corpUserInfo', { active: true, displayName: `Ann ${id}` }),
    mcp(DOMAIN, 'domainProperties', { name: `Finance ${id}` }),
    mcp(PROP_URN, 'propertyDefinition', {
      qualifiedName: PROP,
      displayName: `Retention ${id}`,
      valueType: 'urn:li:dataType:datahub.string',
      cardinality: 'SINGLE',
      entityTypes: ['urn:li:entityType:datahub.dataset'],
    }),
    mcp(PROP_URN, 'structuredPropertySettings', {
      showInSearchFilters: true,
      isHidden: false,
      showInAssetSummary: false,
      showAsAssetBadge: false,
      showInColumnsTable: false,
    }),
    // Do all gold datasets have an owner? orders does; customers does not.
    mcp(TEST, 'testInfo', {
      name: `Gold is owned ${id}`,
      category: 'governance',
      definition: {
        type: 'JSON',
        json: JSON.stringify({
          on: {
            types: ['dataset'],
            match: [{ query: 'globalTags.tags.tag', operation: 'equals', params: { values: [GOLD] } }],
          },
          rules: [{ query: 'ownership.owners.owner', operation: 'exists' }],
        }),
      },
    }),
  ]);
  await app.ingest([
    mcp(orders, 'globalTags', tags(GOLD)),
    mcp(orders, 'glossaryTerms', { terms: [{ urn: TERM }], auditStamp: { time: 0, actor: ANN } }),
    mcp(orders, 'ownership', { owners: [{ owner: ANN, type: 'DATAOWNER' }] }),
    mcp(orders, 'domains', { domains: [DOMAIN] }),
    mcp(orders, 'structuredProperties', retention('long')),
    mcp(orders, 'editableDatasetProperties', { description: `All orders ${id}` }),
    mcp(customers, 'globalTags', tags(GOLD)),
    mcp(revenue, 'globalTags', tags(SILVER)),
    mcp(revenue, 'structuredProperties', retention('short')),
    mcp(raw_orders, 'structuredProperties', retention('short')),
    ...Array.from({ length: PAGED }, (_, n) =>
      mcp(datasetUrn(`paged_${id}.t${n}`), 'datasetProperties', { name: `paged_${id}_${n}` }),
    ),
  ]);
  const api = httpClient(() => app.url).as(app.t.root);
  for (const urn of [orders, customers]) {
    const res = await api.call('POST', '/test?action=evaluate', { urn, tests: [TEST], push: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  // A global View of the silver datasets (everyone's to pick).
  const made = await app.gqlAs(
    app.t.root,
    `mutation ($input: CreateViewInput!) { createView(input: $input) { urn } }`,
    {
      input: {
        name: `Silver view ${id}`,
        viewType: 'GLOBAL',
        definition: {
          entityTypes: ['DATASET'],
          filter: { operator: 'AND', filters: [{ field: 'tags', values: [SILVER], condition: 'EQUAL' }] },
        },
      },
    },
  );
  silverView = made.createView.urn as string;
  // The pushed results and the View reach the index through the change log: one synced write after them
  // waits for it.
  await app.ingest([mcp(revenue, 'datasetProperties', { name: estate.names.revenue, description: 'Money' })]);
});

/** A new page of one signed-in browser context (sign-in is rate limited per user, ten a minute; a token, as the root password is shared by every suite on the database). */
let session: Promise<Page> | undefined;
async function newPage(): Promise<Page> {
  session ??= app.signedIn(app.t.root);
  return (await session).browserContext().newPage();
}

/** The search page at an address (signed in as root), its results drawn. */
async function open(address: string, page?: Page): Promise<Page> {
  const p = page ?? (await newPage());
  await p.goto(`${app.url}${address}`);
  await p.waitForSelector('.results .total');
  return p;
}
const names = (page: Page) => texts(page, '.result > a');
const facetLink = (page: Page, field: string, label: string) =>
  page.$$eval(
    `.facets section[data-field="${field}"] a`,
    (as, l) => as.find((a) => (a as any).innerText.replace('✓ ', '') === l)?.getAttribute('href'),
    label,
  );
/** Waits until the page shows the answer to its address (the last one is marked busy until then). */
const settled = (page: Page) =>
  page.waitForFunction(() => !(globalThis as any).document.querySelector('[aria-busy]'));
/** Follows a facet value's link (in the app, without a reload) and waits for the new results. */
async function pick(page: Page, field: string, label: string): Promise<void> {
  const href = await facetLink(page, field, label);
  expect(href, `${field} ${label}`).toBeTruthy();
  const before = page.url();
  await press(page, `.facets section[data-field="${field}"] a[href="${href}"]`);
  await page.waitForFunction((u) => (globalThis as any).location.href !== u, {}, before);
  await page.waitForSelector(`.facets section[data-field="${field}"]`);
  await settled(page);
}

describe('the search page', () => {
  it('suggests as one types, and shows each result with its platform, kind, owners, tags, terms, domain and matches', async () => {
    const page = await newPage();
    await page.goto(`${app.url}/`);
    // The app draws its search box once its script has run, after the page's load event.
    await page.waitForSelector('input[aria-label="Search the catalog"]');
    await page.type('input[aria-label="Search the catalog"]', `orders_${id}`);
    await page.waitForSelector('#suggestions a');
    expect(await text(page, '#suggestions')).toContain(estate.names.orders);
    await page.keyboard.press('Enter');
    await page.waitForSelector('.result');
    const orders = await page.$$eval(
      '.result',
      (rs, n) => rs.find((r) => (r as any).innerText.includes(n))?.outerHTML,
      estate.names.orders,
    );
    expect(orders).toBeDefined();
    const row = (await texts(page, '.result')).find((r) => r.startsWith(estate.names.orders)) as string;
    expect(row).toContain('Dataset');
    expect(row).toMatch(/SQLite/i);
    expect(row).toContain(`Domain Finance ${id}`);
    expect(row).toContain(`All orders ${id}`);
    expect(row).toMatch(new RegExp(`Owners\\s+Ann ${id}`));
    expect(row).toMatch(new RegExp(`Tags\\s+Gold ${id}`));
    expect(row).toMatch(new RegExp(`Glossary terms\\s+Revenue ${id}`));
    expect(row).toMatch(/Matched .*name/);
    await page.close();
  });

  it('filters by each kind of facet, in the address, and a reload keeps the filters', async () => {
    const page = await open(`/search?q=${id}`);
    const cases: [string, string, string[]][] = [
      ['_entityType', 'Dataset', [estate.names.orders, estate.names.customers]],
      ['platform', 'sqlite', [estate.names.orders]],
      ['domains', `Finance ${id}`, [estate.names.orders]],
      ['owners', `Ann ${id}`, [estate.names.orders]],
      ['tags', `Gold ${id}`, [estate.names.orders, estate.names.customers]],
      ['glossaryTerms', `Revenue ${id}`, [estate.names.orders]],
      [`structuredProperties.${PROP}`, 'long', [estate.names.orders]],
      ['failingTests', `Gold is owned ${id}`, [estate.names.customers]],
    ];
    for (const [field, label, found] of cases) {
      await open(`/search?q=${id}`, page);
      const heading = await page.$eval(
        `.facets section[data-field="${field}"] h2`,
        (h) => (h as any).innerText,
      );
      expect(heading.length).toBeGreaterThan(0);
      await pick(page, field, label);
      const url = new URL(page.url());
      expect(
        url.searchParams.getAll('filter').some((f) => f.startsWith(`${field}=`)),
        field,
      ).toBe(true);
      const shown = await names(page);
      for (const n of found) expect(shown, `${field} ${label}`).toContain(n);
      if (field !== '_entityType' && field !== 'platform')
        expect(shown.length, `${field}: ${shown.join(', ')}`).toBe(found.length);
      expect(await text(page, '.filter-chips')).toContain(label);
    }
    // The failing-test filter again, from a reload of its address.
    await page.reload();
    await page.waitForSelector('.result');
    expect(await names(page)).toEqual([estate.names.customers]);
    await page.close();
  });

  it('takes any of one facet’s values and all of the facets, and a chip takes a filter off', async () => {
    const page = await open(`/search?q=${id}`);
    await pick(page, 'tags', `Silver ${id}`);
    expect(await names(page)).toEqual([estate.names.revenue]);
    // Gold is still offered beside the Silver on: any of them.
    await pick(page, 'tags', `Gold ${id}`);
    expect((await names(page)).sort()).toEqual(
      [estate.names.orders, estate.names.customers, estate.names.revenue].sort(),
    );
    // And a second facet: both must hold.
    await pick(page, `structuredProperties.${PROP}`, 'short');
    expect(await names(page)).toEqual([estate.names.revenue]);
    expect(new URL(page.url()).searchParams.getAll('filter')).toEqual([
      `tags=${SILVER}`,
      `tags=${GOLD}`,
      `structuredProperties.${PROP}=short`,
    ]);
    expect(await texts(page, '.filter-chip')).toHaveLength(3);
    expect(await axeProblems(page)).toEqual([]);
    await app.shot(page, 'search');
    // The Silver chip's remove link: gold and short leaves none (raw_orders is short but not gold).
    const remove = await page.$$eval(
      '.filter-chip',
      (cs, l) => {
        const i = cs.findIndex((c) => (c as any).innerText.includes(l));
        return i;
      },
      `Silver ${id}`,
    );
    await press(page, `.filter-chip:nth-child(${remove + 1}) a.remove`);
    await settled(page);
    expect(await text(page, '.results .total')).toMatch(/^0 results/);
    expect(new URL(page.url()).searchParams.getAll('filter')).toEqual([
      `tags=${GOLD}`,
      `structuredProperties.${PROP}=short`,
    ]);
    await page.close();
  });

  it('leaves out a value filtered with negation in the address', async () => {
    const page = await open(
      `/search?q=${id}&filter=tags%3D${encodeURIComponent(GOLD)}&filter=!owners%3D${encodeURIComponent(ANN)}`,
    );
    expect(await names(page)).toEqual([estate.names.customers]);
    expect(await text(page, '.filter-chips')).toContain(`Owner is not Ann ${id}`);
    await page.close();
  });

  it('searches within a View, picked and in the address, and saves the filters on as a new View', async () => {
    const page = await open(`/search?q=${id}`);
    // The Views are listed once their query answered.
    await page.waitForSelector(`select.view option[value="${silverView}"]`);
    await page.select('select.view', silverView);
    await page.waitForFunction(
      (u) => (globalThis as any).location.search.includes(encodeURIComponent(u)),
      {},
      silverView,
    );
    await page.waitForSelector('.result');
    await settled(page);
    expect(await names(page)).toEqual([estate.names.revenue]);
    await page.reload();
    await page.waitForSelector('.result');
    expect(await names(page)).toEqual([estate.names.revenue]);
    // New words keep the View.
    await page.focus('input[aria-label="Search the catalog"]');
    await page.keyboard.down('Control');
    await page.keyboard.press('KeyA');
    await page.keyboard.up('Control');
    await page.keyboard.press('Backspace');
    await page.type('input[aria-label="Search the catalog"]', estate.names.revenue);
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      (q) => (globalThis as any).location.search.includes(q),
      {},
      `q=${estate.names.revenue}`,
    );
    expect(new URL(page.url()).searchParams.get('view')).toBe(silverView);

    // Saved from filters: datasets with the gold tag.
    await open(`/search?q=${id}`, page);
    await pick(page, '_entityType', 'Dataset');
    await pick(page, 'tags', `Gold ${id}`);
    await page.type('.save-view input', `Gold datasets ${id}`);
    await press(page, '.save-view button');
    await page.waitForFunction(() => (globalThis as any).location.search.includes('view='));
    await settled(page);
    const url = new URL(page.url());
    expect(url.searchParams.getAll('filter')).toEqual([]);
    expect((await names(page)).sort()).toEqual([estate.names.orders, estate.names.customers].sort());
    const made2 = await app.gqlAs(
      app.t.root,
      `query ($u: String!) { entity(urn: $u) { ... on DataHubView { name viewType definition { entityTypes filter { operator filters { field values negated } } } } } }`,
      { u: url.searchParams.get('view') },
    );
    expect(made2.entity).toEqual({
      name: `Gold datasets ${id}`,
      viewType: 'PERSONAL',
      definition: {
        entityTypes: ['DATASET'],
        filter: { operator: 'AND', filters: [{ field: 'tags', values: [GOLD], negated: false }] },
      },
    });
    expect(await page.$eval('select.view', (s) => (s as any).selectedOptions[0].innerText)).toBe(
      `Gold datasets ${id}`,
    );
    await page.close();
  });

  it('sorts by name', async () => {
    const page = await open(`/search?q=paged_${id}`);
    await page.select('select.sort', '-name');
    await page.waitForFunction(() => (globalThis as any).location.search.includes('sort=-name'));
    await settled(page);
    const shown = await names(page);
    expect(shown.slice(0, 3)).toEqual([`paged_${id}_9`, `paged_${id}_8`, `paged_${id}_7`]);
    await page.close();
  });

  it('pages: next, a page by its number, the last', async () => {
    const page = await open(`/search?q=paged_${id}&sort=name`);
    expect(await text(page, '.results .total')).toContain(`${PAGED} results`);
    expect(await text(page, '.page-of')).toBe('Page 1 of 3');
    const first = await names(page);
    expect(first).toHaveLength(20);
    await press(page, '.pages a:last-of-type');
    await waitForText(page, '.page-of', 'Page 3 of 3');
    await settled(page);
    expect(await names(page)).toHaveLength(PAGED - 40);
    await press(page, '.pages a:first-of-type');
    await waitForText(page, '.page-of', 'Page 1 of 3');
    await settled(page);
    const next = await page.$$eval('.pages a', (as) =>
      as.find((a) => (a as any).innerText === 'Next')?.getAttribute('href'),
    );
    await press(page, `.pages a[href="${next}"]`);
    await waitForText(page, '.page-of', 'Page 2 of 3');
    await settled(page);
    const second = await names(page);
    expect(second).toHaveLength(20);
    expect(second.some((n) => first.includes(n))).toBe(false);
    expect(new URL(page.url()).searchParams.get('page')).toBe('1');
    await page.type('.jump input', '3');
    await press(page, '.jump button');
    await waitForText(page, '.page-of', 'Page 3 of 3');
    await settled(page);
    await page.close();
  });
});

describe('paging past 10,000 results', () => {
  it('opens a page beyond the 10,000th result (where DataHub stops) by its number', async () => {
    // 10,020 small datasets, 200 a batch (the ingest maximum), six batches at a time; the last batch
    // waits for the search index, which then holds the others too (the sync follows the log in order).
    const DEEP = 10_020;
    const api = httpClient(() => app.url).as(app.t.root);
    const batches = Array.from({ length: Math.ceil(DEEP / 200) }, (_, b) =>
      Array.from({ length: Math.min(200, DEEP - b * 200) }, (_, i) => {
        const n = b * 200 + i;
        return mcp(datasetUrn(`deep_${id}.t${String(n).padStart(5, '0')}`), 'datasetProperties', {
          name: `deep_${id}_${String(n).padStart(5, '0')}`,
        });
      }),
    );
    const t0 = Date.now();
    const last = batches.pop() as unknown[];
    for (let i = 0; i < batches.length; i += 6)
      await Promise.all(
        batches.slice(i, i + 6).map(async (proposals) => {
          const res = await api.call('POST', '/aspects?action=ingestProposalBatch', { proposals });
          expect(res.status, JSON.stringify(res.body)).toBe(200);
        }),
      );
    await app.ingest(last);
    console.log(`ingested ${DEEP} in ${Date.now() - t0} ms`);
    const page = await open(`/search?q=deep_${id}&sort=name`);
    expect(await text(page, '.results .total')).toContain('10,020 results');
    expect(await text(page, '.page-of')).toBe('Page 1 of 501');
    await page.type('.jump input', '501');
    await press(page, '.jump button');
    await waitForText(page, '.page-of', 'Page 501 of 501');
    await settled(page);
    expect(new URL(page.url()).searchParams.get('page')).toBe('500');
    expect(await names(page)).toEqual(
      Array.from({ length: 20 }, (_, i) => `deep_${id}_${String(10_000 + i).padStart(5, '0')}`),
    );
    await page.close();
  }, 300_000);
});

import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { httpClient } from '../support/http.js';
import { datasetUrn, mcp, unique } from '../support/runtime.js';
import { axeProblems, press, text, useWebApp } from './web-app-support.js';

// The web app in a real Chromium, as a data-team member uses it: sign in, search with suggestions, filter,
// open a dataset and read its columns; metadata that holds HTML stays text. Screenshots of each page go
// to .neohub/test/screenshots (docs/screenshots has the committed ones).

const id = unique();
const orders = datasetUrn(`shop_${id}.orders`);
const customers = datasetUrn(`shop_${id}.customers`);
const evil = datasetUrn(`shop_${id}.evil`);
const raw = datasetUrn(`shop_${id}.raw_orders`);
const revenue = datasetUrn(`shop_${id}.revenue`);
const weekly = datasetUrn(`shop_${id}.weekly_revenue`);
const fromRun = datasetUrn(`shop_${id}.from_run`);
/** A dataset whose stored documentation link and external URL are `javascript:` URLs. */
const linked = datasetUrn(`shop_${id}.linked`);
const RUN = `file-ingest-${id}`;
/** `to` reads from `from` (DataHub's upstreamLineage). */
const feeds = (from: string, to: string) =>
  mcp(to, 'upstreamLineage', {
    upstreams: [
      { dataset: from, type: 'TRANSFORMED', auditStamp: { time: 0, actor: 'urn:li:corpuser:datahub' } },
    ],
  });
const XSS = `<img src=x onerror="window.__xss=1"><script>window.__xss=2</script> [a](javascript:window.__xss=3)`;
const ORDERS_DOC =
  'Every **order**, one row per order line.\n\n- placed\n- shipped\n\nSee [the docs](https://example.com/docs).';

const app = useWebApp(async (app) => {
  const schema = (fields: [string, string, string][]) => ({
    schemaName: 'x',
    platform: 'urn:li:dataPlatform:hive',
    version: 0,
    hash: '',
    platformSchema: { 'com.linkedin.schema.OtherSchema': { rawSchema: '' } },
    fields: fields.map(([fieldPath, nativeDataType, description]) => ({
      fieldPath,
      nativeDataType,
      description,
      nullable: false,
      type: { type: { 'com.linkedin.schema.StringType': {} } },
    })),
  });
  const proposals = [
    mcp(orders, 'datasetProperties', {
      name: `orders_${id}`,
      description: ORDERS_DOC,
    }),
    mcp(
      orders,
      'schemaMetadata',
      schema([
        ['order_id', 'bigint', 'The order'],
        ['customer_id', 'bigint', 'Who ordered'],
      ]),
    ),
    mcp(orders, 'globalTags', { tags: [{ tag: 'urn:li:tag:Finance' }] }),
    mcp(customers, 'datasetProperties', { name: `customers_${id}`, description: 'Customer master data' }),
    mcp(evil, 'datasetProperties', { name: `evil_${id}`, description: XSS }),
    mcp(linked, 'datasetProperties', {
      name: `linked_${id}`,
      externalUrl: 'javascript:alert(2)',
      customProperties: { team: 'shop' },
    }),
    mcp(linked, 'institutionalMemory', {
      elements: [
        {
          url: 'javascript:alert(1)',
          description: 'Bad link',
          createStamp: { time: 0, actor: 'urn:li:corpuser:datahub' },
        },
        {
          url: 'https://wiki.example.com/linked',
          description: 'Wiki',
          createStamp: { time: 0, actor: 'urn:li:corpuser:datahub' },
        },
      ],
    }),
    mcp(raw, 'datasetProperties', { name: `raw_orders_${id}` }),
    mcp(revenue, 'datasetProperties', { name: `revenue_${id}` }),
    mcp(weekly, 'datasetProperties', { name: `weekly_revenue_${id}` }),
    feeds(raw, orders),
    feeds(orders, revenue),
    feeds(revenue, weekly),
  ];
  const request = `urn:li:dataHubExecutionRequest:${RUN}`;
  await app.ingest(proposals);
  // A run of DataHub's CLI: what it wrote (its run id in the system metadata) and how it reported itself.
  await app.ingest([
    {
      ...mcp(fromRun, 'datasetProperties', { name: `from_run_${id}` }),
      systemMetadata: { runId: RUN },
    },
    mcp(request, 'dataHubExecutionRequestInput', {
      task: 'RUN_INGEST',
      args: {},
      executorId: '__datahub_cli_',
      source: { type: 'CLI_INGESTION_SOURCE' },
      requestedAt: Date.now(),
    }),
    mcp(request, 'dataHubExecutionRequestResult', {
      status: 'SUCCESS',
      startTimeMs: Date.now(),
      durationMs: 2300,
    }),
  ]);
});
const signedIn = (token?: string): Promise<Page> => app.signedIn(token);

describe('the web app in Chromium', () => {
  it('answers its page with a Content-Security-Policy that allows no inline script', async () => {
    const page = await app.browser.newPage();
    const res = await page.goto(`${app.url}/search?q=x`);
    expect(res?.status()).toBe(200);
    expect(res?.headers()['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
    // Its script is sent gzipped to a browser that takes it (Chromium does), as it is to one that does not.
    const script = await page.$eval('script[src]', (e) => (e as any).getAttribute('src') as string);
    const zipped = await fetch(`${app.url}${script}`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    const plain = await fetch(`${app.url}${script}`, { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await zipped.text()).toBe(await plain.text());
    await page.close();
  });

  it('refuses a wrong password, then signs in as the root user', async () => {
    const page = await (await app.browser.createBrowserContext()).newPage();
    await page.goto(`${app.url}/`);
    await page.waitForSelector('form[aria-label="Sign in"]');
    await page.type('input[name=username]', 'datahub');
    await page.type('input[name=password]', 'not the password');
    await press(page, 'button[type=submit]');
    await page.waitForSelector('[role=alert]');
    expect(await text(page, '[role=alert]')).toMatch(/Invalid Credentials/);
    await app.shot(page, 'sign-in');
    await page.close();
    const signed = await app.signedInWithPassword();
    expect(await text(signed, '.who')).toBe('datahub');
    await signed.close();
  });

  it('suggests as one types, searches, filters by a facet in the address, and opens a dataset with its columns', async () => {
    const page = await signedIn();
    await page.type('input[aria-label="Search the catalog"]', `orders_${id}`);
    await page.waitForSelector('#suggestions a');
    expect(await text(page, '#suggestions')).toContain(`orders_${id}`);
    await page.keyboard.press('Enter');
    await page.waitForSelector('.result');
    expect(page.url()).toContain(`/search?q=orders_${id}`);
    expect(await text(page, '.results')).toContain(`orders_${id}`);
    // A facet value is a link whose address carries the filter; the page it opens still finds the dataset.
    const platform = await page.$$eval('.facets a', (as) =>
      as.map((a) => (a as any).href).find((h) => h.includes('filter=platform')),
    );
    expect(platform).toBeDefined();
    await page.goto(platform as string);
    await page.waitForSelector('.result');
    expect(await text(page, '.results')).toContain(`orders_${id}`);
    // The dataset, not one of its columns (schema fields are entities that a search finds too).
    await press(page, `.result > a[href="/entity/${encodeURIComponent(orders)}"]`);
    await page.waitForSelector('table.schema');
    expect(await text(page, 'h1')).toBe(`orders_${id}`);
    const columns = await page.$$eval('table.schema tbody tr', (rows) =>
      rows.map((r) => (r as any).innerText),
    );
    expect(columns.join('\n')).toMatch(/order_id\s+bigint\s+The order/);
    expect(await text(page, '.labels')).toContain('Finance');
    // The description is Markdown, rendered.
    expect(await page.$$eval('.description strong', (e) => e.map((x) => (x as any).innerText))).toEqual([
      'order',
    ]);
    expect(await page.$$('.description li')).toHaveLength(2);
    expect(await page.$eval('.description a', (a) => (a as any).href)).toBe('https://example.com/docs');
    await page.close();
  });

  it('shows metadata that holds HTML or javascript: links as text, running none of it', async () => {
    const page = await signedIn();
    await page.goto(`${app.url}/entity/${encodeURIComponent(evil)}`);
    await page.waitForSelector('.entity .description');
    // Markdown: the HTML shows as its text, the javascript: link as its words only.
    const shown = await text(page, '.entity .description');
    expect(shown).toContain('<img src=x onerror="window.__xss=1">');
    expect(shown).toContain('<script>window.__xss=2</script>');
    expect(await page.evaluate(() => (globalThis as any).__xss)).toBeUndefined();
    expect(await page.$$('.entity img, .entity script, .entity a[href^="javascript:"]')).toHaveLength(0);
    await page.close();
  });

  it('shows a stored javascript: documentation link and external URL as text, never as a link', async () => {
    const page = await signedIn();
    await page.goto(`${app.url}/entity/${encodeURIComponent(linked)}`);
    await page.waitForSelector('.links');
    // The link's words and its URL, as text; the https link beside it is a link.
    expect(await text(page, '.links')).toContain('Bad link (javascript:alert(1))');
    expect(await page.$$eval('.links a', (as) => as.map((a) => a.getAttribute('href')))).toEqual([
      'https://wiki.example.com/linked',
    ]);
    // The external URL shows as text, with no "View in the source" link.
    await page.waitForSelector('table.properties');
    expect(await text(page, '.entity')).not.toContain('View in the source');
    expect(await text(page, 'p.external')).toBe('In the source: javascript:alert(2)');
    const hrefs = await page.$$eval('a', (as) => as.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs.filter((h) => /^\s*javascript:/i.test(h))).toEqual([]);
    // Clicking the text opens nothing (a dialog would fail the test).
    await press(page, '.links li span');
    expect(new URL(page.url()).pathname).toBe(`/entity/${encodeURIComponent(linked)}`);
    await page.close();
  });

  it('keeps a pasted token out of localStorage, sessionStorage, cookies the page reads and every address', async () => {
    const token = app.t.editor;
    const page = await (await app.browser.createBrowserContext()).newPage();
    const addresses: string[] = [];
    page.on('request', (r) => addresses.push(r.url()));
    page.on('framenavigated', (f) => addresses.push(f.url()));
    await page.goto(`${app.url}/`);
    await page.waitForSelector('form[aria-label="Sign in"]');
    await press(page, 'form button.quiet');
    await page.type('input[name=token]', token);
    await press(page, 'button[type=submit]');
    await page.waitForSelector('input[aria-label="Search the catalog"]');
    // A few pages on, as one works.
    await page.goto(`${app.url}/search?q=shop_${id}`);
    await page.waitForSelector('.result');
    await page.goto(`${app.url}/entity/${encodeURIComponent(orders)}`);
    await page.waitForSelector('table.schema');
    const kept = await page.evaluate(() => {
      const w = globalThis as any;
      const all = (s: any) =>
        Array.from({ length: s.length as number }, (_, i) => `${s.key(i)}=${s.getItem(s.key(i))}`);
      return {
        local: all(w.localStorage),
        session: all(w.sessionStorage),
        cookie: w.document.cookie as string,
        address: w.location.href as string,
      };
    });
    addresses.push(page.url());
    expect(kept.local.filter((v: string) => v.includes(token))).toEqual([]);
    expect(kept.session.filter((v: string) => v.includes(token))).toEqual([]);
    expect(kept.cookie).not.toContain(token);
    expect(kept.cookie).not.toContain('neohub_session');
    expect(kept.address).not.toContain(token);
    expect(addresses.length).toBeGreaterThan(3);
    expect(addresses.filter((a) => a.includes(token) || a.includes(encodeURIComponent(token)))).toEqual([]);
    await page.close();
  });

  it('has no serious or critical accessibility violations on its pages (axe-core)', async () => {
    const page = await signedIn();
    const problems: string[] = [];
    for (const address of [
      '/',
      `/search?q=shop_${id}`,
      `/entity/${encodeURIComponent(orders)}`,
      `/lineage/${encodeURIComponent(orders)}`,
      '/admin',
    ]) {
      await page.goto(`${app.url}${address}`);
      await page.waitForSelector(
        address === '/'
          ? '.home'
          : address.startsWith('/search')
            ? '.result'
            : address.startsWith('/lineage')
              ? '.impact tbody tr'
              : address === '/admin'
                ? '.admin table'
                : 'table.schema',
      );
      for (const p of await axeProblems(page)) problems.push(`${address}: ${p}`);
    }
    expect(problems).toEqual([]);
    await page.close();
  });

  it('lets an Admin make and revoke an access token and make an invite; a Reader has no Admin page link', async () => {
    const page = await signedIn();
    await press(page, 'a[href="/admin"]');
    await page.waitForSelector('.admin');
    const name = `ui_${id}`;
    await page.type('.admin form input', name);
    await press(page, '.admin form button[type=submit]');
    await page.waitForSelector('.made code');
    const token = await text(page, '.made code');
    expect(token).toMatch(/^nh_/);
    const call = (tok: string) =>
      httpClient(() => app.url)
        .as(tok)
        .call('POST', '/api/graphql', { query: '{ me { corpUser { urn } } }' });
    expect((await call(token)).status).toBe(200);
    await page.waitForSelector(`button[aria-label="Revoke ${name}"]`);
    await press(page, `button[aria-label="Revoke ${name}"]`);
    await page.waitForFunction(
      (n: string) => !(globalThis as any).document.querySelector(`button[aria-label="Revoke ${n}"]`),
      {},
      name,
    );
    expect((await call(token)).status).toBe(401);
    await page.select('.admin section:nth-of-type(2) select', 'Editor');
    await press(page, '.admin section:nth-of-type(2) .inline-form button');
    await page.waitForFunction(() =>
      /[a-z]{32}/.test(
        (globalThis as any).document.querySelector('.admin section:nth-of-type(2) .made')?.innerText ?? '',
      ),
    );
    expect(await text(page, '.admin section:nth-of-type(2) .made')).toContain('(Editor)');
    // People are listed (the root user among them), and nothing on the page failed.
    await page.type('input[name=people-query]', 'datahub');
    await press(page, 'form.find button');
    await page.waitForSelector('button[aria-label="Make datahub Admin"]');
    expect(await page.$$('.admin [role=alert]')).toHaveLength(0);
    await app.shot(page, 'admin');
    // A run rolled back after its dry run: the dry run says what it would do, the rollback does it.
    // A click in the page itself: the people search above may still move the layout under a mouse click.
    await press(page, `button[aria-label="Plan rollback of ${RUN}"]`);
    await page.waitForSelector('.plan, #runs-section [role=alert]');
    expect(await page.$$eval('#runs-section [role=alert]', (es) => es.map((e) => e.textContent))).toEqual([]);
    expect(await text(page, '.plan')).toMatch(/would affect 1 entities/);
    expect((await app.gqlAs(app.t.root, `{ entity(urn: "${fromRun}") { urn } }`)).entity).toEqual({
      urn: fromRun,
    });
    await press(page, '.plan button:not(.quiet)');
    await page.waitForFunction(() => !(globalThis as any).document.querySelector('.plan'));
    await page.waitForFunction(
      (run: string) =>
        [...(globalThis as any).document.querySelectorAll('.admin tr')].some(
          (tr: any) => tr.innerText.includes(run) && tr.innerText.includes('ROLLED_BACK'),
        ),
      {},
      RUN,
    );
    expect((await app.gqlAs(app.t.root, `{ entity(urn: "${fromRun}") { urn } }`)).entity).toBeNull();
    await page.close();
    const reader = await signedIn(app.t.reader);
    expect(await reader.$('a[href="/admin"]')).toBeNull();
    await reader.close();
  });

  it('signs out: the session ends and the sign-in page is back', async () => {
    const page = await signedIn();
    await press(page, 'button.quiet');
    await page.waitForSelector('form[aria-label="Sign in"]');
    const me = await page.evaluate(
      async () =>
        (
          await fetch('/api/graphql', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: '{"query":"{ me { corpUser { urn } } }"}',
          })
        ).status,
    );
    expect(me).toBe(401);
    await page.close();
  });
});

import type { Page } from 'puppeteer-core';
import { afterAll, describe, expect, it } from 'vitest';
import { httpClient } from '../support/http.js';
import { datasetUrn, mcp, unique } from '../support/runtime.js';
import { ingestSqlEstate, type SqlEstate } from './sql-estate.js';
import { axeProblems, deleteTests, press, text, useWebApp, waitForText } from './web-app-support.js';

// The Admin page in a real Chromium over an estate DataHub's own `datahub ingest` wrote (the run reports
// itself as an execution request): users and their roles, metadata tests with their results, structured
// property definitions, and the run shown, planned and rolled back. Editors and Readers have no Admin
// page, and the server refuses them what it does.

const id = unique();
const person = `admin_page_${id}`;
const qualified = `io.neohub.admin${id}.tier`;
/** The metadata test's own datasets (the estate's are the run's, rolled back whole at the end). */
const tested = (name: string) => datasetUrn(`adminpage_${id}.${name}`);
let estate: SqlEstate;
const app = useWebApp(async (app) => {
  estate = await ingestSqlEstate(app.url, app.t.root, id);
  await app.ingest([
    mcp(`urn:li:corpuser:${person}`, 'corpUserInfo', { active: true, displayName: `Pat ${id}` }),
    mcp(tested('orders'), 'editableDatasetProperties', { description: 'One row per order' }),
    mcp(tested('customers'), 'editableDatasetProperties', { description: 'Who buys' }),
    mcp(tested('scratch'), 'datasetProperties', { name: 'scratch' }),
  ]);
});

// What the suite defined, removed even when a test stopped half-way: a test left behind would be
// evaluated over every later suite's datasets.
afterAll(async () => {
  if (!app.t) return;
  await deleteTests(app, id);
  await app.gqlAs(app.t.root, 'mutation ($u: String!) { deleteStructuredProperty(input: {urn: $u}) }', {
    u: `urn:li:structuredProperty:${qualified}`,
  });
});

/**
 * The Admin page, signed in with the root token (the root user's password is the suite server's, which
 * another suite's server on the same database may have set anew).
 */
const adminPage = async (): Promise<Page> => {
  const page = await app.signedIn(app.t.root);
  await page.goto(`${app.url}/admin`);
  await page.waitForSelector('.admin table');
  return page;
};

/** The innerText of the table row that holds `needle` in the table under `selector`, or '' when none. */
const rowOf = (page: Page, selector: string, needle: string): Promise<string> =>
  page.$$eval(
    `${selector} tbody tr`,
    (rows, n) => rows.map((r) => (r as any).innerText as string).find((t) => t.includes(n as string)) ?? '',
    needle,
  );
const waitForRow = (page: Page, selector: string, needle: string, also = '') =>
  page.waitForFunction(
    (s: string, n: string, a: string) =>
      [...(globalThis as any).document.querySelectorAll(`${s} tbody tr`)].some(
        (r: any) => r.innerText.includes(n) && r.innerText.includes(a),
      ),
    { timeout: 20_000 },
    selector,
    needle,
    also,
  );
const noRow = (page: Page, selector: string, needle: string) =>
  page.waitForFunction(
    (s: string, n: string) =>
      ![...(globalThis as any).document.querySelectorAll(`${s} tbody tr`)].some((r: any) =>
        r.innerText.includes(n),
      ),
    { timeout: 20_000 },
    selector,
    needle,
  );
/** Waits until the role column of the user row that holds `needle` says `role`. */
const waitForRole = (page: Page, needle: string, role: string) =>
  page.waitForFunction(
    (n: string, r: string) =>
      [...(globalThis as any).document.querySelectorAll('.people tbody tr')].some(
        (tr: any) => tr.innerText.includes(n) && tr.querySelector('td.role')?.innerText === r,
      ),
    { timeout: 20_000 },
    needle,
    role,
  );
/** Types into a form's field after emptying it. */
const fill = async (page: Page, selector: string, value: string) => {
  await page.focus(selector);
  await page.keyboard.down('Control');
  await page.keyboard.press('a');
  await page.keyboard.up('Control');
  await page.keyboard.press('Backspace');
  await page.type(selector, value);
};
/** The error a GraphQL call as `token` gets (its code), or undefined when it was done. */
const refusal = async (token: string, query: string, variables: Record<string, unknown> = {}) => {
  const res = await httpClient(() => app.url)
    .as(token)
    .call('POST', '/api/graphql', { query, variables });
  const errors = (res.body as { errors?: { extensions?: { code?: number } }[] }).errors;
  return errors?.[0]?.extensions?.code;
};

describe('the Admin page', () => {
  it("shows each user's role and gives one", async () => {
    const page = await adminPage();
    await page.type('input[name=people-query]', person);
    await press(page, 'form.find button');
    await waitForRole(page, `Pat ${id}`, 'Reader');
    await press(page, `button[aria-label="Make ${person} Editor"]`);
    await waitForRole(page, `Pat ${id}`, 'Editor');
    const roles = await app.gqlAs(
      app.t.root,
      `{ corpUser(urn: "urn:li:corpuser:${person}") { roles: relationships(input: {types: ["IsMemberOfRole"], direction: OUTGOING}) { relationships { entity { urn } } } } }`,
    );
    expect(roles.corpUser.roles.relationships).toEqual([{ entity: { urn: 'urn:li:dataHubRole:Editor' } }]);
    // The current invite token of a role is shown on demand.
    await page.select('#people-section select', 'Admin');
    await press(page, '#people-section .inline-form button.quiet');
    await waitForText(page, '#people-section .made', '(Admin)');
    expect(await page.$$('.admin [role=alert]')).toHaveLength(0);
    expect(await axeProblems(page)).toEqual([]);
    await page.close();
  });

  it('defines a metadata test, shows its definition and how many entities pass and fail it, then deletes it', async () => {
    const page = await adminPage();
    const name = `Documented ${id}`;
    // This suite's three datasets only: two are documented (they pass), one is not (it fails).
    const definition = JSON.stringify({
      on: {
        types: ['dataset'],
        match: [{ query: 'urn', operation: 'starts_with', params: { value: tested('').slice(0, -6) } }],
      },
      rules: [{ query: 'editableDatasetProperties.description', operation: 'exists' }],
    });
    await page.type('input[name=test-name]', name);
    await page.type('input[name=test-category]', 'Documentation');
    await page.type('input[name=test-description]', 'Datasets say what they hold');
    await fill(page, 'textarea[name=test-definition]', definition);
    await press(page, '.test-form button[type=submit]');
    await waitForRow(page, '.tests', name);
    // The server evaluates a new test over the catalog; the counts follow.
    await page.waitForFunction(
      async (n: string) => {
        const doc = (globalThis as any).document;
        const row = [...doc.querySelectorAll('.tests tbody tr')].find((r: any) =>
          r.innerText.includes(n),
        ) as any;
        if (
          row?.querySelector('td.passing')?.innerText.startsWith('2') &&
          row.querySelector('td.failing')?.innerText.startsWith('1')
        )
          return true;
        [...doc.querySelectorAll('.test-form button')]
          .find((b: any) => b.innerText.includes('Refresh'))
          ?.click();
        await new Promise((r) => setTimeout(r, 500));
        return false;
      },
      { timeout: 30_000, polling: 1000 },
      name,
    );
    const row = await rowOf(page, '.tests', name);
    expect(row).toContain('Documentation');
    expect(row).toContain('Datasets say what they hold');
    // The definition, as text.
    const shown = await page.$$eval(
      '.tests tbody tr',
      (rows, n) => {
        const r = rows.find((x) => ((x as any).innerText as string).includes(n as string)) as any;
        r.querySelector('details').open = true;
        return r.querySelector('details pre').innerText as string;
      },
      name,
    );
    expect(JSON.parse(shown)).toEqual(JSON.parse(definition));
    // The passing count opens a search filtered on the test.
    const href = await page.$$eval(
      '.tests tbody tr',
      (rows, n) =>
        (rows.find((x) => ((x as any).innerText as string).includes(n as string)) as any).querySelector(
          'td.passing a',
        ).href as string,
      name,
    );
    expect(decodeURIComponent(href)).toMatch(/filter=passingTests=urn:li:test:/);
    expect(await page.$$('.admin [role=alert]')).toHaveLength(0);
    expect(await axeProblems(page)).toEqual([]);
    await page.$eval('#tests-section', (e: any) => e.scrollIntoView());
    await app.shot(page, 'admin-tests');
    // Changed: the new category shows.
    await press(page, `button[aria-label="Edit ${name}"]`);
    await fill(page, 'input[name=test-category]', 'Docs');
    await press(page, '.test-form button[type=submit]');
    await waitForRow(page, '.tests', name, 'Docs\t');
    await press(page, `button[aria-label="Delete ${name}"]`);
    await noRow(page, '.tests', name);
    const left = await app.gqlAs(app.t.root, `{ listTests(input: {query: "${id}"}) { total } }`);
    expect(left.listTests.total).toBe(0);
    await page.close();
  });

  it('creates a structured property, lists it with its definition, and deletes it', async () => {
    const page = await adminPage();
    await page.type('input[name=property-name]', qualified);
    await page.type('input[name=property-display]', `Tier ${id}`);
    await press(page, 'input[name=kind-dashboard]');
    await page.type('textarea[name=property-values]', 'gold: the best\nsilver');
    await press(page, '.properties form button[type=submit]');
    await waitForRow(page, '.property-list', qualified);
    const row = await rowOf(page, '.property-list', qualified);
    for (const shown of [`Tier ${id}`, 'String', 'SINGLE', 'gold (the best), silver', 'dataset, dashboard'])
      expect(row).toContain(shown);
    // Listed from the search index too, once it has it.
    await page.reload();
    await page.waitForSelector('.admin table');
    await page.type('input[name=property-query]', qualified);
    await press(page, '#properties-section form.find button');
    await waitForRow(page, '.property-list', qualified);
    expect(await axeProblems(page)).toEqual([]);
    await press(page, `button[aria-label="Delete ${qualified}"]`);
    await noRow(page, '.property-list', qualified);
    expect(await page.$$('.admin [role=alert]')).toHaveLength(0);
    const gone = await app.gqlAs(
      app.t.root,
      `{ structuredProperty(urn: "urn:li:structuredProperty:${qualified}") { exists } }`,
    );
    expect(gone.structuredProperty?.exists ?? false).toBe(false);
    await page.close();
  });

  it('hides the page from Editors and Readers, and the server refuses them its changes', async () => {
    for (const token of [app.t.editor, app.t.reader]) {
      const page = await app.signedIn(token);
      expect(await page.$('a[href="/admin"]')).toBeNull();
      // Opened by its address anyway, the page says what the server refused.
      await page.goto(`${app.url}/admin`);
      await page.waitForSelector('.admin');
      await page.type('input[name=property-name]', `io.neohub.refused${id}`);
      await press(page, '.properties form button[type=submit]');
      await page.waitForSelector('#properties-section [role=alert]');
      expect(await text(page, '#properties-section [role=alert]')).toMatch(
        /privilege|Admin|denied|forbidden/i,
      );
      await page.close();
      const refused = [
        [
          'mutation { batchAssignRole(input: {roleUrn: "urn:li:dataHubRole:Admin", actors: ["urn:li:corpuser:x"]}) }',
        ],
        ['mutation { createTest(input: {name: "x", category: "x", definition: {json: "{}"}}) }'],
        ['mutation { deleteTest(urn: "urn:li:test:x") }'],
        [
          `mutation { createStructuredProperty(input: {qualifiedName: "io.neohub.refused${id}", valueType: "urn:li:dataType:datahub.string", entityTypes: ["urn:li:entityType:datahub.dataset"]}) { urn } }`,
        ],
        ['mutation { deleteStructuredProperty(input: {urn: "urn:li:structuredProperty:x"}) }'],
        [`mutation { rollbackIngestion(input: {runId: "${estate.runId}", dryRun: true}) }`],
        ['mutation { createInviteToken(input: {roleUrn: "urn:li:dataHubRole:Admin"}) { inviteToken } }'],
      ];
      for (const [query] of refused) expect(await refusal(token, query as string), query).toBe(403);
    }
  });

  it('lists the run, shows it, plans its rollback and rolls it back', async () => {
    const page = await adminPage();
    const run = estate.runId;
    await waitForRow(page, '#runs-section', run, 'SUCCESS');
    // A DOM click: the runs list may lay itself out again as it loads (other suites' runs too).
    await press(page, `button[aria-label="Show run ${run}"]`);
    await waitForText(page, '.run-details', 'Report');
    const details = await text(page, '.run-details');
    for (const shown of [
      'CLI Ingestion',
      'CLI_INGESTION_SOURCE',
      'SUCCESS',
      'Ingestion Report',
      '"sqlalchemy"',
    ])
      expect(details).toContain(shown);
    // The recipe's token never reaches the page (the CLI masks it in its report; the arguments are not served).
    expect(details).not.toContain(app.t.root);
    expect(await axeProblems(page)).toEqual([]);
    await press(page, '.run-details button.quiet');
    await page.waitForFunction(() => !(globalThis as any).document.querySelector('.run-details'));
    await press(page, `button[aria-label="Plan rollback of ${run}"]`);
    await page.waitForSelector('.plan');
    // Five datasets, two containers, three queries.
    expect(await text(page, '.plan')).toMatch(/would affect \d+ entities/);
    expect(
      (await app.gqlAs(app.t.root, `{ entity(urn: "${estate.urns.orders}") { urn } }`)).entity,
    ).not.toBeNull();
    expect(await axeProblems(page)).toEqual([]);
    await page.$eval('#runs-section', (e: any) => e.scrollIntoView());
    await app.shot(page, 'admin-runs');
    await press(page, '.plan button:not(.quiet)');
    await page.waitForFunction(() => !(globalThis as any).document.querySelector('.plan'));
    await waitForRow(page, '#runs-section', run, 'ROLLED_BACK');
    for (const urn of Object.values(estate.urns))
      expect((await app.gqlAs(app.t.root, `{ entity(urn: "${urn}") { urn } }`)).entity).toBeNull();
    await page.close();
  });
});

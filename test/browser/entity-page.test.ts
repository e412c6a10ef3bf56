import path from 'node:path';
import type { Page } from 'puppeteer-core';
import { createServer } from 'vite';
import { describe, expect, it } from 'vitest';
import { httpClient } from '../support/http.js';
import { mcp, unique } from '../support/runtime.js';
import { ingestSqlEstate, type SqlEstate } from './sql-estate.js';
import { axeProblems, openForm, press, text, texts, useWebApp, waitForText } from './web-app-support.js';

// Entity pages over an estate that DataHub's own SQL source ingested (SQLite, profiled, with view
// lineage): what a data-team member reads of a table and a view, and the everyday edits of an Editor,
// each through GraphQL; a Reader sees none of the controls.

const id = unique();
const term = `urn:li:glossaryTerm:Revenue_${id}`;
const domain = `urn:li:domain:sales_${id}`;
const property = `urn:li:structuredProperty:io.shop.retention_${id}`;
const ann = `urn:li:corpuser:ann_${id}`;
const team = `urn:li:corpGroup:finance_${id}`;
const model = `urn:li:dataset:(urn:li:dataPlatform:dbt,shop.orders_${id},PROD)`;
const table = `urn:li:dataset:(urn:li:dataPlatform:snowflake,shop.orders_${id},PROD)`;
let estate: SqlEstate;

const app = useWebApp(async (app) => {
  estate = await ingestSqlEstate(app.url, app.t.root, id);
  const day = 24 * 3600 * 1000;
  const now = Date.now() - (Date.now() % day);
  await app.ingest([
    mcp(ann, 'corpUserInfo', { active: true, displayName: `Ann ${id}`, email: 'ann@example.com' }),
    mcp(team, 'corpGroupInfo', { displayName: `Finance ${id}`, admins: [], members: [], groups: [] }),
    mcp(ann, 'groupMembership', { groups: [team] }),
    // A dbt model and its warehouse table: siblings, the model's the description.
    mcp(model, 'datasetProperties', { name: `orders_${id}`, description: 'Orders as **dbt** builds them' }),
    mcp(table, 'datasetProperties', { name: `orders_${id}` }),
    mcp(model, 'siblings', { siblings: [table], primary: true }),
    mcp(table, 'siblings', { siblings: [model], primary: false }),
    mcp(term, 'glossaryTermInfo', { name: `Revenue ${id}`, definition: 'Money in', termSource: 'INTERNAL' }),
    mcp(domain, 'domainProperties', { name: `Sales ${id}` }),
    mcp(property, 'propertyDefinition', {
      qualifiedName: `io.shop.retention_${id}`,
      displayName: `Retention ${id}`,
      valueType: 'urn:li:dataType:datahub.number',
      entityTypes: ['urn:li:entityType:datahub.dataset'],
    }),
    // Usage as DataHub's usage sources report it: a bucket a day.
    ...[3, 2, 1].map((ago, i) => ({
      ...mcp(estate.urns.raw_orders, 'datasetUsageStatistics', {
        timestampMillis: now - ago * day,
        eventGranularity: { unit: 'DAY', multiple: 1 },
        uniqueUserCount: 2,
        totalSqlQueries: 10 * (i + 1),
        userCounts: [{ user: ann, count: 5 * (i + 1) }],
        fieldCounts: [{ fieldPath: 'amount', count: 4 }],
      }),
    })),
    mcp(estate.urns.raw_orders, 'operation', {
      timestampMillis: now,
      lastUpdatedTimestamp: now,
      operationType: 'INSERT',
      numAffectedRows: 5,
      actor: 'urn:li:corpuser:etl',
    }),
  ]);
});

const open = async (page: Page, urn: string) => {
  await page.goto(`${app.url}/entity/${encodeURIComponent(urn)}`);
  await page.waitForSelector('.entity h1');
};

describe('entity pages', () => {
  it("asks every kind's page only what its GraphQL type has (all 73 queries valid)", async () => {
    // The page's query module as the build makes it, with the fields it derives from the schema.
    const vite = await createServer({
      configFile: path.resolve('web', 'vite.config.ts'),
      server: { middlewareMode: true, hmr: false, watch: null },
      logLevel: 'error',
    });
    try {
      const query = await vite.ssrLoadModule('/src/entity/query.ts');
      const fields = (await vite.ssrLoadModule('virtual:entity-fields')).default as {
        types: Record<string, Record<string, string>>;
      };
      const types = Object.keys(fields.types);
      expect(types.length).toBeGreaterThan(70);
      expect(Object.keys(fields.types.Dataset ?? {})).toEqual(
        expect.arrayContaining(['schemaMetadata', 'datasetProfiles']),
      );
      const refused: string[] = [];
      for (const type of types) {
        const res = await httpClient(() => app.url)
          .as(app.t.reader)
          .call('POST', '/api/graphql', {
            query: query.entityQuery(type),
            variables: { urn: `urn:li:corpuser:none_${id}` },
          });
        if (res.body.errors) refused.push(`${type}: ${JSON.stringify(res.body.errors).slice(0, 300)}`);
      }
      expect(refused).toEqual([]);
    } finally {
      await vite.close();
    }
  });

  it('shows a table as the SQL source saw it: containers, columns with keys and foreign keys, profile, usage and operations', async () => {
    const page = await app.signedIn();
    await open(page, estate.urns.raw_orders);
    expect(await text(page, 'h1')).toBe(estate.names.raw_orders);
    expect(await text(page, '.entity .meta')).toMatch(/Dataset[\s\S]*sqlite[\s\S]*Table/);
    // The containers, outermost first: the database file, then the schema.
    const path = await texts(page, 'nav.path a');
    expect(path[path.length - 1]).toBe('main');
    expect(path[0]).toContain(`shop_${id}.db`);
    const rows = await texts(page, 'table.schema tbody tr');
    expect(rows[0]).toMatch(/^id\s*key\s+INTEGER/);
    expect(rows[1]).toMatch(new RegExp(`customer_id\\s*→\\s*${estate.names.customers}\\.id`));
    // The profile of each column (DataHub's profiler: 5 rows, amounts from 3 to 40).
    expect(rows[2]).toMatch(/amount\s+REAL[\s\S]*0 null · 5 distinct · 3\.0 to 40\.0 · mean 16\.35/);
    const stats = await text(page, '.stats');
    expect(stats).toMatch(/5 rows, 4 columns/);
    expect(stats).toMatch(/60 queries by 1 user in the last month/);
    expect(stats).toContain(`Top users: Ann ${id} (30)`);
    expect(stats).toMatch(/INSERT\s+5\s+urn:li:corpuser:etl/);
    expect(await page.$$('.stats svg[role=img]')).toHaveLength(2);
    await app.shot(page, 'dataset', true);
    expect(await axeProblems(page)).toEqual([]);
    await page.close();
  });

  it("shows a view's definition and the history of its changes", async () => {
    const page = await app.signedIn();
    await open(page, estate.urns.revenue);
    expect(await text(page, '.entity .meta')).toContain('View');
    expect(await text(page, 'pre.sql')).toMatch(
      new RegExp(`SUM\\(amount\\)[\\s\\S]*main\\.${estate.names.orders}`),
    );
    await press(page, '.history summary');
    await page.waitForSelector('.timeline li');
    expect(await text(page, '.timeline')).toMatch(/version \d+\.\d+\.\d+/);
    await page.close();
  });

  it("shows a warehouse table with its dbt sibling's description, and links the two", async () => {
    const page = await app.signedIn();
    await open(page, table);
    expect(await text(page, '.entity .description')).toMatch(/Orders as dbt builds them\s+From dbt/);
    expect(await text(page, '.siblings')).toMatch(/Seen first as/);
    await press(page, '.siblings a');
    await waitForText(page, '.entity .meta', 'dbt');
    expect(await text(page, '.siblings')).toMatch(/Also seen as/);
    await page.close();
  });

  it('lets an Editor edit owners, terms, domain, links, deprecation, structured properties and a column, then a Reader sees them without controls', async () => {
    const page = await app.signedIn(app.t.editor);
    const urn = estate.urns.customers;
    await open(page, urn);
    const form = (label: string) => `form[aria-label="${label}"]`;
    const submit = async (label: string, values: Record<string, string>, wait: string) => {
      await openForm(page, label);
      for (const [input, value] of Object.entries(values)) {
        const selector = `${form(label)} [aria-label="${input}"]`;
        if ((await page.$eval(selector, (e) => e.tagName)) === 'SELECT') await page.select(selector, value);
        else await page.type(selector, value);
      }
      await press(page, `${form(label)} button[type=submit]`);
      await waitForText(page, '.entity', wait).catch(async (e) => {
        throw new Error(`${label}: ${await text(page, '.entity')}`, { cause: e });
      });
    };
    await submit(
      'Add an owner',
      { 'Owner to add': ann, 'Ownership type': 'DATA_STEWARD' },
      `Ann ${id} (data steward)`,
    );
    await submit('Add a glossary term', { 'Term to add': term }, `Revenue ${id}`);
    await submit('Set the domain', { Domain: domain }, `Sales ${id}`);
    await submit(
      'Add a link',
      { 'Link URL': 'https://wiki.example.com/customers', 'Link label': 'Wiki page' },
      'Wiki page',
    );
    await submit(
      'Set a structured property',
      { 'Structured property': property, 'Property values': '30' },
      `Retention ${id}`,
    );
    await submit('Deprecate', { 'Deprecation note': 'Use crm.customers' }, 'Deprecated: Use crm.customers');
    // A link that is not http(s) is refused in the page, before the server.
    await openForm(page, 'Add a link');
    await page.type(`${form('Add a link')} [aria-label="Link URL"]`, 'javascript:alert(1)');
    await page.type(`${form('Add a link')} [aria-label="Link label"]`, 'Bad');
    await press(page, `${form('Add a link')} button[type=submit]`);
    await waitForText(page, form('Add a link'), 'must start with http');
    // A column: its description, a tag and a term.
    const rowOf = async (column: string) =>
      (await texts(page, 'table.schema tbody tr')).find((r) => r.startsWith(column)) ?? '';
    const columnEdit = async (column: string) => {
      const rows = await page.$$('table.schema tbody tr');
      for (const row of rows)
        if (((await row.evaluate((r) => (r as any).innerText)) as string).startsWith(column)) {
          const details = await row.$('details.column-edit');
          if (!(await details?.evaluate((d) => (d as any).open))) await (await row.$('summary'))?.click();
          return;
        }
    };
    await columnEdit('email');
    await press(page, 'button[aria-label="Edit description of email"]');
    await page.type('.editor textarea', 'Where receipts go');
    await press(page, '.editor button:not(.quiet)');
    await waitForText(page, 'table.schema', 'Where receipts go');
    await columnEdit('email');
    await openForm(page, 'Add a tag to email');
    await page.type('input[aria-label="Tag to add to email"]', `PII_${id}`);
    await press(page, `form[aria-label="Add a tag to email"] button[type=submit]`);
    await waitForText(page, 'table.schema', `PII_${id}`);
    expect(await rowOf('email')).toMatch(new RegExp(`Where receipts go[\\s\\S]*PII_${id}`));
    await app.shot(page, 'dataset-edit', true);
    // What the server now holds, read back through GraphQL.
    const got = (
      await app.gqlAs(
        app.t.root,
        `query ($u: String!) { dataset(urn: $u) { ownership { owners { owner { ... on CorpUser { urn } } ownershipType { urn } } }
          glossaryTerms { terms { term { urn } } } domain { domain { urn } } institutionalMemory { elements { url label } }
          deprecation { deprecated note } structuredProperties { properties { structuredProperty { urn } values { ... on NumberValue { numberValue } } } }
          editableSchemaMetadata { editableSchemaFieldInfo { fieldPath description tags { tags { tag { urn } } } } } } }`,
        { u: urn },
      )
    ).dataset;
    expect(got.ownership.owners).toEqual([
      {
        owner: { urn: ann },
        ownershipType: { urn: 'urn:li:ownershipType:__system__data_steward' },
      },
    ]);
    expect(got.glossaryTerms.terms).toEqual([{ term: { urn: term } }]);
    expect(got.domain.domain.urn).toBe(domain);
    expect(got.institutionalMemory.elements).toEqual([
      { url: 'https://wiki.example.com/customers', label: 'Wiki page' },
    ]);
    expect(got.deprecation).toEqual({ deprecated: true, note: 'Use crm.customers' });
    expect(got.structuredProperties.properties).toEqual([
      { structuredProperty: { urn: property }, values: [{ numberValue: 30 }] },
    ]);
    expect(got.editableSchemaMetadata.editableSchemaFieldInfo).toEqual([
      {
        fieldPath: 'email',
        description: 'Where receipts go',
        tags: { tags: [{ tag: { urn: `urn:li:tag:PII_${id}` } }] },
      },
    ]);
    expect(await axeProblems(page)).toEqual([]);
    await page.close();

    // A Reader reads it all, and has no control to change any of it.
    const reader = await app.signedIn(app.t.reader);
    await open(reader, urn);
    expect(await text(reader, '.entity')).toMatch(
      new RegExp(`Ann ${id}[\\s\\S]*Revenue ${id}[\\s\\S]*Sales ${id}`),
    );
    expect(
      await reader.$$('.entity form, .entity button.remove, .entity button.edit, details.column-edit'),
    ).toHaveLength(0);
    await reader.close();
  });

  it('lists the members of a domain, a term, a tag and a group, and a user’s assets and groups', async () => {
    const page = await app.signedIn();
    await open(page, domain);
    await waitForText(page, '#members', '(1)');
    expect(await text(page, '.members')).toContain(estate.names.customers);
    await open(page, term);
    await waitForText(page, '.members', estate.names.customers);
    await open(page, `urn:li:tag:PII_${id}`);
    await page.waitForSelector('#members');
    await open(page, ann);
    await waitForText(page, 'section[aria-labelledby=members]', estate.names.customers);
    // A user's groups, and a group's members.
    await waitForText(page, '#membership', '(1)');
    expect(await text(page, 'section[aria-labelledby=membership]')).toContain(`Finance ${id}`);
    await open(page, team);
    await waitForText(page, 'section[aria-labelledby=membership]', `Ann ${id}`);
    await page.close();
  });
});

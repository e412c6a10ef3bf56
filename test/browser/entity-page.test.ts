import path from 'node:path';
import type { Page } from 'puppeteer-core';
import { createServer } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { httpClient } from '../support/http.js';
import { datasetUrn, mcp, unique } from '../support/runtime.js';
import { ingestSqlEstate, type SqlEstate } from './sql-estate.js';
import {
  axeProblems,
  deleteTests,
  openForm,
  press,
  text,
  texts,
  useWebApp,
  waitForText,
} from './web-app-support.js';

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
const node = `urn:li:glossaryNode:Finance_${id}`;
const product = `urn:li:dataProduct:orders_${id}`;
/** A structured property of columns (schemaField entities). */
const sensitivity = `urn:li:structuredProperty:io.shop.sensitivity_${id}`;
const STAMP = { time: 1_700_000_000_000, actor: 'urn:li:corpuser:datahub' };
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
    mcp(node, 'glossaryNodeInfo', { name: `Finance terms ${id}`, definition: 'Words for money' }),
    mcp(term, 'glossaryTermInfo', {
      name: `Revenue ${id}`,
      definition: 'Money in',
      termSource: 'INTERNAL',
      parentNode: node,
    }),
    mcp(domain, 'domainProperties', { name: `Sales ${id}` }),
    mcp(property, 'propertyDefinition', {
      qualifiedName: `io.shop.retention_${id}`,
      displayName: `Retention ${id}`,
      valueType: 'urn:li:dataType:datahub.number',
      entityTypes: ['urn:li:entityType:datahub.dataset'],
    }),
    mcp(sensitivity, 'propertyDefinition', {
      qualifiedName: `io.shop.sensitivity_${id}`,
      displayName: `Sensitivity ${id}`,
      valueType: 'urn:li:dataType:datahub.string',
      entityTypes: ['urn:li:entityType:datahub.schemaField'],
    }),
    // A data product that holds raw_orders (DataProductContains).
    mcp(product, 'dataProductProperties', {
      name: `Orders product ${id}`,
      assets: [{ destinationUrn: estate.urns.raw_orders }],
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
  // A column's structured property, on its schemaField entity (once the property is defined).
  await app.ingest([
    mcp(`urn:li:schemaField:(${estate.urns.raw_orders},amount)`, 'structuredProperties', {
      properties: [{ propertyUrn: sensitivity, values: [{ string: 'confidential' }] }],
    }),
  ]);
});

afterAll(() => deleteTests(app, id));

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
        expect.arrayContaining(['schemaMetadata', 'datasetProfiles', 'dataProduct']),
      );
      // The data product section goes where the registry lets a data product hold the kind.
      expect(fields.types.Dashboard?.dataProduct).toBe('EntityRelationshipsResult');
      expect(fields.types.GlossaryTerm?.dataProduct).toBeUndefined();
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

  it("shows the data product an asset is in and its columns' structured properties; an Editor puts an asset in a data product and takes it out", async () => {
    const page = await app.signedIn();
    await open(page, estate.urns.raw_orders);
    await waitForText(page, '.labels', `Orders product ${id}`);
    expect(await text(page, '.labels')).toMatch(new RegExp(`Data product\\s+Orders product ${id}`));
    expect(await page.$$eval('.labels .chip a', (as) => as.map((a) => a.getAttribute('href')))).toContain(
      `/entity/${encodeURIComponent(product)}`,
    );
    // The column's structured property, in a column of its own (only when some column has one).
    expect(await texts(page, 'table.schema thead th')).toContain('Properties');
    const amount = (await texts(page, 'table.schema tbody tr')).find((r) => r.startsWith('amount')) ?? '';
    expect(amount).toContain(`Sensitivity ${id}: confidential`);
    expect(
      await page.$$eval('table.schema td.column-properties a', (as) => as.map((a) => a.getAttribute('href'))),
    ).toEqual([`/entity/${encodeURIComponent(sensitivity)}`]);
    expect(await axeProblems(page)).toEqual([]);
    // The data product's page lists its assets.
    await press(page, `.labels .chip a[href="/entity/${encodeURIComponent(product)}"]`);
    await waitForText(page, 'h1', `Orders product ${id}`);
    await waitForText(page, '#members', '(1)');
    expect(await text(page, '.members')).toContain(estate.names.raw_orders);
    expect(await axeProblems(page)).toEqual([]);
    await page.close();

    // An Editor puts the view orders in the data product, then takes it out again.
    const editor = await app.signedIn(app.t.editor);
    await open(editor, estate.urns.orders);
    await openForm(editor, 'Set the data product');
    await editor.type('form[aria-label="Set the data product"] [aria-label="Data product"]', product);
    await press(editor, 'form[aria-label="Set the data product"] button[type=submit]');
    await waitForText(editor, '.labels', `Orders product ${id}`);
    const productsOf = async (urn: string) =>
      (
        await app.gqlAs(
          app.t.root,
          `query ($u: String!) { entity(urn: $u) { relationships(input: {types: ["DataProductContains"],
            direction: INCOMING, start: 0, count: 10}) { relationships { entity { urn } } } } }`,
          { u: urn },
        )
      ).entity.relationships.relationships.map((r: { entity: { urn: string } }) => r.entity.urn);
    expect(await productsOf(estate.urns.orders)).toEqual([product]);
    await press(editor, `button[aria-label="Remove data product Orders product ${id}"]`);
    await editor.waitForFunction(
      (n: string) =>
        !(globalThis as any).document.querySelector(`button[aria-label="Remove data product ${n}"]`),
      {},
      `Orders product ${id}`,
    );
    expect(await productsOf(estate.urns.orders)).toEqual([]);
    expect(await productsOf(estate.urns.raw_orders)).toEqual([product]);
    await editor.close();
  });

  it('shows a dataset’s assertions with their runs, its incidents, its metadata test results and its queries', async () => {
    const checked = datasetUrn(`quality_${id}`);
    const assertion = `urn:li:assertion:rows_${id}`;
    const incident = `urn:li:incident:late_${id}`;
    const query = `urn:li:query:count_${id}`;
    const day = 24 * 3600 * 1000;
    const run = (ago: number, type: string) =>
      mcp(assertion, 'assertionRunEvent', {
        timestampMillis: Date.now() - ago * day,
        runId: `run-${ago}-${id}`,
        asserteeUrn: checked,
        assertionUrn: assertion,
        status: 'COMPLETE',
        result: { type },
      });
    await app.ingest([
      mcp(checked, 'datasetProperties', { name: `quality_${id}`, description: 'Checked every night' }),
      mcp(assertion, 'assertionInfo', {
        type: 'VOLUME',
        description: `At least one row ${id}`,
        volumeAssertion: {
          type: 'ROW_COUNT_TOTAL',
          entity: checked,
          rowCountTotal: { operator: 'GREATER_THAN', parameters: { value: { value: '0', type: 'NUMBER' } } },
        },
      }),
      run(2, 'SUCCESS'),
      run(1, 'FAILURE'),
      mcp(incident, 'incidentInfo', {
        type: 'OPERATIONAL',
        title: `Late load ${id}`,
        description: 'The nightly load ran late',
        entities: [checked],
        status: { state: 'ACTIVE', lastUpdated: STAMP },
        created: STAMP,
      }),
      mcp(query, 'queryProperties', {
        name: `Row count ${id}`,
        statement: { value: `SELECT count(*) FROM quality_${id}`, language: 'SQL' },
        source: 'MANUAL',
        created: STAMP,
        lastModified: STAMP,
      }),
      mcp(query, 'querySubjects', { subjects: [{ entity: checked }] }),
    ]);
    // Two metadata tests on this dataset alone: it is described (passes), it has no owner (fails).
    const test = (name: string, rule: string) =>
      app.gqlAs(app.t.root, 'mutation ($input: CreateTestInput!) { createTest(input: $input) }', {
        input: {
          name: `${name} ${id}`,
          category: `Quality ${id}`,
          definition: {
            json: JSON.stringify({
              on: {
                types: ['dataset'],
                match: [{ query: 'urn', operation: 'starts_with', params: { value: checked } }],
              },
              rules: [{ query: rule, operation: 'exists' }],
            }),
          },
        },
      });
    const tests = [
      await test('Described', 'datasetProperties.description'),
      await test('Owned', 'ownership.owners.owner'),
    ];
    // The dataset evaluated now and its results written (DataHub's `/test?action=evaluate` with push).
    const pushed = await httpClient(() => app.url)
      .as(app.t.root)
      .call('POST', '/test?action=evaluate', {
        urn: checked,
        tests: tests.map((t) => t.createTest),
        push: true,
      });
    expect(pushed.status, JSON.stringify(pushed.body)).toBe(200);
    expect(pushed.body.value.failing).toHaveLength(1);

    const page = await app.signedIn();
    await open(page, checked);
    await page.waitForSelector('table.assertions');
    expect(await text(page, 'table.assertions caption')).toBe('Assertions (1)');
    expect(await text(page, 'table.assertions tbody tr')).toMatch(
      new RegExp(`^At least one row ${id}\\s+FAILURE, .+\\s+1\\s+1$`),
    );
    expect(await page.$$('table.assertions td.failing')).toHaveLength(1);
    expect(await text(page, 'table.incidents tbody tr')).toMatch(
      new RegExp(`^Late load ${id} — The nightly load ran late\\s+OPERATIONAL\\s+ACTIVE\\s+\\S`),
    );
    expect(await text(page, '.tests')).toMatch(
      new RegExp(`Metadata tests: 1 failing\\s*Owned ${id}\\s*, 1 passing\\s*Described ${id}`),
    );
    expect(await text(page, 'h2#sql')).toBe('Queries');
    expect(await text(page, '.query h4')).toBe(`Row count ${id}`);
    expect(await text(page, '.query pre.sql')).toBe(`SELECT count(*) FROM quality_${id}`);
    expect(await axeProblems(page)).toEqual([]);
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
    await columnEdit('email');
    await openForm(page, 'Add a glossary term to email');
    await page.type('input[aria-label="Term to add to email"]', term);
    await press(page, `form[aria-label="Add a glossary term to email"] button[type=submit]`);
    await waitForText(page, 'table.schema', `Revenue ${id}`);
    expect(await rowOf('email')).toMatch(
      new RegExp(`Where receipts go[\\s\\S]*PII_${id}[\\s\\S]*Revenue ${id}`),
    );
    await app.shot(page, 'dataset-edit', true);
    // What the server now holds, read back through GraphQL.
    const got = (
      await app.gqlAs(
        app.t.root,
        `query ($u: String!) { dataset(urn: $u) { ownership { owners { owner { ... on CorpUser { urn } } ownershipType { urn } } }
          glossaryTerms { terms { term { urn } } } domain { domain { urn } } institutionalMemory { elements { url label } }
          deprecation { deprecated note } structuredProperties { properties { structuredProperty { urn } values { ... on NumberValue { numberValue } } } }
          editableSchemaMetadata { editableSchemaFieldInfo { fieldPath description tags { tags { tag { urn } } }
            glossaryTerms { terms { term { urn } } } } } } }`,
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
        glossaryTerms: { terms: [{ term: { urn: term } }] },
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
    expect((await texts(reader, 'table.schema tbody tr')).find((r) => r.startsWith('email')) ?? '').toMatch(
      new RegExp(`Where receipts go[\\s\\S]*PII_${id}[\\s\\S]*Revenue ${id}`),
    );
    expect(
      await reader.$$('.entity form, .entity button.remove, .entity button.edit, details.column-edit'),
    ).toHaveLength(0);
    await reader.close();
  });

  it('lists the members of a domain, a term, a tag, a group, a container and a glossary node, and a user’s assets and groups, each page without serious accessibility violations', async () => {
    const page = await app.signedIn();
    const problems: string[] = [];
    const axe = async (what: string) => {
      for (const p of await axeProblems(page)) problems.push(`${what}: ${p}`);
    };
    await open(page, domain);
    await waitForText(page, '#members', '(1)');
    expect(await text(page, '.members')).toContain(estate.names.customers);
    await axe('domain');
    await open(page, term);
    await waitForText(page, '.members', estate.names.customers);
    await axe('glossary term');
    await open(page, `urn:li:tag:PII_${id}`);
    await page.waitForSelector('#members');
    await axe('tag');
    await open(page, ann);
    await waitForText(page, 'section[aria-labelledby=members]', estate.names.customers);
    // A user's groups, and a group's members.
    await waitForText(page, '#membership', '(1)');
    expect(await text(page, 'section[aria-labelledby=membership]')).toContain(`Finance ${id}`);
    await axe('user');
    await open(page, team);
    await waitForText(page, 'section[aria-labelledby=membership]', `Ann ${id}`);
    await axe('group');
    // A glossary node's terms.
    await open(page, node);
    await waitForText(page, '#members', 'Contains (1)');
    expect(await text(page, '.members')).toContain(`Revenue ${id}`);
    await axe('glossary node');
    // The schema container of the SQL source's tables: the estate's five tables and views.
    await open(page, estate.urns.raw_orders);
    const schema = (await page.$$eval('nav.path a', (as) => as.map((a) => a.getAttribute('href')))).pop();
    expect(schema).toMatch(/^\/entity\/urn%3Ali%3Acontainer%3A/);
    await page.goto(`${app.url}${schema}`);
    await waitForText(page, '#members', 'Assets (5)');
    const members = await texts(page, '.members li a');
    for (const name of Object.values(estate.names)) expect(members).toContain(name);
    await axe('container');
    expect(problems).toEqual([]);
    await page.close();
  });
  it("edits a table's description and tags as an Editor and finds it by the new tag; a Reader has no control and the server refuses its edit", async () => {
    const urn = estate.urns.orders;
    const page = await app.signedIn(app.t.editor);
    await open(page, urn);
    await page.waitForSelector('button.edit');
    await press(page, 'button.edit');
    await page.$eval('.editor textarea', (e) => ((e as any).value = ''));
    await page.type('.editor textarea', 'Orders, one row each; see the **CRM**');
    await press(page, '.editor button:not(.quiet)');
    await waitForText(page, '.entity .description', 'CRM');
    const tag = `Gold_${id}`;
    await openForm(page, 'Add a tag');
    await page.type('input[aria-label="Tag to add"]', tag);
    await press(page, '.add-tag button[type=submit]');
    await page.waitForSelector(`button[aria-label="Remove tag ${tag}"]`);
    // The tag's filter finds the table once the search index has it.
    const address = `${app.url}/search?q=*&filter=${encodeURIComponent(`tags=urn:li:tag:${tag}`)}`;
    let found = '';
    for (let i = 0; i < 40 && !found.includes(estate.names.orders); i++) {
      await page.goto(address);
      await page.waitForSelector('.results .total');
      found = await text(page, '.results');
      if (!found.includes(estate.names.orders)) await new Promise((r) => setTimeout(r, 250));
    }
    expect(found).toContain(estate.names.orders);
    await page.close();

    const reader = await app.signedIn(app.t.reader);
    await open(reader, urn);
    await waitForText(reader, '.entity .description', 'CRM');
    expect(await reader.$$('button.edit, .add-tag, button.remove')).toHaveLength(0);
    const refused = await reader.evaluate(async (u: string) => {
      const doc = (globalThis as any).document;
      const csrf = /neohub_csrf=([^;]+)/.exec(doc.cookie)?.[1] ?? '';
      const res = await fetch('/api/graphql', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': decodeURIComponent(csrf) },
        body: JSON.stringify({
          query: 'mutation ($u: String!) { updateDescription(input: {resourceUrn: $u, description: "x"}) }',
          variables: { u },
        }),
      });
      return ((await res.json()) as any).errors?.[0]?.extensions?.code;
    }, urn);
    expect(refused).toBe(403);
    await reader.close();
  });
});

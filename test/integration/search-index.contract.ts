import { describe, expect, it } from 'vitest';
import { defaultRegistry } from '../../src/registry/index.js';
import { buildDocument, type SearchIndex } from '../../search-sync/model/index.js';
import { unique } from '../support/runtime.js';

const registry = defaultRegistry();

/** The contract every SearchIndex adapter must pass. Each test scopes itself with a unique platform. */
export function searchIndexContract(name: string, makeIndex: () => Promise<SearchIndex>): void {
  describe(`SearchIndex contract: ${name}`, () => {
    const setup = async (): Promise<{
      index: SearchIndex;
      platform: string;
      urn: (n: string) => string;
      scoped: { field: string; values: string[]; condition: string }[];
    }> => {
      const index = await makeIndex();
      const id = unique();
      const platform = `urn:li:dataPlatform:p${id}`;
      const urn = (n: string): string => `urn:li:dataset:(${platform},${n},PROD)`;
      const doc = (n: string, extra: { name: string; value: Record<string, unknown> }[]) =>
        buildDocument(registry, urn(n), 'dataset', [
          { name: 'datasetKey', value: { platform, name: n, origin: 'PROD' } },
          ...extra,
        ]);
      await index.upsert([
        doc('orders', [
          {
            name: 'datasetProperties',
            value: { name: 'orders', description: 'Every customer order, one row per order line' },
          },
          { name: 'globalTags', value: { tags: [{ tag: 'urn:li:tag:Finance' }] } },
          { name: 'ownership', value: { owners: [{ owner: 'urn:li:corpuser:alice', type: 'DATAOWNER' }] } },
        ]),
        doc('customers', [
          { name: 'datasetProperties', value: { name: 'customers', description: 'Customer master data' } },
          { name: 'globalTags', value: { tags: [{ tag: 'urn:li:tag:PII' }, { tag: 'urn:li:tag:Finance' }] } },
        ]),
        doc('clicks', [
          { name: 'datasetProperties', value: { name: 'clicks', description: 'Web analytics events' } },
          { name: 'status', value: { removed: false } },
        ]),
        doc('retired', [
          { name: 'datasetProperties', value: { name: 'retired', description: 'Old customer table' } },
          { name: 'status', value: { removed: true } },
        ]),
      ]);
      return {
        index,
        platform,
        urn,
        scoped: [{ field: 'platform', values: [platform], condition: 'EQUAL' }],
      };
    };
    const q = (scoped: object[], input: string, extra: object[] = []) => ({
      types: ['dataset'],
      input,
      filters: [[...scoped, ...extra]] as never,
      start: 0,
      count: 10,
    });

    it('stores and returns documents, replacing by URN', async () => {
      const { index, urn } = await setup();
      const doc = await index.get(urn('orders'));
      expect(doc?.fields.tags).toEqual(['urn:li:tag:Finance']);
      expect(doc?.fields.browsePaths?.[0]).toMatch(/^\/prod\//);
    });

    it('matches free text on words and prefixes, ranked, never soft-deleted entities', async () => {
      const { index, scoped, urn } = await setup();
      const r = await index.search(q(scoped, 'customer'));
      expect(r.hits.map((h) => h.urn).sort()).toEqual([urn('customers'), urn('orders')].sort());
      expect(r.hits[0]?.urn).toBe(urn('customers'));
      expect(r.hits[0]?.matchedFields.length).toBeGreaterThan(0);
      const analytic = await index.search(q(scoped, 'analytic'));
      expect(analytic.hits.map((h) => h.urn)).toEqual([urn('clicks')]);
      expect(analytic.hits[0]?.matchedFields).toContainEqual({
        name: 'description',
        value: 'Web analytics events',
      });
    });

    it('ranks text matches by relevance, not in URN order: a name above a description', async () => {
      const { index, scoped, urn } = await setup();
      const extra = (n: string, name: string, description: string) =>
        buildDocument(registry, urn(n), 'dataset', [
          { name: 'datasetKey', value: { platform: scoped[0]?.values[0], name: n, origin: 'PROD' } },
          { name: 'datasetProperties', value: { name, description } },
        ]);
      // In URN order the description match comes first ("a_..." < "z_...").
      await index.upsert([
        extra('a_notes', 'notes', 'Weekly ledger reconciliation notes'),
        extra('z_ledger', 'ledger', 'General accounts'),
      ]);
      const r = await index.search(q(scoped, 'ledger'));
      expect(r.hits.map((h) => h.urn)).toEqual([urn('z_ledger'), urn('a_notes')]);
      // Without words every match ranks alike: URN order, on both indexes.
      const all = await index.search(q(scoped, '*'));
      expect(all.hits.map((h) => h.urn)).toEqual([...all.hits.map((h) => h.urn)].sort());
    });

    it('treats * as everything and pages', async () => {
      const { index, scoped } = await setup();
      const all = await index.search(q(scoped, '*'));
      expect(all.total).toBe(3);
      // Without words nothing matched a field: hits carry their type and no matched fields.
      expect(all.hits.map((h) => [h.entityType, h.matchedFields])).toEqual(Array(3).fill(['dataset', []]));
      const page = await index.search({ ...q(scoped, '*'), start: 2, count: 2 });
      expect(page.hits).toHaveLength(1);
    });

    it('searches within a list of URNs, with text, facets and totals of that list only', async () => {
      const { index, scoped, urn } = await setup();
      const within = [urn('orders'), urn('clicks'), urn('retired'), urn('absent')];
      const all = await index.search({ ...q(scoped, '*'), urns: within, facets: ['tags'] });
      expect(all.total).toBe(2);
      expect(all.hits.map((h) => h.urn)).toEqual([urn('clicks'), urn('orders')]);
      expect(all.facets.tags).toEqual({ 'urn:li:tag:Finance': 1 });
      const text = await index.search({ ...q(scoped, 'customer'), urns: within });
      expect(text.hits.map((h) => h.urn)).toEqual([urn('orders')]);
      expect((await index.search({ ...q(scoped, '*'), urns: [] })).total).toBe(0);
      // Without text, sort or facets (as the lineage search reads its levels): a page and its total.
      const page = await index.search({ ...q(scoped, '*'), urns: within, start: 1, count: 1 });
      expect(page.total).toBe(2);
      expect(page.hits.map((h) => [h.urn, h.entityType, h.matchedFields])).toEqual([
        [urn('orders'), 'dataset', []],
      ]);
      const counted = await index.search({ ...q(scoped, '*'), urns: within, count: 0 });
      expect([counted.total, counted.hits]).toEqual([2, []]);
      const past = await index.search({ ...q(scoped, '*'), urns: within, start: 5 });
      expect([past.total, past.hits]).toEqual([2, []]);
      const exact = await index.search({ ...q(scoped, 'tags:Finance'), urns: [...within, urn('customers')] });
      expect(exact.hits.map((h) => h.urn)).toEqual([urn('customers'), urn('orders')]);
      expect(exact.hits[1]?.matchedFields).toEqual([{ name: 'tags', value: 'urn:li:tag:Finance' }]);
    });

    it('sorts by the URN or a field, both ways', async () => {
      const { index, scoped, urn } = await setup();
      const names = async (sort: { field: string; order: 'ASCENDING' | 'DESCENDING' }[], input = '*') =>
        (await index.search({ ...q(scoped, input), sort })).hits.map((h) => h.urn);
      const asc = [urn('clicks'), urn('customers'), urn('orders')];
      expect(await names([{ field: 'urn', order: 'ASCENDING' }])).toEqual(asc);
      expect(await names([{ field: 'urn', order: 'DESCENDING' }])).toEqual([...asc].reverse());
      expect(await names([{ field: 'name', order: 'DESCENDING' }], 'customer')).toEqual([
        urn('orders'),
        urn('customers'),
      ]);
      await expect(
        index.search({ ...q(scoped, '*'), sort: [{ field: 'nope', order: 'ASCENDING' }] }),
      ).rejects.toThrow(/nope/);
    });

    it('does exact field:value matches, also on the id of a URN value', async () => {
      const { index, scoped, urn } = await setup();
      const r = await index.search(q(scoped, 'tags:PII'));
      expect(r.hits.map((h) => h.urn)).toEqual([urn('customers')]);
      expect(r.hits[0]?.matchedFields).toEqual([{ name: 'tags', value: 'urn:li:tag:PII' }]);
      expect(r.hits[0]?.entityType).toBe('dataset');
    });

    it('filters with conditions and negation, and counts facets', async () => {
      const { index, scoped, urn } = await setup();
      const finance = await index.search({
        ...q(scoped, '*', [{ field: 'tags', values: ['urn:li:tag:Finance'], condition: 'EQUAL' }]),
        facets: ['tags', 'owners'],
      });
      expect(finance.hits.map((h) => h.urn).sort()).toEqual([urn('customers'), urn('orders')].sort());
      expect(finance.facets.tags).toEqual({ 'urn:li:tag:Finance': 2, 'urn:li:tag:PII': 1 });
      expect(finance.facets.owners).toEqual({ 'urn:li:corpuser:alice': 1 });
      const notFinance = await index.search(
        q(scoped, '*', [
          { field: 'tags', values: ['urn:li:tag:Finance'], condition: 'EQUAL', negated: true },
        ]),
      );
      expect(notFinance.hits.map((h) => h.urn)).toEqual([urn('clicks')]);
      const starts = await index.search(
        q(scoped, '*', [{ field: 'name', values: ['cu'], condition: 'START_WITH' }]),
      );
      expect(starts.hits.map((h) => h.urn)).toEqual([urn('customers')]);
      const contains = await index.search(
        q(scoped, '*', [{ field: 'description', values: ['analytics'], condition: 'CONTAIN' }]),
      );
      expect(contains.hits.map((h) => h.urn)).toEqual([urn('clicks')]);
      const ends = await index.search(
        q(scoped, '*', [{ field: 'name', values: ['ers'], condition: 'END_WITH' }]),
      );
      expect(ends.hits.map((h) => h.urn).sort()).toEqual([urn('customers'), urn('orders')].sort());
      const notEnds = await index.search(
        q(scoped, '*', [{ field: 'name', values: ['ers', 'icks'], condition: 'END_WITH', negated: true }]),
      );
      expect(notEnds.hits.map((h) => h.urn)).toEqual([]);
      const exists = await index.search(q(scoped, '*', [{ field: 'owners', condition: 'EXISTS' }]));
      expect(exists.hits.map((h) => h.urn)).toEqual([urn('orders')]);
    });

    it('answers totals and facets that follow every write, never stale ones', async () => {
      const { index, scoped, platform, urn } = await setup();
      const query = { ...q(scoped, '*'), facets: ['tags'] };
      const before = await index.search(query);
      expect(before.total).toBe(3);
      expect(before.facets.tags?.['urn:li:tag:Finance']).toBe(2);
      await index.upsert([
        buildDocument(registry, urn('ledger'), 'dataset', [
          { name: 'datasetKey', value: { platform, name: 'ledger', origin: 'PROD' } },
          { name: 'globalTags', value: { tags: [{ tag: 'urn:li:tag:Finance' }] } },
        ]),
      ]);
      const after = await index.search(query);
      expect(after.total).toBe(4);
      expect(after.facets.tags?.['urn:li:tag:Finance']).toBe(3);
      await index.remove([urn('ledger'), urn('orders')]);
      const removed = await index.search(query);
      expect(removed.total).toBe(2);
      expect(removed.facets.tags?.['urn:li:tag:Finance']).toBe(1);
    });

    it('removes documents', async () => {
      const { index, scoped, urn } = await setup();
      await index.remove([urn('orders'), urn('nothing')]);
      expect(await index.get(urn('orders'))).toBeUndefined();
      expect((await index.search(q(scoped, '*'))).total).toBe(2);
    });

    it('autocompletes on name-like fields, without soft-deleted entities', async () => {
      const { index, scoped, urn } = await setup();
      const r = await index.autocomplete({
        types: ['dataset'],
        query: 'cu',
        fields: [],
        filters: [scoped] as never,
        limit: 5,
      });
      expect(r.suggestions).toContain('customers');
      expect(r.entities.map((e) => e.urn)).toContain(urn('customers'));
      const removed = await index.autocomplete({
        types: ['dataset'],
        query: 'retir',
        fields: ['name'],
        filters: [scoped] as never,
        limit: 5,
      });
      expect(removed.suggestions).toEqual([]);
    });

    it('autocompletes in rank order, the same on the fields of a kind as on every autocomplete field', async () => {
      const { index, scoped, urn } = await setup();
      const ask = (fields: string[]) =>
        index.autocomplete({ types: ['dataset'], query: 'C', fields, filters: [scoped] as never, limit: 5 });
      const all = await ask([]);
      // Values that start with the query, shorter first; each value and entity once (name and id agree).
      // (The platform's random hex id may contain a 'c': that value ranks after them.)
      expect(all.suggestions.slice(0, 2)).toEqual(['clicks', 'customers']);
      expect(all.entities).toEqual([
        { urn: urn('clicks'), entityType: 'dataset' },
        { urn: urn('customers'), entityType: 'dataset' },
      ]);
      // What SearchService asks for datasets: their autocomplete fields only.
      expect(await ask(['name', 'id', 'qualifiedName', 'platform'])).toEqual(all);
    });

    it('autocompletes several scopes together, each as it would alone, in their order', async () => {
      const { index, scoped, urn } = await setup();
      const scopes = [
        { types: ['dataset'], fields: [] },
        { types: ['chart'], fields: [] },
        { types: ['dataset'], fields: ['name'] },
        { types: [], fields: ['description'] },
      ];
      for (const query of ['cu', 'C', 'customer master', '']) {
        const q = { query, filters: [scoped] as never, limit: 5 };
        const alone = await Promise.all(scopes.map((s) => index.autocomplete({ ...q, ...s })));
        expect(await index.autocompleteEach(q, scopes)).toEqual(alone);
      }
      const [datasets, charts] = await index.autocompleteEach(
        { query: 'cu', filters: [scoped] as never, limit: 5 },
        scopes,
      );
      expect(datasets?.entities.map((e) => e.urn)).toContain(urn('customers'));
      expect(charts).toEqual({ suggestions: [], entities: [] });
      expect(await index.autocompleteEach({ query: 'cu', filters: [scoped] as never, limit: 5 }, [])).toEqual(
        [],
      );
    });

    it("browses as DataHub's browse DAO: entities whose browse path is the path, groups one component deeper", async () => {
      const { index, scoped, platform, urn } = await setup();
      const folderName = platform.replace('urn:li:dataPlatform:', '');
      const at = (path: string, start = 0, count = 10) =>
        index.browse({ types: ['dataset'], path, filters: [scoped] as never, start, count });
      const prod = await at('/prod');
      expect(prod.groups).toEqual([{ name: folderName, count: 3, hasSubGroups: false }]);
      expect(prod.entities).toEqual([]);
      expect(prod.totalBelow).toBe(3);
      const platformFolder = await at(`/prod/${folderName}/`);
      expect(platformFolder.groups).toEqual(
        ['clicks', 'customers', 'orders'].map((name) => ({ name, count: 1, hasSubGroups: false })),
      );
      expect(platformFolder.entities).toEqual([]);
      const leaf = await at(`/prod/${folderName}/orders`);
      expect(leaf).toEqual({
        groups: [],
        entities: [{ name: urn('orders'), urn: urn('orders') }],
        totalEntities: 1,
        totalBelow: 1,
      });
    });

    it('browses an entity with browse path /a/b: a group b at /a, the entity (named by URN) at /a/b', async () => {
      const index = await makeIndex();
      const id = unique();
      const platform = `urn:li:dataPlatform:b${id}`;
      const urn = `urn:li:dataset:(${platform},ab,PROD)`;
      await index.upsert([
        buildDocument(registry, urn, 'dataset', [
          { name: 'datasetKey', value: { platform, name: 'ab', origin: 'PROD' } },
          { name: 'browsePaths', value: { paths: [`/a${id}/b`] } },
        ]),
      ]);
      const scoped = [[{ field: 'platform', values: [platform], condition: 'EQUAL' }]] as never;
      const a = await index.browse({
        types: ['dataset'],
        path: `/a${id}`,
        filters: scoped,
        start: 0,
        count: 10,
      });
      expect(a).toEqual({
        groups: [{ name: 'b', count: 1, hasSubGroups: false }],
        entities: [],
        totalEntities: 0,
        totalBelow: 1,
      });
      const ab = await index.browse({
        types: ['dataset'],
        path: `/a${id}/b`,
        filters: scoped,
        start: 0,
        count: 10,
      });
      expect(ab).toEqual({ groups: [], entities: [{ name: urn, urn }], totalEntities: 1, totalBelow: 1 });
    });

    it('browseV2: groups by the browsePathsV2 entry after a path, with counts and sub-groups', async () => {
      const index = await makeIndex();
      const id = unique();
      const platform = `urn:li:dataPlatform:v${id}`;
      const instance = `urn:li:dataPlatformInstance:(${platform},inst${id})`;
      const [db, s1, s2] = ['db', 's1', 's2'].map((n) => `urn:li:container:${n}${id}`) as [
        string,
        string,
        string,
      ];
      const entry = (u: string) => ({ id: u, urn: u });
      const table = (n: string, path: object[], removed = false) =>
        buildDocument(registry, `urn:li:dataset:(${platform},${n},PROD)`, 'dataset', [
          { name: 'datasetKey', value: { platform, name: n, origin: 'PROD' } },
          { name: 'browsePathsV2', value: { path } },
          { name: 'status', value: { removed } },
        ]);
      // As DataHub's SQL source writes them: the platform instance, the database, the schema.
      await index.upsert([
        table('a', [entry(instance), entry(db), entry(s1)]),
        table('b', [entry(instance), entry(db), entry(s1)]),
        table('c', [entry(instance), entry(db), entry(s2)]),
        table('d', [entry(instance), entry(db)]),
        table('gone', [entry(instance), entry(db), entry(s2)], true),
        buildDocument(registry, s1, 'container', [
          { name: 'containerKey', value: {} },
          { name: 'browsePathsV2', value: { path: [entry(instance), entry(db)] } },
        ]),
        // No browsePathsV2: DataHub's default, the name's parts but the last.
        buildDocument(registry, `urn:li:dataset:(${platform},x${id}.y.t,PROD)`, 'dataset', [
          { name: 'datasetKey', value: { platform, name: `x${id}.y.t`, origin: 'PROD' } },
        ]),
      ]);
      const scoped = [[{ field: 'platform', values: [platform], condition: 'EQUAL' }]] as never;
      const at = (path: string[], types = ['dataset']) => index.browseV2({ types, filters: scoped, path });
      expect(await at([])).toEqual({
        groups: [
          { name: instance, count: 4, hasSubGroups: true },
          { name: `x${id}`, count: 1, hasSubGroups: true },
        ],
        total: 5,
      });
      expect(await at([instance])).toEqual({
        groups: [{ name: db, count: 4, hasSubGroups: true }],
        total: 4,
      });
      expect(await at([instance, db])).toEqual({
        groups: [
          { name: s1, count: 2, hasSubGroups: false },
          { name: s2, count: 1, hasSubGroups: false },
        ],
        total: 3,
      });
      expect(await at([instance, db, s1])).toEqual({ groups: [], total: 0 });
      expect(await at([`x${id}`])).toEqual({
        groups: [{ name: 'y', count: 1, hasSubGroups: false }],
        total: 1,
      });
      // Every kind: the schema container s1 is in its database's folder too (it has no platform field).
      const all = await index.browseV2({ types: [], filters: [], path: [instance] });
      expect(all).toEqual({ groups: [{ name: db, count: 5, hasSubGroups: true }], total: 5 });
    });

    it("finds names by their words (DataHub's word delimiters, camelCase) and URN values by their names", async () => {
      const index = await makeIndex();
      const id = unique();
      const platform = `urn:li:dataPlatform:w${id}`;
      const urn = `urn:li:dataset:(${platform},trial.logging_events,PROD)`;
      await index.upsert([
        buildDocument(registry, urn, 'dataset', [
          { name: 'datasetKey', value: { platform, name: 'trial.logging_events', origin: 'PROD' } },
          {
            name: 'datasetProperties',
            value: { name: 'trial.logging_events', description: `userSignupFunnel${id} report` },
          },
          { name: 'globalTags', value: { tags: [{ tag: `urn:li:tag:Legacy${id}` }] } },
        ]),
      ]);
      const scoped = [[{ field: 'platform', values: [platform], condition: 'EQUAL' }]] as never;
      const found = async (input: string) =>
        (await index.search({ types: ['dataset'], input, filters: scoped, start: 0, count: 10 })).hits.map(
          (h) => h.urn,
        );
      for (const input of [
        'trial',
        'events',
        'logging',
        'logging_events',
        'logging*',
        'trial.logging_events',
      ])
        expect(await found(input), input).toEqual([urn]);
      expect(await found(`signup`), 'camelCase').toEqual([urn]);
      expect(await found(`funnel${id}`), 'camelCase with digits').toEqual([urn]);
      expect(await found(`Legacy${id}`), 'tag by its name').toEqual([urn]);
      expect(await found('loggingx')).toEqual([]);
    });

    it('matches user input with query metacharacters as plain text', async () => {
      const { index, scoped, urn } = await setup();
      const live = [urn('clicks'), urn('customers'), urn('orders')];
      // Metacharacters are word delimiters, never syntax: every word left must match (as typed or as a
      // prefix); no word at all is the whole scope (live entities only); `OR` is a word, not an operator.
      const expected: [input: string, urns: string[]][] = [
        ['cust*mer', []], // `cust` and `mer`: no word starts with `mer`, `*` is no wildcard inside a word
        ['"orders" OR 1=1', []], // `1` matches nothing: no injected always-true clause
        ['a:b:c', []],
        ['x) RETURN d //', []],
        ['OR customers', []], // no boolean OR: no word of customers starts with `or`
        ['(((', live],
        ['\\', live],
        ['"orders"', [urn('orders')]],
        ['clicks) //', [urn('clicks')]],
        ['web:analytics', [urn('clicks')]],
      ];
      for (const [input, urns] of expected) {
        const r = await index.search(q(scoped, input));
        expect(r.hits.map((h) => h.urn).sort(), input).toEqual([...urns].sort());
        expect(r.total, input).toBe(urns.length);
      }
    });
  });
}

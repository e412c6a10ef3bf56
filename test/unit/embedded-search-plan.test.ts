import { describe, expect, it } from 'vitest';
import { BadRequestError } from '../../src/errors/index.js';
import { defaultRegistry } from '../../src/registry/index.js';
import { searchFields, type SearchQuery } from '../../search-sync/model/index.js';
import { fieldsByKind, fullTextIndex, listProp } from '../../search-sync/embedded/fields.js';
import {
  asksKnownTotal,
  earlyPage,
  planContext,
  planSearch,
  SCAN_IN_URN_ORDER,
  type SearchPlan,
  urnOrderPage,
} from '../../search-sync/embedded/search-plan.js';
import { viewChanges } from '../../search-sync/embedded/facet-views.js';

const registry = defaultRegistry();
const fields = searchFields(registry);
const fullText = fullTextIndex(fields);
const ctx = planContext(fields, fullText, fieldsByKind(registry));

const query = (q: Partial<SearchQuery> = {}): SearchQuery => ({
  types: ['dataset'],
  input: '*',
  filters: [],
  start: 0,
  count: 10,
  ...q,
});

/** The page of a plan that reads its page apart from its counts. */
function paged(p: SearchPlan) {
  if (p.page.kind !== 'paged') throw new Error(`expected a paged plan, got ${p.page.kind}`);
  return p.page;
}

describe('the plan of an embedded search', () => {
  it('asks the full-text index for the words of a text query, and ranks the page by score', () => {
    const p = planSearch(query({ input: '  orders ' }), ctx);
    expect(p.input).toBe('orders');
    expect(p.text).toBe(true);
    expect(p.exact).toBeUndefined();
    expect(p.match).toMatch(/^CALL db\.index\.fulltext\.queryNodes\(\$index, \$lucene\)/);
    expect(p.params.index).toBe(fullText.name);
    expect(p.params.lucene).toContain('t_name:orders*');
    expect(p.params.types).toEqual(['dataset']);
    expect(p.params.includeRemoved).toBe(false);
    // The page reads one row more than it returns; the match's parameters (the counts' key) do not.
    expect(p.pageParams.count).toBe(11);
    expect(p.params).not.toHaveProperty('count');
    const page = paged(p);
    expect(page.ranked).toBe(
      `${p.match} RETURN properties(d) AS props, score ORDER BY score DESC, d.urn SKIP $start LIMIT $count`,
    );
    expect(asksKnownTotal(p)).toBe(false);
    expect(earlyPage(p, undefined)).toBe(page.ranked);
  });

  it('looks for words only in the text fields of the kinds searched', () => {
    const dataset = ctx.textFields(['dataset']);
    const every = ctx.textFields([]);
    expect(dataset.props.length).toBeLessThan(every.props.length);
    expect(every.props).toEqual(expect.arrayContaining([...dataset.props]));
    expect(ctx.textFields(['noSuchKind'])).toBe(every);
    expect(ctx.textFields(['dataset'])).toBe(dataset);
  });

  it('matches everything without text, and pages in URN order: off the URN index once the set is large', () => {
    const p = planSearch(query({ input: '*' }), ctx);
    expect(p.text).toBe(false);
    expect(p.params).not.toHaveProperty('lucene');
    expect(p.match).toMatch(/^MATCH \(d:SearchDocument\) WHERE .* WITH d, 1\.0 AS score$/);
    const page = paged(p);
    expect(page.ranked).toBeUndefined();
    expect(page.byUrn).toBe(
      `${p.match} RETURN properties(d) AS props, score ORDER BY d.urn SKIP $start LIMIT $count`,
    );
    expect(page.scan).toContain('USING INDEX d:SearchDocument(urn)');
    expect(urnOrderPage(page, SCAN_IN_URN_ORDER)).toBe(page.byUrn);
    expect(urnOrderPage(page, SCAN_IN_URN_ORDER + 1)).toBe(page.scan);
    // The page waits for the total unless a total counted before tells how large the set is.
    expect(asksKnownTotal(p)).toBe(true);
    expect(earlyPage(p, undefined)).toBeUndefined();
    expect(earlyPage(p, 3)).toBe(page.byUrn);
    expect(earlyPage(p, 5000)).toBe(page.scan);
  });

  it('pages a sort by URN without text in URN order, and writes known kinds and live documents plainly', () => {
    const sort = [
      { field: 'urn', order: 'DESCENDING' as const },
      { field: 'name', order: 'ASCENDING' as const },
    ];
    const p = planSearch(query({ sort }), ctx);
    const page = paged(p);
    expect(page.ranked).toBeUndefined();
    expect(page.byUrn).toBe(
      `${p.match} RETURN properties(d) AS props, score ORDER BY d.urn DESC SKIP $start LIMIT $count`,
    );
    expect(page.scan).toMatch(/ORDER BY d\.urn DESC SKIP/);
    expect(asksKnownTotal(p)).toBe(true);
    expect(p.match).toContain('WHERE d.entityType IN $types AND d.removed = false AND true');
    // With text, the score of each hit is the full-text index's: the sorted page stays one of its own.
    expect(paged(planSearch(query({ sort, input: 'orders' }), ctx)).ranked).toMatch(
      /ORDER BY d\.urn DESC, d\[\$sp1\]\[0\] ASC, d\.urn SKIP/,
    );
    const every = planSearch(query({ types: [], includeRemoved: true }), ctx);
    expect(every.match).toBe('MATCH (d:SearchDocument) WHERE true AND true AND true WITH d, 1.0 AS score');
  });

  it('turns `field:value` into an exact match, narrowed through the full-text index', () => {
    const p = planSearch(query({ input: 'tags:PII' }), ctx);
    expect(p.exact).toEqual({ field: 'tags', values: ['PII'], condition: 'EQUAL' });
    expect(p.text).toBe(false);
    expect(p.params.lucene).toBe('(k_tags:"urn:li:tag:PII")');
    expect(p.params.fp0).toBe('f_tags');
    expect(p.params.fv0).toEqual(['PII']);
    expect(asksKnownTotal(p)).toBe(true);
  });

  it('sorts by parameters named on the page alone, and refuses a field the index does not have', () => {
    const sort = [
      { field: 'name.keyword', order: 'DESCENDING' as const },
      { field: '_entityType', order: 'ASCENDING' as const },
    ];
    const p = planSearch(query({ sort }), ctx);
    expect(p.pageParams.sp0).toBe('f_name');
    expect(p.params).not.toHaveProperty('sp0');
    expect(paged(p).ranked).toContain('ORDER BY d[$sp0][0] DESC, d.entityType ASC, d.urn SKIP');
    expect(asksKnownTotal(p)).toBe(false);
    // An empty page is not read at all.
    expect(earlyPage(planSearch(query({ sort, count: 0 }), ctx), undefined)).toBeUndefined();
    expect(() => planSearch(query({ sort: [{ field: 'colour', order: 'ASCENDING' }] }), ctx)).toThrow(
      BadRequestError,
    );
  });

  it('checks filter fields and keeps their values as parameters', () => {
    const filters = [[{ field: 'platform', values: ["x' OR 1=1"], condition: 'EQUAL' }]];
    const p = planSearch(query({ filters, includeRemoved: true }), ctx);
    expect(p.params.fv0).toEqual(["x' OR 1=1"]);
    expect(p.match).not.toContain('1=1');
    expect(p.params.includeRemoved).toBe(true);
    expect(() =>
      planSearch(query({ filters: [[{ field: 'colour', values: ['red'], condition: 'EQUAL' }]] }), ctx),
    ).toThrow(/Unknown filter field "colour"/);
  });

  it('reads a lineage level (within URNs, no text, sort or facets) in one statement', () => {
    const urns = ['urn:li:dataset:(urn:li:dataPlatform:hive,a,PROD)'];
    const level = planSearch(query({ urns }), ctx);
    expect(level.within).toBe(true);
    expect(level.page).toEqual({ kind: 'withinUrns', whole: false });
    expect(level.match).toMatch(/^UNWIND \$urns AS u MATCH \(d:SearchDocument \{urn: u\}\)/);
    expect(level.params.urns).toBe(urns);
    // An exact match reads whole documents (the values it matched), without the full-text index.
    const exact = planSearch(query({ urns, input: 'tags:PII' }), ctx);
    expect(exact.page).toEqual({ kind: 'withinUrns', whole: true });
    expect(exact.params).not.toHaveProperty('lucene');
  });

  it('pages a search within URNs with facets over the match, never off the URN index', () => {
    const urns = ['urn:li:dataset:(urn:li:dataPlatform:hive,a,PROD)'];
    const p = planSearch(query({ urns, facets: ['platform'] }), ctx);
    expect(p.facets).toEqual(['platform']);
    const page = paged(p);
    expect(page.scan).toBeUndefined();
    expect(asksKnownTotal(p)).toBe(false);
    expect(earlyPage(p, undefined)).toBe(page.byUrn);
    // With text, the URNs are a condition on the full-text matches.
    const text = planSearch(query({ urns, input: 'orders' }), ctx);
    expect(text.match).toContain('WHERE d:SearchDocument AND d.urn IN $urns AND ');
  });

  it('is a function of the query alone: the same plan each time, the query left as it was', () => {
    const q = query({ input: 'orders', facets: ['platform'], sort: [{ field: 'urn', order: 'ASCENDING' }] });
    const before = structuredClone(q);
    expect(planSearch(q, ctx)).toEqual(planSearch(q, ctx));
    expect(q).toEqual(before);
  });
});

describe('the filter a view can answer (decision 0070)', () => {
  // Narrowed by the full-text index to the whole URN of the bare id: exactly that value.
  const tags = { prop: listProp('tags'), value: 'urn:li:tag:PII', urn: false };
  it('is one EQUAL value of a counted text or URN field, from a filter or an exact query', () => {
    expect(planSearch(query({ input: 'tags:PII' }), ctx).single).toEqual({ ...tags, types: ['dataset'] });
    const filtered = query({ filters: [[{ field: 'tags', values: ['PII'] }]], types: [] });
    expect(planSearch(filtered, ctx).single).toEqual({ ...tags, types: [] });
    expect(
      planSearch(
        query({ filters: [[{ field: 'platform.keyword', value: 'urn:li:dataPlatform:hive' }]] }),
        ctx,
      ).single,
    ).toMatchObject({ prop: listProp('platform'), value: 'urn:li:dataPlatform:hive', urn: false });
  });

  it('is none with text, a second criterion or value, a negation, another condition, soft-deleted ones or a URN list', () => {
    const one = { field: 'tags', values: ['PII'] };
    for (const q of [
      query({ input: 'orders', filters: [[one]] }),
      query({ filters: [[one, { field: 'platform', values: ['hive'] }]] }),
      query({ filters: [[one], [{ field: 'platform', values: ['hive'] }]] }),
      query({ filters: [[{ field: 'tags', values: ['PII', 'Gold'] }]] }),
      query({ filters: [[{ ...one, negated: true }]] }),
      query({ filters: [[{ ...one, condition: 'CONTAIN' }]] }),
      query({ filters: [[one]], includeRemoved: true }),
      query({ filters: [[one]], urns: ['urn:li:dataset:(urn:li:dataPlatform:hive,a,PROD)'] }),
      query({ filters: [[{ field: 'removed', values: ['true'] }]] }),
    ])
      expect(planSearch(q, ctx).single, JSON.stringify(q)).toBeUndefined();
  });
});

describe('what a write does to the views', () => {
  const hot = { id: 'v1', prop: 'tags_l', value: 'hot', urn: true };
  const entry = (v: string, p = 'tags_l') => ({ k: `${p}=${v}`, t: 'dataset', p, v });
  it('takes a member’s old keys off, adds a member’s new ones, and marks the members', () => {
    const { deltas, marks } = viewChanges(
      [hot],
      [
        // Leaves the view.
        { urn: 'a', oldKeys: ['tags_l=urn:li:tag:hot', 'p=x'], oldViews: ['v1'], entries: [entry('cold')] },
        // Joins it (a bare id matches the end of a URN, as the filter does).
        { urn: 'b', oldKeys: [], oldViews: [], entries: [entry('urn:li:tag:hot'), entry('x', 'p')] },
        // Removed while in it; and one marked by a view no longer live.
        { urn: 'c', oldKeys: ['p=x'], oldViews: ['v1'], entries: undefined },
        { urn: 'd', oldKeys: ['p=x'], oldViews: ['v0'], entries: [entry('nothot')] },
      ],
    );
    // The hot tag's row: one off (a), one on (b): unchanged, not written. The x row: a and c off, b on.
    expect(deltas.map((d) => [d.k, d.n])).toEqual([['v1:p=x', -1]]);
    expect([...marks]).toEqual([
      ['a', []],
      ['b', ['v1']],
      ['d', []],
    ]);
  });
});

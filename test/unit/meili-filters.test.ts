import { describe, expect, it } from 'vitest';
import { defaultRegistry } from '../../src/registry/index.js';
import { searchFields, browseOf, foldersOf } from '../../search-sync/model/index.js';
import { docId } from '../../search-sync/meilisearch/documents.js';
import { meiliFilter } from '../../search-sync/meilisearch/filters.js';

const fields = searchFields(defaultRegistry());

describe('Meilisearch filter expressions', () => {
  it('translates every condition, negation and or-of-and', () => {
    const f = meiliFilter(
      [
        [
          { field: 'tags', values: ['PII', 'urn:li:tag:Finance'], condition: 'EQUAL' },
          { field: 'name', values: ['cu'], condition: 'START_WITH' },
          { field: 'description', value: 'web', condition: 'CONTAIN', negated: true },
        ],
        [{ field: 'owners', condition: 'EXISTS' }],
      ],
      fields,
    );
    expect(f).toBe(
      '((((f_tags IN ["PII", "urn:li:tag:Finance"] OR r_f_tags STARTS WITH "IIP:")) AND (f_name STARTS WITH "cu") AND ' +
        'NOT (f_description CONTAINS "web")) OR (((f_owners EXISTS AND NOT f_owners IS EMPTY))))',
    );
  });

  it('keeps user values inside quoted literals and checks field names', () => {
    const f = meiliFilter([[{ field: 'name', value: 'x" OR removed = true OR "\\' }]], fields);
    expect(f).toBe('(((f_name IN ["x\\" OR removed = true OR \\"\\\\"])))');
    expect(() => meiliFilter([[{ field: 'name) OR (urn', value: 'x' }]], fields)).toThrow(
      /Unknown filter field/,
    );
    expect(meiliFilter([[{ field: 'name', value: 'ab"c', condition: 'END_WITH' }]], fields)).toBe(
      '(((r_f_name STARTS WITH "c\\"ba")))',
    );
    expect(() => meiliFilter([[{ field: 'urn', value: 'x', condition: 'END_WITH' }]], fields)).toThrow(
      /END_WITH needs a text field/,
    );
  });

  it('sends numbers as numbers and refuses non-numbers for numeric fields', () => {
    const numeric = [...fields.values()].find((x) => x.type === 'COUNT');
    if (!numeric) return;
    expect(meiliFilter([[{ field: numeric.name, value: '45', condition: 'GREATER_THAN' }]], fields)).toBe(
      `(((f_${numeric.name.replace(/[^A-Za-z0-9_]/g, '_')} > 45)))`,
    );
    expect(() =>
      meiliFilter([[{ field: numeric.name, value: '1 OR 1', condition: 'GREATER_THAN' }]], fields),
    ).toThrow(/not a number/);
  });
});

describe('Meilisearch documents', () => {
  it('ids URNs with safe characters and lists the folders of browse paths', () => {
    expect(docId('urn:li:dataset:(urn:li:dataPlatform:hive,a.b,PROD)')).toMatch(/^[0-9a-f]{40}$/);
    expect(foldersOf(['/prod/hive/db/t', '/x'])).toEqual([
      '/',
      '/prod',
      '/prod/hive',
      '/prod/hive/db',
      '/prod/hive/db/t',
      '/x',
    ]);
  });
});

describe('legacy browse (DataHub browse DAO semantics)', () => {
  const docs = [
    { urn: 'urn:li:dataset:e', paths: ['/a/b'] },
    { urn: 'urn:li:dataset:f', paths: ['/a/b/c/d', '/a/x/'] },
    { urn: 'urn:li:dataset:g', paths: ['//a//b//'] },
  ];

  it('lists at a path the entities whose browse path equals it, named by URN, and the next components', () => {
    expect(browseOf(docs, '/a', 0, 10)).toEqual({
      groups: [
        { name: 'b', count: 3, hasSubGroups: true },
        { name: 'x', count: 1, hasSubGroups: false },
      ],
      entities: [],
      totalEntities: 0,
      totalBelow: 3,
    });
    expect(browseOf(docs, '/a/b/', 0, 1)).toEqual({
      groups: [{ name: 'c', count: 1, hasSubGroups: false }],
      entities: [{ name: 'urn:li:dataset:e', urn: 'urn:li:dataset:e' }],
      totalEntities: 2,
      totalBelow: 3,
    });
    expect(browseOf(docs, '/', 0, 10).groups).toEqual([{ name: 'a', count: 3, hasSubGroups: true }]);
    expect(browseOf(docs, '/nope', 0, 10)).toMatchObject({ groups: [], entities: [], totalBelow: 0 });
  });
});

import { describe, expect, it } from 'vitest';
import { defaultRegistry } from '../../src/registry/index.js';
import { searchFields } from '../../search-sync/model/index.js';
import { parseQueryString } from '../../search-sync/service/query-string.js';

const fields = searchFields(defaultRegistry());
const parse = (q: string) => parseQueryString(q, fields);

describe('the query-string language of the versioned entity API', () => {
  it('keeps free text and * as the search text', () => {
    expect(parse('*')).toEqual({ text: '*', groups: [] });
    expect(parse('')).toEqual({ text: '*', groups: [] });
    expect(parse('orders "line items"')).toEqual({ text: 'orders line items', groups: [] });
  });

  it('turns field terms, wildcards, ranges and existence into criteria', () => {
    expect(parse('platform:hive').groups).toEqual([
      [{ field: 'platform', values: ['hive'], condition: 'EQUAL' }],
    ]);
    expect(parse('name:*mask*').groups[0]).toEqual([
      { field: 'name', values: ['mask'], condition: 'CONTAIN' },
    ]);
    expect(parse('name:ord*').groups[0]?.[0]?.condition).toBe('START_WITH');
    expect(parse('rowCount:>45').groups[0]).toEqual([
      { field: 'rowCount', values: ['45'], condition: 'GREATER_THAN' },
    ]);
    expect(parse('rowCount:[10 TO 20}').groups[0]).toEqual([
      { field: 'rowCount', values: ['10'], condition: 'GREATER_THAN_OR_EQUAL_TO' },
      { field: 'rowCount', values: ['20'], condition: 'LESS_THAN' },
    ]);
    expect(parse('_exists_:tags').groups[0]).toEqual([{ field: 'tags', condition: 'EXISTS' }]);
  });

  it('normalizes AND, OR, NOT, + and - with parentheses to an OR of ANDs', () => {
    const q = parse('orders AND (platform:hive OR platform:kafka) -deprecated:true');
    expect(q.text).toBe('orders');
    expect(q.groups).toEqual([
      [
        { field: 'platform', values: ['hive'], condition: 'EQUAL' },
        { field: 'deprecated', values: ['true'], condition: 'EQUAL', negated: true },
      ],
      [
        { field: 'platform', values: ['kafka'], condition: 'EQUAL' },
        { field: 'deprecated', values: ['true'], condition: 'EQUAL', negated: true },
      ],
    ]);
    expect(parse('NOT (platform:a OR platform:b)').groups).toEqual([
      [
        { field: 'platform', values: ['a'], condition: 'EQUAL', negated: true },
        { field: 'platform', values: ['b'], condition: 'EQUAL', negated: true },
      ],
    ]);
  });

  it('refuses what it cannot answer with a clear error', () => {
    expect(() => parse('nosuchfield:x')).toThrow(/Unknown field "nosuchfield"/);
    expect(() => parse('(platform:a')).toThrow(/parenthes/);
    expect(() => parse('orders OR platform:a')).toThrow(/Free text/);
    expect(() => parse('name:a*b')).toThrow(/Wildcards/);
  });
});

import { describe, expect, it } from 'vitest';
import { valuesAtPath } from '../../src/registry/index.js';

describe('valuesAtPath', () => {
  const value = {
    name: 'orders',
    tags: [{ tag: 'urn:li:tag:a' }, { tag: 'urn:li:tag:b' }],
    owners: { list: [{ owner: 'u1' }, { owner: 'u2', extra: [['x', 'y']] }] },
    customProperties: { team: 'core', size: 3 },
    nested: [[1, 2], [3]],
  };

  it('reads a field, walks arrays with and without `*`, and flattens at the end', () => {
    expect(valuesAtPath(value, '/name')).toEqual(['orders']);
    expect(valuesAtPath(value, '/tags/*/tag')).toEqual(['urn:li:tag:a', 'urn:li:tag:b']);
    expect(valuesAtPath(value, '/tags/tag')).toEqual(['urn:li:tag:a', 'urn:li:tag:b']);
    expect(valuesAtPath(value, '/owners/list/*/owner')).toEqual(['u1', 'u2']);
    expect(valuesAtPath(value, '/owners/list/extra')).toEqual(['x', 'y']);
    expect(valuesAtPath(value, '/nested')).toEqual([1, 2, 3]);
  });

  it('gives map entries as key=value with mapEntries, and the values without', () => {
    expect(valuesAtPath(value, '/customProperties/*', { mapEntries: true })).toEqual(['team=core', 'size']);
    expect(valuesAtPath(value, '/customProperties/*')).toEqual(['core', 3]);
  });

  it('finds nothing on missing fields, scalars in the way, or names of the prototype', () => {
    expect(valuesAtPath(value, '/missing/x')).toEqual([]);
    expect(valuesAtPath(value, '/name/x')).toEqual([]);
    expect(valuesAtPath(value, '/constructor')).toEqual([]);
    expect(valuesAtPath(value, '/tags/__proto__')).toEqual([]);
    expect(valuesAtPath(null, '/name')).toEqual([]);
  });
});

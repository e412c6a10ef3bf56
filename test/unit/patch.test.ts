import { describe, expect, it } from 'vitest';
import { applyPatch, keyedArraysFor, readPatchBody } from '../../src/patch/index.js';

describe('JSON Patch over keyed arrays', () => {
  const tags = { tags: [{ tag: 'urn:li:tag:a' }, { tag: 'urn:li:tag:b' }] };

  it('adds and removes tags by key, keeping the others', () => {
    const specs = keyedArraysFor('globalTags', {});
    const out = applyPatch(
      tags,
      [
        { op: 'add', path: '/tags/urn:li:tag:c', value: { tag: 'urn:li:tag:c' } },
        { op: 'remove', path: '/tags/urn:li:tag:a' },
      ],
      specs,
    );
    expect(out).toEqual({ tags: [{ tag: 'urn:li:tag:b' }, { tag: 'urn:li:tag:c' }] });
  });

  it('honours arrayPrimaryKeys with nested key fields and prefix removal', () => {
    const { ops, arrayPrimaryKeys } = readPatchBody({
      patch: [
        { op: 'add', path: '/tags//urn:li:tag:x', value: { tag: 'urn:li:tag:x' } },
        {
          op: 'add',
          path: '/tags/src1/urn:li:tag:y',
          value: { tag: 'urn:li:tag:y', attribution: { source: 'src1' } },
        },
      ],
      arrayPrimaryKeys: { tags: ['attribution\u241fsource', 'tag'] },
    });
    const specs = keyedArraysFor('globalTags', arrayPrimaryKeys);
    const out = applyPatch(tags, ops, specs);
    expect(out.tags).toHaveLength(4);
    const removed = applyPatch(out, [{ op: 'remove', path: '/tags/src1' }], specs);
    expect(removed.tags).toHaveLength(3);
  });

  it('keys owners by owner and type, and replaces one element only', () => {
    const specs = keyedArraysFor('ownership', {});
    const cur = {
      owners: [
        { owner: 'urn:li:corpuser:a', type: 'DATAOWNER' },
        { owner: 'urn:li:corpuser:b', type: 'DATAOWNER' },
      ],
    };
    const out = applyPatch(
      cur,
      [
        {
          op: 'add',
          path: '/owners/urn:li:corpuser:a/DATAOWNER',
          value: { owner: 'urn:li:corpuser:a', type: 'DATAOWNER', source: { type: 'MANUAL' } },
        },
      ],
      specs,
    );
    expect(out.owners).toEqual([
      { owner: 'urn:li:corpuser:a', type: 'DATAOWNER', source: { type: 'MANUAL' } },
      { owner: 'urn:li:corpuser:b', type: 'DATAOWNER' },
    ]);
  });

  it('sets plain fields and map entries, escaping slashes', () => {
    const out = applyPatch(
      {},
      [
        { op: 'add', path: '/description', value: 'hello' },
        { op: 'add', path: '/customProperties/a~1b', value: '1' },
      ],
      [],
    );
    expect(out).toEqual({ description: 'hello', customProperties: { 'a/b': '1' } });
  });

  it('rejects a body without a patch list', () => {
    expect(() => readPatchBody({ nope: 1 })).toThrow(/Missing `patch` field/);
  });
});

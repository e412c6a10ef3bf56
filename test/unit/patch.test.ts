import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/errors/index.js';
import { applyPatch, keyedArraysFor, readPatchBody } from '../../src/patch/index.js';

describe('JSON Patch over keyed arrays', () => {
  const tags = { tags: [{ tag: 'urn:li:tag:a' }, { tag: 'urn:li:tag:b' }] };

  it('adds and removes tags by key, keeping the others', () => {
    const specs = keyedArraysFor('globalTags');
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
    const specs = keyedArraysFor('ownership');
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

  describe('keys of clients stay data (never the prototype)', () => {
    const probe = (): unknown => (({}) as Record<string, unknown>).rtPolluted;

    it('refuses __proto__, constructor and prototype segments in path and from, naming the path', () => {
      for (const seg of ['__proto__', 'constructor', 'prototype']) {
        for (const op of [
          { op: 'add', path: `/${seg}/rtPolluted`, value: 'x' },
          { op: 'add', path: `/customProperties/${seg}`, value: 'x' },
          { op: 'replace', path: `/a/${seg}/b`, value: 'x' },
          { op: 'remove', path: `/${seg}/toString` },
          { op: 'copy', from: `/${seg}`, path: '/description' },
          { op: 'move', from: `/x/${seg}`, path: '/description' },
          { op: 'test', path: `/${seg}`, value: 1 },
        ]) {
          let err: unknown;
          try {
            applyPatch({ description: 'd' }, [op], []);
          } catch (e) {
            err = e;
          }
          expect(err, JSON.stringify(op)).toBeInstanceOf(ValidationError);
          expect((err as ValidationError).status).toBe(422);
          expect((err as Error).message).toContain(seg);
          expect((err as ValidationError).violations[0]?.path).toMatch(/^\/patch\/0\/(path|from)$/);
        }
      }
      expect(probe()).toBeUndefined();
    });

    it('the reported attack (add, copy, remove through __proto__) changes nothing anywhere', () => {
      expect(() =>
        applyPatch(
          { description: 'before' },
          [
            { op: 'add', path: '/__proto__/rtPolluted', value: 'rt-pp-proof' },
            { op: 'copy', from: '/rtPolluted', path: '/description' },
            { op: 'remove', path: '/__proto__/rtPolluted' },
          ],
          [],
        ),
      ).toThrow(ValidationError);
      expect(probe()).toBeUndefined();
    });

    it('inherited members are not values: copy from /toString or /hasOwnProperty is a 422', () => {
      for (const from of ['/toString', '/hasOwnProperty', '/valueOf', '/tags/length']) {
        expect(() => applyPatch({ tags: [] }, [{ op: 'copy', from, path: '/description' }], [])).toThrow(
          ValidationError,
        );
      }
    });

    it('keyed arrays keep elements whose key is __proto__ as data', () => {
      const { ops, arrayPrimaryKeys } = readPatchBody({
        patch: [{ op: 'add', path: '/fields/toString', value: { fieldPath: 'toString' } }],
        arrayPrimaryKeys: { fields: ['fieldPath'] },
      });
      const specs = keyedArraysFor('schemaMetadata', arrayPrimaryKeys);
      const out = applyPatch({ fields: [{ fieldPath: '__proto__' }, { fieldPath: 'a' }] }, ops, specs);
      expect(out.fields).toEqual([{ fieldPath: '__proto__' }, { fieldPath: 'a' }, { fieldPath: 'toString' }]);
      expect(probe()).toBeUndefined();
    });

    it('refuses prototype names in arrayPrimaryKeys', () => {
      for (const apk of [{ tags: ['constructor'] }, { 'a/prototype': ['k'] }, { tags: ['x.__proto__'] }])
        expect(() => readPatchBody({ patch: [], arrayPrimaryKeys: apk })).toThrow(ValidationError);
      expect(() =>
        readPatchBody(JSON.parse('{"patch":[],"arrayPrimaryKeys":{"__proto__":["tag"]}}')),
      ).toThrow(ValidationError);
    });

    it('array indexes are strict: a bad or out-of-range index is a 422, replace replaces', () => {
      const doc = { elements: [{ url: 'a' }, { url: 'b' }] };
      for (const path of ['/elements/length', '/elements/01', '/elements/7', '/elements/-1'])
        expect(() => applyPatch(doc, [{ op: 'add', path, value: { url: 'c' } }], []), path).toThrow(
          ValidationError,
        );
      const out = applyPatch(doc, [{ op: 'replace', path: '/elements/0', value: { url: 'z' } }], []);
      expect(out.elements).toEqual([{ url: 'z' }, { url: 'b' }]);
    });
  });
});

describe("DataHub's patch templates of the SDK's patch builders", () => {
  const f = (table: string, col: string) =>
    `urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:hive,${table},PROD),${col})`;
  const pointer = (...parts: string[]) =>
    `/${parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;

  it('fine-grained lineage is keyed by operation, downstream, query and upstream', () => {
    const current = {
      upstreams: [],
      fineGrainedLineages: [
        {
          upstreamType: 'FIELD_SET',
          upstreams: [f('a', 'x')],
          downstreamType: 'FIELD',
          downstreams: [f('b', 'x')],
          confidenceScore: 1,
        },
      ],
    };
    const out = applyPatch(
      current,
      [
        // What `add_fine_grained_lineage` sends: one upstream of one downstream per operation.
        {
          op: 'add',
          path: pointer('fineGrainedLineages', 'NONE', f('b', 'x'), 'NONE', f('a', 'y')),
          value: { confidenceScore: 0.5 },
        },
        {
          op: 'add',
          path: pointer('fineGrainedLineages', 'SUM', f('b', 'z'), 'urn:li:query:q', f('a', 'z')),
          value: { confidenceScore: 0.2 },
        },
      ],
      keyedArraysFor('upstreamLineage'),
    );
    expect(out.fineGrainedLineages).toEqual([
      {
        upstreamType: 'FIELD_SET',
        upstreams: [f('a', 'x'), f('a', 'y')],
        downstreamType: 'FIELD',
        downstreams: [f('b', 'x')],
        confidenceScore: 1,
      },
      {
        upstreamType: 'FIELD_SET',
        upstreams: [f('a', 'z')],
        downstreamType: 'FIELD',
        downstreams: [f('b', 'z')],
        transformOperation: 'SUM',
        confidenceScore: 0.2,
        query: 'urn:li:query:q',
      },
    ]);
    const removed = applyPatch(
      out,
      [{ op: 'remove', path: pointer('fineGrainedLineages', 'NONE', f('b', 'x'), 'NONE', f('a', 'x')) }],
      keyedArraysFor('upstreamLineage'),
    );
    expect(removed.fineGrainedLineages).toMatchObject([
      { upstreams: [f('a', 'y')] },
      { upstreams: [f('a', 'z')] },
    ]);
  });

  it('lists of URNs are keyed by the URN, edges by their destination', () => {
    const out = applyPatch(
      {
        inputDatasets: ['urn:li:dataset:a'],
        outputDatasets: [],
        inputDatasetEdges: [{ destinationUrn: 'urn:li:dataset:b' }],
      },
      [
        { op: 'add', path: pointer('inputDatasets', 'urn:li:dataset:c'), value: 'urn:li:dataset:c' },
        { op: 'remove', path: pointer('inputDatasets', 'urn:li:dataset:a') },
        {
          op: 'add',
          path: pointer('inputDatasetEdges', 'urn:li:dataset:d'),
          value: { destinationUrn: 'urn:li:dataset:d' },
        },
      ],
      keyedArraysFor('dataJobInputOutput'),
    );
    expect(out).toEqual({
      inputDatasets: ['urn:li:dataset:c'],
      outputDatasets: [],
      inputDatasetEdges: [{ destinationUrn: 'urn:li:dataset:b' }, { destinationUrn: 'urn:li:dataset:d' }],
    });
  });
});

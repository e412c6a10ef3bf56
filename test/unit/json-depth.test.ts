import { describe, expect, it } from 'vitest';
import { BadRequestError, wireStatus } from '../../src/errors/index.js';
import {
  MAX_JSON_DEPTH,
  JsonDepthError,
  checkDepth,
  copyJson,
  parseJson,
  textNestsDeeper,
  valueNestsDeeper,
} from '../../src/json/index.js';
import { applyPatch, keyedArraysFor, parsePointer, readPatchBody } from '../../src/patch/index.js';

/** Arrays nested `depth` levels deep, as text (the outermost is level 1). */
const deepText = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth);
/** Objects nested `depth` levels deep, built without recursion: `{a: {a: ... {a: 1}}}`. */
function deepValue(depth: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
}

describe('the JSON depth limit', () => {
  it("is DataHub's parser's (Jackson's StreamReadConstraints default): 1,000 levels", () => {
    expect(MAX_JSON_DEPTH).toBe(1000);
  });

  it('counts the brackets of a text outside strings, up to the limit and one past it', () => {
    expect(textNestsDeeper(deepText(MAX_JSON_DEPTH))).toBe(false);
    expect(textNestsDeeper(deepText(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(textNestsDeeper('{"a":[1,{"b":2}]}', 3)).toBe(false);
    expect(textNestsDeeper('{"a":[1,{"b":2}]}', 2)).toBe(true);
    // Brackets inside strings are text, escaped quotes do not end a string, an escaped backslash does.
    expect(textNestsDeeper(JSON.stringify({ s: '[[[[{{{{' }), 1)).toBe(false);
    expect(textNestsDeeper(JSON.stringify({ s: 'say "[[[["' }), 1)).toBe(false);
    expect(textNestsDeeper('{"a\\\\":{}}', 1)).toBe(true);
    expect(textNestsDeeper(JSON.stringify({ v: JSON.stringify({ w: [[[1]]] }) }), 1)).toBe(false);
    expect(textNestsDeeper('"unterminated [[[', 1)).toBe(false);
    expect(textNestsDeeper('12', 0)).toBe(false);
  });

  it('refuses a million nested arrays from their text at once, without parsing them', () => {
    const huge = deepText(1_000_000);
    const started = Date.now();
    expect(() => parseJson(huge)).toThrow(JsonDepthError);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('measures a parsed value without recursion, however deep, and stops on a cycle', () => {
    expect(valueNestsDeeper(1)).toBe(false);
    expect(valueNestsDeeper(null)).toBe(false);
    expect(valueNestsDeeper([])).toBe(false);
    expect(valueNestsDeeper([], 0)).toBe(true);
    expect(valueNestsDeeper(deepValue(MAX_JSON_DEPTH))).toBe(false);
    expect(valueNestsDeeper(deepValue(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(valueNestsDeeper(deepValue(200_000))).toBe(true);
    expect(valueNestsDeeper(JSON.parse(deepText(50_000)))).toBe(true);
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(valueNestsDeeper(cycle)).toBe(true);
  });

  it('parses within the limit and says what was too deep past it, as a 400 wherever it is thrown', () => {
    expect(parseJson('{"a":[1,2]}')).toEqual({ a: [1, 2] });
    expect(() => parseJson('{"a":')).toThrow(SyntaxError);
    const err = (() => {
      try {
        parseJson(deepText(MAX_JSON_DEPTH + 1), 'JSON body');
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(err).toBeInstanceOf(JsonDepthError);
    expect((err as Error).message).toBe(
      'JSON body is nested deeper than 1000 levels (the limit of objects and arrays inside each other)',
    );
    expect(wireStatus(err)).toMatchObject({ status: 400, known: true });
    expect(() => checkDepth(deepValue(MAX_JSON_DEPTH + 1), 'Aspect value')).toThrow(
      /^Aspect value is nested/,
    );
    expect(() => checkDepth(deepValue(MAX_JSON_DEPTH))).not.toThrow();
  });
});

describe('copyJson', () => {
  it('copies like structuredClone, keys such as __proto__ kept as data', () => {
    const value = JSON.parse('{"a":[1,{"b":null,"c":"x"}],"__proto__":{"polluted":true},"n":1.5}');
    const copy = copyJson(value);
    expect(copy).toEqual(value);
    expect(copy).not.toBe(value);
    expect(copy.a).not.toBe(value.a);
    expect(Object.hasOwn(copy, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(copyJson('s')).toBe('s');
    expect(copyJson(null)).toBe(null);
  });

  it('copies values far deeper than structuredClone can', () => {
    const deep = deepValue(100_000);
    expect(() => structuredClone(deep)).toThrow(RangeError);
    const copy = copyJson(deep);
    let depth = 0;
    for (let v = copy; typeof v === 'object' && v !== null; v = (v as { a: unknown }).a) depth++;
    expect(depth).toBe(100_000);
  });
});

describe('JSON Patch within the depth limit', () => {
  const specs = keyedArraysFor('datasetProperties');

  it('refuses a patch whose value nests 10,000 deep with a 400, before applying it', () => {
    const body = { patch: [{ op: 'add', path: '/description', value: JSON.parse(deepText(10_000)) }] };
    expect(() => readPatchBody(body)).toThrow(BadRequestError);
    expect(() => readPatchBody(body)).toThrow(/nested deeper than 1000 levels/);
  });

  it('refuses a path of more segments than the limit', () => {
    expect(parsePointer('/a'.repeat(MAX_JSON_DEPTH))).toHaveLength(MAX_JSON_DEPTH);
    expect(() => parsePointer('/a'.repeat(MAX_JSON_DEPTH + 1))).toThrow(BadRequestError);
    expect(() => parsePointer('/a'.repeat(100_000))).toThrow(/more than 1000 segments/);
  });

  it('refuses arrayPrimaryKeys naming more field segments and keys than the limit', () => {
    const keys = Array.from({ length: MAX_JSON_DEPTH }, (_, i) => `k${i}`);
    expect(() => readPatchBody({ patch: [], arrayPrimaryKeys: { tags: keys } })).toThrow(BadRequestError);
    expect(() =>
      readPatchBody({ patch: [], arrayPrimaryKeys: { ['a/'.repeat(MAX_JSON_DEPTH) + 'b']: ['k'] } }),
    ).toThrow(/more than 1000 field segments and keys/);
    expect(readPatchBody({ patch: [], arrayPrimaryKeys: { tags: ['tag'] } }).arrayPrimaryKeys.size).toBe(1);
  });

  it('refuses a result nested past the limit: a deep value at the end of a long path', () => {
    const path = '/customProperties' + '/a'.repeat(600);
    const value = deepValue(600);
    expect(() => applyPatch({}, [{ op: 'add', path, value }], specs)).toThrow(BadRequestError);
    expect(() => applyPatch({}, [{ op: 'add', path, value }], specs)).toThrow(
      /patched aspect would be nested/,
    );
    const fits = applyPatch({}, [{ op: 'add', path: '/x/a', value: deepValue(MAX_JSON_DEPTH - 2) }], specs);
    expect(valueNestsDeeper(fits)).toBe(false);
  });

  it('answers a 400, not a stack overflow, for a stored value deeper than structuredClone can copy', () => {
    const stored = { description: 'd', deep: deepValue(5000) };
    expect(() => applyPatch(stored, [{ op: 'add', path: '/description', value: 'e' }], specs)).toThrow(
      BadRequestError,
    );
    expect(() => applyPatch(stored, [{ op: 'test', path: '/deep', value: 1 }], specs)).toThrow(
      /nested deeper than 1000 levels/,
    );
  });
});

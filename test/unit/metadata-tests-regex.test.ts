/**
 * Metadata tests' safety (issue 35, findings 3 and 4): user regexes run in linear time (RE2) on values of
 * bounded length, syntax that needs backtracking is refused at definition, each test has a time budget
 * on each entity, and no test reads a secret field or a kind only Admins see.
 */
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/errors/index.js';
import { defaultRegistry } from '../../src/registry/index.js';
import {
  compileTest,
  EVALUATION_BUDGET_MS,
  MAX_MATCHED_LENGTH,
} from '../../src/services/metadata-tests/index.js';
import { judge } from '../../src/services/metadata-tests/operators.js';

const registry = defaultRegistry();
const compile = (def: unknown) => compileTest(registry, 'urn:li:test:t', JSON.stringify(def));
const refusal = (def: unknown): { path: string; message: string } => {
  try {
    compile(def);
  } catch (err) {
    expect(err).toBeInstanceOf(ValidationError);
    return (err as ValidationError).violations[0] as { path: string; message: string };
  }
  throw new Error(`not refused: ${JSON.stringify(def)}`);
};
/** A definition with one regex_match predicate. */
const def = (pattern: string, negate = false) => ({
  on: { types: ['dataset'] },
  rules: [{ query: 'datasetProperties.description', operation: 'regex_match', values: [pattern], negate }],
});
const regexTest = (pattern: string, negate = false) => compile(def(pattern, negate));
const on = (types: string[], query: string) => ({ on: { types }, rules: [{ query, operation: 'exists' }] });

describe('user regexes in metadata tests', () => {
  it('matches a backtracking pattern on a long value in linear time', () => {
    const evil = regexTest('^(a+)+b$');
    const started = performance.now();
    // JavaScript's RegExp takes seconds on 30 characters, doubling with each one more.
    expect(judge(evil, () => ['a'.repeat(30) + 'c'], EVALUATION_BUDGET_MS)).toBe('fail');
    expect(judge(evil, () => ['a'.repeat(5000) + 'c'], 10_000)).toBe('fail');
    expect(judge(evil, () => ['a'.repeat(5000) + 'b'], 10_000)).toBe('pass');
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('matches the whole value, as DataHub does', () => {
    const t = regexTest('or.*s');
    expect(judge(t, () => ['orders'], EVALUATION_BUDGET_MS)).toBe('pass');
    expect(judge(t, () => ['my orders'], EVALUATION_BUDGET_MS)).toBe('fail');
    expect(judge(regexTest('(?i)ORDERS|users'), () => ['Orders'], EVALUATION_BUDGET_MS)).toBe('pass');
  });

  it('refuses at definition the syntax that needs backtracking, saying why', () => {
    const spot = '/rules/0/values/0';
    for (const pattern of ['(a)\\1', 'a(?=b)', 'a(?!b)', '(?<=a)b', '(?<!a)b', '(?>a+)b', 'a*+b', '(['])
      expect(refusal(def(pattern))).toMatchObject({
        path: spot,
        message: expect.stringContaining('not a valid regex (RE2 syntax'),
      });
    expect(refusal(def('(a)\\1')).message).toContain('no backreferences');
    expect(refusal(def('x'.repeat(1001))).message).toContain('at most 1000 characters');
    // Linear, but with a constant too large: refused by the size of its compiled program.
    expect(refusal(def('(?:\\pL{0,499}|\\pN{0,499})*')).message).toContain('too complex');
    expect(() => regexTest('x'.repeat(1000))).not.toThrow();
    const many = {
      on: { types: ['dataset'] },
      rules: [{ query: 'datasetProperties.name', operation: 'regex_match', values: Array(33).fill('a') }],
    };
    expect(refusal(many)).toEqual({
      path: '/rules/0/values/32',
      message: expect.stringContaining('at most 32'),
    });
  });

  it('makes a value longer than the bound an error, never a match nor a pass', () => {
    const long = 'a'.repeat(MAX_MATCHED_LENGTH + 1);
    const verdict = judge(regexTest('.*'), () => [long], EVALUATION_BUDGET_MS);
    expect(verdict).toEqual({ error: expect.stringContaining(`${MAX_MATCHED_LENGTH}`) });
    expect(judge(regexTest('b', true), () => [long], EVALUATION_BUDGET_MS)).toHaveProperty('error');
    expect(judge(regexTest('.*'), () => ['a'.repeat(MAX_MATCHED_LENGTH)], 10_000)).toBe('pass');
  });

  it('makes a test over its time budget an error for that entity', () => {
    const t = regexTest('(?:[a-z]+[0-9]*)+x');
    const many = Array.from({ length: 100_000 }, (_, i) => `value${i}`);
    const verdict = judge(t, () => many, 1);
    expect(verdict).toEqual({ error: expect.stringContaining('time budget of 1 ms') });
    expect(judge(t, () => many.slice(0, 10), EVALUATION_BUDGET_MS)).toBe('fail');
  });
});

describe('what a metadata test may read', () => {
  it('refuses a secret field, a value holding one, and the way to one through a URN', () => {
    for (const query of [
      'corpUserCredentials.hashedPassword',
      'corpUserCredentials.salt',
      'corpUserCredentials',
    ]) {
      const v = refusal(on(['corpuser'], query));
      expect(v.path, query).toBe('/rules/0/query');
      expect(v.message, query).toContain('is a secret field: a test may not read it');
    }
    expect(refusal(on(['dataset'], 'ownership.owners.owner.corpUserCredentials.hashedPassword'))).toEqual({
      path: '/rules/0/query',
      message: expect.stringContaining('corpUserCredentials.hashedPassword is a secret field'),
    });
    // The fields beside the secrets stay readable.
    expect(() =>
      compile(on(['corpuser'], 'corpUserCredentials.passwordResetTokenExpirationTimeMillis')),
    ).not.toThrow();
  });

  it('refuses a test on a kind only Admins see, and paths into one', () => {
    for (const kind of ['dataHubSecret', 'dataHubAccessToken', 'dataHubIngestionSource']) {
      const v = refusal(on([kind], 'urn'));
      expect(v.path, kind).toBe('/on/types/0');
      expect(v.message, kind).toContain('Admins only');
    }
    // An actor is any URN: the path may not go on into an aspect only hidden kinds carry.
    expect(refusal(on(['dataset'], 'schemaMetadata.lastModified.actor.dataHubSecretValue.value'))).toEqual({
      path: '/rules/0/query',
      message: expect.stringContaining('dataHubSecretValue belongs to dataHubSecret, which only Admins'),
    });
  });
});

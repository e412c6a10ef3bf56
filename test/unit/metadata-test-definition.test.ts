/**
 * Metadata test definitions (issue 20): DataHub's language read in both its spellings, compiled against
 * the registry (multi-hop paths through URNs), and every bad definition refused at its spot.
 */
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/errors/index.js';
import { defaultRegistry } from '../../src/registry/index.js';
import { compileTest } from '../../src/services/metadata-tests/index.js';
import { holds } from '../../src/services/metadata-tests/operators.js';
import { predicatesOf, type Predicate } from '../../src/services/metadata-tests/definition.js';

const registry = defaultRegistry();
const compile = (def: unknown) => compileTest(registry, 'urn:li:test:t', JSON.stringify(def));
const refusal = (def: unknown): { path: string; message: string } => {
  try {
    compileTest(registry, 'urn:li:test:t', typeof def === 'string' ? def : JSON.stringify(def));
  } catch (err) {
    expect(err).toBeInstanceOf(ValidationError);
    return (err as ValidationError).violations[0] as { path: string; message: string };
  }
  throw new Error('not refused');
};

describe('metadata test definitions', () => {
  it('reads the legacy and the newer spelling to the same rules', () => {
    const legacy = compile({
      on: {
        types: ['dataset'],
        match: [{ query: 'domains.domains', operation: 'equals', params: { values: ['urn:li:domain:f'] } }],
      },
      rules: {
        or: [
          { query: 'ownership.owners.owner', operation: 'exists' },
          { query: 'status.removed', operation: 'is_true', negate: true },
        ],
      },
    });
    const newer = compile({
      on: {
        types: ['dataset'],
        conditions: [{ property: 'domains.domains', operator: 'EQUALS', values: ['urn:li:domain:f'] }],
      },
      rules: {
        or: [
          { property: 'ownership.owners.owner', operator: 'exists' },
          { not: { property: 'status.removed', operator: 'is_true' } },
        ],
      },
    });
    const shape = (t: ReturnType<typeof compile>) =>
      predicatesOf(t.definition.rules).map((p) => [p.query, p.operation, p.values, t.paths.get(p)]);
    expect(shape(newer)).toEqual(shape(legacy));
    expect(predicatesOf(newer.definition.match)[0]).toMatchObject({
      operation: 'equals',
      values: ['urn:li:domain:f'],
    });
    // DataHub's `condition` form (the documented one): the same predicate, in any case, with the search
    // conditions' names too.
    for (const condition of ['EQUALS', 'equals', 'EQUAL'])
      expect(
        predicatesOf(
          compile({
            on: {
              types: ['dataset'],
              conditions: [{ query: 'domains.domains', condition, values: ['urn:li:domain:f'] }],
            },
            rules: [{ query: 'ownership.owners.owner', condition: 'EXISTS' }],
          }).definition.match,
        )[0],
      ).toMatchObject({ query: 'domains.domains', operation: 'equals', values: ['urn:li:domain:f'] });
    expect(refusal({ on: { types: ['dataset'] }, rules: [{ query: 'x', condition: 'NEAR' }] })).toMatchObject(
      {
        path: '/rules/0/condition',
      },
    );
  });

  it('compiles paths that follow URNs into the entities they name', () => {
    const t = compile({
      on: { types: ['dataset'] },
      rules: [
        { query: 'glossaryTerms.terms.urn.glossaryTermInfo.parentNode', operation: 'exists' },
        { query: 'container.container.domains.domains', operation: 'exists' },
        { query: 'urn', operation: 'starts_with', params: { value: 'urn:li:dataset:' } },
      ],
    });
    expect([...t.paths.values()]).toEqual([
      {
        kind: 'aspects',
        hops: [
          { aspect: 'glossaryTerms', fields: ['terms', 'urn'] },
          { aspect: 'glossaryTermInfo', fields: ['parentNode'] },
        ],
      },
      {
        kind: 'aspects',
        hops: [
          { aspect: 'container', fields: ['container'] },
          { aspect: 'domains', fields: ['domains'] },
        ],
      },
      { kind: 'urn' },
    ]);
  });

  it('refuses every bad definition, naming its spot', () => {
    const on = { types: ['dataset'] };
    /** A definition of one rule. */
    const one = (query: string, operation: string, more: Record<string, unknown> = {}) => ({
      on,
      rules: [{ query, operation, ...more }],
    });
    const cases: [unknown, string, string][] = [
      ['{not json', '', 'not JSON'],
      [{ rules: [] }, '/on', 'required'],
      [{ on: { types: [] }, rules: [] }, '/on/types', 'non-empty'],
      [{ on: { types: ['nosuchkind'] }, rules: [] }, '/on/types/0', 'unknown entity kind'],
      [{ on }, '/rules', 'required'],
      [one('ownership.owners.owner', 'looks_like'), '/rules/0/operation', 'unknown operation'],
      [one('ownership.owners.owner', 'equals'), '/rules/0/values', 'needs values'],
      [
        one('ownership.owners.owner', 'equals', { params: { values: 'x' } }),
        '/rules/0/params/values',
        'list',
      ],
      [
        {
          on,
          rules: [
            { query: 'datasetProperties.name', operation: 'regex_match', params: { values: ['(unclosed'] } },
          ],
        },
        '/rules/0/params/values/0',
        'not a valid regex',
      ],
      [
        {
          on,
          rules: [{ query: 'datasetProfile.rowCount', operation: 'greater_than', params: { value: 'many' } }],
        },
        '/rules/0/params/value',
        'compares numbers',
      ],
      [
        { on, rules: { and: [{ query: 'nosuchAspect.x', operation: 'exists' }] } },
        '/rules/and/0/query',
        'not an aspect of dataset',
      ],
      [one('chartInfo.title', 'exists'), '/rules/0/query', 'not an aspect of dataset'],
      [one('ownership.owners.nobody', 'exists'), '/rules/0/query', 'no field nobody'],
      [one('status.removed.deeper', 'exists'), '/rules/0/query', 'boolean'],
      [one('domains.domains.nosuchAspect', 'exists'), '/rules/0/query', 'not an aspect of domain'],
      [{ on, rules: { not: 5 } }, '/rules/not', 'a rule is'],
      [one('status.removed', 'exists', { negate: 'yes' }), '/rules/0/negate', 'true or false'],
    ];
    for (const [def, path, message] of cases) {
      const v = refusal(def);
      expect(v.path, JSON.stringify(def)).toBe(path);
      expect(v.message, JSON.stringify(def)).toContain(message);
    }
  });

  it("evaluates DataHub's operations over the values a query reached", () => {
    const t = compile({
      on: { types: ['dataset'] },
      rules: [
        { query: 'datasetProperties.name', operation: 'contains_str', params: { values: ['ord'] } },
        { query: 'datasetProperties.name', operation: 'regex_match', params: { values: ['or.*s'] } },
        { query: 'datasetProperties.name', operation: 'starts_with', params: { values: ['ord'] } },
        { query: 'editableDatasetProperties.description', operation: 'exists', negate: true },
        {
          or: [
            { query: 'status.removed', operation: 'is_false' },
            { query: 'status.removed', operation: 'is_true' },
          ],
        },
      ],
    });
    const values: Record<string, string[]> = {
      'datasetProperties.name': ['orders'],
      'editableDatasetProperties.description': [],
      'status.removed': ['false'],
    };
    const of = (p: Predicate) => values[p.query] ?? [];
    expect(holds(t.definition.rules, of)).toBe(true);
    values['datasetProperties.name'] = ['users'];
    expect(holds(t.definition.rules, of)).toBe(false);
    const numbers = compile({
      on: { types: ['dataset'] },
      rules: [{ query: 'datasetProperties.name', operation: 'greater_than', params: { value: 10 } }],
    });
    expect(holds(numbers.definition.rules, () => ['11'])).toBe(true);
    expect(holds(numbers.definition.rules, () => ['9', 'x'])).toBe(false);
  });
});

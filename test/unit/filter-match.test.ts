import { describe, expect, it } from 'vitest';
import { conjunctions, matches } from '../../src/services/index.js';

describe('filters on JSON documents', () => {
  const doc = { eventGranularity: { unit: 'DAY' }, rowCount: 10, partitionSpec: { partition: 'p1' } };
  it('evaluates or-of-and with conditions and negation', () => {
    const f = conjunctions({
      or: [
        {
          and: [
            { field: 'rowCount', values: ['5'], condition: 'GREATER_THAN' },
            { field: 'partitionSpec.partition', value: 'p1' },
          ],
        },
      ],
    });
    expect(matches(doc, f)).toBe(true);
    expect(
      matches(doc, conjunctions({ or: [{ and: [{ field: 'rowCount', values: ['10'], negated: true }] }] })),
    ).toBe(false);
    expect(matches(doc, conjunctions({ or: [{ and: [{ field: 'missing', condition: 'EXISTS' }] }] }))).toBe(
      false,
    );
  });
  it('rejects malformed filters', () => {
    expect(() => conjunctions({ or: [{ and: [{ value: 'x' }] }] })).toThrow(/field/);
    expect(() => conjunctions({ or: [{ and: [{ field: 'a', condition: 'LIKE' }] }] })).toThrow(
      /Unsupported filter condition/,
    );
  });
});

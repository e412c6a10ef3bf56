import { describe, expect, it } from 'vitest';
import { nextSortId } from '../../src/services/version-links.js';

describe('nextSortId (DataHub’s generated version sort ids)', () => {
  it('counts up in eight letters A–Z, carrying, and wraps after ZZZZZZZZ', () => {
    expect(nextSortId('AAAAAAAA')).toBe('AAAAAAAB');
    expect(nextSortId('AAAAAAAZ')).toBe('AAAAAABA');
    expect(nextSortId('ABZZZZZZ')).toBe('ACAAAAAA');
    expect(nextSortId('ZZZZZZZZ')).toBe('AAAAAAAA');
  });

  it('refuses a sort id that is not eight letters A–Z', () => {
    for (const bad of [undefined, 'AAAA', 'aaaaaaaa', 'AAAAAAA1', 'AAAAAAAAA'])
      expect(() => nextSortId(bad)).toThrow(/not eight letters/);
  });
});

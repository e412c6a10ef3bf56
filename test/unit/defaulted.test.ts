import { describe, expect, it } from 'vitest';
import {
  defaultRegistry,
  filledDefaults,
  stillDefaulted,
  withoutDefaulted,
} from '../../src/registry/index.js';

const registry = defaultRegistry();

describe('the fields validation fills with defaults, and the answers that leave them out', () => {
  const ownership = registry.findAspect('ownership');
  if (!ownership) throw new Error('no ownership aspect');
  const owner = {
    owner: 'urn:li:corpuser:a',
    type: 'DATAOWNER',
    attribution: { time: 1, actor: 'urn:li:corpuser:b' },
  };

  it('lists the pointers of the fields it filled, nested in lists and records included', () => {
    const { value, defaulted } = registry.normalizeAspect(ownership, { owners: [owner] });
    expect(defaulted).toEqual(expect.arrayContaining(['/owners/0/attribution/sourceDetail']));
    expect((value.owners as { attribution: unknown }[])[0]?.attribution).toEqual({
      ...owner.attribution,
      sourceDetail: {},
    });
    expect(
      registry.normalizeAspect(ownership, {
        owners: [{ ...owner, attribution: { ...owner.attribution, sourceDetail: {} } }],
      }).defaulted,
    ).not.toContain('/owners/0/attribution/sourceDetail');
  });

  it('drops a filled field only while it holds its default, copying only the objects on the way', () => {
    const { value, defaulted } = registry.normalizeAspect(ownership, { owners: [owner] });
    const filled = filledDefaults(value, defaulted);
    expect(withoutDefaulted(value, filled)).toEqual({ owners: [owner] });
    // A write step that sets a filled field keeps it; a list filtered since leaves a field that differs alone.
    const stepped = { ...value, ownerTypes: { 'urn:li:ownershipType:x': ['urn:li:corpuser:a'] } };
    expect(stillDefaulted(stepped, filled)).not.toHaveProperty('/ownerTypes');
    const other = { owners: [{ ...owner, attribution: { ...owner.attribution, sourceDetail: { k: 'v' } } }] };
    expect(withoutDefaulted(other, filled)).toEqual(other);
    expect(withoutDefaulted(value, undefined)).toBe(value);
  });

  it('escapes keys in pointers (a map key with a slash)', () => {
    const value = { a: { 'x/y': { z: 1, d: [] } } };
    expect(withoutDefaulted(value, { '/a/x~1y/d': '[]' })).toEqual({ a: { 'x/y': { z: 1 } } });
  });
});

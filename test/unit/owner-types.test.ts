import { describe, expect, it } from 'vitest';
import { NO_OWNERSHIP_TYPE, withOwnerTypes } from '../../src/services/owner-types.js';

describe('ownership.ownerTypes', () => {
  it('groups owners by typeUrn, else the system type of `type`, else none; each owner once per type', () => {
    const value = withOwnerTypes({
      owners: [
        { owner: 'urn:li:corpuser:a', type: 'DATAOWNER' },
        { owner: 'urn:li:corpuser:b', type: 'CUSTOM', typeUrn: 'urn:li:ownershipType:my.type' },
        { owner: 'urn:li:corpuser:c' },
        { owner: 'urn:li:corpuser:a', type: 'DATAOWNER' },
      ],
      ownerTypes: { stale: ['urn:li:corpuser:x'] },
    });
    expect(value?.ownerTypes).toEqual({
      'urn:li:ownershipType:__system__dataowner': ['urn:li:corpuser:a'],
      'urn:li:ownershipType:my%2Etype': ['urn:li:corpuser:b'],
      [NO_OWNERSHIP_TYPE]: ['urn:li:corpuser:c'],
    });
  });

  it('leaves a value without owners as it is, as DataHub does', () => {
    expect(withOwnerTypes({ owners: [] })).toBeUndefined();
  });
});

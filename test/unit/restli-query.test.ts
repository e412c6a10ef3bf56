import { describe, expect, it } from 'vitest';
import { all, parseRestliQuery } from '../../rest-compat/restli/query.js';

describe('Rest.li query strings', () => {
  it('splits List(...) on raw commas before decoding URNs', () => {
    const u1 = encodeURIComponent('urn:li:dataset:(urn:li:dataPlatform:hive,a,PROD)');
    const u2 = encodeURIComponent('urn:li:corpuser:x');
    const q = parseRestliQuery(`/entitiesV2?ids=List(${u1},${u2})&aspects=List(ownership,status)`);
    expect(q.get('ids')).toEqual(['urn:li:dataset:(urn:li:dataPlatform:hive,a,PROD)', 'urn:li:corpuser:x']);
    expect(all(q, 'aspects')).toEqual(['ownership', 'status']);
  });

  it('accepts repeated and comma-separated values', () => {
    const q = parseRestliQuery('/r?types=OwnedBy&types=DownstreamOf,Consumes&x=List()');
    expect(all(q, 'types')).toEqual(['OwnedBy', 'DownstreamOf', 'Consumes']);
    expect(q.get('x')).toEqual([]);
  });
});

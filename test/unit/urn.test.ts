import { describe, expect, it } from 'vitest';
import { makeUrn, parseUrn } from '../../src/urn/index.js';

describe('parseUrn', () => {
  it('parses plain and tuple URNs, with nested URNs in tuples', () => {
    expect(parseUrn('urn:li:corpuser:jdoe')).toMatchObject({ entityType: 'corpuser', parts: ['jdoe'] });
    const ds = parseUrn('urn:li:dataset:(urn:li:dataPlatform:hive,db.table,PROD)');
    expect(ds).toMatchObject({
      entityType: 'dataset',
      parts: ['urn:li:dataPlatform:hive', 'db.table', 'PROD'],
    });
    const nested = parseUrn('urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:hive,t,PROD),col)');
    expect(nested).toMatchObject({ parts: ['urn:li:dataset:(urn:li:dataPlatform:hive,t,PROD)', 'col'] });
  });

  it('explains what is wrong with a malformed URN', () => {
    expect(parseUrn('dataset:x')).toMatch(/must start with "urn:li:"/);
    expect(parseUrn('urn:li:dataset:')).toMatch(/empty id|missing/);
    expect(parseUrn('urn:li:dataset:(a,b')).toMatch(/unbalanced/);
    expect(parseUrn('urn:li:dataset:(a,,b)')).toMatch(/empty tuple part/);
    expect(parseUrn("urn:li:da'taset:x")).toMatch(/bad entity type/);
  });

  it('builds URNs back from parts', () => {
    expect(makeUrn('chart', ['looker', 'c1'])).toBe('urn:li:chart:(looker,c1)');
    expect(makeUrn('tag', ['pii'])).toBe('urn:li:tag:pii');
  });
});

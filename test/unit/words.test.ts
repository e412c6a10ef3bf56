import { describe, expect, it } from 'vitest';
import { indexTerms, searchWords, urnName, wordsOf } from '../../search-sync/model/index.js';

describe("words, as DataHub's word delimiters split them", () => {
  it('splits on _ . - / : and whitespace and at camelCase boundaries, keeping letters with digits', () => {
    expect(wordsOf('trial.logging_events')).toEqual(['trial', 'logging', 'events']);
    expect(wordsOf('userEvents2024')).toEqual(['user', 'Events2024']);
    expect(wordsOf('gqlsearch3f2a1b')).toEqual(['gqlsearch3f2a1b']);
    expect(wordsOf('HTTPServerLog')).toEqual(['HTTP', 'Server', 'Log']);
    expect(wordsOf('a-b/c d:e')).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(wordsOf('logging*')).toEqual(['logging']);
    expect(wordsOf('Ωμέγα 数据集')).toEqual(['Ωμέγα', '数据集']);
  });

  it('names URNs by their ids, tuples by their parts that are not URNs', () => {
    expect(urnName('urn:li:tag:Legacy')).toBe('Legacy');
    expect(urnName('urn:li:dataset:(urn:li:dataPlatform:hive,db.orders,PROD)')).toBe('db.orders PROD');
    expect(searchWords('URN', ['urn:li:corpuser:jdoe', 'urn:li:dataPlatform:hive'])).toEqual([
      'jdoe',
      'hive',
    ]);
    expect(searchWords('TEXT', ['trial.logging_events'])).toEqual(['trial', 'logging', 'events']);
  });

  it('gives the index the parts of values and their words, never a whole delimited value', () => {
    expect(indexTerms('TEXT', ['table_77', 'userEvents2024'])).toEqual([
      'table',
      '77',
      'userEvents2024',
      'user',
      'Events2024',
    ]);
    // A URN's parts (found by `urn:li:...` typed as free text) and the words of the name it shows.
    expect(indexTerms('URN', ['urn:li:dataset:(urn:li:dataPlatform:hive,db.orders_v2,PROD)'])).toEqual([
      'urn',
      'li',
      'dataset',
      'dataPlatform',
      'data',
      'Platform',
      'hive',
      'db',
      'orders',
      'v2',
      'PROD',
    ]);
    expect(indexTerms('TEXT', ['', '__'])).toEqual([]);
  });
});

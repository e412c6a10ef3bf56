import { describe, expect, it } from 'vitest';
import { defaultRegistry } from '../../src/registry/index.js';
import type { SearchQuery } from '../../search-sync/model/index.js';
import { MeiliSearchIndex } from '../../search-sync/index.js';

/** The Meilisearch adapter over an HTTP client that records each request and answers `answer`. */
function recording(answer: Record<string, unknown>): {
  index: MeiliSearchIndex;
  sent: Record<string, unknown>[];
} {
  const sent: Record<string, unknown>[] = [];
  const httpClient = (_url: string | URL | Request, init: RequestInit = {}): Promise<unknown> => {
    sent.push(JSON.parse(String(init.body)) as Record<string, unknown>);
    return Promise.resolve(answer);
  };
  const index = new MeiliSearchIndex(
    { host: 'http://127.0.0.1:7700', index: 'unit', httpClient },
    defaultRegistry(),
  );
  return { index, sent };
}

const query = (input: string): SearchQuery => ({
  types: ['dataset'],
  input,
  filters: [],
  start: 0,
  count: 10,
});

describe('Meilisearch search requests', () => {
  it('reads no field of the hits of a search without words: nothing can have matched', async () => {
    const hit = { urn: 'urn:li:dataset:(urn:li:dataPlatform:hive,a,PROD)', entityType: 'dataset' };
    const { index, sent } = recording({ hits: [hit], totalHits: 1, facetDistribution: {} });
    const r = await index.search(query('*'));
    expect(sent[0]?.attributesToRetrieve).toEqual(['urn', 'entityType']);
    expect(r.hits).toEqual([{ urn: hit.urn, entityType: 'dataset', score: 10, matchedFields: [] }]);
  });

  it("reads the exact match's field alone, and reports its matching values", async () => {
    const hit = {
      urn: 'urn:li:dataset:(urn:li:dataPlatform:hive,a,PROD)',
      entityType: 'dataset',
      f_tags: ['urn:li:tag:PII', 'urn:li:tag:Finance'],
    };
    const { index, sent } = recording({ hits: [hit], totalHits: 1, facetDistribution: {} });
    const r = await index.search(query('tags:PII'));
    expect(sent[0]?.attributesToRetrieve).toEqual(['urn', 'entityType', 'f_tags']);
    expect(r.hits[0]?.matchedFields).toEqual([{ name: 'tags', value: 'urn:li:tag:PII' }]);
  });

  it('reads the fields searched by default for words, in the order the document lists them', async () => {
    const hit = {
      urn: 'urn:li:dataset:(urn:li:dataPlatform:hive,orders,PROD)',
      entityType: 'dataset',
      fieldNames: ['description', 'name'],
      f_name: ['orders'],
      f_description: ['All orders'],
    };
    const { index, sent } = recording({ hits: [hit], totalHits: 1, facetDistribution: {} });
    const r = await index.search(query('order'));
    expect(sent[0]?.attributesToRetrieve).toEqual(
      expect.arrayContaining(['urn', 'entityType', 'fieldNames', 'f_name', 'f_description']),
    );
    expect(r.hits[0]?.matchedFields).toEqual([
      { name: 'description', value: 'All orders' },
      { name: 'name', value: 'orders' },
    ]);
  });
});

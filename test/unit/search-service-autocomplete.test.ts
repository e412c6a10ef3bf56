import { describe, expect, it } from 'vitest';
import { defaultRegistry } from '../../src/registry/index.js';
import type { AutocompleteQuery, SearchIndex, SearchQuery } from '../../search-sync/model/index.js';
import { SearchService } from '../../search-sync/service/index.js';

/** A SearchService over an index that only records what it is asked. */
function recording(): { service: SearchService; asked: AutocompleteQuery[]; searched: SearchQuery[] } {
  const asked: AutocompleteQuery[] = [];
  const searched: SearchQuery[] = [];
  const index = {
    autocomplete: (q: AutocompleteQuery) => {
      asked.push(q);
      return Promise.resolve({ suggestions: [], entities: [] });
    },
    search: (q: SearchQuery) => {
      searched.push(q);
      return Promise.resolve({ total: 0, hits: [], facets: {} });
    },
  } as unknown as SearchIndex;
  const unused = (): Promise<never> => Promise.reject(new Error('not used'));
  const service = new SearchService(
    defaultRegistry(),
    index,
    { status: unused, waitFor: unused, reindex: unused },
    10_000,
  );
  return { service, asked, searched };
}

describe('SearchService autocomplete', () => {
  it("completes on the autocomplete fields the asked kinds hold, in the registry's order", async () => {
    const { service, asked } = recording();
    await service.autocomplete({ entities: ['dataset'], query: 'ord', limit: 10 });
    await service.autocomplete({ entities: ['chart'], query: 'ord', limit: 10 });
    await service.autocomplete({ entities: ['dataset', 'corpuser'], query: 'ord', limit: 10 });
    expect(asked.map((q) => q.fields)).toEqual([
      ['name', 'id', 'qualifiedName', 'platform'],
      // A field is completed on wherever it is held once some annotation enables autocomplete on it.
      ['title', 'platform'],
      ['name', 'id', 'title', 'qualifiedName', 'displayName', 'fullName', 'ldap', 'platform'],
    ]);
  });

  it('leaves the fields to the index (every autocomplete field) when no kind is named', async () => {
    const { service, asked } = recording();
    await service.autocomplete({ entities: [], query: 'ord', limit: 10 });
    expect(asked[0]?.fields).toEqual([]);
  });

  it('completes on a named field alone, and refuses one the registry does not know', async () => {
    const { service, asked } = recording();
    await service.autocomplete({ entities: ['dataset'], query: 'ord', field: 'description', limit: 10 });
    expect(asked[0]?.fields).toEqual(['description']);
    await expect(
      service.autocomplete({ entities: ['dataset'], query: 'ord', field: 'colour', limit: 10 }),
    ).rejects.toThrow(/Unknown autocomplete field/);
  });

  it('gives each search its own list of facets (a caller changing one does not change the next)', async () => {
    const { service, searched } = recording();
    const first = service.filterFields(['dataset']);
    first.push('changed');
    await service.search({ entities: ['dataset'], input: '*', start: 0, count: 10 });
    expect(searched[0]?.facets).not.toContain('changed');
    expect(searched[0]?.facets).toEqual(service.filterFields(['dataset']));
    expect(service.filterFields([])).toEqual(expect.arrayContaining(service.filterFields(['dataset'])));
  });
});

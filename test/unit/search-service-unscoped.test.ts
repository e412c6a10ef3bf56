import { describe, expect, it } from 'vitest';
import { asSystem } from '../../src/auth/index.js';
import { defaultRegistry } from '../../src/registry/index.js';
import type { SearchIndex, SearchQuery } from '../../search-sync/model/index.js';
import { SearchService } from '../../search-sync/service/index.js';

const registry = defaultRegistry();

/** A SearchService over an index that only records the searches it is asked. */
function recording(): { service: SearchService; searched: SearchQuery[] } {
  const searched: SearchQuery[] = [];
  const index = {
    search: (q: SearchQuery) => {
      searched.push(q);
      return Promise.resolve({ total: 0, hits: [], facets: {} });
    },
  } as unknown as SearchIndex;
  const unused = (): Promise<never> => Promise.reject(new Error('not used'));
  const worker = { status: unused, waitFor: unused, reindex: unused };
  return { service: new SearchService(registry, index, worker, 10_000), searched };
}

describe('what a search naming no entity type covers', () => {
  it("'searchable' (DataHub's GraphQL default): the kinds people look for, from the registry", () => {
    const { service } = recording();
    const kinds = service.kinds([], 'searchable');
    expect(kinds).toEqual(
      expect.arrayContaining(['dataset', 'chart', 'dashboard', 'glossaryTerm', 'corpuser']),
    );
    // Not DataHub's internal kinds, the Admin-only kinds, nor the definitions of types.
    for (const kind of ['dataHubStepState', 'dataPlatformInstance', 'telemetry', 'dataHubSecret'])
      expect(kinds).not.toContain(kind);
    for (const kind of ['structuredProperty', 'dataHubRole', 'test', 'dataType', 'entityType'])
      expect(kinds).not.toContain(kind);
    const expected = registry
      .allEntities()
      .filter(
        (e) => e.category !== 'internal' && !e.adminOnly && !['dataType', 'entityType'].includes(e.name),
      )
      .map((e) => e.name);
    expect(kinds).toEqual(expected);
  });

  it("'every' (DataHub's search service: Rest.li, OpenAPI) is the default: no restriction by kind", () => {
    const { service } = recording();
    expect(service.kinds([])).toEqual([]);
    expect(service.kinds([], 'every')).toEqual([]);
    // Named kinds are what a search covers, whatever the choice.
    expect(service.kinds(['dataset', 'chart'], 'searchable')).toEqual(['dataset', 'chart']);
  });

  it('searches the kinds of the choice, leaving out those the caller may not see', async () => {
    const { service, searched } = recording();
    const ask = { entities: [], input: '*', start: 0, count: 10, facets: [] };
    await asSystem(() => service.search(ask));
    await asSystem(() => service.search({ ...ask, unscoped: 'searchable' }));
    // Outside any scope there is no caller: a non-Admin, who sees no hidden kind.
    await service.search(ask);
    expect(searched[0]?.types).toEqual([]);
    expect(searched[1]?.types).toEqual(service.kinds([], 'searchable'));
    const seen = registry
      .allEntities()
      .filter((e) => !e.hidden)
      .map((e) => e.name);
    expect(searched[2]?.types).toEqual(seen);
  });
});

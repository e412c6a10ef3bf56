import type { SearchService } from '../../search-sync/service/index.js';
import type { ChangeLogStore } from '../store/index.js';

/** One module of recommendations: DataHub's id, title and how its content is shown. */
export interface RecommendationModule {
  readonly moduleId: string;
  readonly title: string;
  readonly renderType: string;
  /** Each a value (an entity's URN), and how many entities have it for a facet's module. */
  readonly content: readonly { readonly value: string; readonly count?: number; readonly field?: string }[];
}

/** DataHub's modules built from one facet of the whole catalog: the index field, and how many values. */
const FACET_MODULES = [
  {
    moduleId: 'Platforms',
    title: 'Platforms',
    renderType: 'PLATFORM_SEARCH_LIST',
    field: 'platform',
    max: 40,
    home: true,
  },
  {
    moduleId: 'TopTags',
    title: 'Top Tags',
    renderType: 'TAG_SEARCH_LIST',
    field: 'tags',
    max: 10,
    home: false,
  },
  {
    moduleId: 'TopTerms',
    title: 'Top Glossary Terms',
    renderType: 'GLOSSARY_TERM_SEARCH_LIST',
    field: 'glossaryTerms',
    max: 10,
    home: false,
  },
  {
    moduleId: 'Domains',
    title: 'Domains',
    renderType: 'DOMAIN_SEARCH_LIST',
    field: 'domains',
    max: 10,
    home: true,
  },
] as const;

/** How many of the latest change-log entries are looked at for recently changed entities. */
const RECENT_ENTRIES = 500;

/**
 * Recommendations as DataHub's home page and search page ask them (`listRecommendations`), from what the
 * catalog holds: its platforms, most used tags and glossary terms and its domains (one facet count over
 * every entity the caller may search), and the entities changed last (the change log, newest first,
 * through the same search: only what the caller may see and is not removed). A module with no content is
 * left out.
 */
export class RecommendationService {
  constructor(
    private readonly search: SearchService,
    private readonly changeLog: ChangeLogStore,
  ) {}

  async modules(scenario: string, limit: number): Promise<RecommendationModule[]> {
    const home = scenario === 'HOME';
    if (!home && scenario !== 'SEARCH_RESULTS') return [];
    const wanted = FACET_MODULES.filter((m) => home || !m.home);
    const facets = await this.search.search({
      entities: [],
      unscoped: 'searchable',
      input: '*',
      start: 0,
      count: 0,
      facets: wanted.map((m) => m.field),
    });
    const modules: RecommendationModule[] = [];
    if (home) {
      const recent = await this.recentlyChanged(limit);
      if (recent.length)
        modules.push({
          moduleId: 'RecentlyEditedEntities',
          title: 'Recently Edited',
          renderType: 'ENTITY_NAME_LIST',
          content: recent.map((value) => ({ value })),
        });
    }
    for (const m of wanted) {
      const counts = Object.entries(facets.facets[m.field] ?? {})
        .filter(([value, n]) => value.startsWith('urn:li:') && n > 0)
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .slice(0, m.max);
      if (counts.length)
        modules.push({
          moduleId: m.moduleId,
          title: m.title,
          renderType: m.renderType,
          content: counts.map(([value, count]) => ({ value, count, field: m.field })),
        });
    }
    return modules;
  }

  /** The entities changed last that the caller may find, newest first. */
  private async recentlyChanged(limit: number): Promise<string[]> {
    const newest = [...new Set(await this.changeLog.recentUrns(RECENT_ENTRIES))];
    if (!newest.length) return [];
    const found = await this.search.search({
      entities: [],
      unscoped: 'searchable',
      input: '*',
      urns: newest,
      start: 0,
      count: newest.length,
      facets: [],
    });
    const visible = new Set(found.hits.map((h) => h.urn));
    return newest.filter((u) => visible.has(u)).slice(0, limit);
  }
}

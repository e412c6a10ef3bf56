import { BadRequestError } from '../src/errors/index.js';
import type { Registry } from '../src/registry/index.js';
import { conjunctions } from '../src/services/filter-match.js';
import type {
  AutocompleteResult,
  BrowseResult,
  SearchIndex,
  SearchResult,
  SortCriterion,
} from './search-index.js';
import type { SearchSyncWorker, SyncStatus } from './worker.js';
import { searchFields, type SearchField } from './document.js';
import { parseQueryString } from './query-string.js';

export interface SearchRequest {
  /** Entity type names (empty = every type). */
  readonly entities: readonly string[];
  readonly input: string;
  readonly filter?: unknown;
  readonly start: number;
  readonly count: number;
  /** Facets to count; default: the filterable fields of the searched types. */
  readonly facets?: readonly string[];
  readonly sort?: readonly SortCriterion[];
  /** Only these entities. */
  readonly urns?: readonly string[];
  /** Soft-deleted entities too. */
  readonly includeRemoved?: boolean;
  /** A query string (the versioned entity API's `query`), in place of `input`; AND-ed with `filter`. */
  readonly queryString?: string | undefined;
}

/** Search over the index, for every transport; the worker's progress for /health and sync-waits. */
export class SearchService {
  private readonly fields: ReadonlyMap<string, SearchField>;

  constructor(
    private readonly registry: Registry,
    private readonly index: SearchIndex,
    private readonly worker: SearchSyncWorker,
    private readonly maxPageSize: number,
  ) {
    this.fields = searchFields(registry);
  }

  async search(r: SearchRequest): Promise<SearchResult> {
    const types = r.entities.map((e) => this.registry.entity(e).name);
    if (r.start < 0 || r.count < 0) throw new BadRequestError('start and count must be >= 0');
    if (r.count > this.maxPageSize) throw new BadRequestError(`count must be at most ${this.maxPageSize}`);
    let input = r.input;
    let filters = conjunctions(r.filter);
    if (r.queryString !== undefined) {
      const parsed = parseQueryString(r.queryString, this.fields);
      input = parsed.text;
      if (parsed.groups.length)
        filters = (filters.length ? filters : [[]]).flatMap((f) => parsed.groups.map((g) => [...f, ...g]));
    }
    return this.index.search({
      types,
      input,
      filters,
      start: r.start,
      count: r.count,
      facets: r.facets ?? this.filterFields(types),
      ...(r.sort ? { sort: r.sort } : {}),
      ...(r.urns ? { urns: r.urns } : {}),
      ...(r.includeRemoved ? { includeRemoved: true } : {}),
    });
  }

  async autocomplete(r: {
    entities: readonly string[];
    query: string;
    field?: string | undefined;
    filter?: unknown;
    limit: number;
  }): Promise<AutocompleteResult> {
    const types = r.entities.map((e) => this.registry.entity(e).name);
    if (r.limit < 0 || r.limit > this.maxPageSize)
      throw new BadRequestError(`limit must be between 0 and ${this.maxPageSize}`);
    if (r.field !== undefined && !this.isField(r.field))
      throw new BadRequestError(`Unknown autocomplete field "${r.field}"`);
    return this.index.autocomplete({
      types,
      query: r.query,
      fields: r.field ? [r.field] : [],
      filters: conjunctions(r.filter),
      limit: r.limit,
    });
  }

  async browse(r: {
    entities: readonly string[];
    path: string;
    filter?: unknown;
    start: number;
    count: number;
  }): Promise<BrowseResult> {
    const types = r.entities.map((e) => this.registry.entity(e).name);
    if (r.start < 0 || r.count < 0 || r.count > this.maxPageSize)
      throw new BadRequestError(`start must be >= 0 and limit between 0 and ${this.maxPageSize}`);
    return this.index.browse({
      types,
      path: r.path,
      filters: conjunctions(r.filter),
      start: r.start,
      count: r.count,
    });
  }

  private isField(name: string): boolean {
    return this.registry.allAspects().some((a) => (a.searchable ?? []).some((s) => s.fieldName === name));
  }

  /** The fields marked `addToFilters` on the aspects of these entity types (all types when none). */
  filterFields(types: readonly string[]): string[] {
    const entities = types.length ? types.map((t) => this.registry.entity(t)) : this.registry.allEntities();
    const out = new Set<string>();
    for (const e of entities) {
      for (const name of e.aspects) {
        for (const s of this.registry.findAspect(name)?.searchable ?? [])
          if (s.addToFilters) out.add(s.fieldName);
      }
    }
    return [...out];
  }

  /** The display name of a filter field (the registry's `filterNameOverride`), if it has one. */
  displayName(field: string): string | undefined {
    for (const a of this.registry.allAspects())
      for (const s of a.searchable ?? [])
        if (s.fieldName === field && s.filterNameOverride) return s.filterNameOverride;
    return undefined;
  }

  status(): Promise<SyncStatus> {
    return this.worker.status();
  }

  /** Waits until the index reflects every change committed so far (DataHub's X-DataHub-Sync-Index-Update). */
  async waitForIndex(timeoutMs = 10_000): Promise<boolean> {
    const { head } = await this.worker.status();
    return this.worker.waitFor(head, timeoutMs);
  }
}

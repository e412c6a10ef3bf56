import { BadRequestError } from '../../src/errors/index.js';
import type { Logger } from '../../src/logger.js';
import type { Registry } from '../../src/registry/index.js';
import {
  conjunctions,
  doubleText,
  dynamicField,
  isStructuredField,
  searchFields,
  type AutocompleteResult,
  type BrowseResult,
  type BrowseV2Result,
  type Criterion,
  type FieldResolver,
  type SearchField,
  type SearchIndex,
  type SearchQuery,
  type SearchResult,
  type SortCriterion,
  type SyncControl,
  type SyncStatus,
} from '../model/index.js';
import { checkPage } from '../../src/page.js';
import { redactionOf, type Redaction } from '../../src/auth/index.js';
import { parseQueryString } from './query-string.js';
import { systemUpdate, type SystemUpdateResult } from './system-update.js';

/**
 * What a search that names no entity type covers. DataHub answers it two ways, and a request says which
 * of them it follows; the kinds each covers are decided here alone (`SearchService.kinds`).
 * - `'every'`: every kind of the index. DataHub's search service falls back to every entity index when
 *   none is named (`SearchService.getEntitiesToSearch`), which is what its Rest.li search actions reach;
 *   its OpenAPI v3 scroll names every entity of the registry when the body names none.
 * - `'searchable'`: the kinds people look for. DataHub's GraphQL search family (searchAcrossEntities,
 *   scroll, aggregate, autocomplete, browseV2, searchAcrossLineage) searches its
 *   `SEARCHABLE_ENTITY_TYPES` when `types` is empty. Here: every kind of the registry but DataHub's
 *   internal kinds, the Admin-only kinds and the definitions of types (`DEFINITIONS`).
 * Either way a non-Admin's search leaves out the kinds it may not see (`Redaction.searchTypes`).
 */
export type Unscoped = 'every' | 'searchable';

/** Kinds that define the types of other entities' values rather than assets: never searched unasked. */
const DEFINITIONS: ReadonlySet<string> = new Set(['structuredProperty', 'dataType', 'entityType']);

/**
 * A search as the transports ask it: the index query's text, page, sort, URNs and soft-deleted entities,
 * over entity type names and a filter; `facets` default to the filterable fields of the searched types.
 */
export interface SearchRequest extends Pick<
  SearchQuery,
  'input' | 'start' | 'count' | 'facets' | 'sort' | 'urns' | 'includeRemoved'
> {
  /** Entity type names (empty: the kinds `unscoped` names). */
  readonly entities: readonly string[];
  /** What the search covers when `entities` is empty (`'every'` when not given). */
  readonly unscoped?: Unscoped | undefined;
  readonly filter?: unknown;
  /** A query string (the versioned entity API's `query`), in place of `input`; AND-ed with `filter`. */
  readonly queryString?: string | undefined;
}

/** Search over the index, for every transport; the worker's progress for /health and sync-waits. */
export class SearchService {
  private readonly fields: ReadonlyMap<string, SearchField>;
  private readonly redaction: Redaction;

  constructor(
    private readonly registry: Registry,
    private readonly index: SearchIndex,
    private readonly worker: SyncControl,
    private readonly maxPageSize: number,
    private readonly structured?: FieldResolver,
  ) {
    this.fields = searchFields(registry);
    this.redaction = redactionOf(registry);
    this.searchableNames = new Set(
      registry.allAspects().flatMap((a) => (a.searchable ?? []).map((s) => s.fieldName)),
    );
    this.completable = [...this.fields.values()].filter((f) => f.autocomplete).map((f) => f.name);
    this.searchable = registry
      .allEntities()
      .filter((e) => e.category !== 'internal' && !e.adminOnly && !DEFINITIONS.has(e.name))
      .map((e) => e.name);
  }

  // What a search or an autocomplete reads of the registry, worked out once (the registry does not change).
  /** The names of the registry's searchable fields: an autocomplete field must be one. */
  private readonly searchableNames: ReadonlySet<string>;
  /** The registry's autocomplete fields, in index-field order. */
  private readonly completable: readonly string[];
  /** The kinds of the `'searchable'` choice (see `Unscoped`), in the registry's order. */
  private readonly searchable: readonly string[];
  /** Per entity type, the index fields its documents can hold: its aspects' searchable fields. */
  private readonly kindFields = new Map<string, ReadonlySet<string>>();
  /** Per list of entity types, their filter fields (see `filterFields`). */
  private readonly filterFieldsOf = new Map<string, readonly string[]>();

  /**
   * The kinds (registry names) a search covers: the named ones, or when none is named, those of the
   * `unscoped` choice, where every kind is the empty list (no restriction by kind).
   */
  kinds(entities: readonly string[], unscoped: Unscoped = 'every'): readonly string[] {
    if (entities.length) return entities.map((e) => this.registry.entity(e).name);
    return unscoped === 'searchable' ? this.searchable : [];
  }

  private fieldsOfKind(type: string): ReadonlySet<string> {
    let names = this.kindFields.get(type);
    if (!names) {
      names = new Set(
        this.registry
          .entity(type)
          .aspects.flatMap((a) => (this.registry.findAspect(a)?.searchable ?? []).map((s) => s.fieldName)),
      );
      this.kindFields.set(type, names);
    }
    return names;
  }

  /**
   * The autocomplete fields of these entity types: the registry's autocomplete fields their documents can
   * hold. A document holds only the fields of its own kind's aspects, so the suggestions are the same as
   * over every autocomplete field, for less work (a dataset has 4 of the 13). Empty (every autocomplete
   * field) when no type is named or the types hold none.
   */
  private autocompleteFields(types: readonly string[]): readonly string[] {
    if (!types.length) return [];
    const kinds = types.map((t) => this.fieldsOfKind(t));
    return this.completable.filter((f) => kinds.some((k) => k.has(f)));
  }

  /**
   * Structured-property fields named by filters, facets and sorts, rewritten to the index fields that
   * hold their values (refused for soft-deleted properties); `facetNames` maps index fields back.
   */
  private async structuredFields(
    filters: readonly (readonly Criterion[])[],
    facets: readonly string[] | undefined,
    sort: readonly SortCriterion[] | undefined,
  ): Promise<{
    filters: Criterion[][];
    facets: string[] | undefined;
    sort: SortCriterion[] | undefined;
    extra: Map<string, SearchField>;
    facetNames: Map<string, { asked: string; numeric: boolean }>;
  }> {
    const names = [
      ...filters.flatMap((g) => g.map((c) => c.field)),
      ...(facets ?? []),
      ...(sort ?? []).map((s) => s.field),
    ].filter(isStructuredField);
    const resolved = names.length && this.structured ? await this.structured.resolve(names) : new Map();
    const to = (name: string): string => resolved.get(name)?.indexField ?? name;
    const extra = new Map<string, SearchField>();
    for (const r of resolved.values()) extra.set(r.indexField, dynamicField(r.indexField, r.numeric));
    const facetNames = new Map<string, { asked: string; numeric: boolean }>();
    for (const f of facets ?? []) {
      const r = resolved.get(f);
      if (r) facetNames.set(r.indexField, { asked: f, numeric: r.numeric });
    }
    return {
      filters: filters.map((g) => g.map((c) => ({ ...c, field: to(c.field) }))),
      facets: facets?.map(to),
      sort: sort?.map((s) => ({ ...s, field: to(s.field) })),
      extra,
      facetNames,
    };
  }

  async search(r: SearchRequest): Promise<SearchResult> {
    const asked = this.kinds(r.entities, r.unscoped);
    const types = this.redaction.searchTypes(asked);
    checkPage(r.start, r.count, this.maxPageSize);
    let input = r.input;
    let filters = conjunctions(r.filter);
    if (r.queryString !== undefined) {
      const parsed = parseQueryString(r.queryString, this.fields);
      input = parsed.text;
      if (parsed.groups.length)
        filters = (filters.length ? filters : [[]]).flatMap((f) => parsed.groups.map((g) => [...f, ...g]));
    }
    const sp = await this.structuredFields(filters, r.facets, r.sort);
    const result = await this.index.search({
      types,
      input,
      filters: sp.filters,
      start: r.start,
      count: r.count,
      facets: sp.facets ?? this.filterFields(asked),
      ...(sp.sort ? { sort: sp.sort } : {}),
      ...(r.urns ? { urns: r.urns } : {}),
      ...(r.includeRemoved ? { includeRemoved: true } : {}),
      ...(sp.extra.size ? { extraFields: sp.extra } : {}),
    });
    if (!sp.facetNames.size) return result;
    const facets: Record<string, Record<string, number>> = {};
    for (const [name, counts] of Object.entries(result.facets)) {
      const asked = sp.facetNames.get(name);
      facets[asked?.asked ?? name] = asked?.numeric
        ? Object.fromEntries(Object.entries(counts).map(([v, n]) => [doubleText(v), n]))
        : counts;
    }
    return { ...result, facets };
  }

  async autocomplete(r: {
    entities: readonly string[];
    unscoped?: Unscoped | undefined;
    query: string;
    field?: string | undefined;
    filter?: unknown;
    limit: number;
  }): Promise<AutocompleteResult> {
    const asked = this.kinds(r.entities, r.unscoped);
    const types = this.redaction.searchTypes(asked);
    checkPage(0, r.limit, this.maxPageSize, 'limit');
    if (r.field !== undefined && !this.isField(r.field))
      throw new BadRequestError(`Unknown autocomplete field "${r.field}"`);
    const sp = await this.structuredFields(conjunctions(r.filter), undefined, undefined);
    return this.index.autocomplete({
      types,
      query: r.query,
      fields: r.field ? [r.field] : this.autocompleteFields(asked),
      filters: sp.filters,
      limit: r.limit,
      ...(sp.extra.size ? { extraFields: sp.extra } : {}),
    });
  }

  /** `autocomplete` for each kind alone (GraphQL's `autoCompleteForMultiple`), answered together by the index. */
  async autocompleteEach(r: {
    entities: readonly string[];
    query: string;
    filter?: unknown;
    limit: number;
  }): Promise<AutocompleteResult[]> {
    const kinds = this.kinds(r.entities);
    checkPage(0, r.limit, this.maxPageSize, 'limit');
    const sp = await this.structuredFields(conjunctions(r.filter), undefined, undefined);
    return this.index.autocompleteEach(
      {
        query: r.query,
        filters: sp.filters,
        limit: r.limit,
        ...(sp.extra.size ? { extraFields: sp.extra } : {}),
      },
      kinds.map((k) => ({ types: this.redaction.searchTypes([k]), fields: this.autocompleteFields([k]) })),
    );
  }

  async browse(r: {
    entities: readonly string[];
    unscoped?: Unscoped | undefined;
    path: string;
    filter?: unknown;
    start: number;
    count: number;
  }): Promise<BrowseResult> {
    const asked = this.kinds(r.entities, r.unscoped);
    const types = this.redaction.searchTypes(asked);
    checkPage(r.start, r.count, this.maxPageSize);
    return this.index.browse({
      types,
      path: r.path,
      filters: conjunctions(r.filter),
      start: r.start,
      count: r.count,
    });
  }

  /**
   * browseV2 at a path of `browsePathsV2` entry ids (URNs for entity entries): the groups below it
   * (DataHub's order: the largest first), with the number of entities strictly below the path.
   */
  async browseV2(r: {
    entities: readonly string[];
    unscoped?: Unscoped | undefined;
    path: readonly string[];
    filter?: unknown;
  }): Promise<BrowseV2Result> {
    const types = this.redaction.searchTypes(this.kinds(r.entities, r.unscoped));
    return this.index.browseV2({ types, path: r.path, filters: conjunctions(r.filter) });
  }

  private isField(name: string): boolean {
    return this.searchableNames.has(name);
  }

  /** The fields marked `addToFilters` on the aspects of these entity types (all types when none). */
  filterFields(types: readonly string[]): string[] {
    const key = types.join(',');
    let fields = this.filterFieldsOf.get(key);
    if (!fields) {
      const entities = types.length ? types.map((t) => this.registry.entity(t)) : this.registry.allEntities();
      const out = new Set<string>();
      for (const e of entities) {
        for (const name of e.aspects) {
          for (const s of this.registry.findAspect(name)?.searchable ?? [])
            if (s.addToFilters) out.add(s.fieldName);
        }
      }
      fields = [...out];
      // Keys are lists of known entity types; a client naming ever new combinations does not grow this.
      if (this.filterFieldsOf.size >= 1000) this.filterFieldsOf.clear();
      this.filterFieldsOf.set(key, fields);
    }
    return [...fields];
  }

  /** The display name of a filter field (the registry's `filterNameOverride`), if it has one. */
  displayName(field: string): string | undefined {
    for (const a of this.registry.allAspects())
      for (const s of a.searchable ?? [])
        if (s.fieldName === field && s.filterNameOverride) return s.filterNameOverride;
    return undefined;
  }

  /** The structured-property field mappings of the index, per entity type. */
  mappings(): Promise<Record<string, string[]>> {
    return this.index.mappings();
  }

  /** The system update's mapping cleanup (see `systemUpdate`). */
  systemUpdate(env: Readonly<Record<string, string | undefined>>, log: Logger): Promise<SystemUpdateResult> {
    return systemUpdate(this.index, env, log);
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

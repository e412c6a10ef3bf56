import { getOwn } from '../../src/json/index.js';
import { Meilisearch, type Index, type SearchParams } from 'meilisearch';
import type { Registry } from '../../src/registry/index.js';
import {
  autocompleteCandidates,
  type AutocompleteQuery,
  type AutocompleteResult,
  type AutocompleteScope,
  browseOf,
  type BrowseQuery,
  type BrowseResult,
  BROWSE_V2_LEVELS,
  BROWSE_V2_SEP,
  browseV2Path,
  type BrowseV2Query,
  type BrowseV2Result,
  byCountThenName,
  exactMatch,
  type Fence,
  type FieldValue,
  folder,
  mappingsOf,
  matchedFields,
  type PendingWrite,
  type SearchDocument,
  type SearchField,
  searchFields,
  type SearchIndex,
  type SearchQuery,
  type SearchResult,
  type SortCriterion,
  suggestions,
  withExtra,
  wordsOf,
} from '../model/index.js';
import { BadRequestError, UnavailableError } from '../../src/errors/index.js';
import {
  attr,
  browseV2DeepAttr,
  browseV2LevelAttr,
  docId,
  fromMeili,
  toMeili,
  type MeiliDocument,
} from './documents.js';
import { literal, meiliFilter } from './filters.js';
import { meiliHttpClient } from './http-client.js';
import { FieldMappings } from './field-mappings.js';
import { applySettings, entitySettings, MAX_TOTAL_HITS } from './settings.js';
import { check } from './tasks.js';

const TEXT_TYPES = new Set(['TEXT', 'TEXT_PARTIAL', 'WORD_GRAM', 'URN', 'URN_PARTIAL', 'KEYWORD']);

export interface MeiliOptions {
  readonly host: string;
  readonly apiKey?: string | undefined;
  /** Index uid (MEILI_INDEX, default `neohub_entities`). */
  readonly index?: string | undefined;
  /** The HTTP client of the Meilisearch client (default `meiliHttpClient()`); the bench records requests with it. */
  readonly httpClient?: ((input: string | URL | Request, init?: RequestInit) => Promise<unknown>) | undefined;
}

/**
 * The Meilisearch adapter, on the official client: one index of entity documents (id = hash of the URN),
 * searchable attributes in boost order, every index field filterable, `urn` sortable. Every write is
 * awaited as a Meilisearch task and fails loudly if the task failed, so the sync checkpoint only moves
 * over documents Meilisearch has applied.
 */
export class MeiliSearchIndex implements SearchIndex {
  readonly checkpoint: string;
  private readonly client: Meilisearch;
  private readonly uid: string;
  private readonly fields: Map<string, SearchField>;
  private readonly searchable: string[];

  constructor(opts: MeiliOptions, registry: Registry) {
    this.client = new Meilisearch({
      host: opts.host,
      ...(opts.apiKey ? { apiKey: opts.apiKey } : {}),
      httpClient: opts.httpClient ?? meiliHttpClient(),
    });
    this.uid = opts.index ?? 'neohub_entities';
    // One handle for every call: each new one parses the host and builds its headers again.
    this.index = this.client.index<MeiliDocument>(this.uid);
    // The version of the documents' shape: a new one fills the index again from the change log.
    this.checkpoint = `meilisearch:${opts.host}/${this.uid}:v4`;
    this.fields = searchFields(registry);
    this.searchable = [...this.fields.values()]
      .filter((f) => f.queryByDefault && TEXT_TYPES.has(f.type))
      .sort((a, b) => b.boost - a.boost || a.name.localeCompare(b.name))
      .map((f) => attr(f.name));
    this.matchable = [...this.fields.values()].filter((f) => f.queryByDefault).map((f) => attr(f.name));
    this.completable = [...this.fields.values()].filter((f) => f.autocomplete).map((f) => f.name);
    this.mapped = new FieldMappings(this.client, this.uid, this.index, this.fields);
  }

  /** The attributes of the fields a hit's matched fields are taken from (those searched by default). */
  private readonly matchable: string[];
  /** The registry's autocomplete fields: what an autocomplete completes on when it names none. */
  private readonly completable: string[];

  private readonly index: Index<MeiliDocument>;
  /** The structured-property fields the index holds values of. */
  private readonly mapped: FieldMappings;

  async init(): Promise<void> {
    await this.client.updateExperimentalFeatures({ containsFilter: true });
    const created = await this.client.createIndex(this.uid, { primaryKey: 'id' }).waitTask();
    if (created.status === 'failed' && created.error?.code !== 'index_already_exists') check(created);
    const current = (await this.index.getSortableAttributes()) ?? [];
    const searchable = this.searchable.flatMap((a) => [a, `w_${a}`]);
    const wanted = entitySettings(this.fields, searchable, current);
    await applySettings(this.index, wanted);
    this.mapped.sortableNow = new Set(wanted.sortableAttributes ?? []);
  }

  async upsert(docs: Parameters<SearchIndex['upsert']>[0]): Promise<void> {
    await (
      await this.write(docs, [])
    )();
  }

  /**
   * Enqueues the documents and the deletions as Meilisearch tasks (new structured-property mappings are
   * applied first, and waited for), and returns the wait for both tasks. Meilisearch applies the tasks of
   * an index in order and batches consecutive ones, so the sync worker keeps several in flight.
   */
  async write(
    docs: Parameters<SearchIndex['upsert']>[0],
    removed: readonly string[],
    fence?: Fence,
  ): Promise<PendingWrite> {
    if (docs.length) await this.mapped.record(mappingsOf(docs));
    // Meilisearch has no conditional write: the lease is checked just before the tasks are sent.
    await fence?.check();
    const tasks = [
      ...(docs.length
        ? [
            await this.index.addDocuments(
              docs.map((d) => toMeili(d, this.fields)),
              { primaryKey: 'id' },
            ),
          ]
        : []),
      ...(removed.length ? [await this.index.deleteDocuments(removed.map(docId))] : []),
    ];
    return async () => {
      for (const t of tasks) check(await this.client.tasks.waitForTask(t, { timeout: 300_000 }));
    };
  }

  async mappings(): Promise<Record<string, string[]>> {
    return this.mapped.byEntityType();
  }

  dropUnusedMappings(): Promise<{ entityType: string; field: string }[]> {
    return this.mapped.dropUnused();
  }

  async remove(urns: readonly string[]): Promise<void> {
    await (
      await this.write([], urns)
    )();
  }

  /** Meilisearch's own health route, answered within 2 s. */
  async ping(): Promise<void> {
    try {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('no answer within 2 s')), 2_000);
      });
      await Promise.race([this.client.health(), late]).finally(() => clearTimeout(timer));
    } catch (err) {
      throw new UnavailableError(`Meilisearch unavailable: ${(err as Error).message}`, { cause: err });
    }
  }

  async get(urn: string): Promise<ReturnType<typeof fromMeili> | undefined> {
    try {
      return fromMeili(await this.index.getDocument(docId(urn)));
    } catch (err) {
      if ((err as { cause?: { code?: string } }).cause?.code === 'document_not_found') return undefined;
      throw err;
    }
  }

  async search(q: SearchQuery): Promise<SearchResult> {
    if (q.urns?.length === 0) return { total: 0, hits: [], facets: {} };
    const input = q.input.trim();
    const exact = exactMatch(input, this.fields);
    const groups = exact ? (q.filters.length ? q.filters.map((g) => [...g, exact]) : [[exact]]) : q.filters;
    // Words split as the documents' words are (search-sync/words.ts): `logging_events` asks for both.
    const text = exact || input === '*' ? '' : wordsOf(input).join(' ');
    const within = q.urns ? `urn IN [${q.urns.map(literal).join(', ')}]` : undefined;
    const fields = withExtra(this.fields, q.extraFields);
    const filter = [this.filter(q.types, groups, q.includeRemoved === true, fields), within]
      .filter(Boolean)
      .join(' AND ');
    const facets = (q.facets ?? []).filter((f) => f === 'entityType' || fields.has(f));
    const facetAttrs = facets.map((f) => (f === 'entityType' ? 'entityType' : attr(f)));
    // A hit is read for its URN, type and the fields its matched fields come from (`matchedFields`): not
    // the whole document (with its reversed and word companions, ten hits are about 30 KB of JSON to send
    // and parse). An exact match reports values of its field alone, and a query without words (`*`)
    // reports none, so no other field is read: the answer of a `*` page of the bench's datasets is 18 KB
    // instead of 26, that of an exact tag 2 KB instead of 11.
    const words = exact ? [] : wordsOf(input.toLowerCase()).filter((w) => w && w !== '*');
    const attributesToRetrieve = exact
      ? ['urn', 'entityType', attr(exact.field)]
      : words.length
        ? [...new Set(['urn', 'entityType', 'fieldNames', ...this.matchable])]
        : ['urn', 'entityType'];
    // A page that starts at a multiple of its size is one query (page mode counts the total exactly and
    // the facets come with it); any other offset needs a second query for the exact total and facets.
    const paged = q.count === 0 || q.start % q.count === 0;
    const run = async (sort: readonly SortCriterion[]) => {
      // Words rank hits by relevance, as on the embedded index: the URN breaks the ties of an explicit
      // sort only, and orders a search without words, where every match ranks alike. (The `sort` rule
      // comes first: sent with words and no sort, the URN would order every hit before relevance did.)
      const order = text && !sort.length ? [] : [...this.sort(sort, fields), 'urn:asc'];
      const base: SearchParams = {
        q: text,
        filter,
        ...(order.length ? { sort: order } : {}),
        // Every word must match (DataHub's default operator), as on the embedded index.
        matchingStrategy: 'all',
      };
      if (paged) {
        const one = await this.index.search(text, {
          ...base,
          hitsPerPage: q.count,
          page: q.count === 0 ? 1 : q.start / q.count + 1,
          facets: facetAttrs,
          attributesToRetrieve,
        });
        return [one, one];
      }
      return (
        await this.client.multiSearch({
          queries: [
            { indexUid: this.uid, ...base, offset: q.start, limit: q.count, attributesToRetrieve },
            { indexUid: this.uid, ...base, hitsPerPage: 0, page: 1, facets: facetAttrs },
          ],
        })
      ).results;
    };
    const sort = q.sort ?? [];
    const always = (c: SortCriterion): boolean => BUILT_IN_SORTS.has(plain(c)) || this.fields.has(plain(c));
    const [page, stats] = await run(sort).catch((err: unknown) => {
      if ((err as { cause?: { code?: string } }).cause?.code !== 'invalid_search_sort') throw err;
      // A structured-property field becomes sortable on the first sort on it, in the background
      // (`makeSortable`: Meilisearch reindexes everything for it); until then the sort leaves it out.
      this.mapped.makeSortable(sort.filter((c) => !always(c)).map(plain));
      return run(sort.filter(always));
    });
    // The counts as parsed from this answer (JSON.parse makes own properties only, `__proto__` included).
    const out: Record<string, Record<string, number>> = {};
    facets.forEach((f, i) => {
      out[f] = stats?.facetDistribution?.[facetAttrs[i] as string] ?? {};
    });
    const total = (stats as { totalHits?: number } | undefined)?.totalHits ?? 0;
    const hits = (page?.hits ?? []).map((h, i) => {
      // Of an exact match, the hit holds its field alone (no `fieldNames`): that is all `matchedFields` reads.
      const doc = exact ? exactHit(h, exact.field) : fromMeili(h);
      return {
        urn: doc.urn,
        entityType: doc.entityType,
        score: q.count - i,
        matchedFields: matchedFields(doc, input, exact, this.fields),
      };
    });
    return { total, hits, facets: out };
  }

  async autocomplete(q: AutocompleteQuery): Promise<AutocompleteResult> {
    const { search, complete } = this.completion(q);
    return complete(await this.index.search(search.q, search));
  }

  /** Every scope's search in one request (Meilisearch's multi-search). */
  async autocompleteEach(
    q: Omit<AutocompleteQuery, 'types' | 'fields'>,
    scopes: readonly AutocompleteScope[],
  ): Promise<AutocompleteResult[]> {
    const each = scopes.map((s) => this.completion({ ...q, ...s }));
    if (!each.length) return [];
    const { results } = await this.client.multiSearch({
      queries: each.map(({ search }) => ({ indexUid: this.uid, ...search })),
    });
    return each.map(({ complete }, i) => complete(results[i] as { hits: Record<string, unknown>[] }));
  }

  /** An autocomplete's search, and how its hits become suggestions. */
  private completion(q: AutocompleteQuery): {
    search: SearchParams & { q: string };
    complete: (res: { hits: readonly Record<string, unknown>[] }) => AutocompleteResult;
  } {
    const needle = q.query.trim().toLowerCase();
    // Each field's attribute once per call, not once per hit and field.
    const attrs = [...new Set((q.fields.length ? q.fields : this.completable).map(attr))];
    const on = attrs.filter((a) => this.searchable.includes(a));
    // Of one entity type, every candidate is of that type: it is not read back with each of them.
    const oneType = q.types.length === 1 ? q.types[0] : undefined;
    const search = {
      q: needle,
      filter: this.filter(q.types, q.filters, false),
      limit: autocompleteCandidates(q.limit),
      ...(on.length ? { attributesToSearchOn: on } : {}),
      // The candidates' suggestion fields only: whole documents made this call several times slower
      // than a search (a hundred of them, about 270 KB of JSON, to send and parse).
      attributesToRetrieve: oneType ? ['urn', ...attrs] : ['urn', 'entityType', ...attrs],
    };
    const complete = (res: { hits: readonly Record<string, unknown>[] }): AutocompleteResult => {
      const rows: { urn: string; entityType: string; value: string; rank: number }[] = [];
      for (const h of res.hits) {
        const urn = String(h.urn);
        const entityType = oneType ?? String(h.entityType);
        for (const a of attrs) {
          const values = getOwn(h, a);
          if (!Array.isArray(values)) continue;
          for (const v of values as unknown[]) {
            const value = String(v);
            const low = value.toLowerCase();
            if (needle && !low.includes(needle)) continue;
            const rank = low.startsWith(needle) ? 0 : low.includes(` ${needle}`) ? 1 : 2;
            rows.push({ urn, entityType, value, rank });
          }
        }
      }
      rows.sort(
        (a, b) => a.rank - b.rank || a.value.length - b.value.length || a.value.localeCompare(b.value),
      );
      return suggestions(rows, q.limit);
    };
    return { search, complete };
  }

  /** Browse reads the URNs and browse paths of the entities at or below the folder (up to MAX_TOTAL_HITS). */
  async browse(q: BrowseQuery): Promise<BrowseResult> {
    const below = `browseFolders = ${literal(folder(q.path) || '/')}`;
    const base = this.filter(q.types, q.filters, false);
    const filter = base ? `(${base}) AND ${below}` : below;
    const docs: { urn: string; paths: string[] }[] = [];
    for (let offset = 0; offset < MAX_TOTAL_HITS; offset += 1000) {
      const res = await this.index.search('', {
        filter,
        offset,
        limit: 1000,
        sort: ['urn:asc'],
        attributesToRetrieve: ['urn', attr('browsePaths')],
      });
      for (const h of res.hits)
        docs.push({
          urn: h.urn,
          paths: ((h[attr('browsePaths')] as unknown[] | undefined) ?? []).map(String),
        });
      if (res.hits.length < 1000) break;
    }
    return browseOf(docs, q.path, q.start, q.count);
  }

  /**
   * browseV2 in one search of no hits and two facets: the documents whose path prefix at the path's depth
   * is the path and that go one level further, counted by their prefix one level down (the groups) and,
   * among those going two levels further, by the same prefix (the groups that have groups of their own).
   * Facets count at most `maxValuesPerFacet` (1,000) groups of one folder.
   */
  async browseV2(q: BrowseV2Query): Promise<BrowseV2Result> {
    const depth = q.path.length;
    if (depth >= BROWSE_V2_LEVELS) return { groups: [], total: 0 };
    const level = browseV2LevelAttr(depth + 1);
    const deep = browseV2DeepAttr(depth + 1);
    const base = this.filter(q.types, q.filters, false);
    const parts = [
      base ? `(${base})` : undefined,
      depth ? `${browseV2LevelAttr(depth)} = ${literal(browseV2Path(q.path))}` : undefined,
      `${level} EXISTS`,
    ].filter((p): p is string => !!p);
    const res = await this.index.search('', {
      filter: parts.join(' AND '),
      hitsPerPage: 0,
      page: 1,
      facets: [level, deep],
    });
    const counts = res.facetDistribution?.[level] ?? {};
    const deeper = res.facetDistribution?.[deep] ?? {};
    const groups = Object.entries(counts)
      .map(([prefix, count]) => ({
        name: prefix.slice(prefix.lastIndexOf(BROWSE_V2_SEP) + 1),
        count,
        hasSubGroups: (deeper[prefix] ?? 0) > 0,
      }))
      .sort(byCountThenName);
    return { groups, total: groups.reduce((n, g) => n + g.count, 0) };
  }

  /** Meilisearch sort terms of a sort (fields checked against the index fields). */
  private sort(sort: readonly SortCriterion[], fields: ReadonlyMap<string, SearchField>): string[] {
    return sort.map((s) => {
      const name = plain(s);
      const dir = s.order === 'DESCENDING' ? 'desc' : 'asc';
      if (BUILT_IN_SORTS.has(name)) return `${name === 'urn' ? 'urn' : 'entityType'}:${dir}`;
      if (!fields.has(name)) throw new BadRequestError(`Unknown sort field "${s.field}"`);
      return `${attr(name)}:${dir}`;
    });
  }

  private filter(
    types: readonly string[],
    groups: SearchQuery['filters'],
    includeRemoved: boolean,
    fields: ReadonlyMap<string, SearchField> = this.fields,
  ): string {
    const parts = [
      types.length ? `entityType IN [${types.map(literal).join(', ')}]` : undefined,
      includeRemoved ? undefined : 'removed = false',
      meiliFilter(groups, fields),
    ].filter((p): p is string => !!p);
    return parts.join(' AND ');
  }
}

/** A sort criterion's field without DataHub's `.keyword` suffix. */
const plain = (c: SortCriterion): string => c.field.replace(/\.keyword$/, '');
/** Fields every document is sortable on, whatever the index fields. */
const BUILT_IN_SORTS = new Set(['urn', 'entityType', '_entityType']);

/** A hit of an exact-match search as a document holding the matched field's values only. */
function exactHit(h: Record<string, unknown>, field: string): SearchDocument {
  const values = getOwn(h, attr(field));
  return {
    urn: String(h.urn),
    entityType: String(h.entityType),
    removed: false,
    fields: Array.isArray(values) ? { [field]: values as FieldValue[] } : {},
  };
}

import { createHash } from 'node:crypto';
import { currentCaller } from '../../auth/index.js';
import { lookup } from '../../json/index.js';
import type { SearchHit } from '../../../search-sync/model/index.js';
import type { SearchService, Unscoped } from '../../../search-sync/service/index.js';
import { type SortCriterion, conjunctions, type Criterion } from '../../../search-sync/model/index.js';
import { BadRequestError } from '../../errors/index.js';
import type { LineageService } from './lineage-service.js';
import {
  newWalkId,
  parseKeepAlive,
  SCROLL_CACHE_LIMITS,
  ScrollCache,
  type Facets,
  type Prepared,
  type ScrollCacheLimits,
  Walking,
} from './walk-cache.js';
import { KeptWalk } from './kept-walk.js';
import { checkPage } from '../../page.js';
import { EARLY_PAGE, earlyFirstPage, type EarlyPageLimits, type FirstPage } from './early-page.js';
import { decodeScrollPosition, encodeScrollId, nextScrollId } from '../scroll-id.js';
import { answeredFromWalk, searchFromWalk } from './field-lineage-search.js';

export { EARLY_PAGE, type EarlyPageLimits } from './early-page.js';

export interface LineageSearchRequest {
  readonly urn: string;
  readonly direction: string;
  readonly maxHops?: number | undefined;
  /** Entity type names to keep (empty: the kinds `unscoped` names, see the search service's `Unscoped`). */
  readonly entities: readonly string[];
  /** What the search covers when `entities` is empty (`'every'` when not given). */
  readonly unscoped?: Unscoped | undefined;
  readonly input: string;
  /** `{or: [{and: [...]}]}`; criteria on `degree` (values `1`, `2`, `3+`) select hop counts. */
  readonly filter?: unknown;
  /** The page: from `start` (with `scroll`: the scroll id's offset, which `start` must be), `count` hits. */
  readonly start: number;
  readonly count: number;
  /** Facets to count (default: the filterable fields, plus `degree`); none when empty. */
  readonly facets?: readonly string[] | undefined;
  readonly sort?: readonly SortCriterion[] | undefined;
  /**
   * A scroll (scrollAcrossLineage): the scroll id of the page before (none for the first page), and how
   * long to keep the walk for the next page (DataHub's `keepAlive`, `5m` when absent). The result then
   * has the next page's scroll id.
   */
  readonly scroll?: ScrollRequest | undefined;
  /**
   * From a schema field: whether the fields reached answer as their datasets (DataHub's default, and
   * what its `groupingSpec` asks for with SCHEMA_FIELD grouped by DATASET), or as themselves (`false`:
   * a `groupingSpec` without that criterion, column-level impact analysis: answered from the walk when
   * the walk can answer it, `field-lineage-search.ts`).
   */
  readonly fieldsAsDatasets?: boolean | undefined;
}

export interface ScrollRequest {
  readonly id?: string | null | undefined;
  readonly keepAlive?: string | null | undefined;
}

export interface LineageSearchHit extends SearchHit {
  readonly degree: number;
  readonly path: readonly string[];
}

export interface LineageSearchResult {
  readonly total: number;
  readonly hits: readonly LineageSearchHit[];
  readonly facets: Readonly<Record<string, Readonly<Record<string, number>>>>;
  /** The walk hit the visit cap. */
  readonly partial: boolean;
  /** A scroll's next page; undefined at its end (and for a search that is no scroll). */
  readonly nextScrollId?: string | undefined;
}

const DEGREE_VALUES: Record<string, number> = { '1': 1, '2': 2, '3+': 3 };
const degreeBucket = (d: number): string => (d >= 3 ? '3+' : String(d));

/**
 * Search within lineage (DataHub's searchAcrossLineage): walk the lineage, then search the index within
 * the entities reached. Hits come nearest first (by degree, then as the search ranks them), so each
 * degree is searched on its own, and its count gives the `degree` facet.
 *
 * A scroll (scrollAcrossLineage) walks once: its first page keeps the walk, the counts and facets, and
 * the hits read, under a walk id its scroll ids carry, and the next pages are served from them (reading
 * further hits in bulk when needed) without walking again; a scroll is thus a snapshot of its first
 * page's walk and counts, as a DataHub scroll is of its point in time. Walks are kept for the scroll's
 * `keepAlive` in this process only, within the bounds of {@link ScrollCacheLimits}, and only for the
 * same caller and query: a scroll id whose walk is not held here is served by walking again from its
 * offset, as before any walk was kept.
 */
export class LineageSearchService {
  private readonly walks: ScrollCache<KeptWalk>;

  constructor(
    private readonly search: SearchService,
    private readonly lineage: LineageService,
    limits: ScrollCacheLimits = SCROLL_CACHE_LIMITS,
    private readonly early: EarlyPageLimits = EARLY_PAGE,
  ) {
    this.walks = new ScrollCache(limits);
  }

  async searchAcrossLineage(asked: LineageSearchRequest): Promise<LineageSearchResult> {
    // The walk keeps the kinds searched; the search service decides those of a request naming none.
    const r = { ...asked, entities: this.search.kinds(asked.entities, asked.unscoped) };
    if (answeredFromWalk(r, conjunctions(r.filter))) {
      const { groups, degrees } = splitDegree(r.filter);
      return searchFromWalk(this.lineage, r, groups, degrees);
    }
    if (r.scroll) return this.scroll(r, r.scroll);
    const p = await this.prepare(r);
    return this.result(p, await this.page(p, r.start, r.count));
  }

  private async scroll(r: LineageSearchRequest, s: ScrollRequest): Promise<LineageSearchResult> {
    const keepAlive = parseKeepAlive(s.keepAlive);
    const { offset, walk } = decodeScrollPosition(s.id);
    if (offset !== r.start) throw new Error(`a scroll page starts at its scroll id's offset ${offset}`);
    const key = scrollKey(r);
    const kept = walk ? this.walks.get(walk, keepAlive, (w) => w.key === key) : undefined;
    if (walk && kept) {
      const served = await this.fromKept(walk, kept, offset, r.count);
      if (served) return served;
    }
    const walking = this.walking(r);
    const whole = this.prepare(r, walking);
    whole.catch(() => undefined); // awaited below, or by the next page (an early first page leaves it)
    const first = await this.firstPage(r, walking, whole, offset);
    const p = first.prepared;
    const hits = first.hits;
    let id: string | undefined;
    const more = first.early ? hits.length > 0 : hits.length > 0 && offset + hits.length < p.total;
    if (more) {
      const fresh = new KeptWalk(key, walking.walk, whole);
      fresh.keep(offset, hits);
      id = newWalkId();
      if (!this.walks.set(id, fresh, keepAlive)) id = undefined;
      else void whole.then(() => this.walks.resized(id as string)).catch(() => undefined);
    }
    const next = first.early
      ? hits.length > 0
        ? encodeScrollId(offset + hits.length, id)
        : undefined
      : nextScrollId(offset, hits.length, p.total, id);
    return { ...this.result(p, hits), nextScrollId: next };
  }

  /**
   * A scroll's first page: from the whole walk and its counts, or (unsorted, without facets) possibly
   * from the levels the walk has completed before it ends (`lineage-early-page.ts`).
   */
  private async firstPage(
    r: LineageSearchRequest,
    walking: Walking,
    whole: Promise<Prepared>,
    offset: number,
  ): Promise<FirstPage> {
    const full = async (read?: SearchHit[]): Promise<FirstPage> => {
      const p = await whole;
      return { prepared: p, hits: read ?? (await this.page(p, offset, r.count)), early: false };
    };
    if (r.sort?.length || r.facets === undefined || r.facets.length > 0) return full();
    const maxPageSize = this.lineage.limits.maxPageSize;
    checkPage(offset, r.count, maxPageSize);
    const page = { offset, count: r.count, maxPageSize };
    return earlyFirstPage(this.search, walking, whole, page, this.early, full);
  }

  /**
   * A page served from a kept walk; undefined when the hits read now no longer fill it (the index
   * changed under the walk): the walk is let go, and the page is walked again.
   */
  private async fromKept(
    id: string,
    kept: KeptWalk,
    offset: number,
    count: number,
  ): Promise<LineageSearchResult | undefined> {
    const maxPageSize = this.lineage.limits.maxPageSize;
    checkPage(offset, count, maxPageSize);
    const p = kept.prepared ?? (await kept.whole.catch(() => undefined));
    if (!p) {
      this.walks.delete(id);
      return undefined;
    }
    const end = Math.max(offset, Math.min(p.total, offset + count));
    let hits = kept.slice(offset, end);
    if (!hits) {
      await kept.readAhead(offset, end, maxPageSize, (start, n) => this.page(p, start, n));
      this.walks.resized(id);
      hits = kept.slice(offset, end);
      if (!hits) {
        this.walks.delete(id);
        return undefined;
      }
    }
    const next = nextScrollId(offset, hits.length, p.total, id);
    if (!next) this.walks.delete(id);
    return { ...this.result(p, hits), nextScrollId: next };
  }

  /** A walk for the search `r`, started. */
  private walking(r: LineageSearchRequest): Walking {
    const { groups, degrees } = splitDegree(r.filter);
    const base = {
      entities: r.entities,
      input: r.input,
      filter: groups.some((g) => g.length) ? { or: groups.map((and) => ({ and })) } : undefined,
    };
    return new Walking(this.search, this.lineage, { ...r, types: r.entities }, base, degrees);
  }

  /**
   * Walks, and counts the matches within the walk: at each level as the walk completes it, and in all
   * (with the facets, when asked for: one search over every hit; else the sum of the levels).
   */
  private async prepare(r: LineageSearchRequest, walking = this.walking(r)): Promise<Prepared> {
    const { walk, base } = walking;
    const wantFacets = r.facets === undefined || r.facets.length > 0;
    const facetNames = r.facets?.filter((f) => f !== 'degree');
    await walking.takeAll();
    const res = await walking.done;
    const prepared = { walk, base, sort: r.sort, partial: res.partial };
    if (!walk.hits) return { ...prepared, counts: [], total: 0, facets: wantFacets ? { degree: {} } : {} };
    const levels = walk.levels;
    const [all, perLevel] = await Promise.all([
      wantFacets || levels.length === 1
        ? this.search.search({
            ...base,
            urns: walk.allUrns(),
            start: 0,
            count: 0,
            facets: wantFacets ? facetNames : [],
          })
        : undefined,
      levels.length > 1 ? Promise.all(levels.map((_, i) => walking.count(i))) : Promise.resolve([]),
    ]);
    const counts = levels.length > 1 ? perLevel : [all?.total ?? 0];
    const total = all ? all.total : counts.reduce((a, b) => a + b, 0);
    const facets: Facets = { ...all?.facets };
    if (wantFacets) {
      const degree: Record<string, number> = {};
      levels.forEach((d, i) => {
        const n = counts[i] ?? 0;
        if (n) degree[degreeBucket(d)] = (degree[degreeBucket(d)] ?? 0) + n;
      });
      facets.degree = degree;
    }
    return { ...prepared, counts, total, facets };
  }

  /** The hits from `start`, at most `count`: one search when sorted (or one level); else level by level. */
  private async page(p: Prepared, start: number, count: number): Promise<SearchHit[]> {
    const { walk, base, sort, counts } = p;
    if (!walk.hits) {
      if (start < 0 || count < 0) throw new BadRequestError('start and count must be >= 0');
      return [];
    }
    const hits: SearchHit[] = [];
    if (sort?.length || walk.levels.length === 1) {
      const res = await this.search.search({
        ...base,
        urns: walk.allUrns(),
        start,
        count,
        facets: [],
        ...(sort ? { sort } : {}),
      });
      hits.push(...res.hits);
    } else {
      // The levels the page spans, known from their counts, are read at once.
      const reads: Promise<readonly SearchHit[]>[] = [];
      let skip = start;
      let wanted = count;
      for (let i = 0; i < walk.levels.length && wanted > 0; i++) {
        const n = counts[i] ?? 0;
        if (skip >= n) {
          skip -= n;
          continue;
        }
        const take = Math.min(wanted, n - skip);
        const urns = walk.urnsAtLevel(i);
        reads.push(
          this.search.search({ ...base, urns, start: skip, count: take, facets: [] }).then((r) => r.hits),
        );
        wanted -= take;
        skip = 0;
      }
      for (const level of await Promise.all(reads)) hits.push(...level);
    }
    return hits;
  }

  private result(p: Prepared, hits: readonly SearchHit[]): LineageSearchResult {
    return {
      total: p.total,
      hits: hits.map((h) => {
        const l = p.walk.hit(h.urn) as { degree: number; path: readonly string[] };
        const { urn, entityType, score, matchedFields } = h;
        return { urn, entityType, score, matchedFields, degree: l.degree, path: l.path };
      }),
      facets: p.facets,
      partial: p.partial,
    };
  }
}

/**
 * What a kept walk may serve: the caller (its actor and role) and every input of the search but the
 * page, hashed.
 */
function scrollKey(r: LineageSearchRequest): string {
  const caller = currentCaller();
  const parts = [
    caller?.actor ?? null,
    caller?.role ?? null,
    r.urn,
    r.direction,
    r.maxHops ?? null,
    r.entities,
    r.input,
    r.filter ?? null,
    r.facets ?? null,
    r.sort ?? null,
    r.fieldsAsDatasets ?? true,
  ];
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
}

/** Takes the `degree` criteria out of a filter: the degrees they select, and the remaining groups. */
function splitDegree(filter: unknown): { groups: Criterion[][]; degrees: number[] } {
  const degrees = new Set<number>();
  const groups = conjunctions(filter).map((g) =>
    g.filter((c) => {
      if (c.field !== 'degree') return true;
      for (const v of c.values ?? (c.value !== undefined ? [c.value] : [])) {
        const d = lookup(DEGREE_VALUES, String(v));
        if (d === undefined) throw new BadRequestError(`degree filter values are 1, 2 and 3+, got "${v}"`);
        degrees.add(d);
      }
      return false;
    }),
  );
  return { groups, degrees: [...degrees] };
}

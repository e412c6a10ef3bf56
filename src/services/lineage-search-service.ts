import { lookup } from '../json/index.js';
import type { SearchHit } from '../search-model/index.js';
import type { SearchService } from './search/index.js';
import { type SortCriterion, conjunctions, type Criterion } from '../search-model/index.js';
import type { LineageHit } from '../store/index.js';
import { BadRequestError } from '../errors/index.js';
import type { LineageService } from './lineage-service.js';

export interface LineageSearchRequest {
  readonly urn: string;
  readonly direction: string;
  readonly maxHops?: number | undefined;
  /** Entity type names to keep (empty = all). */
  readonly entities: readonly string[];
  readonly input: string;
  /** `{or: [{and: [...]}]}`; criteria on `degree` (values `1`, `2`, `3+`) select hop counts. */
  readonly filter?: unknown;
  readonly start: number;
  readonly count: number;
  /** Facets to count (default: the filterable fields, plus `degree`); none when empty. */
  readonly facets?: readonly string[] | undefined;
  readonly sort?: readonly SortCriterion[] | undefined;
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
}

const DEGREE_VALUES: Record<string, number> = { '1': 1, '2': 2, '3+': 3 };
const degreeBucket = (d: number): string => (d >= 3 ? '3+' : String(d));

/**
 * Search within lineage (DataHub's searchAcrossLineage): walk the lineage, then search the index within
 * the entities reached. Hits come nearest first (by degree, then as the search ranks them), so each
 * degree is searched on its own, and its count gives the `degree` facet.
 */
export class LineageSearchService {
  constructor(
    private readonly search: SearchService,
    private readonly lineage: LineageService,
  ) {}

  async searchAcrossLineage(r: LineageSearchRequest): Promise<LineageSearchResult> {
    const { groups, degrees } = splitDegree(r.filter);
    const walk = await this.lineage.lineage({
      urn: r.urn,
      direction: r.direction,
      maxHops: r.maxHops,
      types: r.entities,
      degrees,
    });
    const byUrn = new Map<string, LineageHit>(walk.hits.map((h) => [h.urn, h]));
    const base = {
      entities: r.entities,
      input: r.input,
      filter: groups.some((g) => g.length) ? { or: groups.map((and) => ({ and })) } : undefined,
    };
    const wantFacets = r.facets === undefined || r.facets.length > 0;
    const facetNames = r.facets?.filter((f) => f !== 'degree');
    if (!byUrn.size) {
      if (r.start < 0 || r.count < 0) throw new BadRequestError('start and count must be >= 0');
      return { total: 0, hits: [], facets: wantFacets ? { degree: {} } : {}, partial: walk.partial };
    }
    const levels = [...new Set(walk.hits.map((h) => h.degree))].sort((a, b) => a - b);
    const urnsAt = (d: number): string[] => walk.hits.filter((h) => h.degree === d).map((h) => h.urn);
    const [all, perLevel] = await Promise.all([
      this.search.search({
        ...base,
        urns: [...byUrn.keys()],
        start: 0,
        count: 0,
        facets: wantFacets ? facetNames : [],
      }),
      levels.length > 1
        ? Promise.all(
            levels.map((d) =>
              this.search
                .search({ ...base, urns: urnsAt(d), start: 0, count: 0, facets: [] })
                .then((res) => res.total),
            ),
          )
        : Promise.resolve([]),
    ]);
    const counts = levels.length > 1 ? perLevel : [all.total];
    // The page: a single search when sorted (or one level); else walk the levels in order.
    const hits: SearchHit[] = [];
    if (r.sort?.length || levels.length === 1) {
      const res = await this.search.search({
        ...base,
        urns: [...byUrn.keys()],
        start: r.start,
        count: r.count,
        facets: [],
        ...(r.sort ? { sort: r.sort } : {}),
      });
      hits.push(...res.hits);
    } else {
      let skip = r.start;
      for (const [i, d] of levels.entries()) {
        const n = counts[i] ?? 0;
        if (hits.length >= r.count) break;
        if (skip >= n) {
          skip -= n;
          continue;
        }
        const res = await this.search.search({
          ...base,
          urns: urnsAt(d),
          start: skip,
          count: r.count - hits.length,
          facets: [],
        });
        hits.push(...res.hits);
        skip = 0;
      }
    }
    const facets: Record<string, Record<string, number>> = { ...all.facets };
    if (wantFacets) {
      const degree: Record<string, number> = {};
      levels.forEach((d, i) => {
        const n = counts[i] ?? 0;
        if (n) degree[degreeBucket(d)] = (degree[degreeBucket(d)] ?? 0) + n;
      });
      facets.degree = degree;
    }
    return {
      total: all.total,
      hits: hits.map((h) => {
        const l = byUrn.get(h.urn) as LineageHit;
        return { ...h, degree: l.degree, path: l.path };
      }),
      facets,
      partial: walk.partial,
    };
  }
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

import { setOwn } from '../../src/json/index.js';
import { cypherName, type Executor } from '../../src/store/index.js';
import type { SearchField } from '../model/index.js';
import { listProp } from './fields.js';
import { type CachePolicy, DEFAULT_POLICY, ResultCache } from './result-cache.js';

/** The deadline of each statement of a search (its page, total, facets): beyond it, a 503 that says so. */
export const DEADLINE = { timeoutMs: 20_000 };

type Params = Record<string, unknown>;
type Facets = Record<string, Record<string, number>>;
type Counted = { counts: Facets; total: number };

/**
 * The whole-match part of a search: its total and facet counts, cached per query and index version
 * (`ResultCache`: exact per version when cheap, a few seconds older when expensive, computed once for
 * concurrent askers). A search within a list of URNs is not cached (its key would be the list).
 */
export class MatchCounts {
  private readonly totals: ResultCache<number>;
  private readonly facetCounts: ResultCache<Counted>;
  private keys: { version: number; keys: ReadonlySet<string> } | undefined;
  private readonly now: () => number;

  constructor(
    private readonly exec: Executor,
    policy: Partial<CachePolicy> = {},
  ) {
    this.now = policy.now ?? DEFAULT_POLICY.now;
    this.totals = new ResultCache(policy);
    this.facetCounts = new ResultCache(policy);
  }

  /** The total last counted for the match, of whatever version: a hint for a page plan, never an answer. */
  knownTotal(match: string, params: Params): number | undefined {
    return this.totals.peek(cacheKey(match, params));
  }

  /** The number of matches. */
  total(match: string, params: Params, version: number, cacheable: boolean): Promise<number> {
    const count = (): Promise<number> =>
      this.exec.read(async (tx) => {
        const res = await tx.run<{ n: number }>(`${match} RETURN count(d) AS n`, params);
        return res.records[0]?.get('n') ?? 0;
      }, DEADLINE);
    return cacheable ? this.totals.value(cacheKey(match, params), version, count) : count();
  }

  /**
   * Counts of every value of the requested facet fields over all matches (with their total, unless no
   * requested field is an index field).
   */
  async facets(
    match: string,
    params: Params,
    names: readonly string[],
    version: number,
    cacheable: boolean,
    fields: ReadonlyMap<string, SearchField>,
  ): Promise<{ counts: Facets; total?: number }> {
    const known = names.filter((f) => f === 'entityType' || fields.has(f));
    if (!known.length) return { counts: {} };
    const compute = (): Promise<Counted> => this.countFacets(match, params, known, version);
    if (!cacheable) return compute();
    return this.facetCounts.value(cacheKey(match, { ...params, facets: known }), version, async () => {
      const at = this.now();
      const counted = await compute();
      // The total comes with the facets, for searches of this match without them and for page plans. It
      // cost what the facet count cost: an expensive one is served a few seconds old, as the facets are.
      this.totals.set(cacheKey(match, params), version, counted.total, this.now() - at, at);
      return counted;
    });
  }

  /**
   * One query. Each match is read once, its facet properties taken together (a map projection reads the
   * node's properties in one pass, where `d[prop]` per field walks them again for each), and fields no
   * document has ever held (no such property key in the database) are not read at all.
   */
  private async countFacets(
    match: string,
    params: Params,
    known: readonly string[],
    version: number,
  ): Promise<Counted> {
    // entityType is always counted: one value per document, so its counts add up to the total.
    const counted = known.includes('entityType') ? known : [...known, 'entityType'];
    const out: Facets = Object.fromEntries(counted.map((f) => [f, {}]));
    const keys = await this.propertyKeys(counted.filter((f) => f !== 'entityType').map(listProp), version);
    const read = counted.filter((f) => f === 'entityType' || keys.has(listProp(f)));
    // Property names come from the index fields (listProp keeps [A-Za-z0-9_]) and are checked again here.
    const props = read.map((f) => (f === 'entityType' ? 'entityType' : cypherName(listProp(f))));
    const res = await this.exec.read(
      (tx) =>
        tx.run<{ i: number; v: unknown; n: number }>(
          `${match}
         WITH d {${[...new Set(props)].map((p) => `.${p}`).join(', ')}} AS m
         UNWIND [${props.map((p, i) => `[${i}, ${p === 'entityType' ? '[m.entityType]' : `m.${p}`}]`).join(', ')}] AS pair
         WITH pair WHERE pair[1] IS NOT NULL
         UNWIND pair[1] AS v
         RETURN pair[0] AS i, v, count(*) AS n`,
          params,
        ),
      DEADLINE,
    );
    for (const r of res.records)
      setOwn(out[read[r.get('i')] as string] as Record<string, number>, String(r.get('v')), r.get('n'));
    const total = Object.values(out.entityType ?? {}).reduce((a, b) => a + b, 0);
    if (!known.includes('entityType')) delete out.entityType;
    return { counts: out, total };
  }

  /**
   * The property keys of the database, read again (at most once per index version) when one of `wanted`
   * is not among those known: a key, once created, stays, so a known one needs no second look.
   */
  private async propertyKeys(wanted: readonly string[], version: number): Promise<ReadonlySet<string>> {
    const current = this.keys;
    if (current && (current.version === version || wanted.every((k) => current.keys.has(k))))
      return current.keys;
    const keys = await this.exec.read(async (tx) => {
      const res = await tx.run<{ k: string[] }>(
        'CALL db.propertyKeys() YIELD propertyKey RETURN collect(propertyKey) AS k',
      );
      return new Set(res.records[0]?.get('k') ?? []);
    });
    this.keys = { version, keys };
    return keys;
  }
}

/** A query's cache key: its Cypher and parameters, without the page. */
function cacheKey(match: string, params: Params): string {
  const { start: _s, ...rest } = params;
  return JSON.stringify([match, rest]);
}

/**
 * The total of a search whose page read one row more than it returns. A total served from before the
 * latest index writes (an expensive count, decision 0032) can miss matches the page found, and a scroll
 * that trusts it ends early. Whatever the page shows wins: a page that is not full (or has nothing after
 * it) ends the matches, and one with a row after it has at least that many. An empty page past the first
 * tells nothing.
 */
export function pageTotal(
  counted: number,
  start: number,
  count: number,
  returned: number,
  more: boolean,
): number {
  if (more) return Math.max(counted, start + count + 1);
  if (count > 0 && (returned > 0 || start === 0)) return start + returned;
  return counted;
}

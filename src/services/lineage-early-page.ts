import type { SearchHit } from '../search-model/index.js';
import type { Prepared, Walking } from './lineage-walk-cache.js';
import type { SearchService } from './search/index.js';

/**
 * When a scroll's first page may be served before its walk has ended (decisions 0029, 0031): once
 * `waitMs` have passed without the whole walk and its counts, and as soon as the walk has reached
 * `minReached` entities (a small walk is always waited for), the page comes from the levels the walk has
 * completed, with the matches counted so far as its total (a lower bound) and `partial` set; the next
 * pages wait for the walk to end.
 */
export interface EarlyPageLimits {
  readonly waitMs: number;
  readonly minReached: number;
}

export const EARLY_PAGE: EarlyPageLimits = Object.freeze({ waitMs: 60, minReached: 2_000 });

/** A scroll's first page: the search it was read from, its hits, and whether it came before the walk ended. */
export interface FirstPage {
  readonly prepared: Prepared;
  readonly hits: SearchHit[];
  readonly early: boolean;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The first page of an unsorted scroll without facets, from `offset`: from the whole walk and its counts
 * (`full`) when they are ready within the wait, or before the early page, or the walk is small; else
 * from the levels the walk has completed, read as soon as the walk is large enough (`early`).
 */
export async function earlyFirstPage(
  search: SearchService,
  walking: Walking,
  whole: Promise<Prepared>,
  page: { readonly offset: number; readonly count: number; readonly maxPageSize: number },
  limits: EarlyPageLimits,
  full: () => Promise<FirstPage>,
): Promise<FirstPage> {
  const { walk } = walking;
  const settled = whole.then(
    () => 'whole' as const,
    () => 'whole' as const,
  );
  // The early page is read as soon as the walk is large enough, beside the rest of the walk.
  let over = false;
  void settled.then(() => (over = true));
  const early = (async () => {
    while (walk.size < limits.minReached && !walk.tree.done && !over) await sleep(5);
    if (walk.size < limits.minReached) return undefined;
    return walking.holdCounts(partialPage(search, walking, page));
  })().catch(() => undefined);
  const first = await Promise.race([settled, sleep(limits.waitMs)]);
  const part = first === 'whole' ? undefined : await Promise.race([settled, early]);
  if (!part || part === 'whole') return full();
  return { prepared: part.prepared, hits: part.hits, early: true };
}

/**
 * The page from `offset` out of the levels the walk completes, nearest first, as soon as their
 * matches fill it; undefined when the walk ends first. The levels that may fill it are read at once,
 * each counted and read in one search (the count of a search within URNs comes with it).
 */
async function partialPage(
  search: SearchService,
  walking: Walking,
  page: { readonly offset: number; readonly count: number; readonly maxPageSize: number },
): Promise<{ prepared: Prepared; hits: SearchHit[] } | undefined> {
  const { walk, base } = walking;
  const { offset } = page;
  const end = offset + page.count;
  if (end > page.maxPageSize) return undefined;
  const reads: Promise<{ total: number; hits: readonly SearchHit[] }>[] = [];
  // Matches there can be in the levels read: their hits until counted, then their matches.
  let possible = 0;
  for (;;) {
    while (possible < end) {
      while (walk.levels.length <= reads.length && !walk.complete) await walk.take(walk.nextDegree);
      if (walk.complete) return undefined;
      const i = reads.length;
      const urns = walk.urnsAtLevel(i);
      possible += urns.length;
      const read = search.search({ ...base, urns, start: 0, count: Math.min(urns.length, end), facets: [] });
      reads.push(read.then((res) => (walking.counted(i, res.total), res)));
    }
    const levels = await Promise.all(reads);
    const counts = levels.map((l) => l.total);
    const total = counts.reduce((a, b) => a + b, 0);
    if (total >= end) {
      const hits = levels.flatMap((l) => l.hits).slice(offset, end);
      return { prepared: { walk, base, sort: undefined, counts, total, facets: {}, partial: true }, hits };
    }
    possible = total;
  }
}

import type { SearchHit } from '../../../search-sync/model/index.js';
import type { Prepared, Walking } from './walk-cache.js';
import type { SearchService } from '../../../search-sync/service/index.js';

/**
 * When a scroll's first page may be served before its walk has ended (decisions 0029, 0031, 0035): once
 * `waitMs` have passed without the whole walk and its counts, and as soon as the walk has reached
 * `minReached` entities (a small walk is always waited for), the page comes from the levels the walk has
 * completed, with the matches counted so far as its total (a lower bound) and `partial` set; the next
 * pages wait for the walk to end. The levels that may fill the page are read from the start, as the walk
 * completes them, whichever way the page is served: their counts are the whole walk's counts too. Once
 * the walk has reached `minReached`, it is held back while the reads that fill the page run.
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
 * (`full`, given the page when the reads beside the walk hold it) when they are ready within the wait,
 * or before the early page, or the walk is small; else from the levels the walk has completed, read as
 * it completes them (`early`).
 */
export async function earlyFirstPage(
  search: SearchService,
  walking: Walking,
  whole: Promise<Prepared>,
  page: { readonly offset: number; readonly count: number; readonly maxPageSize: number },
  limits: EarlyPageLimits,
  full: (read?: SearchHit[]) => Promise<FirstPage>,
): Promise<FirstPage> {
  const { walk } = walking;
  const settled = whole.then(
    () => 'whole' as const,
    () => 'whole' as const,
  );
  let over = false;
  void settled.then(() => (over = true));
  // Read beside the rest of the walk as soon as its first levels are complete: by the time the page
  // may be served early, its reads are done or under way.
  const reading = walking.holdCounts(partialPage(search, walking, page, limits)).catch(() => undefined);
  const large = (async () => {
    while (walk.size < limits.minReached && !walk.tree.done && !over) await sleep(5);
    return walk.size >= limits.minReached;
  })();
  const first = await Promise.race([settled, sleep(limits.waitMs)]);
  const early = first === 'whole' ? undefined : large.then((ok) => (ok ? reading : undefined));
  const part = early && (await Promise.race([settled, early]));
  if (part && part !== 'whole') return { prepared: part.prepared, hits: part.hits, early: true };
  // The whole walk: its page is the one read beside it, when the walk kept to degree order.
  await settled;
  const read = walk.tree.ordered ? await reading : undefined;
  return full(read?.hits);
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
  limits: EarlyPageLimits,
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
      walking.counted(
        i,
        read.then((res) => res.total),
      );
      reads.push(read);
    }
    // A walk large enough to be answered early is held back until these reads are in: the page waits
    // for them alone, and the walk's further levels would share the machine with them. A smaller walk
    // may end within the wait, and its whole is what answers: it goes on beside the reads.
    const all = Promise.all(reads);
    const levels = await (walk.tree.size >= limits.minReached ? walk.tree.pausedWhile(all) : all);
    const counts = levels.map((l) => l.total);
    const total = counts.reduce((a, b) => a + b, 0);
    if (total >= end) {
      const hits = levels.flatMap((l) => l.hits).slice(offset, end);
      return { prepared: { walk, base, sort: undefined, counts, total, facets: {}, partial: true }, hits };
    }
    possible = total;
  }
}

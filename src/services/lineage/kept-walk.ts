import type { SearchHit } from '../../../search-sync/model/index.js';
import type { Prepared, Sized, WalkIndex } from './walk-cache.js';

/**
 * Hits a scroll reads ahead when a page it keeps has not been read yet: the next pages come from one
 * search per level instead of one per page (each search within a level looks at all of its entities).
 */
const READ_AHEAD = 10_000;

/**
 * A scroll's walk kept between its pages: the search ready to page, and the hits read so far at their
 * positions (a scroll reads them in order; one continued from another process starts mid-way).
 */
export class KeptWalk implements Sized {
  private readonly hits: (SearchHit | undefined)[] = [];
  private read = 0;
  /** The reads of hits, one after the other. */
  private reading: Promise<void> = Promise.resolve();
  /** The search, once the walk has ended and its matches are counted. */
  prepared: Prepared | undefined;

  constructor(
    /** The caller and the query the walk was made for: only they are served from it. */
    readonly key: string,
    private readonly walk: WalkIndex,
    /** The search ready to page (it may still be under way: a first page served before the walk ended). */
    readonly whole: Promise<Prepared>,
  ) {
    void whole.then(
      (p) => (this.prepared = p),
      () => undefined,
    );
  }

  get size(): number {
    return this.walk.size + this.read;
  }

  keep(at: number, hits: readonly SearchHit[]): void {
    hits.forEach((h, i) => {
      if (this.prepared && at + i >= this.prepared.total) return;
      if (this.hits[at + i] === undefined) this.read++;
      this.hits[at + i] = h;
    });
  }

  /** The first position from `from` up to `end` whose hit has not been read; `end` when all have. */
  missing(from: number, end: number): number {
    for (let i = from; i < end; i++) if (this.hits[i] === undefined) return i;
    return end;
  }

  /** The hits from `from` up to `end`: all of them, or undefined when one has not been read. */
  slice(from: number, end: number): SearchHit[] | undefined {
    return this.missing(from, end) < end ? undefined : (this.hits.slice(from, end) as SearchHit[]);
  }

  /** Reads (after any read under way) the hits from `from` up to `end` and some beyond, with `page`. */
  async readAhead(
    from: number,
    end: number,
    maxPageSize: number,
    page: (start: number, count: number) => Promise<readonly SearchHit[]>,
  ): Promise<void> {
    const total = this.prepared?.total ?? end;
    const run = this.reading.then(async () => {
      let at = this.missing(from, end);
      if (at >= end) return;
      const target = Math.min(total, Math.max(end, at + READ_AHEAD));
      while (at < target) {
        const n = Math.min(maxPageSize, target - at);
        const hits = await page(at, n);
        this.keep(at, hits);
        if (hits.length < n) return;
        at += n;
      }
    });
    this.reading = run.catch(() => undefined);
    await run;
  }
}

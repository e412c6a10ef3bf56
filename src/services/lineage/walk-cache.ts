import { randomBytes } from 'node:crypto';
import { BadRequestError } from '../../errors/index.js';
import type { SortCriterion } from '../../../search-sync/model/index.js';
import { LineageTree } from '../../store/index.js';
import { entityTypeOf, parseUrn } from '../../urn/index.js';
import type { LineageRequest, LineageResult, LineageService } from './lineage-service.js';
import type { SearchService } from '../../../search-sync/service/index.js';

/**
 * The walks of the lineage search: a walk under way (`Walking`: streamed into its tree, its levels
 * counted as they complete), its hits by level (`WalkIndex`), and what scrollAcrossLineage keeps
 * between the pages of a scroll, in the process that served its first page: the walk (its tree: each
 * entity reached with its degree and parent) and the hits read so far, so that a later page is served
 * from memory instead of walking the graph again. Nothing kept is needed for correctness: a scroll id
 * whose walk is not held (expired, evicted, issued by another instance) is served by walking again, as
 * a scroll without the cache would be.
 */

/** The bounds of what is kept. */
export interface ScrollCacheLimits {
  /** Most walks kept at once (least recently used dropped first). */
  readonly maxWalks: number;
  /**
   * Most entities kept over all walks: each walk counts the entities it reached (hits and those only
   * on their paths) plus the hits it has read. A walk larger than this alone is not kept.
   */
  readonly maxHits: number;
  /** The longest keep-alive honoured (a longer one is shortened to it). */
  readonly maxKeepAliveMs: number;
}

/**
 * The defaults: 32 walks and 200,000 entities in all, about 40 MB at most (measured before the walk was a
 * tree: some 150 bytes per entity of a walk, its path included, and 190 per hit read, for dataset URNs
 * of 85 characters; a tree entity holds its URN and a few numbers); keep-alive at most an hour.
 */
export const SCROLL_CACHE_LIMITS: ScrollCacheLimits = Object.freeze({
  maxWalks: 32,
  maxHits: 200_000,
  maxKeepAliveMs: 60 * 60_000,
});

/** DataHub's default keep-alive of a scroll. */
export const DEFAULT_KEEP_ALIVE = '5m';

const UNITS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/**
 * A keep-alive as DataHub takes it (Elasticsearch's time units: `5m`, `30s`, `1h`, `500ms`, `1d`), in
 * milliseconds; DataHub's `5m` when absent. 400 for anything else.
 */
export function parseKeepAlive(text: string | null | undefined): number {
  const m = /^(\d{1,9})(ms|s|m|h|d)$/.exec((text ?? DEFAULT_KEEP_ALIVE).trim());
  if (!m) throw new BadRequestError(`Invalid keepAlive "${text}": a duration such as 5m, 30s or 1h`);
  return Number(m[1]) * (UNITS[m[2] as string] as number);
}

/** A new walk id: random, so that only the scroll ids this process issued name it. */
export const newWalkId = (): string => randomBytes(12).toString('base64url');

/**
 * A walk's hits, for paging: the hits of each level (degree) the walk has completed, nearest first, over
 * the walk's {@link LineageTree} (which holds every entity reached, with its parent: a path is rebuilt
 * from it). Levels are taken in as the walk completes them (`take`), so that the nearest can be paged
 * before the walk has ended.
 */
export class WalkIndex {
  /** The degrees taken in that have hits, nearest first; the tree positions of each one's hits. */
  readonly levels: number[] = [];
  private readonly positions: number[][] = [];
  private count = 0;
  /** The next degree to take in. */
  private next = 1;
  /** With a grouping: each hit's group (by tree position), and each group's nearest hit. */
  private readonly groupAt = new Map<number, string>();
  private readonly groups = new Map<string, number>();

  /**
   * `group`, when given, names the entity a hit stands for (a schema field's dataset, as DataHub groups
   * column-level lineage): the hits of one group are one hit, its nearest, with that hit's degree and path.
   */
  constructor(
    readonly tree: LineageTree,
    private readonly group?: (urn: string) => string,
  ) {}

  /** The hits at these tree positions that stand for themselves or for a group not seen yet. */
  private firstOfGroups(at: readonly number[]): number[] {
    const group = this.group;
    if (!group) return [...at];
    return at.filter((i) => {
      const g = group(this.tree.urn(i));
      if (this.groups.has(g)) return false;
      this.groups.set(g, i);
      this.groupAt.set(i, g);
      return true;
    });
  }

  /** The URN a hit answers as: its group's, or its own. */
  private urnAt(i: number): string {
    return this.groupAt.get(i) ?? this.tree.urn(i);
  }

  /**
   * Takes in the levels the walk has completed, up to degree `upTo` (all by default), waiting for each.
   * A walk that came out of degree order is taken in all at once when it has ended.
   */
  take(upTo = Infinity): Promise<void> {
    const run = this.taking.then(() => this.takeNow(upTo));
    this.taking = run.catch(() => undefined);
    return run;
  }

  /** The takes, one after the other. */
  private taking: Promise<void> = Promise.resolve();

  /** The next degree to be taken in. */
  get nextDegree(): number {
    return this.next;
  }

  private async takeNow(upTo: number): Promise<void> {
    while (this.next <= upTo && !this.unordered) {
      const range = await this.tree.level(this.next);
      if (!range) {
        if (!this.tree.ordered) this.takeUnordered();
        return;
      }
      const hits: number[] = [];
      for (let i = range.from; i < range.to; i++) if (this.tree.isHit(i)) hits.push(i);
      const at = this.firstOfGroups(hits);
      if (at.length) {
        this.levels.push(this.next);
        this.positions.push(at);
        this.count += at.length;
      }
      this.next++;
    }
  }

  /** Whether every level of the walk is taken in. */
  get complete(): boolean {
    return this.unordered || (this.tree.done && this.next > this.tree.maxDegree);
  }

  private unordered = false;

  /** A walk that came out of degree order (it has ended): its hits grouped by degree, all at once. */
  private takeUnordered(): void {
    const byDegree = new Map<number, number[]>();
    for (let i = 0; i < this.tree.size; i++)
      if (this.tree.isHit(i)) {
        const d = this.tree.degree(i);
        const at = byDegree.get(d);
        if (at) at.push(i);
        else byDegree.set(d, [i]);
      }
    this.levels.length = 0;
    this.positions.length = 0;
    this.count = 0;
    this.groups.clear();
    this.groupAt.clear();
    for (const d of [...byDegree.keys()].sort((a, b) => a - b)) {
      const at = this.firstOfGroups(byDegree.get(d) as number[]);
      if (!at.length) continue;
      this.levels.push(d);
      this.positions.push(at);
      this.count += at.length;
    }
    this.unordered = true;
  }

  /** Hits taken in. */
  get hits(): number {
    return this.count;
  }

  /** Entities held: every entity the walk reached (hits, and entities only on their paths). */
  get size(): number {
    return this.tree.size;
  }

  /** Every hit's URN, nearest first. */
  allUrns(): string[] {
    return this.positions.flatMap((at) => at.map((i) => this.urnAt(i)));
  }

  /** The URNs of the hits at the `i`th level (degree `levels[i]`). */
  urnsAtLevel(i: number): string[] {
    return (this.positions[i] ?? []).map((j) => this.urnAt(j));
  }

  /** A hit's degree and path (from the start to it, both included); undefined for a URN not reached. */
  hit(urn: string): { urn: string; degree: number; path: readonly string[] } | undefined {
    const i = this.group ? this.groups.get(urn) : this.tree.position(urn);
    if (i === undefined || !this.tree.isHit(i)) return undefined;
    return { urn, degree: this.tree.degree(i), path: this.tree.path(i) };
  }
}

/** What a cache entry must tell: how many entities it holds (it may grow while kept). */
export interface Sized {
  readonly size: number;
}

interface Kept<V> {
  readonly value: V;
  expires: number;
  size: number;
}

/**
 * Kept walks by id: at most `maxWalks` of them and `maxHits` entities in all, the least recently used
 * dropped first, each dropped once its keep-alive has passed without a call renewing it.
 */
export class ScrollCache<V extends Sized> {
  private readonly entries = new Map<string, Kept<V>>();
  private held = 0;

  constructor(
    readonly limits: ScrollCacheLimits = SCROLL_CACHE_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The walk kept under `id` (now the most recently used), its keep-alive renewed (with none: let go
   * once returned); undefined when none is kept, its keep-alive has passed, or `accept` refuses it (left
   * as it was).
   */
  get(id: string, keepAliveMs: number, accept: (value: V) => boolean = () => true): V | undefined {
    const e = this.entries.get(id);
    if (!e || !accept(e.value)) return undefined;
    this.drop(id);
    const now = this.now();
    if (e.expires <= now) return undefined;
    // A call that asks for no keep-alive is served, and the walk is let go.
    if (keepAliveMs <= 0) return e.value;
    e.expires = now + Math.min(keepAliveMs, this.limits.maxKeepAliveMs);
    this.entries.set(id, e);
    this.held += e.size;
    return e.value;
  }

  /** Keeps a walk under `id`; false when it is not kept (no keep-alive, or larger than all of the cache). */
  set(id: string, value: V, keepAliveMs: number): boolean {
    this.drop(id);
    if (keepAliveMs <= 0 || value.size > this.limits.maxHits) return false;
    const now = this.now();
    for (const [k, e] of this.entries) if (e.expires <= now) this.drop(k);
    this.entries.set(id, {
      value,
      size: value.size,
      expires: now + Math.min(keepAliveMs, this.limits.maxKeepAliveMs),
    });
    this.held += value.size;
    this.evict(id);
    return this.entries.has(id);
  }

  /** Takes in that the walk under `id` grew (hits read); drops others, or it, to stay in bounds. */
  resized(id: string): void {
    const e = this.entries.get(id);
    if (!e) return;
    this.held += e.value.size - e.size;
    e.size = e.value.size;
    this.evict(id);
  }

  delete(id: string): void {
    this.drop(id);
  }

  /** Forgets every walk (as a restart would). */
  clear(): void {
    this.entries.clear();
    this.held = 0;
  }

  /** Walks and entities kept. */
  get stats(): { walks: number; hits: number } {
    return { walks: this.entries.size, hits: this.held };
  }

  private drop(id: string): void {
    const e = this.entries.get(id);
    if (!e) return;
    this.entries.delete(id);
    this.held -= e.size;
  }

  /** Drops the least recently used walks but `keep` while over a bound; then `keep` itself if still over. */
  private evict(keep: string): void {
    for (const id of this.entries.keys()) {
      if (this.entries.size <= this.limits.maxWalks && this.held <= this.limits.maxHits) return;
      if (id !== keep) this.drop(id);
    }
    if (this.entries.size > this.limits.maxWalks || this.held > this.limits.maxHits) this.drop(keep);
  }
}

export type Facets = Record<string, Record<string, number>>;
export type Base = { entities: readonly string[]; input: string; filter: unknown };

/** A search within a walk, ready to be paged: the walk, the search, and what every page shares. */
export interface Prepared {
  readonly walk: WalkIndex;
  readonly base: Base;
  readonly sort: readonly SortCriterion[] | undefined;
  /** Matches at each level of the walk (`walk.levels`). */
  readonly counts: readonly number[];
  /** All matches; for a page served before the walk ended, those counted so far. */
  readonly total: number;
  readonly facets: Facets;
  readonly partial: boolean;
}

const SCHEMA_FIELD = 'schemaField';

/**
 * The entity a schema field belongs to (its URN's first part), as DataHub's lineage search answers a
 * column-level walk: the datasets the fields belong to, each with the path to its nearest field.
 */
function fieldParent(urn: string): string {
  const p = parseUrn(urn);
  return typeof p !== 'string' && p.entityType === SCHEMA_FIELD && p.parts.length > 1
    ? (p.parts[0] as string)
    : urn;
}

/**
 * A walk under way, streamed into its tree: its hits by level as the walk completes them, the count of
 * matches in each level (each counted once, as soon as the level is complete), and the walk's answer.
 */
export class Walking {
  readonly walk: WalkIndex;
  readonly done: Promise<LineageResult>;
  private readonly counts = new Map<number, Promise<number>>();

  constructor(
    private readonly search: SearchService,
    lineage: LineageService,
    r: Pick<LineageRequest, 'urn' | 'direction' | 'maxHops' | 'types'> & {
      readonly fieldsAsDatasets?: boolean | undefined;
    },
    readonly base: Base,
    degrees: readonly number[],
  ) {
    const tree = new LineageTree();
    const grouped = entityTypeOf(r.urn) === SCHEMA_FIELD && r.fieldsAsDatasets !== false;
    this.walk = new WalkIndex(tree, grouped ? fieldParent : undefined);
    this.done = lineage.lineage({
      urn: r.urn,
      direction: r.direction,
      maxHops: r.maxHops,
      types: r.types,
      degrees,
      tree,
      count: 0,
    });
    this.done.catch(() => undefined);
  }

  /** Matches at the `i`th level taken in (`walk.levels`). */
  count(i: number): Promise<number> {
    const d = this.walk.levels[i] as number;
    let n = this.counts.get(d);
    if (!n) {
      n = this.search
        .search({ ...this.base, urns: this.walk.urnsAtLevel(i), start: 0, count: 0, facets: [] })
        .then((res) => res.total);
      n.catch(() => undefined);
      this.counts.set(d, n);
    }
    return n;
  }

  /** Counts started while the walk goes on wait for this (an early page being read: it goes first). */
  private held: Promise<void> = Promise.resolve();

  /** Holds the counts of the levels the walk completes back until `work` is done. */
  holdCounts<T>(work: Promise<T>): Promise<T> {
    this.held = work.then(
      () => undefined,
      () => undefined,
    );
    return work;
  }

  /** Takes in the count of the `i`th level's matches, being read with a page of it. */
  counted(i: number, n: Promise<number>): void {
    const d = this.walk.levels[i] as number;
    if (this.counts.has(d)) return;
    n.catch(() => undefined);
    this.counts.set(d, n);
  }

  /** Takes in the walk's levels as it completes them, counting each one's matches meanwhile. */
  async takeAll(): Promise<void> {
    while (!this.walk.complete) {
      await this.walk.take(this.walk.nextDegree);
      const n = this.walk.levels.length;
      if (n > 1)
        void this.held.then(() => {
          for (let i = 0; i < n; i++) void this.count(i);
        });
    }
    if (!this.walk.tree.ordered) this.counts.clear();
  }
}

import { randomBytes } from 'node:crypto';
import { BadRequestError } from '../errors/index.js';
import type { LineageHit } from '../store/index.js';

/**
 * What scrollAcrossLineage keeps between the pages of a scroll, in the process that served its first
 * page: the walk (each entity reached with its degree and path, compactly) and the hits read so far, so
 * that a later page is served from memory instead of walking the graph again. Nothing here is needed
 * for correctness: a scroll id whose walk is not held (expired, evicted, issued by another instance)
 * is served by walking again, as a scroll without the cache would be.
 */

/** The bounds of what is kept. */
export interface ScrollCacheLimits {
  /** Most walks kept at once (least recently used dropped first). */
  readonly maxWalks: number;
  /**
   * Most entities kept over all walks: each walk counts the entities it reached (and those only on
   * their paths) plus the hits it has read. A walk larger than this alone is not kept.
   */
  readonly maxHits: number;
  /** The longest keep-alive honoured (a longer one is shortened to it). */
  readonly maxKeepAliveMs: number;
}

/**
 * The defaults: 32 walks and 200,000 entities in all, about 40 MB at most (measured: some 150 bytes per
 * entity of a walk, its path included, and 190 per hit read, for dataset URNs of 85 characters);
 * keep-alive at most an hour.
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

const UNSET = -2;
const START = -1;

/**
 * A walk's hits, for paging: the URNs reached grouped by degree, each one's degree and path. Made from
 * the walk's hits at once (as cheap as a map of them); {@link compact} then lets go of the hits for a
 * smaller form, to keep: a breadth-first walk that visits each entity once (APOC's NODE_GLOBAL) reaches
 * every entity by one path, which extends the path of the entity before it, so the paths form a tree
 * and an entity's path is its parent's plus itself. Entities only on paths (filtered out of the hits by
 * type) are kept as parents; a path that does not fit is kept whole.
 */
export class WalkIndex {
  /** The hits first (grouped by degree, nearest first), then (once compact) the entities only on their paths. */
  private readonly urns: string[];
  private readonly index: Map<string, number>;
  private readonly degrees: Int32Array;
  /** The walk's hits (grouped as `urns`), until compact. */
  private raw: readonly LineageHit[] | undefined;
  private parents: Int32Array | undefined;
  private readonly whole = new Map<number, readonly string[]>();
  /** The degrees reached, nearest first; where each one's hits start (and the last one's end). */
  readonly levels: readonly number[];
  private readonly bounds: readonly number[];

  constructor(hits: readonly LineageHit[]) {
    const sorted = hits.every((h, i) => i === 0 || (hits[i - 1] as LineageHit).degree <= h.degree)
      ? hits
      : [...hits].sort((a, b) => a.degree - b.degree);
    this.raw = sorted;
    this.urns = sorted.map((h) => h.urn);
    this.index = new Map();
    this.urns.forEach((u, i) => this.index.set(u, i));
    this.degrees = Int32Array.from(sorted, (h) => h.degree);
    const levels: number[] = [];
    const bounds: number[] = [];
    sorted.forEach((h, i) => {
      if (levels.at(-1) !== h.degree) {
        levels.push(h.degree);
        bounds.push(i);
      }
    });
    bounds.push(sorted.length);
    this.levels = levels;
    this.bounds = bounds;
  }

  /** Entities reached that passed the walk's filters. */
  get hits(): number {
    return this.degrees.length;
  }

  /** Entities kept: the hits, and once compact the entities only on their paths. */
  get size(): number {
    return this.urns.length;
  }

  /** Every hit's URN, nearest first. */
  allUrns(): string[] {
    return this.urns.slice(0, this.degrees.length);
  }

  /** The URNs of the hits at the `i`th level (degree `levels[i]`). */
  urnsAtLevel(i: number): string[] {
    return this.urns.slice(this.bounds[i], this.bounds[i + 1]);
  }

  /** A hit's degree and path (from the start to it, both included); undefined for a URN not reached. */
  hit(urn: string): { urn: string; degree: number; path: readonly string[] } | undefined {
    const i = this.index.get(urn);
    if (i === undefined || i >= this.degrees.length) return undefined;
    return { urn: this.urns[i] as string, degree: this.degrees[i] as number, path: this.path(i) };
  }

  /** Paths as parent pointers, and the walk's hits let go. */
  compact(): void {
    const raw = this.raw;
    if (!raw) return;
    const { urns, index } = this;
    const parents: number[] = new Array<number>(urns.length).fill(UNSET);
    const idOf = (u: string): number => {
      let i = index.get(u);
      if (i === undefined) {
        i = urns.length;
        urns.push(u);
        index.set(u, i);
        parents.push(UNSET);
      }
      return i;
    };
    // Nearest first: a hit's parent has its own parent already, unless only on paths; then up from it.
    raw.forEach((h, k) => {
      const p = h.path;
      if (p[p.length - 1] !== h.urn) {
        this.whole.set(k, p);
        return;
      }
      let child = k;
      for (let j = p.length - 2; j >= -1 && parents[child] === UNSET; j--) {
        const parent = j >= 0 ? idOf(p[j] as string) : START;
        parents[child] = parent;
        child = parent;
        if (parent === START) break;
      }
    });
    this.parents = Int32Array.from(parents);
    this.raw = undefined;
  }

  private path(i: number): readonly string[] {
    if (this.raw) return (this.raw[i] as LineageHit).path;
    const whole = this.whole.get(i);
    if (whole) return whole;
    const parents = this.parents as Int32Array;
    const out: string[] = [];
    for (let j = i; j >= 0 && out.length <= this.urns.length; j = parents[j] as number)
      out.push(this.urns[j] as string);
    return out.reverse();
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

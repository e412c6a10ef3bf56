/** One entity a lineage walk reached, as the walk streams it: the entity, its hop count and the hop to it. */
export interface LineageRow {
  readonly urn: string;
  readonly entityType: string;
  readonly degree: number;
  /** The entity before it on its path (the start at degree 1). */
  readonly parent: string;
  /** The last hop: its relationship type, creation time and actor (absent from a walk read for no page). */
  readonly type?: string;
  readonly createdOn?: number | null;
  readonly createdActor?: string | null;
  /** A referenced entity that holds no aspects. */
  readonly ghost: boolean;
}

/** What makes a reached entity a hit: the filters of a lineage query. */
export interface LineageFilter {
  readonly types?: readonly string[] | undefined;
  readonly degrees?: readonly number[] | undefined;
  readonly includeGhosts?: boolean | undefined;
}

const START = -1;

/** How the stream that fills a tree is held back: the driver stops asking the database for more rows. */
export interface StreamFlow {
  pause(): void;
  resume(): void;
}

/**
 * The entities a breadth-first lineage walk reached, in the order it reached them, as a tree: a walk that
 * visits each entity once (APOC's NODE_GLOBAL) reaches it by one path, that of the entity before it plus
 * itself, so each entity keeps its parent's position and a path is rebuilt by following parents. Filled
 * row by row as the walk streams; a level (a degree) is complete once a row of a further degree arrives
 * or the walk ends, and whoever waits for it is told (`level`), so that the nearest entities can be used
 * before the walk has ended. Rows come in degree order; a row out of order marks the tree `unordered`
 * (no level is complete before the end).
 */
export class LineageTree {
  private start = '';
  private readonly urns: string[] = [];
  private readonly index = new Map<string, number>();
  private parents = new Int32Array(1024);
  private degrees = new Int32Array(1024);
  private readonly types: string[] = [];
  private readonly kinds: string[] = [];
  private readonly edges: string[] = [];
  private readonly createdOn: (number | null)[] = [];
  private readonly createdActor: (string | null)[] = [];
  private readonly ghosts: boolean[] = [];
  private readonly interned = new Map<string, string>();
  private filter: { types: Set<string>; degrees: Set<number>; ghosts: boolean } | undefined;
  /** Where each degree's rows start (index d - 1), while they arrive in order. */
  private readonly bounds: number[] = [];
  private unordered = false;
  private ended: { partial: boolean } | undefined;
  private failed: unknown;
  private waiters: (() => void)[] = [];
  /** The flow of the stream filling the tree, and how many callers hold it back now. */
  private flow: StreamFlow | undefined;
  private holds = 0;

  /** Starts (or starts again, when a read is retried) a walk from `start` with the query's filters. */
  begin(start: string, f: LineageFilter): void {
    this.start = start;
    this.urns.length = 0;
    this.index.clear();
    for (const a of [this.types, this.kinds, this.edges, this.createdOn, this.createdActor, this.ghosts])
      a.length = 0;
    this.bounds.length = 0;
    this.unordered = false;
    this.ended = undefined;
    this.failed = undefined;
    this.filter = {
      types: new Set(f.types ?? []),
      degrees: new Set(f.degrees ?? []),
      ghosts: f.includeGhosts === true,
    };
  }

  /** Adds the next entity reached. */
  add(r: LineageRow): void {
    const i = this.urns.length;
    if (i === this.parents.length) {
      this.parents = grow(this.parents);
      this.degrees = grow(this.degrees);
    }
    const last = this.bounds.length;
    if (r.degree > last) {
      while (this.bounds.length < r.degree) this.bounds.push(i);
      this.wake();
    } else if (r.degree < last) this.unordered = true;
    this.urns.push(r.urn);
    this.index.set(r.urn, i);
    this.parents[i] = r.parent === this.start ? START : (this.index.get(r.parent) ?? START);
    this.degrees[i] = r.degree;
    this.kinds.push(this.intern(r.entityType));
    this.edges.push(r.type === undefined ? '' : this.intern(r.type));
    this.createdOn.push(r.createdOn ?? null);
    this.createdActor.push(r.createdActor == null ? null : this.intern(r.createdActor));
    this.ghosts.push(r.ghost);
  }

  /** Set by the stream that fills the tree (again, when a read is retried): how to hold it back. */
  attach(flow: StreamFlow): void {
    this.flow = flow;
    if (this.holds) flow.pause();
  }

  /**
   * Holds the rest of the walk back while `work` runs: the database sends the rows already asked for,
   * then waits. A first page read from the levels the walk has completed then has the machine to itself
   * instead of sharing it with the walk's further levels, which nobody waits for yet.
   */
  async pausedWhile<T>(work: Promise<T>): Promise<T> {
    if (this.ended || this.failed) return work;
    if (this.holds++ === 0) this.flow?.pause();
    try {
      return await work;
    } finally {
      if (--this.holds === 0) this.flow?.resume();
    }
  }

  /** The walk ended (`partial`: at the visit cap). */
  end(partial: boolean): void {
    this.ended = { partial };
    this.wake();
  }

  /** The walk failed: whoever waits is told. */
  fail(err: unknown): void {
    this.failed = err ?? new Error('lineage walk failed');
    this.wake();
  }

  get size(): number {
    return this.urns.length;
  }

  get done(): boolean {
    return this.ended !== undefined;
  }

  /** Whether the rows came in degree order (so far). */
  get ordered(): boolean {
    return !this.unordered;
  }

  /** The furthest degree reached (in order). */
  get maxDegree(): number {
    return this.bounds.length;
  }

  get partial(): boolean {
    return this.ended?.partial ?? false;
  }

  /**
   * Waits until the rows of degree `d` are all in (or the walk ended); then where they are (`from` up
   * to `to`), or undefined when the walk did not reach degree `d` in order.
   */
  async level(d: number): Promise<{ from: number; to: number } | undefined> {
    while (!this.ended && (this.unordered || this.bounds.length <= d)) {
      if (this.failed) throw this.failed;
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
    if (this.failed) throw this.failed;
    if (this.unordered || d < 1 || d > this.bounds.length) return undefined;
    return { from: this.bounds[d - 1] as number, to: this.bounds[d] ?? this.urns.length };
  }

  /** Whether the `i`th entity passes the query's filters. */
  isHit(i: number): boolean {
    const f = this.filter;
    if (!f) return true;
    if (!f.ghosts && this.ghosts[i]) return false;
    if (f.types.size && !f.types.has(this.kinds[i] as string)) return false;
    const d = this.degrees[i] as number;
    return !f.degrees.size || f.degrees.has(d >= 3 ? 3 : d);
  }

  position(urn: string): number | undefined {
    return this.index.get(urn);
  }

  urn(i: number): string {
    return this.urns[i] as string;
  }

  degree(i: number): number {
    return this.degrees[i] as number;
  }

  /** URNs from the start to the `i`th entity, both included. */
  path(i: number): string[] {
    const out: string[] = [];
    for (let j = i; j !== START && out.length <= this.urns.length; j = this.parents[j] as number)
      out.push(this.urns[j] as string);
    out.push(this.start);
    return out.reverse();
  }

  /** The `i`th entity as a lineage hit, its path included. */
  hit(i: number): {
    urn: string;
    entityType: string;
    degree: number;
    path: string[];
    type: string;
    createdOn: number | null;
    createdActor: string | null;
    ghost: boolean;
  } {
    return {
      urn: this.urns[i] as string,
      entityType: this.kinds[i] as string,
      degree: this.degrees[i] as number,
      path: this.path(i),
      type: this.edges[i] as string,
      createdOn: this.createdOn[i] ?? null,
      createdActor: this.createdActor[i] ?? null,
      ghost: this.ghosts[i] === true,
    };
  }

  private intern(s: string): string {
    let v = this.interned.get(s);
    if (v === undefined) {
      v = s;
      if (this.interned.size < 10_000) this.interned.set(s, s);
    }
    return v;
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }
}

function grow(a: Int32Array): Int32Array<ArrayBuffer> {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}

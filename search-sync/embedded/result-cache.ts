/**
 * Results of expensive whole-match computations (totals, facet counts) keyed by query and tagged with
 * the version of the index they were computed at (every write to the index bumps it; the idea of
 * Elasticsearch's shard request cache). Least recently used entries are dropped beyond `max`.
 *
 * `value` answers a query at the current version (docs/decisions/0032):
 *
 * - A value of the current version is exact, and served as is.
 * - Concurrent askers of one key share one computation (single flight): a computation begun at the
 *   current version or later answers everyone asking at that version, and so does one that has already
 *   run for longer than `expensiveMs`.
 * - A value that was cheap to compute (under `expensiveMs`) is recomputed at each new version, so small
 *   counts stay exact at once after a write.
 * - A value that was expensive is served at newer versions while it is younger than `freshMs`
 *   (counted from the start of its computation), and while it is younger than `staleMs` if serving it
 *   starts a refresh in the background (at most `refreshes` of them across the cache at a time): HTTP's
 *   max-age and stale-while-revalidate. Older than that, the asker waits for the refresh under way, or
 *   computes it.
 */
export interface CachePolicy {
  /** A computation that took this long or longer is expensive (ms). */
  readonly expensiveMs: number;
  /** How old (from its computation's start) an expensive value may be at a newer version, unrefreshed. */
  readonly freshMs: number;
  /** How old it may be while a refresh runs. */
  readonly staleMs: number;
  /** Background refreshes running at once, across keys. */
  readonly refreshes: number;
  readonly max: number;
  readonly now: () => number;
  /** Told of a background refresh that failed (the stale value stays, and ages out). */
  readonly onRefreshError: (err: unknown) => void;
}

export const DEFAULT_POLICY: CachePolicy = {
  expensiveMs: 250,
  freshMs: 5_000,
  staleMs: 10_000,
  refreshes: 1,
  max: 512,
  now: () => performance.now(),
  onRefreshError: () => undefined,
};

interface Entry<V> {
  readonly version: number;
  readonly value: V;
  /** When its computation started. */
  readonly at: number;
  readonly costMs: number;
}

interface Flight<V> {
  readonly version: number;
  readonly promise: Promise<V>;
  readonly at: number;
}

export class ResultCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly flights = new Map<string, Flight<V>>();
  private refreshing = 0;
  private readonly policy: CachePolicy;

  constructor(policy: Partial<CachePolicy> = {}) {
    this.policy = { ...DEFAULT_POLICY, ...policy };
  }

  /** The value of `key` at `version` (see the class comment), computed by `compute` when needed. */
  value(key: string, version: number, compute: () => Promise<V>): Promise<V> {
    const e = this.touch(key);
    // A value of this version, or of a later one (another search read the version after this one did).
    if (e && e.version >= version) return Promise.resolve(e.value);
    const flight = this.flights.get(key);
    const { expensiveMs, freshMs, staleMs, now } = this.policy;
    if (e && e.costMs >= expensiveMs) {
      const age = now() - e.at;
      // Young enough: served at once, also while its refresh runs.
      if (age <= staleMs) {
        if (age > freshMs && !flight && this.refreshing < this.policy.refreshes)
          this.refresh(key, version, compute);
        return Promise.resolve(e.value);
      }
      // Too old to serve: an expensive refresh under way answers sooner than a second one would.
      if (flight) return flight.promise;
    }
    // A computation of this version or a later one answers this version; one that has already run for
    // longer than an expensive one takes answers sooner than a second one would.
    if (flight && (flight.version >= version || now() - flight.at >= expensiveMs)) return flight.promise;
    return this.start(key, version, compute);
  }

  /** The value last stored for the key, of whatever version: a hint (e.g. for a query plan), never an answer. */
  peek(key: string): V | undefined {
    return this.entries.get(key)?.value;
  }

  /** Stores a value computed elsewhere (e.g. a total that came with facet counts). */
  set(key: string, version: number, value: V, costMs = 0, at = this.policy.now()): void {
    const e = this.entries.get(key);
    if (e && e.version > version) return;
    this.entries.delete(key);
    this.entries.set(key, { version, value, at, costMs });
    if (this.entries.size > this.policy.max) this.entries.delete(this.entries.keys().next().value as string);
  }

  private touch(key: string): Entry<V> | undefined {
    const e = this.entries.get(key);
    if (e) {
      this.entries.delete(key);
      this.entries.set(key, e);
    }
    return e;
  }

  private start(key: string, version: number, compute: () => Promise<V>): Promise<V> {
    const at = this.policy.now();
    const promise = compute().then(
      (value) => {
        this.land(key, promise);
        this.set(key, version, value, this.policy.now() - at, at);
        return value;
      },
      (err: unknown) => {
        this.land(key, promise);
        throw err;
      },
    );
    this.flights.set(key, { version, promise, at });
    return promise;
  }

  private land(key: string, promise: Promise<V>): void {
    if (this.flights.get(key)?.promise === promise) this.flights.delete(key);
  }

  private refresh(key: string, version: number, compute: () => Promise<V>): void {
    this.refreshing++;
    this.start(key, version, compute)
      .catch(this.policy.onRefreshError)
      .finally(() => this.refreshing--);
  }
}

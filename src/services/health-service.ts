/** One dependency's state as `GET /health` reports it. */
export type DependencyState = 'up' | 'down';

export interface HealthReport {
  /** True when the graph store and the configured search index both answer. */
  readonly healthy: boolean;
  readonly graphStore: DependencyState;
  readonly searchIndex: DependencyState;
}

export interface HealthProbes {
  /** Resolves when the graph store answers a query now; rejects if not. */
  readonly graph: () => Promise<void>;
  /** Resolves when the configured search index answers now; rejects if not. */
  readonly search: () => Promise<void>;
  /** Seconds a client should wait while the graph store is down (the local supervisor's estimate). */
  readonly retryAfterSeconds: () => number;
}

/** Results younger than this are reused: load balancers and start scripts poll `/health` often. */
const CACHE_MS = 1_000;

/**
 * Whether this neohub can serve: the graph store and the configured search index, each probed with a
 * short timeout. Concurrent checks share one probe, and a result is reused for a second.
 */
export class HealthService {
  private last: { at: number; report: HealthReport } | undefined;
  private pending: Promise<HealthReport> | undefined;

  constructor(private readonly probes: HealthProbes) {}

  check(): Promise<HealthReport> {
    if (this.last && Date.now() - this.last.at < CACHE_MS) return Promise.resolve(this.last.report);
    this.pending ??= this.probe().finally(() => (this.pending = undefined));
    return this.pending;
  }

  /** What a 503 tells a client to wait, in seconds (at least 1). */
  retryAfterSeconds(): number {
    return Math.max(1, this.probes.retryAfterSeconds());
  }

  private async probe(): Promise<HealthReport> {
    const state = (p: Promise<void>): Promise<DependencyState> =>
      p.then(
        () => 'up' as const,
        () => 'down' as const,
      );
    const [graphStore, searchIndex] = await Promise.all([
      state(this.probes.graph()),
      state(this.probes.search()),
    ]);
    const report = { healthy: graphStore === 'up' && searchIndex === 'up', graphStore, searchIndex };
    this.last = { at: Date.now(), report };
    return report;
  }
}

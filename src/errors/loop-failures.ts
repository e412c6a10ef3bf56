import { unavailableCause, type FailureLog } from './wire-status.js';

/**
 * The failures of a background loop (a sync worker, say), which retries on its own: each is an error
 * with its stack, except that an unavailable dependency (the graph store while it restarts, Meilisearch
 * while it is down) is one warning when the outage starts, and one line when the loop works again.
 */
export class LoopFailures {
  private outage = false;

  constructor(
    private readonly log: FailureLog,
    private readonly what: string,
  ) {}

  failed(err: unknown): void {
    if (unavailableCause(err)) {
      if (!this.outage) this.log.warn({ reason: (err as Error).message }, `${this.what}: waiting`);
      this.outage = true;
      return;
    }
    this.log.error({ err }, `${this.what} failed; retrying`);
  }

  /** A round went through: ends a logged outage. */
  succeeded(): void {
    if (!this.outage) return;
    this.outage = false;
    this.log.info(`${this.what}: working again`);
  }
}

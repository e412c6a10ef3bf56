import { pino, type Logger as PinoLogger } from 'pino';

/** The logger interface the code depends on; pino behind it. */
export type Logger = Pick<PinoLogger, 'info' | 'warn' | 'error' | 'debug' | 'fatal' | 'child' | 'level'>;

export function createLogger(level: string): Logger {
  return pino({ level, base: { service: 'neohub' } });
}

/**
 * The failures of a background loop (a sync worker, say), which retries on its own: each is an error
 * with its stack, except that an unavailable dependency (the graph store while it restarts, Meilisearch
 * while it is down) is one warning when the outage starts, and one line when the loop works again.
 */
export class LoopFailures {
  private outage = false;

  constructor(
    private readonly log: Logger,
    private readonly what: string,
  ) {}

  failed(err: unknown): void {
    if ((err as { code?: unknown } | null)?.code === 'UNAVAILABLE') {
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

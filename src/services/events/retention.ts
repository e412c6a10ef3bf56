import type { Logger } from '../../logger.js';
import type { ChangeLogStore } from '../../store/index.js';

const HOUR_MS = 3600 * 1000;

/**
 * The change log's retention: every `intervalMs` (and soon after start), transactions logged more than
 * `retentionMs` ago are compacted away, except what the search index's sync has still to read. An events
 * consumer whose offset is older resumes at the oldest entry kept, as DataHub's Events API does.
 */
export class ChangeLogRetention {
  private timer: NodeJS.Timeout | undefined;
  private first: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;

  constructor(
    private readonly store: ChangeLogStore,
    private readonly retentionMs: number,
    private readonly checkpoints: readonly string[],
    private readonly log: Logger,
    private readonly intervalMs = HOUR_MS,
  ) {}

  start(): void {
    if (this.timer) return;
    const tick = (): void => {
      void this.runOnce().catch((err: unknown) => this.log.warn({ err }, 'change-log retention failed'));
    };
    this.timer = setInterval(tick, this.intervalMs);
    this.timer.unref();
    this.first = setTimeout(tick, Math.min(60_000, this.intervalMs));
    this.first.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    clearTimeout(this.first);
    this.timer = undefined;
    await this.running?.catch(() => 0);
  }

  /** One compaction as of `now`; returns the entries removed. One at a time per process. */
  async runOnce(now = Date.now()): Promise<number> {
    if (this.running) return this.running;
    this.running = this.store.compact(now - this.retentionMs, this.checkpoints).finally(() => {
      this.running = undefined;
    });
    const removed = await this.running;
    if (removed) this.log.info({ removed }, 'change-log entries past retention removed');
    return removed;
  }
}

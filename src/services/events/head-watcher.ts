interface Waiter {
  readonly after: number;
  readonly done: () => void;
}

/**
 * Long polls wait here for the change log to grow past their position. While anyone waits, one timer
 * reads the head every `intervalMs` for all of them (one query per interval per process, however many
 * wait); a waiter is released when the head passes its position, at its deadline, or when its client
 * goes away.
 */
export class HeadWatcher {
  private readonly waiters = new Set<Waiter>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly readHead: () => Promise<number>,
    private readonly intervalMs = 100,
  ) {}

  /** Resolves when the head passes `after`, after `ms`, or when `signal` aborts, whichever is first. */
  wait(after: number, ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timeout);
        signal?.removeEventListener('abort', done);
        this.waiters.delete(waiter);
        resolve();
      };
      const waiter: Waiter = { after, done };
      const timeout = setTimeout(done, Math.max(0, ms));
      if (signal?.aborted) return done();
      signal?.addEventListener('abort', done, { once: true });
      this.waiters.add(waiter);
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.timer || !this.waiters.size) return;
    this.timer = setTimeout(() => void this.tick(), this.intervalMs);
  }

  private async tick(): Promise<void> {
    try {
      const head = await this.readHead();
      for (const w of [...this.waiters]) if (head > w.after) w.done();
    } catch {
      // The store is unreachable: waiters keep waiting until their deadline, and the next tick retries.
    } finally {
      this.timer = undefined;
      this.schedule();
    }
  }
}

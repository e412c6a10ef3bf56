/**
 * A fixed-window request count per key (a token): `perMinute` requests in each minute, then the seconds
 * until the window turns over. 0 turns the limit off. Per process: several instances each allow as much.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request; returns 0 when allowed, else the seconds to wait. */
  take(key: string): number {
    if (this.perMinute <= 0) return 0;
    const now = this.now();
    const w = this.windows.get(key);
    if (!w || now - w.start >= 60_000) {
      if (this.windows.size > 10_000) this.sweep(now);
      this.windows.set(key, { start: now, count: 1 });
      return 0;
    }
    if (w.count < this.perMinute) {
      w.count++;
      return 0;
    }
    return Math.max(1, Math.ceil((w.start + 60_000 - now) / 1000));
  }

  private sweep(now: number): void {
    for (const [k, w] of this.windows) if (now - w.start >= 60_000) this.windows.delete(k);
  }
}

import type { Exit, Neo4jProcess } from './process.js';

/** Waits between restart attempts: 1 s, doubling, at most 30 s; back to 1 s once a start succeeds. */
const FIRST_BACKOFF_MS = 1_000;
const MAX_BACKOFF_MS = 30_000;
/** What a client is told to wait while a start is under way (a local Neo4j starts in 10–20 s here). */
const STARTING_RETRY_S = 5;

export interface SupervisorOptions {
  /** Starts the server again (same folder, same port) and resolves once it answers; throws if it cannot. */
  readonly relaunch: () => Promise<Neo4jProcess>;
  readonly log: (msg: string) => void;
  /** Called when the server exited without being asked to: the tail of its logs, for the message. */
  readonly describeExit: (exit: Exit) => string;
}

/**
 * Keeps a local Neo4j running: when its JVM exits without `stop()` (a crash, `kill -9`, the OOM killer),
 * it is started again after a backoff, for as long as it takes. Meanwhile `available()` is false, so that
 * the graph store can refuse work at once (503 with `Retry-After`) rather than wait on a dead port.
 */
export class Neo4jSupervisor {
  private current: Neo4jProcess | undefined;
  private stopping: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private launching: Promise<void> | undefined;
  private backoffMs = FIRST_BACKOFF_MS;
  private nextAttemptAt = 0;
  private restarts = 0;

  constructor(
    first: Neo4jProcess,
    private readonly o: SupervisorOptions,
  ) {
    this.watch(first);
  }

  /** The JVM's pid while it runs (a restart gives a new one). */
  pid(): number | undefined {
    return this.current?.isRunning() ? this.current.pid : undefined;
  }

  /** True while the server runs; false from its unexpected exit until a restart answers. */
  available(): boolean {
    return this.current?.isRunning() === true;
  }

  /** Seconds a client should wait before trying again while the server is down. */
  retryAfterSeconds(): number {
    if (this.available()) return 0;
    const untilAttempt = Math.max(0, this.nextAttemptAt - Date.now());
    return Math.ceil(untilAttempt / 1000) + STARTING_RETRY_S;
  }

  /** How many times the server was started again since neohub started it. */
  restartCount(): number {
    return this.restarts;
  }

  /** Stops supervising and shuts the server down (also one being started); safe to repeat. */
  stop(graceMs: number): Promise<void> {
    this.stopping ??= (async () => {
      clearTimeout(this.timer);
      await this.launching;
      await this.current?.stop(graceMs);
    })();
    return this.stopping;
  }

  private watch(proc: Neo4jProcess): void {
    this.current = proc;
    void proc.exited.then((exit) => {
      if (this.stopping || this.current !== proc) return;
      this.o.log(
        `the local Neo4j (pid ${proc.pid}) exited unexpectedly (code ${exit.code}, signal ${exit.signal}); ` +
          `starting it again.\n${this.o.describeExit(exit)}`,
      );
      this.schedule(0);
    });
  }

  private schedule(delayMs: number): void {
    if (this.stopping) return;
    this.nextAttemptAt = Date.now() + delayMs;
    this.timer = setTimeout(() => {
      this.launching = this.attempt().finally(() => (this.launching = undefined));
    }, delayMs);
    this.timer.unref();
  }

  private async attempt(): Promise<void> {
    if (this.stopping) return;
    const started = Date.now();
    try {
      const proc = await this.o.relaunch();
      if (this.stopping) {
        await proc.stop(10_000);
        return;
      }
      this.restarts++;
      this.backoffMs = FIRST_BACKOFF_MS;
      this.watch(proc);
      this.o.log(
        `the local Neo4j is up again (pid ${proc.pid}) after ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    } catch (err) {
      const wait = this.backoffMs;
      this.backoffMs = Math.min(MAX_BACKOFF_MS, this.backoffMs * 2);
      this.o.log(
        `the local Neo4j did not start again (${err instanceof Error ? err.message.split('\n')[0] : String(err)}); ` +
          `next try in ${wait / 1000} s`,
      );
      this.schedule(wait);
    }
  }
}

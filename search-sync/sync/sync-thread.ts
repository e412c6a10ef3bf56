import { Worker } from 'node:worker_threads';
import type { Config } from '../../src/config.js';
import type { Logger } from '../../src/logger.js';
import type { FollowerProgress } from '../../src/store/index.js';
import type { EntityRef, SyncControl, SyncStatus } from '../model/index.js';
import type { SearchSyncWorker } from './worker.js';

/** What the thread is started with: the configuration and the graph's address (plain data). */
export interface SyncThreadData {
  readonly config: Config;
  readonly graph: { readonly uri: string; readonly user: string; readonly password: string };
}

/** Messages between the two sides. */
export type ToThread = { type: 'want'; seq: number } | { type: 'stop' };
export type FromThread =
  { type: 'active'; value: boolean } | { type: 'applied'; follower: string; entries: number };

/** The thread's entry, compiled beside this file. */
const ENTRY = new URL('./sync-thread-entry.js', import.meta.url);

/** Whether the thread can run: its entry is compiled JavaScript (not when a test runner loads TypeScript). */
export const threadable = (): boolean => import.meta.url.endsWith('.js');

/**
 * The search sync on a thread of its own (decision 0030): the thread holds its own driver, registry,
 * index adapter and `SearchSyncWorker`, so that reading aspects, building documents and packing the
 * index writes never delay a request on this thread. This side answers what the services ask of the
 * sync (`SyncControl`) with a worker of this thread that is never started: the checkpoint and the head
 * are in the graph, `reindex` (restoreIndices) writes from here, and a `waitFor` tells the thread to stop
 * gathering changes. A thread that dies is started again after a second.
 */
export class SyncThread implements SyncControl {
  private thread: Worker | undefined;
  private active = false;
  private stopping = false;

  /** @param progress hears of the thread's follower's progress, as of one on this thread. */
  constructor(
    private readonly local: SearchSyncWorker,
    private readonly data: SyncThreadData,
    private readonly log: Logger,
    private readonly progress?: FollowerProgress,
  ) {}

  start(): void {
    if (this.thread || this.stopping) return;
    const thread = new Worker(ENTRY, { workerData: this.data, name: 'search-sync' });
    thread.on('message', (m: FromThread) => {
      if (m.type === 'active') this.active = m.value;
      else if (m.type === 'applied') this.progress?.applied(m.follower, m.entries);
    });
    thread.on('error', (err) => this.log.error({ err }, 'search sync thread failed'));
    thread.on('exit', (code) => {
      this.thread = undefined;
      this.active = false;
      if (this.stopping) return;
      this.log.warn({ code }, 'search sync thread exited; starting it again in 1 s');
      setTimeout(() => this.start(), 1000).unref();
    });
    this.thread = thread;
    this.log.info({ threadId: thread.threadId }, 'search sync started on its own thread');
  }

  async status(): Promise<SyncStatus> {
    return { ...(await this.local.status()), active: this.active };
  }

  waitFor(seq: number, timeoutMs?: number): Promise<boolean> {
    this.post({ type: 'want', seq });
    return this.local.waitFor(seq, timeoutMs);
  }

  reindex(entities: readonly EntityRef[]): Promise<void> {
    return this.local.reindex(entities);
  }

  /** Asks the thread to finish its round and let its lease go; ended after 15 s if it has not. */
  async stop(): Promise<void> {
    this.stopping = true;
    const thread = this.thread;
    if (!thread) return;
    const exited = new Promise((resolve) => thread.once('exit', resolve));
    this.post({ type: 'stop' });
    const timer = setTimeout(() => void thread.terminate(), 15_000);
    await exited;
    clearTimeout(timer);
  }

  private post(m: ToThread): void {
    this.thread?.postMessage(m);
  }
}

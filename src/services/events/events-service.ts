import { BadRequestError, ForbiddenError } from '../../errors/index.js';
import type { Registry } from '../../registry/index.js';
import type { ChangeLogStore } from '../../store/index.js';
import { EVENT_TOPICS, EventRecords, type EventTopic, type ExternalEvent } from './event-records.js';
import { HeadWatcher } from './head-watcher.js';
import { decodeOffset, encodeOffset, type Position } from './offset.js';

/** DataHub's defaults and caps for a poll. */
export const POLL_LIMITS = Object.freeze({
  defaultLimit: 100,
  maxLimit: 5000,
  defaultTimeoutSeconds: 10,
  maxTimeoutSeconds: 60,
});

/** Change-log entries read per round of a poll, and at most per poll (a topic may carry few of them). */
const ROUND_ENTRIES = 1000;
const SCAN_ENTRIES = 20_000;
const DAY_MS = 24 * 3600 * 1000;

export interface PollRequest {
  readonly topic: string;
  readonly offsetId?: string | undefined;
  readonly limit?: number | undefined;
  readonly pollTimeoutSeconds?: number | undefined;
  readonly lookbackWindowDays?: number | undefined;
}

export interface PollResult {
  readonly count: number;
  readonly offsetId: string;
  readonly events: ExternalEvent[];
}

/**
 * DataHub's Events API over the change log: each topic is a view of the log, in commit order, and an
 * offset is a position in it, so a consumer that passes back each returned offset sees every event of
 * its topic once, across processes and restarts. A long poll answers as soon as its topic has events,
 * or empty at its timeout.
 */
export class EventsService {
  private readonly records: EventRecords;
  private readonly watcher: HeadWatcher;

  constructor(
    registry: Registry,
    private readonly log: ChangeLogStore,
    headIntervalMs = 100,
  ) {
    this.records = new EventRecords(registry);
    this.watcher = new HeadWatcher(() => this.log.head(), headIntervalMs);
  }

  async poll(req: PollRequest, signal?: AbortSignal): Promise<PollResult> {
    const topic = EVENT_TOPICS.find((t) => t === req.topic);
    if (!topic)
      throw new ForbiddenError(`Unauthorized to read topic ${req.topic}: one of ${EVENT_TOPICS.join(', ')}`);
    const limit = Math.min(req.limit ?? POLL_LIMITS.defaultLimit, POLL_LIMITS.maxLimit);
    if (limit < 1) throw new BadRequestError(`limit must be at least 1, got ${limit}`);
    const timeout = Math.min(
      req.pollTimeoutSeconds ?? POLL_LIMITS.defaultTimeoutSeconds,
      POLL_LIMITS.maxTimeoutSeconds,
    );
    const deadline = Date.now() + timeout * 1000;
    let at: Position = req.offsetId
      ? decodeOffset(req.offsetId)
      : { seq: await this.start(req.lookbackWindowDays), skip: 0 };
    for (;;) {
      const page = await this.page(topic, at, limit);
      at = page.next;
      if (page.events.length || Date.now() >= deadline || signal?.aborted)
        return { count: page.events.length, offsetId: encodeOffset(at), events: page.events };
      if (!page.more) await this.watcher.wait(at.seq, deadline - Date.now(), signal);
    }
  }

  /** Where a consumer without an offset starts: `days` back, or the head (only what comes next). */
  private async start(days: number | undefined): Promise<number> {
    return days === undefined ? this.log.head() : this.log.positionAt(Date.now() - days * DAY_MS);
  }

  /**
   * Up to `limit` events of `topic` after `at`, from rounds of entries until the page is full, the log
   * read, or `SCAN_ENTRIES` read; `next` is the position after the last entry read (or inside it, when
   * the page ends among its events), and `more` says the log may hold more right now.
   */
  private async page(
    topic: EventTopic,
    at: Position,
    limit: number,
  ): Promise<{ events: ExternalEvent[]; next: Position; more: boolean }> {
    const events: ExternalEvent[] = [];
    let next = at;
    for (let scanned = 0; scanned < SCAN_ENTRIES; scanned += ROUND_ENTRIES) {
      const entries = await this.log.read(next.seq, ROUND_ENTRIES);
      for (const e of entries) {
        // An entry past the position's next one (retention compacted what it pointed into) starts afresh.
        const skip = e.seq === next.seq + 1 ? next.skip : 0;
        const all = this.records.eventsOf(topic, e).slice(skip);
        const room = limit - events.length;
        if (all.length > room) {
          events.push(...all.slice(0, room));
          return { events, next: { seq: e.seq - 1, skip: skip + room }, more: true };
        }
        events.push(...all);
        next = { seq: e.seq, skip: 0 };
        if (events.length === limit) return { events, next, more: true };
      }
      if (entries.length < ROUND_ENTRIES) return { events, next, more: false };
    }
    return { events, next, more: true };
  }
}

import type { Logger } from '../../logger.js';
import type { Registry } from '../../registry/index.js';
import {
  FollowingWorker,
  type ChangeLogStore,
  type ChangedEntity,
  type Fence,
  type LogRange,
  type PendingWork,
  type SyncStateStore,
} from '../../store/index.js';
import { EVENT_TOPICS, EventRecords, type EventTopic } from './event-records.js';

/** The publisher's lease and checkpoint (one publisher active among neohub processes). */
export const PUBLISHER_FOLLOWER = 'kafka-publisher';

/** A record to publish: on which of DataHub's topics, under which key, and the record itself. */
export interface PublishedRecord {
  /** The topic by DataHub's name (the sink maps it to the configured one). */
  readonly topic: EventTopic;
  /** The URN of the entity the entry wrote: its records share a partition, in commit order. */
  readonly key: string;
  /** The record as the Events API carries it (aspect values and payloads as JSON text). */
  readonly record: Record<string, unknown>;
  /** The change-log entry it comes from. */
  readonly seq: number;
}

/** Where the records go (Kafka, in src/kafka). */
export interface RecordSink {
  /** Sends the records in their order; resolves once the broker has acknowledged every one of them. */
  send(records: readonly PublishedRecord[]): Promise<void>;
}

export interface PublisherOptions {
  /** The follower's name (a test's own; `kafka-publisher` otherwise). */
  readonly name?: string;
  /** The pause when the change log has nothing new. */
  readonly idleMs?: number;
  readonly leaseMs?: number;
}

/** Change-log entries read (with their values) per round of a batch. */
const ENTRIES_PER_READ = 500;

const done: PendingWork = async () => undefined;

/**
 * The change-log publisher (issue 42, item 3): a handler of the change-log follower that publishes each
 * entry's records as the Events API carries them (the same `EventRecords`: the same MetadataChangeLog
 * records and `entityChangeEvent` platform events, none for Admin-only kinds and secret aspects) to
 * DataHub's three topics, in commit order, keyed by the entity's URN. The checkpoint moves only once the
 * broker has acknowledged a batch's records: at least once, resuming from the checkpoint after a
 * restart (a batch cut short is sent again). A publisher that never ran starts at the log's head; one
 * whose entries were compacted before it published them (down longer than the retention, which keeps
 * them while its checkpoint is named) logs the gap and goes on from the head.
 */
export class ChangeLogPublisher extends FollowingWorker {
  private readonly records: EventRecords;

  constructor(
    registry: Registry,
    private readonly changeLog: ChangeLogStore,
    state: SyncStateStore,
    private readonly sink: RecordSink,
    private readonly log: Logger,
    opts: PublisherOptions = {},
  ) {
    super(state, log, {
      name: opts.name ?? PUBLISHER_FOLLOWER,
      label: 'change-log publisher',
      startAt: 'head',
      idleMs: opts.idleMs ?? 50,
      ...(opts.leaseMs !== undefined ? { leaseMs: opts.leaseMs } : {}),
    });
    this.records = new EventRecords(registry);
  }

  async apply(_entities: readonly ChangedEntity[], fence: Fence, range?: LogRange): Promise<PendingWork> {
    if (!range) return done;
    for (let after = range.after; after < range.last;) {
      const entries = await this.changeLog.read(after, Math.min(ENTRIES_PER_READ, range.last - after));
      if (!entries.length) break;
      const out: PublishedRecord[] = [];
      for (const e of entries)
        for (const topic of EVENT_TOPICS)
          for (const record of this.records.recordsOf(topic, e))
            out.push({ topic, key: e.urn, record, seq: e.seq });
      if (out.length) {
        // A publisher that lost its lease (a paused process) sends nothing after the one that took it.
        await fence.check();
        await this.sink.send(out);
      }
      after = (entries.at(-1) as { seq: number }).seq;
    }
    return done;
  }

  /** The entries after the checkpoint were compacted: what they said cannot be published any more. */
  async fill(): Promise<void> {
    this.log.warn(
      { follower: PUBLISHER_FOLLOWER },
      'change-log publisher: entries were compacted before they were published; publishing goes on from the head',
    );
  }

  /** Resolves once the checkpoint has reached change-log entry `seq` (false when the time runs out). */
  waitFor(seq: number, timeoutMs?: number): Promise<boolean> {
    return this.follower.waitFor(seq, timeoutMs);
  }
}

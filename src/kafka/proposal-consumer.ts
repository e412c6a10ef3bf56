import { Consumer, MessagesStreamFallbackModes, MessagesStreamModes, Producer } from '@platformatic/kafka';
import type { Message, MessagesStream } from '@platformatic/kafka';
import type { Config } from '../config.js';
import { wireStatus } from '../errors/index.js';
import type { Logger } from '../logger.js';
import type { Proposal } from '../services/index.js';
import { AvroCodec, type SchemaSource } from './avro-codec.js';
import { FrameError } from './confluent-frame.js';

/** What the consumer needs of neohub: the registry's schemas, and the one write path. */
export interface ProposalTarget extends SchemaSource {
  /** Writes one proposal (as the system), resolving once its transaction has committed. */
  apply(proposal: Proposal): Promise<void>;
  /**
   * Writes proposals as one batch (DataHub's asynchronous batch rules: those a write-time check refuses
   * are answered in the list, the others written); throws when the batch as a whole is refused.
   */
  applyBatch(proposals: readonly Proposal[]): Promise<readonly { index: number; message: string }[]>;
}

/**
 * The most records written in one transaction: past a few thousand proposals a transaction gains nothing
 * (measured: batches of 3,000 wrote about 15% faster per proposal than batches of 1,000) and holds more of
 * Neo4j's memory, and a batch refused as a whole is written again record by record.
 */
const MAX_BATCH_RECORDS = 5000;

/** Waits between tries of a record that failed for a reason of neohub's own (a store that is down). */
const BACKOFF_MS = [500, 1000, 2000, 5000, 10_000, 30_000];

/**
 * The proposal consumer (issue 42, item 2): reads `MetadataChangeProposal_v1` in its consumer group, decodes
 * each record with its writer's schema (the id in its Confluent frame, from the registry), and writes it
 * through the one write path with the run id and system metadata it carries. A proposal the write path
 * refuses (a 4xx: bad URN, unknown aspect, invalid value) goes to `FailedMetadataChangeProposal_v1` with the
 * error, as DataHub does; a failure of neohub's own (the store unavailable) is tried again, with backoff, and
 * blocks its partition meanwhile. A record's offset is committed only after its write has committed (or its
 * failure was published): a crash loses nothing, and repeats at most the records not yet committed
 * (writes of the same version are idempotent).
 */
export class ProposalConsumer {
  private readonly codec: AvroCodec;
  private consumer: Consumer | undefined;
  private producer: Producer | undefined;
  private stream: MessagesStream<Buffer, Buffer, Buffer, Buffer> | undefined;
  private loop: Promise<void> | undefined;
  private stopping = false;
  private wake: (() => void) | undefined;

  constructor(
    private readonly config: Config,
    private readonly target: ProposalTarget,
    private readonly log: Logger,
  ) {
    this.codec = new AvroCodec(target);
  }

  /**
   * Starts consuming in the background: joining the group waits, after an unclean stop, until the broker
   * has given up the old member (its session, 10 s), and a Kafka that is down is tried again with backoff;
   * neither holds up the service's start.
   */
  async start(): Promise<void> {
    this.producer = new Producer({
      clientId: 'neohub-mcp-failures',
      bootstrapBrokers: [...this.config.kafkaBootstrapServers],
      acks: -1,
    });
    this.loop = this.consumeForever();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    await this.disconnect();
    await this.loop;
    await this.producer?.close().catch(() => undefined);
  }

  private async consumeForever(): Promise<void> {
    for (let attempt = 0; !this.stopping; attempt++) {
      try {
        const stream = await this.connect();
        attempt = 0;
        await this.run(stream);
      } catch (err) {
        if (this.stopping) return;
        this.log.warn(
          { reason: (err as Error).message },
          'the proposal consumer lost Kafka; connecting again',
        );
      }
      await this.disconnect();
      if (!this.stopping) await this.pause(BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)] as number);
    }
  }

  private async connect(): Promise<MessagesStream<Buffer, Buffer, Buffer, Buffer>> {
    this.consumer = new Consumer({
      clientId: 'neohub-mcp-consumer',
      groupId: this.config.proposalConsumerGroup,
      bootstrapBrokers: [...this.config.kafkaBootstrapServers],
      // A join waits for the group's rebalance, which after a crash waits out the old member's session.
      timeout: 45_000,
      sessionTimeout: 10_000,
      heartbeatInterval: 3_000,
      rebalanceTimeout: 30_000,
    });
    this.stream = await this.consumer.consume({
      topics: [this.config.proposalTopic],
      autocommit: false,
      mode: MessagesStreamModes.COMMITTED,
      // Room in the stream for a whole batch fetched ahead while the one before is written.
      highWaterMark: MAX_BATCH_RECORDS,
      fallbackMode: MessagesStreamFallbackModes.EARLIEST,
      maxWaitTime: 500,
    });
    this.log.info(
      { topic: this.config.proposalTopic, group: this.config.proposalConsumerGroup },
      'consuming proposals from Kafka',
    );
    return this.stream;
  }

  private async disconnect(): Promise<void> {
    const { stream, consumer } = this;
    this.stream = undefined;
    this.consumer = undefined;
    if (stream) await new Promise<void>((resolve) => stream.close(() => resolve()));
    if (consumer) await new Promise<void>((resolve) => consumer.close(true, () => resolve()));
  }

  private pause(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  /**
   * Reads on in batches, as DataHub's MCP consumer does: what the stream has already fetched, up to
   * MCP_CONSUMER_BATCH_SIZE bytes of records and MAX_BATCH_RECORDS, is written as one batch, then the last
   * offset of each of its partitions committed.
   */
  private async run(stream: MessagesStream<Buffer, Buffer, Buffer, Buffer>): Promise<void> {
    // The offsets of a batch are committed while the next batch is written: each commit after its batch's
    // write, and in order (each waits for the one before it). A commit lost with the connection repeats
    // its records after the restart: at least once.
    let committing: Promise<void> = Promise.resolve();
    try {
      const records = stream[Symbol.asyncIterator]();
      for (;;) {
        const first = await records.next();
        if (first.done || this.stopping) return;
        const batch: Message<Buffer, Buffer, Buffer, Buffer>[] = [first.value];
        let bytes = first.value.value?.length ?? 0;
        while (
          this.config.proposalBatchEnabled &&
          batch.length < MAX_BATCH_RECORDS &&
          bytes < this.config.proposalBatchBytes &&
          stream.readableLength > 0
        ) {
          const next = await records.next();
          if (next.done) break;
          batch.push(next.value);
          bytes += next.value.value?.length ?? 0;
        }
        if (!(await this.handleBatch(batch))) return;
        const last = [...new Map(batch.map((m) => [m.partition, m])).values()];
        const before = committing;
        committing = before
          .then(async () => {
            for (const m of last) await m.commit();
          })
          .catch((err: unknown) =>
            this.log.warn(
              { reason: (err as Error).message },
              'offsets of written proposals were not committed (their records will be read again)',
            ),
          );
      }
    } finally {
      await committing;
    }
  }

  /**
   * A batch in one write; when that fails as a whole (a record that cannot be decoded, a proposal the
   * batch is refused for, the store down) record by record, each under the rules of `handle`.
   */
  private async handleBatch(batch: Message<Buffer, Buffer, Buffer, Buffer>[]): Promise<boolean> {
    if (batch.length > 1) {
      try {
        const decoded = await Promise.all(batch.map((m) => this.codec.decode(m.value)));
        const failed = await this.target.applyBatch(decoded.map((d) => toProposal(d.value)));
        for (const f of failed)
          await this.publishFailure(
            batch[f.index] as Message<Buffer, Buffer, Buffer, Buffer>,
            decoded[f.index] as { schema: unknown; value: unknown },
            f.message,
          );
        return true;
      } catch (err) {
        this.log.debug(
          { reason: (err as Error).message, records: batch.length },
          'a batch from Kafka is written record by record',
        );
      }
    }
    for (const m of batch) if (!(await this.handle(m))) return false;
    return true;
  }

  /** Applies one record, or publishes its failure; false when the consumer stopped before it was done. */
  private async handle(message: Message<Buffer, Buffer, Buffer, Buffer>): Promise<boolean> {
    for (let attempt = 0; !this.stopping; attempt++) {
      let decoded: { schemaId: number; schema: unknown; value: unknown } | undefined;
      try {
        decoded = await this.codec.decode(message.value);
        await this.target.apply(toProposal(decoded.value));
        return true;
      } catch (err) {
        if (err instanceof FrameError) {
          // Nothing can ever read it: logged with where it is, and passed over.
          this.log.error(
            {
              topic: message.topic,
              partition: message.partition,
              offset: String(message.offset),
              reason: err.message,
            },
            'a proposal record that cannot be decoded was skipped',
          );
          return true;
        }
        const { status, known } = wireStatus(err);
        if (decoded && known && status < 500) {
          await this.publishFailure(message, decoded, (err as Error).message);
          return true;
        }
        const wait = BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)] as number;
        this.log.warn(
          {
            offset: String(message.offset),
            partition: message.partition,
            reason: (err as Error).message,
            retryInMs: wait,
          },
          'a proposal could not be written; trying again',
        );
        await this.pause(wait);
      }
    }
    return false;
  }

  /** DataHub's FailedMetadataChangeProposal: the proposal as it came, and the error (keyed by its URN). */
  private async publishFailure(
    message: Message<Buffer, Buffer, Buffer, Buffer>,
    decoded: { schema: unknown; value: unknown },
    error: string,
  ): Promise<void> {
    const topic = this.config.failedProposalTopic;
    const schema = {
      type: 'record',
      name: 'FailedMetadataChangeProposal',
      namespace: 'com.linkedin.pegasus2avro.mxe',
      fields: [
        { name: 'metadataChangeProposal', type: decoded.schema },
        { name: 'error', type: 'string' },
      ],
    };
    const value = await this.codec.encode(`${topic}-value`, schema, {
      metadataChangeProposal: decoded.value,
      error,
    });
    await this.producer?.send({ messages: [{ topic, key: message.key, value }] });
    this.log.warn(
      { topic, urn: (decoded.value as { entityUrn?: string }).entityUrn, error },
      'a proposal from Kafka was refused; published to the failed proposals topic',
    );
  }
}

/** The decoded Avro record as the write path takes a proposal (the aspect's bytes are its JSON text). */
function toProposal(value: unknown): Proposal {
  const v = value as {
    entityType?: string;
    entityUrn?: string | null;
    changeType?: string;
    aspectName?: string | null;
    aspect?: { value?: Buffer; contentType?: string } | null;
    systemMetadata?: Record<string, unknown> | null;
    headers?: Record<string, string> | null;
  };
  return {
    entityType: v.entityType,
    entityUrn: v.entityUrn ?? undefined,
    changeType: v.changeType,
    aspectName: v.aspectName ?? undefined,
    aspect: v.aspect
      ? {
          value: Buffer.isBuffer(v.aspect.value) ? v.aspect.value.toString('utf8') : v.aspect.value,
          contentType: v.aspect.contentType,
        }
      : undefined,
    systemMetadata: v.systemMetadata ? plain(v.systemMetadata) : null,
    headers: v.headers ?? null,
  };
}

/** avsc's records as plain objects (the write path keeps system metadata as JSON). */
const plain = (v: Record<string, unknown>): Record<string, unknown> =>
  JSON.parse(JSON.stringify(v)) as Record<string, unknown>;

import { Producer } from '@platformatic/kafka';
import avro from 'avsc';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import type { EventTopic, PublishedRecord, RecordSink } from '../services/index.js';
import { AvroCodec, type SchemaSource } from './avro-codec.js';
import { writeFrame } from './confluent-frame.js';

/** The writer schemas of the records (DataHub's, from the pinned wheel: the registry's `WIRE_SCHEMAS`). */
export interface ChangeLogSchemas {
  readonly MetadataChangeLog: object;
  readonly PlatformEvent: object;
}

/**
 * The Kafka end of the change-log publisher: each record in Avro with DataHub's writer schema (registered
 * under Confluent's `<topic>-value` subject), in Confluent's framing, keyed by the entity's URN, on the
 * configured topic; a batch is sent in requests of at most 1 MiB of records (a broker's default largest
 * batch; one record larger than that goes alone, up to KAFKA_PRODUCER_MAX_REQUEST_SIZE), each resolving once
 * every broker in sync has it (acks = all), so that the checkpoint moves only past records on the topic.
 */
export class ChangeLogProducer implements RecordSink {
  private readonly codec: AvroCodec;
  private readonly producer: Producer;
  private readonly topics: Readonly<Record<EventTopic, { name: string; schema: object }>>;

  private readonly maxRequestBytes: number;

  constructor(
    config: Config,
    schemas: SchemaSource,
    wire: ChangeLogSchemas,
    private readonly log: Logger,
  ) {
    this.codec = new AvroCodec(schemas);
    this.maxRequestBytes = config.kafkaProducerMaxRequestSize;
    this.producer = new Producer({
      clientId: 'neohub-change-log',
      bootstrapBrokers: [...config.kafkaBootstrapServers],
      acks: -1,
      retries: 3,
    });
    this.topics = {
      MetadataChangeLog_Versioned_v1: {
        name: config.changeLogVersionedTopic,
        schema: wire.MetadataChangeLog,
      },
      MetadataChangeLog_Timeseries_v1: {
        name: config.changeLogTimeseriesTopic,
        schema: wire.MetadataChangeLog,
      },
      PlatformEvent_v1: { name: config.platformEventTopic, schema: wire.PlatformEvent },
    };
    log.info({ topics: Object.values(this.topics).map((t) => t.name) }, 'publishing the change log to Kafka');
  }

  async send(records: readonly PublishedRecord[]): Promise<void> {
    const messages = await Promise.all(
      records.map(async (r) => {
        const topic = this.topics[r.topic];
        const { id, type } = await this.codec.writer(`${topic.name}-value`, topic.schema);
        return {
          topic: topic.name,
          key: Buffer.from(r.key),
          value: writeFrame(id, type.toBuffer(conform(type, r.record))),
        };
      }),
    );
    for (const part of groupIntoRequests(messages, this.maxRequestBytes)) {
      const one = part[0] as Message;
      if (part.length === 1 && size(one) > this.maxRequestBytes) {
        this.tooLarge(one, `larger than KAFKA_PRODUCER_MAX_REQUEST_SIZE (${this.maxRequestBytes} bytes)`);
        continue;
      }
      try {
        await this.producer.send({ messages: part });
      } catch (err) {
        // A record the topic cannot take (its max.message.bytes) never will: logged, and passed over.
        if (part.length === 1 && refusedAsTooLarge(err))
          this.tooLarge(one, "larger than the topic's max.message.bytes");
        else throw err;
      }
    }
  }

  private tooLarge(message: Message, why: string): void {
    this.log.error(
      { topic: message.topic, key: message.key.toString(), bytes: size(message) },
      `a change-log record ${why} was not published`,
    );
  }

  async close(): Promise<void> {
    await this.producer.close().catch(() => undefined);
  }
}

/**
 * A record as the Events API carries it, fitted to its Avro schema: JSON text where the schema has bytes
 * (an aspect's value, an event's payload), a union's value as the member it fits, fields the schema
 * lacks left out and those it has but the record lacks (or holds in another shape) at their defaults.
 */
export function conform(type: avro.Type, v: unknown): unknown {
  switch (type.typeName) {
    case 'record': {
      if (!isObject(v)) return v;
      const out: Record<string, unknown> = {};
      for (const f of (type as avro.types.RecordType).fields) {
        const got = v[f.name];
        const fitted = got === undefined || got === null ? got : conform(f.type, got);
        out[f.name] = fitted !== undefined && f.type.isValid(fitted) ? fitted : f.defaultValue();
      }
      return out;
    }
    case 'union:unwrapped': {
      if (v === null || v === undefined) return null;
      for (const member of (type as avro.types.UnwrappedUnionType).types) {
        if (member.typeName === 'null') continue;
        const fitted = conform(member, v);
        if (member.isValid(fitted)) return fitted;
      }
      return v;
    }
    case 'bytes':
      return typeof v === 'string' ? Buffer.from(v, 'utf8') : v;
    case 'string':
      return typeof v === 'number' || typeof v === 'boolean' ? String(v) : v;
    case 'map': {
      if (!isObject(v)) return v;
      const values = (type as avro.types.MapType).valuesType as avro.Type;
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, conform(values, x)]));
    }
    case 'array':
      return Array.isArray(v) ? v.map((x) => conform((type as avro.types.ArrayType).itemsType, x)) : v;
    default:
      return v;
  }
}

type Message = { topic: string; key: Buffer; value: Buffer };

/** A record's bytes in a request: its key, its value and Kafka's per-record overhead (headers, varints). */
const size = (m: Message): number => m.key.length + m.value.length + 64;

/** A broker's default largest record batch (`message.max.bytes`, 1 MiB): no request groups more than this. */
const GROUP_BYTES = 1_048_576;

/** The messages in order, grouped into requests of at most `GROUP_BYTES` (or `max`, when smaller). */
export function groupIntoRequests(messages: readonly Message[], max: number): Message[][] {
  const limit = Math.min(GROUP_BYTES, max);
  const out: Message[][] = [];
  let current: Message[] = [];
  let bytes = 0;
  for (const m of messages) {
    const n = size(m);
    if (current.length > 0 && bytes + n > limit) {
      out.push(current);
      current = [];
      bytes = 0;
    }
    current.push(m);
    bytes += n;
  }
  if (current.length > 0) out.push(current);
  return out;
}

/** Whether the broker refused a request because a record batch was larger than the topic takes. */
function refusedAsTooLarge(err: unknown): boolean {
  const seen = new Set<unknown>();
  const walk = (e: unknown): boolean => {
    if (typeof e !== 'object' || e === null || seen.has(e)) return false;
    seen.add(e);
    const x = e as { apiId?: unknown; errors?: unknown; aggregateErrors?: unknown; cause?: unknown };
    if (x.apiId === 'MESSAGE_TOO_LARGE') return true;
    const inner = [x.errors, x.aggregateErrors].flatMap((l) => (Array.isArray(l) ? l : []));
    return inner.some(walk) || walk(x.cause);
  };
  return walk(err);
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !Buffer.isBuffer(v);

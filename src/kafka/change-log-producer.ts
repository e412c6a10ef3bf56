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
 * configured topic; a batch is sent as one request and resolves once every broker in sync has it
 * (acks = all), so that the checkpoint moves only past records that are on the topic.
 */
export class ChangeLogProducer implements RecordSink {
  private readonly codec: AvroCodec;
  private readonly producer: Producer;
  private readonly topics: Readonly<Record<EventTopic, { name: string; schema: object }>>;

  constructor(config: Config, schemas: SchemaSource, wire: ChangeLogSchemas, log: Logger) {
    this.codec = new AvroCodec(schemas);
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
    await this.producer.send({ messages });
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

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !Buffer.isBuffer(v);

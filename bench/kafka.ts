import { randomUUID } from 'node:crypto';
import { Consumer, MessagesStreamModes, Producer, type MessagesStream } from '@platformatic/kafka';
import { AvroCodec } from '../src/kafka/index.js';
import { startKafkaBroker } from '../test/support/kafka/broker.js';
import { mcpSchema, proposal } from '../test/support/kafka/proposals.js';
import { httpRegistry } from '../test/support/kafka/registry.js';
import { AUTH } from './auth.js';
import { benchUrn, datasetRows, httpLoad, postProposal } from './data.js';

/** Datasets (5 aspects each) written each way, through Kafka and through the REST batch. */
const KAFKA_DATASETS = Number(process.env.BENCH_KAFKA_DATASETS ?? 5000);
/** Single writes whose records the publisher's lag is measured on. */
const LAG_WRITES = Number(process.env.BENCH_KAFKA_LAG_WRITES ?? 200);
/** Rounds of each (REST, then Kafka, in turn): the figures are their medians. */
const KAFKA_ROUNDS = Number(process.env.BENCH_KAFKA_ROUNDS ?? 3);

type Server = { base: string; stop: () => Promise<void> };
const round = (n: number, d = 1): number => Math.round(n * 10 ** d) / 10 ** d;
const pct = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
const median = (xs: number[]): number =>
  pct(
    [...xs].sort((a, b) => a - b),
    50,
  );
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The `kafka` phase (issue 42): a single-node Apache Kafka from Maven Central's jars beside one neohub
 * (search sync off: the figures are the write path's), and
 * - proposals per second consumed from `MetadataChangeProposal_v1` into the store (the sink's Avro in
 *   Confluent's framing, produced as fast as the client sends, timed from the first record produced to the
 *   last one readable), against the same proposals through the REST batch (1,000 per call), in rounds
 *   of each in turn (medians);
 * - the change-log publisher's lag: a single write's response (its commit) to its record on
 *   `MetadataChangeLog_Versioned_v1`, p50 and p95 over single writes 20 to 100 ms apart.
 */
export async function kafkaPhase(
  start: (env: Record<string, string>) => Promise<Server>,
  log: (m: string) => void,
): Promise<Record<string, number>> {
  const broker = await startKafkaBroker({ log, heap: '1g' });
  try {
    const server = await start({
      KAFKA_BOOTSTRAP_SERVER: broker.bootstrap,
      NEOHUB_SEARCH_SYNC: 'false',
      NEOHUB_TEST_RESULTS_SYNC: 'false',
    });
    try {
      const codec = new AvroCodec(httpRegistry(() => server.base));
      const producer = new Producer({ clientId: 'neohub-bench', bootstrapBrokers: [broker.bootstrap] });
      const watch = await ChangeLogWatch.start(broker.bootstrap);
      try {
        // Warm both ways (Cypher plans, the consumer's group and schema). Then rounds of each in turn, each
        // after the publisher has caught up with the one before (else its backlog runs beside the next);
        // the medians are the figures.
        await httpLoad(server.base, ...datasetRows(`kwarm_${randomUUID().slice(0, 6)}`, 400));
        await kafkaRate(server.base, codec, producer, `kwarm_${randomUUID().slice(0, 6)}`, 400);
        const rests: number[] = [];
        const kafkas: number[] = [];
        const catchUps: number[] = [];
        for (let r = 0; r < KAFKA_ROUNDS; r++) {
          await watch.caughtUp(server.base);
          rests.push(
            await httpLoad(server.base, ...datasetRows(`krest_${randomUUID().slice(0, 6)}`, KAFKA_DATASETS)),
          );
          await watch.caughtUp(server.base);
          const kafka = await kafkaRate(
            server.base,
            codec,
            producer,
            `kafka_${randomUUID().slice(0, 6)}`,
            KAFKA_DATASETS,
          );
          kafkas.push(kafka.consumed);
          const behind = performance.now();
          await watch.caughtUp(server.base);
          catchUps.push((performance.now() - behind) / 1000);
          log(
            `round ${r + 1}: REST batch ${round(rests[r] as number)} proposals/s, Kafka ${round(kafka.consumed)} ` +
              `consumed (produced at ${round(kafka.produced)}/s); the publisher caught up ` +
              `${round(catchUps[r] as number, 2)} s after the last write`,
          );
        }
        const [rest, kafka] = [median(rests), median(kafkas)];
        const lag = await watch.lag(server.base, LAG_WRITES);
        log(`publisher lag: p50 ${round(lag.p50)} ms, p95 ${round(lag.p95)} ms over ${lag.received} writes`);
        return {
          'kafka.proposals': KAFKA_DATASETS * 5,
          'kafka.restBatch.proposalsPerSec': round(rest),
          'kafka.consume.proposalsPerSec': round(kafka),
          'kafka.consumeToRestRatio': round(kafka / rest, 3),
          'kafka.publisherCatchUpAfterIngestSec': round(median(catchUps), 2),
          'kafka.publishLag.p50Ms': round(lag.p50),
          'kafka.publishLag.p95Ms': round(lag.p95),
        };
      } finally {
        await watch.close();
        await producer.close().catch(() => undefined);
      }
    } finally {
      await server.stop();
    }
  } finally {
    await broker.stop();
  }
}

/** Produces the run's proposals (encoded beforehand), and waits until the last one is readable. */
async function kafkaRate(
  base: string,
  codec: AvroCodec,
  producer: Producer,
  run: string,
  datasets: number,
): Promise<{ consumed: number; produced: number }> {
  // The run's rows, then a marker: its last dataset's `status`, read back through GraphQL below.
  const [, data] = datasetRows(run, datasets);
  const lastUrn = (data[data.length - 1] as { urn: string }).urn;
  const all = [...data, { urn: lastUrn, aspect: 'status', value: { removed: false } }];
  const schema = mcpSchema('bench');
  const messages = await Promise.all(
    all.map(async (r) => ({
      topic: 'MetadataChangeProposal_v1',
      key: Buffer.from(r.urn),
      value: await codec.encode(
        'MetadataChangeProposal_v1-value',
        schema,
        proposal(r.urn, r.aspect, r.value, run),
      ),
    })),
  );
  const started = performance.now();
  for (let i = 0; i < messages.length; i += 1000)
    await producer.send({ messages: messages.slice(i, i + 1000) });
  const producedMs = performance.now() - started;
  // One partition (the default): the last record written means every record before it was written.
  const query = `{ dataset(urn: ${JSON.stringify(lastUrn)}) { status { removed } } }`;
  for (;;) {
    const res = await fetch(`${base}/api/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...AUTH },
      body: JSON.stringify({ query }),
    });
    const body = (await res.json()) as { data?: { dataset?: { status?: unknown } | null } };
    if (body.data?.dataset?.status) break;
    if (performance.now() - started > 600_000) throw new Error(`Kafka's proposals of ${run} never arrived`);
    await sleep(20);
  }
  const seconds = (performance.now() - started) / 1000;
  return { consumed: all.length / seconds, produced: all.length / (producedMs / 1000) };
}

/**
 * The versioned change-log topic read from its end: the first record of each URN (the key) and when it
 * arrived. The publisher publishes in commit order, so once a write's record is there, so is everything
 * written before it.
 */
class ChangeLogWatch {
  private readonly arrived = new Map<string, number>();
  private readonly reading: Promise<void>;

  private constructor(
    private readonly consumer: Consumer,
    private readonly stream: MessagesStream<Buffer, Buffer, Buffer, Buffer>,
  ) {
    this.reading = (async () => {
      for await (const m of stream) {
        const key = m.key.toString();
        if (!this.arrived.has(key)) this.arrived.set(key, performance.now());
      }
    })().catch(() => undefined);
  }

  static async start(bootstrap: string): Promise<ChangeLogWatch> {
    const consumer = new Consumer({
      clientId: 'neohub-bench-lag',
      groupId: `bench_lag_${randomUUID().slice(0, 8)}`,
      bootstrapBrokers: [bootstrap],
    });
    const stream = await consumer.consume({
      topics: ['MetadataChangeLog_Versioned_v1'],
      mode: MessagesStreamModes.LATEST,
      autocommit: false,
      maxWaitTime: 20,
      minBytes: 1,
    });
    await sleep(2000); // the partition assigned, at the topic's end
    return new ChangeLogWatch(consumer, stream);
  }

  /** Resolves once the publisher has published everything written until now. */
  async caughtUp(base: string): Promise<void> {
    const urn = benchUrn(`kmark_${randomUUID().slice(0, 6)}`, 0);
    await writeStatus(base, urn);
    for (const started = performance.now(); !this.arrived.has(urn); await sleep(20))
      if (performance.now() - started > 600_000) throw new Error('the publisher never caught up');
  }

  /** Single writes 20 to 100 ms apart: each one's response (its commit) to its record on the topic. */
  async lag(base: string, writes: number): Promise<{ p50: number; p95: number; received: number }> {
    await this.caughtUp(base);
    const run = `klag_${randomUUID().slice(0, 6)}`;
    const done: { urn: string; at: number }[] = [];
    for (let i = 0; i < writes; i++) {
      const urn = benchUrn(run, i);
      await writeStatus(base, urn);
      done.push({ urn, at: performance.now() });
      await sleep(20 + Math.random() * 80);
    }
    await this.caughtUp(base);
    const lags = done
      .filter((d) => this.arrived.has(d.urn))
      .map((d) => Math.max(0, (this.arrived.get(d.urn) as number) - d.at))
      .sort((a, b) => a - b);
    return { p50: pct(lags, 50), p95: pct(lags, 95), received: lags.length };
  }

  async close(): Promise<void> {
    await new Promise<void>((r) => this.stream.close(() => r()));
    await new Promise<void>((r) => this.consumer.close(true, () => r()));
    await this.reading;
  }
}

/** A dataset's `status` through Rest.li's single ingest: one write, one transaction. */
const writeStatus = (base: string, urn: string): Promise<void> =>
  postProposal(base, {
    entityType: 'dataset',
    entityUrn: urn,
    changeType: 'UPSERT',
    aspectName: 'status',
    aspect: { value: '{"removed":false}', contentType: 'application/json' },
  });

/**
 * The proposal consumer (issue 42, item 2), against the real Apache Kafka broker the test command starts:
 * Avro proposals in Confluent's framing, their writer's schema registered with neohub's registry, are
 * written through the one write path with the run id they carry; a proposal the write path refuses (an
 * unknown aspect, an invalid aspect value) goes to the failed proposals topic with the error while the records
 * around it are written; offsets are committed, so a neohub started again on the same group does not apply
 * them twice.
 */
import { Consumer, MessagesStreamModes, Producer } from '@platformatic/kafka';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asSystem } from '../../src/auth/index.js';
import { AvroCodec } from '../../src/kafka/index.js';
import type { Runtime } from '../../src/runtime.js';
import { mcpSchema, proposal, type KafkaTestProposal } from '../support/kafka/proposals.js';
import { httpRegistry } from '../support/kafka/registry.js';
import { datasetUrn, startTestServer, unique } from '../support/runtime.js';

const bootstrap = process.env.NEOHUB_TEST_KAFKA_BOOTSTRAP;
if (!bootstrap) throw new Error('Kafka tests need NEOHUB_TEST_KAFKA_BOOTSTRAP: run them through `npm test`.');

const id = unique();
const topics = { proposals: `mcp_${id}`, failed: `fmcp_${id}` };
const env = {
  KAFKA_BOOTSTRAP_SERVER: bootstrap,
  METADATA_CHANGE_PROPOSAL_TOPIC_NAME: topics.proposals,
  FAILED_METADATA_CHANGE_PROPOSAL_TOPIC_NAME: topics.failed,
  METADATA_CHANGE_LOG_VERSIONED_TOPIC_NAME: `mclv_${id}`,
  METADATA_CHANGE_LOG_TIMESERIES_TOPIC_NAME: `mclt_${id}`,
  PLATFORM_EVENT_TOPIC_NAME: `pe_${id}`,
  METADATA_CHANGE_PROPOSAL_KAFKA_CONSUMER_GROUP_ID: `neohub_${id}`,
};

let rt: Runtime;
let producer: Producer;
let codec: AvroCodec;

beforeAll(async () => {
  rt = await startTestServer(env);
  producer = new Producer({ clientId: 'neohub-test', bootstrapBrokers: [bootstrap] });
  codec = new AvroCodec(httpRegistry(() => rt.url));
});
afterAll(async () => {
  await producer?.close();
  await rt?.stop();
});

/** A proposal as a Kafka record, its writer's schema registered with neohub. */
const recordOf = async (p: KafkaTestProposal) => ({
  topic: topics.proposals,
  key: Buffer.from(p.entityUrn),
  value: await codec.encode(`${topics.proposals}-value`, mcpSchema(id), p),
});

async function send(...proposals: KafkaTestProposal[]): Promise<void> {
  await producer.send({ messages: await Promise.all(proposals.map(recordOf)) });
}

/** The latest version of an aspect once it is there (polled: the consumer writes asynchronously). */
async function aspectOf(
  r: Runtime,
  urn: string,
  name: string,
  until: (v: Record<string, unknown>) => boolean = () => true,
) {
  for (let i = 0; i < 300; i++) {
    const view = await asSystem(() => r.services.reads.entity(urn, [name]));
    const found = view.aspects[name];
    if (found && until(found.value)) return found;
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error(`${name} of ${urn} was not written in 30 s`);
}

/** A record of the failed proposals topic, as DataHub's FailedMetadataChangeProposal. */
interface FailedRecord {
  metadataChangeProposal: { entityUrn: string; aspectName: string };
  error: string;
}

/** The failed proposals topic's records of `urns` (with their keys), read from its start until all are there. */
async function failedFor(urns: string[]): Promise<Map<string, { key: string; record: FailedRecord }>> {
  const consumer = new Consumer({
    clientId: 'neohub-test',
    groupId: `failed_${unique()}`,
    bootstrapBrokers: [bootstrap as string],
  });
  const stream = await consumer.consume({
    topics: [topics.failed],
    mode: MessagesStreamModes.EARLIEST,
    autocommit: false,
    maxWaitTime: 200,
  });
  const found = new Map<string, { key: string; record: FailedRecord }>();
  try {
    for await (const m of stream) {
      const record = (await codec.decode(m.value)).value as FailedRecord;
      const urn = record.metadataChangeProposal.entityUrn;
      if (urns.includes(urn)) found.set(urn, { key: m.key.toString(), record });
      if (found.size === urns.length) break;
    }
  } finally {
    await stream.close();
    await consumer.close(true);
  }
  return found;
}

describe('the proposal consumer', () => {
  it('writes proposals from Kafka through the write path, with the run id they carry', async () => {
    const a = datasetUrn(`kafka_a_${unique()}`);
    const b = datasetUrn(`kafka_b_${unique()}`);
    await send(
      proposal(a, 'datasetProperties', { name: 'A', description: 'from Kafka' }, `run-${id}`),
      proposal(b, 'status', { removed: false }, `run-${id}`),
    );
    const props = await aspectOf(rt, a, 'datasetProperties');
    expect(props.value).toMatchObject({ name: 'A', description: 'from Kafka' });
    expect(props.systemMetadata).toMatchObject({ runId: `run-${id}` });
    expect((await aspectOf(rt, b, 'status')).value).toEqual({ removed: false });
  });

  it('publishes a refused proposal to the failed proposals topic with the error', async () => {
    const urn = datasetUrn(`kafka_bad_${unique()}`);
    const good = datasetUrn(`kafka_after_${unique()}`);
    await send(
      proposal(urn, 'notAnAspectOfDatasets', { x: 1 }, `run-${id}`),
      proposal(good, 'datasetProperties', { name: 'after the bad one' }, `run-${id}`),
    );
    // The records after a refused one go on.
    expect((await aspectOf(rt, good, 'datasetProperties')).value).toMatchObject({
      name: 'after the bad one',
    });
    const failed = (await failedFor([urn])).get(urn);
    expect(failed?.key).toBe(urn);
    expect(failed?.record.metadataChangeProposal.aspectName).toBe('notAnAspectOfDatasets');
    expect(failed?.record.error).toContain('notAnAspectOfDatasets');
  });

  it('publishes a proposal whose aspect value is invalid with the error, and writes the good ones around it', async () => {
    const before = datasetUrn(`kafka_before_${unique()}`);
    const wrongType = datasetUrn(`kafka_wrong_type_${unique()}`);
    const wrongKind = datasetUrn(`kafka_wrong_kind_${unique()}`);
    const after = datasetUrn(`kafka_after_${unique()}`);
    const stamp = { time: 1700000000000, actor: 'urn:li:corpuser:datahub' };
    await send(
      proposal(before, 'datasetProperties', { name: 'before the bad ones' }, `run-${id}`),
      // A string field holding a number.
      proposal(wrongType, 'datasetProperties', { name: 42 }, `run-${id}`),
      // A DatasetUrn field holding a user's URN.
      proposal(
        wrongKind,
        'upstreamLineage',
        { upstreams: [{ dataset: 'urn:li:corpuser:not_a_dataset', type: 'TRANSFORMED', auditStamp: stamp }] },
        `run-${id}`,
      ),
      proposal(after, 'datasetProperties', { name: 'after the bad ones' }, `run-${id}`),
    );
    expect((await aspectOf(rt, before, 'datasetProperties')).value).toMatchObject({
      name: 'before the bad ones',
    });
    expect((await aspectOf(rt, after, 'datasetProperties')).value).toMatchObject({
      name: 'after the bad ones',
    });
    const failed = await failedFor([wrongType, wrongKind]);
    const type = failed.get(wrongType);
    expect(type?.key).toBe(wrongType);
    expect(type?.record.metadataChangeProposal.aspectName).toBe('datasetProperties');
    expect(type?.record.error).toMatch(/\/name :: 42 cannot be coerced to String/);
    const kind = failed.get(wrongKind);
    expect(kind?.key).toBe(wrongKind);
    expect(kind?.record.metadataChangeProposal.aspectName).toBe('upstreamLineage');
    expect(kind?.record.error).toContain('expected a URN of kind dataset, got one of kind corpuser');
    // Refused, not written.
    for (const [urn, name] of [
      [wrongType, 'datasetProperties'],
      [wrongKind, 'upstreamLineage'],
    ] as const) {
      const view = await asSystem(() => rt.services.reads.entity(urn, [name]));
      expect(view.aspects[name]).toBeUndefined();
    }
  });

  it('commits what it wrote: a neohub started again on the group reads only what came after', async () => {
    const urn = datasetUrn(`kafka_restart_${unique()}`);
    await send(proposal(urn, 'datasetProperties', { name: 'first' }, `run-${id}`));
    await aspectOf(rt, urn, 'datasetProperties');
    const next = await recordOf(proposal(urn, 'datasetProperties', { name: 'second' }, `run-${id}`));
    await rt.stop();
    // Written while no consumer runs; the earlier record must not be applied again over it.
    await producer.send({ messages: [next] });
    rt = await startTestServer(env);
    const second = await aspectOf(rt, urn, 'datasetProperties', (v) => v.name === 'second');
    expect(second.value).toMatchObject({ name: 'second' });
    // The history holds exactly one older version: the first, written once.
    const history = await asSystem(() => rt.services.reads.aspect(urn, 'datasetProperties', 1));
    expect(history.value).toMatchObject({ name: 'first' });
    await expect(asSystem(() => rt.services.reads.aspect(urn, 'datasetProperties', 2))).rejects.toThrow();
  });
});

/**
 * The proposal consumer (issue 42, item 2), against the real Apache Kafka broker the test command starts:
 * Avro proposals in Confluent's framing, their writer's schema registered with neohub's registry, are
 * written through the one write path with the run id they carry; a proposal the write path refuses goes to
 * the failed proposals topic with the error; offsets are committed, so a neohub started again on the same
 * group does not apply them twice.
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
    let failed:
      { metadataChangeProposal: { entityUrn: string; aspectName: string }; error: string } | undefined;
    for await (const m of stream) {
      const decoded = (await codec.decode(m.value)).value as typeof failed;
      if (decoded?.metadataChangeProposal.entityUrn === urn) {
        expect(m.key.toString()).toBe(urn);
        failed = decoded;
        break;
      }
    }
    await stream.close();
    await consumer.close(true);
    expect(failed?.metadataChangeProposal.aspectName).toBe('notAnAspectOfDatasets');
    expect(failed?.error).toContain('notAnAspectOfDatasets');
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

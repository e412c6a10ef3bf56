/**
 * Kafka setup (issue 42, item 4), against the real Apache Kafka broker the test command starts
 * (NEOHUB_TEST_KAFKA_BOOTSTRAP): DataHub's topics created when absent with the configured partitions and
 * DataHub's topic settings,
 * existing topics left as they are, a neohub configured with Kafka creates them at its start, and an
 * unreachable Kafka stops the start with a message naming the variable.
 */
import { Admin, ConfigResourceTypes } from '@platformatic/kafka';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { ensureTopics, KafkaSetupError } from '../../src/kafka/index.js';
import { createLogger } from '../../src/logger.js';
import { freePort } from '../support/processes.js';
import { startTestServer, unique } from '../support/runtime.js';

const bootstrap = process.env.NEOHUB_TEST_KAFKA_BOOTSTRAP;
if (!bootstrap) throw new Error('Kafka tests need NEOHUB_TEST_KAFKA_BOOTSTRAP: run them through `npm test`.');

const log = createLogger('error');
const admin = new Admin({ clientId: 'neohub-test', bootstrapBrokers: [bootstrap] });
afterAll(() => admin.close());

/** DataHub's topic variables, each naming a topic of this test's own. */
const topicEnv = (id: string): Record<string, string> => ({
  METADATA_CHANGE_PROPOSAL_TOPIC_NAME: `mcp_${id}`,
  FAILED_METADATA_CHANGE_PROPOSAL_TOPIC_NAME: `fmcp_${id}`,
  METADATA_CHANGE_LOG_VERSIONED_TOPIC_NAME: `mclv_${id}`,
  METADATA_CHANGE_LOG_TIMESERIES_TOPIC_NAME: `mclt_${id}`,
  PLATFORM_EVENT_TOPIC_NAME: `pe_${id}`,
});

const partitionsOf = async (topics: string[]): Promise<Record<string, number>> => {
  const meta = await admin.metadata({ topics, forceUpdate: true });
  return Object.fromEntries(topics.map((t) => [t, meta.topics.get(t)?.partitionsCount ?? 0]));
};

describe('Kafka topics', () => {
  it('creates the absent topics with the configured partitions, and leaves existing ones as they are', async () => {
    const id = unique();
    const env = topicEnv(id);
    await admin.createTopics({ topics: [`pe_${id}`], partitions: 1, replicas: 1 });
    const config = loadConfig({ KAFKA_BOOTSTRAP_SERVER: bootstrap, PARTITIONS: '2', ...env });
    const created = await ensureTopics(config, log);
    expect(created.sort()).toEqual([`fmcp_${id}`, `mclt_${id}`, `mclv_${id}`, `mcp_${id}`]);
    expect(await partitionsOf(Object.values(env))).toEqual({
      [`mcp_${id}`]: 2,
      [`fmcp_${id}`]: 2,
      [`mclv_${id}`]: 2,
      [`mclt_${id}`]: 2,
      [`pe_${id}`]: 1,
    });
    expect(await ensureTopics(config, log)).toEqual([]);
    // As DataHub's setup makes them: records up to MAX_MESSAGE_BYTES, the time-series log kept 90 days.
    const described = await admin.describeConfigs({
      resources: [`mcp_${id}`, `mclt_${id}`].map((resourceName) => ({
        resourceType: ConfigResourceTypes.TOPIC,
        resourceName,
        configurationKeys: ['max.message.bytes', 'retention.ms'],
      })),
    });
    const settings = Object.fromEntries(
      described.map((d) => [d.resourceName, Object.fromEntries(d.configs.map((c) => [c.name, c.value]))]),
    );
    expect(settings[`mcp_${id}`]?.['max.message.bytes']).toBe('5242880');
    expect(settings[`mclt_${id}`]).toEqual({ 'max.message.bytes': '5242880', 'retention.ms': '7776000000' });
  });

  it('creates them when a neohub configured with Kafka starts', async () => {
    const id = unique();
    const rt = await startTestServer({ KAFKA_BOOTSTRAP_SERVER: bootstrap, ...topicEnv(id) });
    try {
      const topics = await admin.listTopics();
      expect(topics).toEqual(expect.arrayContaining(Object.values(topicEnv(id))));
    } finally {
      await rt.stop();
    }
  });

  it('stops with a message naming KAFKA_BOOTSTRAP_SERVER when Kafka cannot be reached', async () => {
    const port = await freePort();
    const config = loadConfig({ KAFKA_BOOTSTRAP_SERVER: `127.0.0.1:${port}`, ...topicEnv(unique()) });
    const err = await ensureTopics(config, log).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(KafkaSetupError);
    expect((err as Error).message).toContain(`Kafka at 127.0.0.1:${port} (KAFKA_BOOTSTRAP_SERVER)`);
  });
});

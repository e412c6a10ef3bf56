/**
 * Killing neohub (kill -9) while it consumes proposals from Kafka loses none (issue 42, item 2): offsets are
 * committed only after the write commits, so a neohub started again on the same consumer group reads on
 * from the last committed record and every proposal ends up in the store. The test checks that the kill
 * came midway: some proposals written when the process died, not all.
 */
import { Admin, Producer } from '@platformatic/kafka';
import { afterAll, describe, expect, it } from 'vitest';
import { AvroCodec } from '../../src/kafka/index.js';
import { createLogger } from '../../src/logger.js';
import { SchemaRegistryService } from '../../src/services/index.js';
import { createDriver, Executor, Neo4jStore, SchemaRegistryStore } from '../../src/store/index.js';
import { mcpSchema, proposal } from '../support/kafka/proposals.js';
import { eventually, startNeohub, type NeohubProcess } from '../support/processes.js';
import { datasetUrn, graphTarget, unique } from '../support/runtime.js';

const bootstrap = process.env.NEOHUB_TEST_KAFKA_BOOTSTRAP;
if (!bootstrap) throw new Error('Kafka tests need NEOHUB_TEST_KAFKA_BOOTSTRAP: run them through `npm test`.');

const g = graphTarget();
const exec = new Executor(createDriver(g.uri, g.user, g.password), createLogger('error'), undefined);
const store = new Neo4jStore(exec);
const registry = new SchemaRegistryService(new SchemaRegistryStore(exec));
const servers: NeohubProcess[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop();
  await exec.close();
});

const id = unique();
const topic = `mcp_kill_${id}`;
const env = {
  NEOHUB_AUTH: 'off',
  NEOHUB_TEST_RESULTS_SYNC: 'false',
  NEOHUB_SEARCH_SYNC: 'false',
  KAFKA_BOOTSTRAP_SERVER: bootstrap,
  METADATA_CHANGE_PROPOSAL_TOPIC_NAME: topic,
  FAILED_METADATA_CHANGE_PROPOSAL_TOPIC_NAME: `fmcp_kill_${id}`,
  METADATA_CHANGE_LOG_VERSIONED_TOPIC_NAME: `mclv_kill_${id}`,
  METADATA_CHANGE_LOG_TIMESERIES_TOPIC_NAME: `mclt_kill_${id}`,
  PLATFORM_EVENT_TOPIC_NAME: `pe_kill_${id}`,
  METADATA_CHANGE_PROPOSAL_KAFKA_CONSUMER_GROUP_ID: `neohub_kill_${id}`,
};

/**
 * Proposals produced before neohub starts. The first neohub writes them one transaction each
 * (MCP_CONSUMER_BATCH_ENABLED=false): with DataHub's batches (decision 0069) all of them would be written in
 * one or two transactions and a kill would come before or after the lot, never while some are written.
 */
const COUNT = 2000;

/** How many of the URNs have their datasetProperties stored. */
const stored = async (urns: string[]): Promise<number> =>
  new Set((await store.latest(urns)).filter((a) => a.name === 'datasetProperties').map((a) => a.urn)).size;

describe('fault: neohub is killed (kill -9) while it consumes proposals from Kafka', () => {
  it('loses no proposal: a neohub started again on the group writes every one', async () => {
    const admin = new Admin({ clientId: 'neohub-test', bootstrapBrokers: [bootstrap] });
    await admin.createTopics({ topics: [topic], partitions: 3, replicas: 1 });
    await admin.close();
    const codec = new AvroCodec({
      schemaById: async () => undefined,
      register: async (subject, schema) => (await registry.register(subject, { schema })).id,
    });
    const urns = Array.from({ length: COUNT }, (_, i) => datasetUrn(`kafka_kill_${id}_${i}`));
    const producer = new Producer({ clientId: 'neohub-test', bootstrapBrokers: [bootstrap] });
    for (let i = 0; i < COUNT; i += 500) {
      const batch = urns.slice(i, i + 500);
      const messages = await Promise.all(
        batch.map(async (urn, j) => ({
          topic,
          key: Buffer.from(urn),
          value: await codec.encode(
            `${topic}-value`,
            mcpSchema(id),
            proposal(urn, 'datasetProperties', { name: `n${i + j}` }, `run-kill-${id}`),
          ),
        })),
      );
      await producer.send({ messages });
    }
    await producer.close();

    const first = await startNeohub({ ...env, MCP_CONSUMER_BATCH_ENABLED: 'false' }, { timeoutMs: 60_000 });
    servers.push(first);
    expect(await eventually(async () => (await stored(urns)) >= 50, 60_000, 100)).toBe(true);
    await first.kill9();
    // Counted once the process is gone: the kill came while it consumed, some written and some not.
    const atKill = await stored(urns);
    expect(atKill, first.output().slice(-3000)).toBeGreaterThanOrEqual(50);
    expect(atKill, first.output().slice(-3000)).toBeLessThan(COUNT);

    // The second neohub consumes with DataHub's batches, from the group's last committed offsets.
    const second = await startNeohub(env, { timeoutMs: 60_000 });
    servers.push(second);
    const all = await eventually(async () => (await stored(urns)) === COUNT, 180_000);
    expect(all, second.output().slice(-3000)).toBe(true);
    const names = new Map(
      (await store.latest(urns))
        .filter((a) => a.name === 'datasetProperties')
        .map((a) => [a.urn, (JSON.parse(a.value) as { name: string }).name]),
    );
    expect(urns.filter((u, i) => names.get(u) !== `n${i}`)).toEqual([]);
    // Two neohub starts, each joining the group (the second after the killed member's session ends).
  }, 300_000);
});

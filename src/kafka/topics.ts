import { Admin } from '@platformatic/kafka';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';

/** The topics neohub uses, by DataHub's names (as configured). */
export function kafkaTopics(config: Config): string[] {
  return [
    config.proposalTopic,
    config.failedProposalTopic,
    config.changeLogVersionedTopic,
    config.changeLogTimeseriesTopic,
    config.platformEventTopic,
  ];
}

/** A Kafka that could not be reached or refused what neohub needs: the start stops with this message. */
export class KafkaSetupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'KafkaSetupError';
  }
}

/**
 * Creates the topics that are absent, with the configured partitions, replication factor and largest record
 * (as DataHub's setup job does with `DATAHUB_PRECREATE_TOPICS`); topics that exist are left as they are.
 * Returns the topics it created. Another process creating one at the same time is fine: its topic is then there.
 */
export async function ensureTopics(config: Config, log: Logger): Promise<string[]> {
  const admin = new Admin({
    clientId: 'neohub-setup',
    bootstrapBrokers: [...config.kafkaBootstrapServers],
    retries: 10,
  });
  try {
    const wanted = kafkaTopics(config);
    const existing = new Set(await admin.listTopics());
    const missing = wanted.filter((t) => !existing.has(t));
    if (missing.length === 0) return [];
    // DataHub's setup: every topic takes records up to MAX_MESSAGE_BYTES; the time-series change log
    // keeps 90 days.
    const configsOf = (topic: string) => [
      { name: 'max.message.bytes', value: String(config.kafkaMaxMessageBytes) },
      ...(topic === config.changeLogTimeseriesTopic ? [{ name: 'retention.ms', value: '7776000000' }] : []),
    ];
    for (const topic of missing) {
      try {
        await admin.createTopics({
          topics: [topic],
          partitions: config.kafkaPartitions,
          replicas: config.kafkaReplicationFactor,
          configs: configsOf(topic),
        });
      } catch (err) {
        // Created meanwhile by someone else: only a topic still missing is a failure.
        if (!(await admin.listTopics()).includes(topic)) throw err;
      }
    }
    log.info(
      {
        topics: missing,
        partitions: config.kafkaPartitions,
        replicationFactor: config.kafkaReplicationFactor,
      },
      'Kafka topics created',
    );
    return missing;
  } catch (err) {
    throw new KafkaSetupError(
      `Kafka at ${config.kafkaBootstrapServers.join(',')} (KAFKA_BOOTSTRAP_SERVER): could not check or create the topics: ${(err as Error).message}`,
      { cause: err },
    );
  } finally {
    await admin.close().catch(() => undefined);
  }
}

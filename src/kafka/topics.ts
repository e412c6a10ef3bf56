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
 * Creates the topics that are absent, with the configured partitions and replication factor (as DataHub's
 * setup job does with `DATAHUB_PRECREATE_TOPICS`); topics that exist are left as they are. Returns the
 * topics it created. Another process creating one at the same time is fine: its topic is then there.
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
    try {
      await admin.createTopics({
        topics: missing,
        partitions: config.kafkaPartitions,
        replicas: config.kafkaReplicationFactor,
      });
    } catch (err) {
      // Created meanwhile by someone else: only a topic still missing is a failure.
      const now = new Set(await admin.listTopics());
      if (missing.some((t) => !now.has(t))) throw err;
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

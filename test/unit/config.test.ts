import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';

describe('config: NEOHUB_NEO4J_JVM_FLAGS', () => {
  it('is a list of JVM options separated by spaces, empty by default', () => {
    expect(loadConfig({}).localJvmFlags).toEqual([]);
    expect(
      loadConfig({ NEOHUB_NEO4J_JVM_FLAGS: ' -XX:TieredStopAtLevel=1   -XX:+UseParallelGC ' }).localJvmFlags,
    ).toEqual(['-XX:TieredStopAtLevel=1', '-XX:+UseParallelGC']);
  });

  it('refuses a word that is not an option, which the JVM would take for the class to run', () => {
    expect(() => loadConfig({ NEOHUB_NEO4J_JVM_FLAGS: '-Xss2m Evil' })).toThrow(
      /NEOHUB_NEO4J_JVM_FLAGS must hold JVM options \(each starts with "-"\), got "Evil"/,
    );
  });
});

describe('config: LOG_LEVEL', () => {
  it('names one of the levels, in any case; info when unset', () => {
    expect(loadConfig({}).logLevel).toBe('info');
    expect(loadConfig({ LOG_LEVEL: 'DEBUG' }).logLevel).toBe('debug');
    expect(loadConfig({ LOG_LEVEL: ' warn ' }).logLevel).toBe('warn');
    expect(loadConfig({ LOG_LEVEL: 'silent' }).logLevel).toBe('silent');
  });

  it('refuses a level that does not exist instead of logging at another', () => {
    expect(() => loadConfig({ LOG_LEVEL: 'verbose' })).toThrow(/LOG_LEVEL must be one of trace, debug/);
  });
});

describe('config: Kafka, with DataHub variable names', () => {
  it('is off when KAFKA_BOOTSTRAP_SERVER is unset, with DataHub topic names and defaults', () => {
    const c = loadConfig({});
    expect(c.kafkaBootstrapServers).toEqual([]);
    expect(c.kafkaSchemaRegistryUrl).toBeUndefined();
    expect([
      c.proposalTopic,
      c.failedProposalTopic,
      c.changeLogVersionedTopic,
      c.changeLogTimeseriesTopic,
      c.platformEventTopic,
    ]).toEqual([
      'MetadataChangeProposal_v1',
      'FailedMetadataChangeProposal_v1',
      'MetadataChangeLog_Versioned_v1',
      'MetadataChangeLog_Timeseries_v1',
      'PlatformEvent_v1',
    ]);
    expect([c.kafkaPartitions, c.kafkaReplicationFactor]).toEqual([1, 1]);
    expect([c.kafkaMaxMessageBytes, c.kafkaProducerMaxRequestSize]).toEqual([5_242_880, 5_242_880]);
    expect([c.proposalBatchEnabled, c.proposalBatchBytes]).toEqual([true, 15_744_000]);
    expect(c.proposalConsumerGroup).toBe('generic-mce-consumer-job-client');
  });

  it('reads brokers separated by commas, drops a scheme, and takes the topic names and sizes', () => {
    const c = loadConfig({
      KAFKA_BOOTSTRAP_SERVER: 'http://broker-1:9092, PLAINTEXT://broker-2:9093,[::1]:9094',
      KAFKA_SCHEMAREGISTRY_URL: 'http://registry:8081',
      METADATA_CHANGE_PROPOSAL_TOPIC_NAME: 'mcp',
      FAILED_METADATA_CHANGE_PROPOSAL_TOPIC_NAME: 'fmcp',
      METADATA_CHANGE_LOG_VERSIONED_TOPIC_NAME: 'mclv',
      METADATA_CHANGE_LOG_TIMESERIES_TOPIC_NAME: 'mclt',
      PLATFORM_EVENT_TOPIC_NAME: 'pe',
      PARTITIONS: '3',
      REPLICATION_FACTOR: '2',
      METADATA_CHANGE_PROPOSAL_KAFKA_CONSUMER_GROUP_ID: 'g',
      MAX_MESSAGE_BYTES: '2000000',
      KAFKA_PRODUCER_MAX_REQUEST_SIZE: '3000000',
      MCP_CONSUMER_BATCH_ENABLED: 'false',
      MCP_CONSUMER_BATCH_SIZE: '1000',
    });
    expect(c.kafkaBootstrapServers).toEqual(['broker-1:9092', 'broker-2:9093', '[::1]:9094']);
    expect(c.kafkaSchemaRegistryUrl).toBe('http://registry:8081');
    expect([c.proposalTopic, c.failedProposalTopic, c.changeLogVersionedTopic]).toEqual([
      'mcp',
      'fmcp',
      'mclv',
    ]);
    expect([c.changeLogTimeseriesTopic, c.platformEventTopic]).toEqual(['mclt', 'pe']);
    expect([c.kafkaPartitions, c.kafkaReplicationFactor, c.proposalConsumerGroup]).toEqual([3, 2, 'g']);
    expect([c.kafkaMaxMessageBytes, c.kafkaProducerMaxRequestSize]).toEqual([2_000_000, 3_000_000]);
    expect([c.proposalBatchEnabled, c.proposalBatchBytes]).toEqual([false, 1000]);
  });

  it('refuses brokers without a port and sizes that are not positive', () => {
    expect(() => loadConfig({ KAFKA_BOOTSTRAP_SERVER: 'broker-1' })).toThrow(
      /KAFKA_BOOTSTRAP_SERVER must list brokers as host:port separated by commas, got "broker-1"/,
    );
    expect(() => loadConfig({ PARTITIONS: '0' })).toThrow(/PARTITIONS must be a positive integer/);
    expect(() => loadConfig({ REPLICATION_FACTOR: 'x' })).toThrow(
      /REPLICATION_FACTOR must be a non-negative/,
    );
  });
});

export { ensureTopics, kafkaTopics, KafkaSetupError } from './topics.js';
export { ProposalConsumer, type ProposalTarget } from './proposal-consumer.js';
export { AvroCodec, type SchemaSource } from './avro-codec.js';
export { FrameError, readFrame, writeFrame } from './confluent-frame.js';
export { remoteRegistry } from './remote-registry.js';
export {
  ChangeLogProducer,
  conform,
  groupIntoRequests,
  type ChangeLogSchemas,
} from './change-log-producer.js';

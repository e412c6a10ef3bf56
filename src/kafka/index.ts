export { ensureTopics, kafkaTopics, KafkaSetupError } from './topics.js';

export { EventsService, POLL_LIMITS, type PollRequest, type PollResult } from './events-service.js';
export { EVENT_TOPICS, type EventTopic, type ExternalEvent } from './event-records.js';
export { ChangeLogRetention } from './retention.js';
export {
  ChangeLogPublisher,
  PUBLISHER_FOLLOWER,
  type PublishedRecord,
  type PublisherOptions,
  type RecordSink,
} from './change-log-publisher.js';

export { EventsService, POLL_LIMITS, type PollRequest, type PollResult } from './events-service.js';
export { EVENT_TOPICS, type EventTopic, type ExternalEvent } from './event-records.js';
export { ChangeLogRetention } from './retention.js';

import { EVENT_TOPICS } from '../../../src/services/index.js';
import { Q } from '../query-params.js';
import { ERRORS, integerQuery, integerSchema, jsonResponse, query, textQuery, type Json } from './common.js';
import type { SchemaComponents } from './json-schema.js';

/** `/openapi/v1/events/poll`: DataHub's Events API over the change log. */
export function eventsPaths(c: SchemaComponents): Record<string, Json> {
  c.schemas.ExternalEvent = {
    type: 'object',
    properties: {
      contentType: { type: 'string', enum: ['application/json'] },
      value: {
        type: 'string',
        description:
          'The event, serialized: a MetadataChangeLog, or a PlatformEvent (`entityChangeEvent`) with its payload',
      },
    },
    required: ['contentType', 'value'],
  };
  c.schemas.ExternalEventsResponse = {
    type: 'object',
    properties: {
      count: { type: 'integer' },
      offsetId: {
        type: 'string',
        description: 'Pass it back to read on right after the last event returned',
      },
      events: { type: 'array', items: { $ref: '#/components/schemas/ExternalEvent' } },
    },
    required: ['count', 'offsetId', 'events'],
  };
  return {
    '/openapi/v1/events/poll': {
      get: {
        operationId: 'poll',
        summary: 'The events of a topic after an offset, in commit order (a long poll)',
        tags: ['Events'],
        parameters: [
          query('topic', { type: 'string', enum: [...EVENT_TOPICS] }, 'The topic (any other: 403)', true),
          textQuery(Q.offsetId, { type: 'string' }, 'Where to read on from: an offsetId this API returned'),
          integerQuery(Q.eventsLimit, 'Most events to return (larger values are read as 5000)'),
          integerQuery(
            Q.pollTimeoutSeconds,
            'Seconds to wait for events when there are none yet (larger values are read as 60)',
          ),
          query(
            'lookbackWindowDays',
            { ...integerSchema('lookbackWindowDays', 0), default: undefined },
            'Without offsetId: start this many days back (absent: from now)',
          ),
        ],
        responses: {
          '200': jsonResponse('The events, and the offset to read on from', {
            $ref: '#/components/schemas/ExternalEventsResponse',
          }),
          ...ERRORS,
        },
      },
    },
  };
}

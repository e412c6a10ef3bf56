import { Q } from '../query-params.js';
import { PLATFORM_ENTITIES_PATH } from '../platform-routes.js';
import { SYSTEM_INFO_PATH, THROTTLE_PATH } from '../system-routes.js';
import { AUDIT_SEARCH_PATH, TRACKING_PATH } from '../usage-routes.js';
import {
  body,
  bool,
  ERRORS,
  integerQuery,
  jsonResponse,
  query,
  responseRef,
  textQuery,
  TRACE_HEADERS,
  type Json,
} from './common.js';
import { ref, URN_PATTERN, type JsonSchema, type SchemaComponents } from './json-schema.js';

const str: JsonSchema = { type: 'string' };
const strings: JsonSchema = { type: 'array', items: str };

/**
 * The service paths of DataHub that are not the entity API: proposal ingest
 * (`/openapi/v2/platform/entities/v1/`), usage tracking, the audit search, system information and the
 * throttle (docs/decisions/0060).
 */
export function servicePaths(c: SchemaComponents): Record<string, Json> {
  c.schemas.PlatformProposal = {
    type: 'object',
    description: "A metadata change proposal: DataHub's OpenAPI MetadataChangeProposal",
    properties: {
      entityType: str,
      entityUrn: { type: 'string', pattern: URN_PATTERN },
      changeType: {
        type: 'string',
        enum: ['UPSERT', 'DELETE', 'PATCH', 'CREATE', 'CREATE_ENTITY', 'RESTATE'],
      },
      aspectName: str,
      aspect: {
        type: 'object',
        properties: {
          value: { description: 'The aspect (an object, or its JSON as a string)' },
          contentType: { type: 'string', default: 'application/json' },
        },
        required: ['value'],
      },
      systemMetadata: { type: 'object' },
      headers: { type: 'object', additionalProperties: str },
    },
    required: ['entityUrn', 'changeType', 'aspectName'],
  };
  c.schemas.AuditEventsSearchRequest = {
    type: 'object',
    description: 'Filters; each list empty or absent: no condition on it',
    properties: { eventTypes: strings, entityTypes: strings, aspectTypes: strings, actorUrns: strings },
  };
  c.schemas.UsageEventResult = {
    type: 'object',
    properties: {
      eventType: str,
      timestamp: { type: 'integer', format: 'int64' },
      actorUrn: str,
      sourceIP: str,
      eventSource: { type: 'string', enum: ['RESTLI', 'OPENAPI', 'GRAPHQL'] },
      userAgent: str,
      telemetryTraceId: str,
      loginSource: str,
      entityUrn: str,
      entityType: str,
      aspectName: str,
      rawUsageEvent: { type: 'object' },
    },
    required: ['eventType', 'timestamp', 'actorUrn'],
  };
  c.schemas.AuditEventsSearchResponse = {
    type: 'object',
    properties: {
      nextScrollId: { type: 'string', description: 'Present while more events may follow' },
      count: { type: 'integer' },
      total: { type: 'integer', description: 'Counted up to 10,000' },
      usageEvents: { type: 'array', items: ref('UsageEventResult') },
    },
    required: ['count', 'total', 'usageEvents'],
  };
  const component = {
    type: 'object',
    properties: {
      name: str,
      status: { type: 'string', enum: ['AVAILABLE', 'UNAVAILABLE', 'ERROR'] },
      version: str,
      properties: { type: 'object' },
    },
  };
  c.schemas.SpringComponentsInfo = {
    type: 'object',
    properties: { gms: component, maeConsumer: component, mceConsumer: component },
  };
  c.schemas.SystemPropertiesInfo = {
    type: 'object',
    properties: {
      properties: {
        type: 'object',
        additionalProperties: {
          type: 'object',
          properties: { key: str, value: str, source: str, sourceType: str, resolvedValue: str },
        },
      },
      propertySources: {
        type: 'array',
        items: { type: 'object', properties: { name: str, type: str, propertyCount: { type: 'integer' } } },
      },
      totalProperties: { type: 'integer' },
      redactedProperties: { type: 'integer' },
    },
  };
  c.schemas.ThrottleEvents = {
    type: 'object',
    description: 'The active throttles by their types (`[MANUAL]`); `{}` when none',
    additionalProperties: {
      type: 'object',
      properties: {
        activeThrottles: strings,
        disabledThrottles: strings,
        throttled: { type: 'boolean' },
      },
    },
  };
  const admin = (operationId: string, summary: string, tag: string, schema: JsonSchema): Json => ({
    get: {
      operationId,
      summary: `${summary} (Admin)`,
      tags: [tag],
      responses: { '200': jsonResponse(summary, schema), ...ERRORS },
    },
  });
  return {
    [PLATFORM_ENTITIES_PATH]: {
      post: {
        operationId: 'platform_entities_post',
        summary: 'Write metadata change proposals (all or nothing)',
        tags: ['Platform Entities'],
        parameters: [bool(Q.asyncPlatform, 'Answer as DataHub answers a queued write: 200 with []')],
        requestBody: body({ type: 'array', items: ref('PlatformProposal') }),
        responses: {
          '200': jsonResponse('Nothing changed (or an asynchronous write): []', strings, TRACE_HEADERS),
          '201': jsonResponse(
            'The URNs of the entities whose write changed something',
            strings,
            TRACE_HEADERS,
          ),
          '422': responseRef('BadRequest'),
          ...ERRORS,
        },
      },
    },
    [TRACKING_PATH]: {
      post: {
        operationId: 'tracking_track',
        summary: 'Record a usage event of the caller (who viewed or searched what)',
        tags: ['Tracking'],
        requestBody: body({
          type: 'object',
          properties: { type: str, entityUrn: str, entityType: str, query: str },
          required: ['type'],
          description: 'The event: its `type` and its fields (the actor and time are the server’s)',
        }),
        responses: { '200': { description: 'Recorded' }, ...ERRORS },
      },
    },
    [AUDIT_SEARCH_PATH]: {
      post: {
        operationId: 'audit_events_search',
        summary: 'Search the audit log: writes, tokens, roles, sign-ins (Admin)',
        tags: ['Events'],
        parameters: [
          integerQuery(Q.auditStartTime, 'From this time (epoch millis; -1: a day before the end)'),
          integerQuery(Q.auditEndTime, 'Until this time, excluded (epoch millis; -1: now)'),
          integerQuery(Q.auditSize, 'Most events to return'),
          textQuery(Q.scrollId, str, 'Where the previous page ended (its nextScrollId)'),
          bool(Q.includeRaw, 'Give each event its raw usage event'),
        ],
        requestBody: body(ref('AuditEventsSearchRequest'), false),
        responses: {
          '200': jsonResponse('A page of events, newest first', ref('AuditEventsSearchResponse')),
          ...ERRORS,
        },
      },
    },
    [SYSTEM_INFO_PATH]: admin('system_info', 'The service’s components', 'System Information', {
      type: 'object',
      properties: { springComponents: ref('SpringComponentsInfo') },
    }),
    [`${SYSTEM_INFO_PATH}/spring-components`]: admin(
      'system_info_components',
      'The service’s components',
      'System Information',
      ref('SpringComponentsInfo'),
    ),
    [`${SYSTEM_INFO_PATH}/properties`]: admin(
      'system_info_properties',
      'Every setting with its source (secrets redacted)',
      'System Information',
      ref('SystemPropertiesInfo'),
    ),
    [`${SYSTEM_INFO_PATH}/properties/simple`]: admin(
      'system_info_properties_simple',
      'Every setting: name to value (secrets redacted)',
      'System Information',
      { type: 'object', additionalProperties: { type: ['string', 'null'] } },
    ),
    [THROTTLE_PATH]: admin('throttle_get', 'The active throttles', 'Throttle', ref('ThrottleEvents')),
    [`${THROTTLE_PATH}/manual`]: {
      post: {
        operationId: 'throttle_manual',
        summary: 'Turn the manual throttle of API writes on or off (Admin)',
        tags: ['Throttle'],
        parameters: [query('enabled', { type: 'boolean' }, 'On (true) or off (false)', true)],
        responses: { '200': jsonResponse('The active throttles then', ref('ThrottleEvents')), ...ERRORS },
      },
    },
  };
}

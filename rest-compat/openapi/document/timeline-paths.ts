import { CHANGE_CATEGORIES } from '../../../src/services/index.js';
import { Q } from '../query-params.js';
import { bool, integerQuery, jsonResponse, pathParam, queryList, READ_ERRORS, type Json } from './common.js';
import { URN_PATTERN, type SchemaComponents } from './json-schema.js';

/** `/openapi/v2/timeline/v1/{urn}` and `/openapi/timeline/v1/{urn}`: the change transactions of an entity. */
export function timelinePaths(c: SchemaComponents): Record<string, Json> {
  const text = { type: 'string' };
  c.schemas.ChangeEvent = {
    type: 'object',
    properties: {
      entityUrn: text,
      category: { type: 'string', enum: [...CHANGE_CATEGORIES] },
      operation: text,
      modifier: text,
      parameters: { type: 'object' },
      semVerChange: { type: 'string', enum: ['NONE', 'PATCH', 'MINOR', 'MAJOR'] },
      description: text,
    },
    required: ['entityUrn', 'category', 'operation', 'semVerChange', 'description'],
  };
  c.schemas.ChangeTransaction = {
    type: 'object',
    properties: {
      timestamp: { type: 'integer' },
      actor: text,
      semVer: { type: 'string', description: '`MAJOR.MINOR.PATCH-computed`, counted from the first version' },
      semVerChange: { type: 'string', enum: ['NONE', 'PATCH', 'MINOR', 'MAJOR'] },
      versionStamp: { type: 'string', description: '`aspect:version;...`: the versions current then' },
      changeEvents: { type: 'array', items: { $ref: '#/components/schemas/ChangeEvent' } },
      rawDiff: { type: 'array', items: { type: 'object' }, description: 'JSON Patch of the change (`raw`)' },
    },
    required: ['timestamp', 'actor', 'semVer', 'semVerChange', 'versionStamp', 'changeEvents'],
  };
  const operation = (operationId: string): Json => ({
    get: {
      operationId,
      summary: 'How an entity changed: its change transactions in the asked categories',
      tags: ['Timeline'],
      parameters: [
        pathParam('urn', { type: 'string', pattern: URN_PATTERN }, 'The entity'),
        queryList(
          'categories',
          { type: 'string', enum: [...CHANGE_CATEGORIES, 'OWNERSHIP'] },
          'Change categories (repeated or comma-separated; OWNERSHIP is OWNER)',
          true,
        ),
        integerQuery(Q.startTime, 'From this time (epoch millis; -1: a week before the end)'),
        integerQuery(Q.endTime, 'Until this time, excluded (epoch millis; 0: now)'),
        bool(Q.raw, 'Give each transaction its JSON Patch'),
      ],
      responses: {
        '200': jsonResponse('Change transactions, oldest first', {
          type: 'array',
          items: { $ref: '#/components/schemas/ChangeTransaction' },
        }),
        ...READ_ERRORS,
      },
    },
  });
  return {
    '/openapi/v2/timeline/v1/{urn}': operation('timeline'),
    // DataHub's TimelineControllerV1: the same answer at its older path.
    '/openapi/timeline/v1/{urn}': operation('timelineV1'),
  };
}

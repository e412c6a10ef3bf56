import { AuditStamp } from '../../../src/registry/index.js';
import { PARAMETERS, type ParamName } from '../../../src/services/index.js';
import { Q, type FlagParam, type IntParam, type TextParam } from '../query-params.js';
import { nullable, ref, type JsonSchema, type SchemaComponents } from './json-schema.js';

/** An OpenAPI object (operation, parameter, response...) as plain JSON. */
export type Json = Record<string, unknown>;

export const STRING_MAP: JsonSchema = { type: 'object', additionalProperties: { type: 'string' } };
export const JSON_PATCH = 'application/json-patch+json';

/** `{"application/json": {schema}}`, or the same under several media types. */
export const content = (schema: JsonSchema, types: readonly string[] = ['application/json']): Json =>
  Object.fromEntries(types.map((t) => [t, { schema }]));

export const body = (schema: JsonSchema, required = true, types?: readonly string[]): Json => ({
  required,
  content: content(schema, types),
});

export const paramRef = (name: string): Json => ({ $ref: `#/components/parameters/${name}` });
export const responseRef = (name: string): Json => ({ $ref: `#/components/responses/${name}` });

export const query = (name: string, schema: JsonSchema, description?: string, required = false): Json => ({
  in: 'query',
  name,
  required,
  ...(description ? { description } : {}),
  schema,
});

/** A query parameter that is a set of names: repeated (`a=x&a=y`) or comma-separated. */
/** The schema of an integer parameter, from the one table of bounds (`PARAMETERS`). */
export const integerSchema = (name: ParamName, fallback: number): JsonSchema => {
  const b = PARAMETERS[name];
  return {
    type: 'integer',
    format: b.type === 'int' ? 'int32' : 'int64',
    default: fallback,
    minimum: b.min,
    maximum: b.max,
  };
};

/** An integer query parameter: its bounds from `PARAMETERS`, its default from the routes' table (`Q`). */
export const integerQuery = (p: IntParam, description?: string): Json =>
  query(p.name, integerSchema(p.name, p.default), description);

export const queryList = (name: string, items: JsonSchema, description?: string, required = false): Json => ({
  ...query(name, { type: 'array', items }, description, required),
  style: 'form',
  explode: true,
});

/** A boolean query parameter, its default from the routes' table (`Q`). */
export const bool = (p: FlagParam, description: string): Json =>
  query(p.name, { type: 'boolean', default: p.default }, description);

/** A string query parameter, its default (if any) from the routes' table (`Q`). */
export const textQuery = (p: TextParam, schema: JsonSchema, description?: string): Json =>
  query(p.name, p.default === undefined ? schema : { ...schema, default: p.default }, description);

export const pathParam = (name: string, schema: JsonSchema, description: string): Json => ({
  in: 'path',
  name,
  required: true,
  description,
  schema,
});

/** A 200/202 answer with a JSON body. */
export const jsonResponse = (description: string, schema: JsonSchema, headers?: Json): Json => ({
  description,
  ...(headers ? { headers } : {}),
  content: content(schema),
});

/** The `traceparent` header the write routes answer with. */
export const TRACE_HEADERS: Json = { traceparent: { $ref: '#/components/headers/traceparent' } };

/** The error answers every OpenAPI route may give, as `sendOpenApiError` writes them. */
export const ERRORS: Json = {
  '400': responseRef('BadRequest'),
  '401': responseRef('Unauthorized'),
  '403': responseRef('Forbidden'),
  '413': responseRef('PayloadTooLarge'),
  '429': responseRef('TooManyRequests'),
  '500': responseRef('ServerError'),
};
/** Reads that answer 404 (empty, `Not-Found-Reason: ENTITY`) for what does not exist. */
export const READ_ERRORS: Json = { ...ERRORS, '404': responseRef('NotFound') };
/** HEAD answers carry no body, errors included. */
export const HEAD_RESPONSES: Json = {
  '204': { description: 'It exists' },
  '404': { description: 'It does not exist (or the entity is soft-deleted)' },
  '400': { description: 'A malformed URN' },
  '401': { description: 'No valid bearer token' },
  '403': { description: "The token's role does not allow this" },
  '429': { description: 'Over the per-token rate limit' },
  '500': { description: 'Internal server error' },
};

/** Schemas, parameters, responses and headers shared by every path. */
export function commonComponents(c: SchemaComponents): {
  parameters: Record<string, Json>;
  responses: Record<string, Json>;
  headers: Record<string, Json>;
} {
  c.record(AuditStamp);
  Object.assign(c.schemas, {
    ErrorResponse: {
      type: 'object',
      description:
        'An error: `error` is the message, or a category (`Validation Error`, `Invalid JSON format`) detailed in `message`.',
      properties: { error: { type: 'string' }, message: { type: 'string' } },
      required: ['error'],
      additionalProperties: false,
    },
    SystemMetadata: {
      type: 'object',
      description:
        "An aspect's system metadata: as written, with what the service records of every write: `properties.telemetryTraceId` (the trace of the request, which the trace API answers by) and `properties.eventSource` (`OPENAPI`, `RESTLI` or `GRAPHQL`), `aspectModified` (who changed the value and when; not for the system's own writes) and `aspectCreated` (the first such change). `version` is the aspect's version counter on reads.",
      properties: {
        lastObserved: { type: 'integer', format: 'int64' },
        runId: { type: 'string' },
        lastRunId: { type: 'string' },
        pipelineName: { type: 'string' },
        registryName: { type: 'string' },
        registryVersion: { type: 'string' },
        properties: STRING_MAP,
        version: { type: 'string' },
        aspectCreated: ref('AuditStamp'),
        aspectModified: ref('AuditStamp'),
      },
    },
    SortOrder: { type: 'string', enum: ['ASCENDING', 'DESCENDING'] },
    SortCriterion: {
      type: 'object',
      properties: { field: { type: 'string' }, order: { ...ref('SortOrder'), default: 'ASCENDING' } },
      required: ['field'],
    },
    Criterion: {
      type: 'object',
      properties: {
        field: { type: 'string' },
        values: { type: 'array', items: { type: 'string' } },
        value: { type: 'string', description: 'one value (when `values` is absent)' },
        condition: {
          type: 'string',
          enum: ['EQUAL', 'STARTS_WITH', 'ENDS_WITH', 'EXISTS', 'IN', 'CONTAIN', 'GREATER_THAN', 'LESS_THAN'],
          default: 'EQUAL',
        },
        negated: { type: 'boolean', default: false },
      },
      required: ['field'],
    },
    ConjunctiveCriterion: {
      type: 'object',
      description: 'Criteria that must all hold.',
      properties: { criteria: { type: 'array', items: ref('Criterion') } },
      required: ['criteria'],
    },
    Filter: {
      type: 'object',
      description: 'A search filter: matches when any clause of `and` holds (its name notwithstanding).',
      properties: { and: { type: 'array', items: ref('ConjunctiveCriterion') } },
      required: ['and'],
    },
    AspectPatch: {
      type: 'object',
      description:
        'A JSON Patch (RFC 6902) of an aspect; `arrayPrimaryKeys` addresses array elements by key fields.',
      properties: {
        patch: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              op: { type: 'string', enum: ['add', 'remove', 'replace', 'move', 'copy', 'test'] },
              path: { type: 'string', description: 'a JSON pointer' },
              from: { type: 'string', description: 'a JSON pointer' },
              value: {},
            },
            required: ['op', 'path'],
          },
        },
        arrayPrimaryKeys: {
          type: 'object',
          additionalProperties: { type: 'array', items: { type: 'string' } },
        },
        forceGenericPatch: { type: 'boolean', default: false },
      },
      required: ['patch'],
    },
    AspectPatchProperty: {
      type: 'object',
      properties: {
        value: ref('AspectPatch'),
        systemMetadata: nullable(ref('SystemMetadata')),
        headers: nullable(STRING_MAP),
      },
      required: ['value'],
    },
    BatchGetRequestBody: {
      type: 'object',
      description: '`If-Version-Match` in `headers` reads that version of the aspect (0: the latest).',
      properties: { headers: nullable(STRING_MAP) },
    },
  });
  return {
    parameters: {
      PaginationCount_v3: integerQuery(
        Q.count,
        `Page size (values above ${Q.count.cap} are read as ${Q.count.cap}).`,
      ),
      ScrollId_v3: textQuery(
        Q.scrollId,
        { type: 'string' },
        'The `scrollId` of the previous page, for the next one.',
      ),
      ScrollQuery_v3: textQuery(
        Q.query,
        { type: 'string' },
        'Structured search query. See Elasticsearch documentation on `query_string` syntax.',
      ),
      SortBy_v3: queryList('sortCriteria', { type: 'string' }, 'Fields to sort by, in order.'),
      SortField_v3: textQuery(
        Q.sort,
        { type: 'string' },
        'The field to sort by when `sortCriteria` is absent.',
      ),
      SortOrder_v3: textQuery(Q.sortOrder, ref('SortOrder')),
      SystemMetadata_v3: bool(
        Q.systemMetadata,
        "Include each aspect's `systemMetadata` (and, in v3, `auditStamp`), also in the answer of an asynchronous write.",
      ),
      IncludeSoftDelete_v3: bool(Q.includeSoftDelete, 'Include soft-deleted entities.'),
      Traceparent: {
        in: 'header',
        name: 'traceparent',
        required: false,
        description:
          "The caller's W3C trace context (`00-<trace id>-<parent id>-<flags>`): the write is recorded under its trace id, which the answer's `traceparent` names. A malformed value is ignored (the write gets a new trace).",
        schema: { type: 'string' },
      },
    },
    responses: {
      BadRequest: jsonResponse(
        'Invalid input: a malformed URN or parameter, an unknown entity kind, a value that does not fit the aspect schema (`Validation Error`), unparsable JSON (`Invalid JSON format`)',
        ref('ErrorResponse'),
      ),
      NotFound: {
        description: 'Not found (empty body)',
        headers: {
          'Not-Found-Reason': {
            description: 'What was not found',
            schema: { type: 'string', enum: ['ENTITY'] },
          },
        },
      },
      ServerError: jsonResponse('Internal server error', ref('ErrorResponse')),
      Unauthorized: jsonResponse(
        'No valid bearer token: missing, malformed, unknown, expired or revoked',
        ref('ErrorResponse'),
      ),
      Forbidden: jsonResponse("The token's role does not allow this", ref('ErrorResponse')),
      PayloadTooLarge: jsonResponse('The request body is over the configured limit', ref('ErrorResponse')),
      TooManyRequests: jsonResponse('Over the per-token rate limit', ref('ErrorResponse'), {
        'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } },
      }),
    },
    headers: {
      traceparent: {
        description:
          "W3C trace context of the request (`00-<trace id>-<span id>-<flags>`), on every answer: the caller's trace when the request sent a valid `traceparent` header, else a new one whose id starts with the time in microseconds. The request's writes are recorded under its trace id.",
        schema: { type: 'string', pattern: '^00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]$' },
      },
    },
  };
}

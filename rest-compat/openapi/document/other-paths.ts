import type { Registry } from '../../../src/registry/index.js';
import {
  body,
  bool,
  ERRORS,
  jsonResponse,
  paramRef,
  pathParam,
  integerQuery,
  query,
  queryList,
  textQuery,
  READ_ERRORS,
  type Json,
} from './common.js';
import { RELATIONSHIPS_PAGE } from '../../restli/index.js';
import { Q, type IntParam } from '../query-params.js';
import { nullable, ref, URN_PATTERN, type JsonSchema, type SchemaComponents } from './json-schema.js';

const str: JsonSchema = { type: 'string' };
const object = (properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema => ({
  type: 'object',
  properties,
  ...(required.length ? { required } : {}),
  additionalProperties: false,
});

/** `/openapi/relationships/v1/` and `/openapi/v3/relationship/scroll`. */
export function relationshipPaths(r: Registry, c: SchemaComponents): Record<string, Json> {
  const types = { type: 'string', enum: [...r.relationshipTypes].sort() };
  c.schemas.RelatedEntitiesResult = object(
    {
      start: { type: 'integer' },
      count: { type: 'integer', description: 'entities in this page (0 past the end)' },
      total: { type: 'integer' },
      entities: {
        type: 'array',
        items: object({ urn: str, relationshipType: str, via: nullable(str) }, ['urn', 'relationshipType']),
      },
    },
    ['start', 'count', 'total', 'entities'],
  );
  const end = object({ urn: str, entityType: str }, ['urn', 'entityType']);
  c.schemas.RelationshipScrollResult = object(
    {
      scrollId: nullable(str),
      results: {
        type: 'array',
        items: object({ relationshipType: str, source: end, destination: end }, [
          'relationshipType',
          'source',
          'destination',
        ]),
      },
    },
    ['scrollId', 'results'],
  );
  c.schemas.RelationshipScrollRequest = {
    type: 'object',
    description:
      'Conditions on the ends (`urn` or `entityType`, EQUAL or IN) and on the edge (`relationshipType`); one clause each.',
    properties: { sourceFilter: ref('Filter'), destinationFilter: ref('Filter'), edgeFilter: ref('Filter') },
  };
  const tags = ['Relationships'];
  const scrollParams = [
    queryList('relationshipTypes', types, 'Edge types (all when none)'),
    queryList('sourceTypes', str, 'Entity kinds of the source end'),
    queryList('destinationTypes', str, 'Entity kinds of the destination end'),
    queryList('sourceUrns', { type: 'string', pattern: URN_PATTERN }, 'URNs of the source end'),
    queryList('destinationUrns', { type: 'string', pattern: URN_PATTERN }, 'URNs of the destination end'),
    textQuery(Q.direction, { type: 'string', enum: ['OUTGOING', 'INCOMING', 'UNDIRECTED'] }),
    paramRef('PaginationCount_v3'),
    paramRef('ScrollId_v3'),
    paramRef('IncludeSoftDelete_v3'),
  ];
  const scrolled = { '200': jsonResponse('A page of edges', ref('RelationshipScrollResult')), ...ERRORS };
  return {
    '/openapi/relationships/v1/': {
      get: {
        operationId: 'relationships_v1',
        summary: 'The entities related to one entity',
        tags,
        parameters: [
          query('urn', { type: 'string', pattern: URN_PATTERN }, 'The entity', true),
          queryList('relationshipTypes', types, 'Edge types (repeated, never comma-split)', true),
          query('direction', { type: 'string', enum: ['INCOMING', 'OUTGOING'] }, undefined, true),
          integerQuery(Q.start, 'Offset'),
          integerQuery({ name: 'count', default: RELATIONSHIPS_PAGE }, 'Page size'),
        ],
        responses: { '200': jsonResponse('A page', ref('RelatedEntitiesResult')), ...ERRORS },
      },
    },
    '/openapi/v3/relationship/scroll': {
      get: {
        operationId: 'v3_relationship_scroll_get',
        summary: 'Scroll edges (URN conditions as parameters)',
        tags,
        parameters: scrollParams,
        responses: scrolled,
      },
      post: {
        operationId: 'v3_relationship_scroll',
        summary: 'Scroll edges, with filters on their ends and type',
        tags,
        parameters: scrollParams,
        requestBody: body(ref('RelationshipScrollRequest'), false),
        responses: scrolled,
      },
    },
  };
}

/** `/openapi/v1/trace/write/{traceId}`: where traced writes stand. */
export function tracePaths(c: SchemaComponents): Record<string, Json> {
  const status = object(
    {
      writeStatus: {
        type: 'string',
        enum: [
          'ERROR',
          'PENDING',
          'ACTIVE_STATE',
          'HISTORIC_STATE',
          'NO_OP',
          'UNKNOWN',
          'TRACE_NOT_IMPLEMENTED',
        ],
      },
      writeMessage: str,
      writeExceptions: { type: 'array', items: {} },
    },
    ['writeStatus'],
  );
  c.schemas.TraceStorageStatus = status;
  c.schemas.TraceResponse = {
    type: 'object',
    description: 'Per URN, per aspect: whether the write is stored and searchable.',
    additionalProperties: {
      type: 'object',
      additionalProperties: object(
        {
          success: { type: 'boolean' },
          primaryStorage: ref('TraceStorageStatus'),
          searchStorage: ref('TraceStorageStatus'),
        },
        ['success', 'primaryStorage', 'searchStorage'],
      ),
    },
  };
  return {
    '/openapi/v1/trace/write/{traceId}': {
      post: {
        operationId: 'trace_write',
        summary: 'The state of the aspects written under a trace',
        tags: ['Trace'],
        parameters: [
          pathParam(
            'traceId',
            {
              type: 'string',
              pattern: '^([0-9a-fA-F]{32}|[0-9a-fA-F]{2}-[0-9a-fA-F]{32}-[0-9a-fA-F]{16}-[0-9a-fA-F]{2})$',
            },
            'A trace id (32 hex digits) or a whole `traceparent`',
          ),
          bool(Q.onlyIncludeErrors, 'List only the aspects whose write failed'),
          bool(Q.detailed, 'Accepted; neohub has no more detail to give'),
          bool(Q.skipCache, 'Accepted; neohub reads no cache'),
        ],
        requestBody: body({
          type: 'object',
          description: 'Per URN, the aspects to report on (none: all of its kind)',
          additionalProperties: { type: 'array', items: str },
          propertyNames: { pattern: URN_PATTERN },
        }),
        responses: { '200': jsonResponse('Where each write stands', ref('TraceResponse')), ...ERRORS },
      },
    },
  };
}

/** `/openapi/v1/registry/models/...`: the entity registry as DataHub's client reads it. */
export function registryPaths(r: Registry, c: SchemaComponents): Record<string, Json> {
  c.schemas.AspectSpecDto = {
    type: 'object',
    properties: {
      aspectAnnotation: object(
        { name: str, timeseries: { type: 'boolean' }, autoRender: { type: 'boolean' } },
        ['name'],
      ),
      searchableFieldSpec: { type: 'object' },
      relationshipFieldSpec: { type: 'object' },
      registryName: str,
      registryVersion: str,
    },
    required: ['aspectAnnotation'],
  };
  c.schemas.EntitySpecDto = {
    type: 'object',
    properties: {
      name: str,
      entityAnnotation: object({ name: str, keyAspect: str }, ['name', 'keyAspect']),
      keyAspectName: str,
      keyAspectSpec: ref('AspectSpecDto'),
      aspectSpecs: { type: 'array', items: ref('AspectSpecDto') },
      aspectSpecMap: { type: 'object', additionalProperties: ref('AspectSpecDto') },
      snapshotSchemaName: str,
    },
    required: ['name', 'keyAspectName', 'aspectSpecs'],
  };
  const page = (item: string): JsonSchema =>
    object(
      {
        elements: { type: 'array', items: ref(item) },
        start: { type: 'integer' },
        count: { type: 'integer', description: 'elements in this page' },
        total: { type: 'integer' },
      },
      ['elements', 'start', 'count', 'total'],
    );
  c.schemas.PaginatedEntitySpecs = page('EntitySpecDto');
  c.schemas.PaginatedAspectSpecs = page('AspectSpecDto');
  const B = '/openapi/v1/registry/models';
  const tags = ['Entity Registry'];
  const paging = (count: IntParam): Json[] => [
    integerQuery(Q.start, 'Offset (past the end: 400)'),
    integerQuery(count, `Page size (at most ${count.cap} are returned)`),
  ];
  const entityName = pathParam(
    'entityName',
    { type: 'string', enum: r.allEntities().map((e) => e.name) },
    'An entity kind (any case)',
  );
  const aspectName = pathParam(
    'aspectName',
    { type: 'string', enum: r.allAspects().map((a) => a.name) },
    'An aspect (any case)',
  );
  /** A GET of the registry: its id, summary, parameters and answers. */
  const get = (operationId: string, summary: string, parameters: Json[], responses: Json): Json => ({
    get: { operationId, summary, tags, parameters, responses },
  });
  /**
   * The specifications of the entity kinds or of the aspects (`what`, `Kind`): a page of them (sorted by
   * name; `listId`, `count`), and one by name (its path parameter `name`). `one` is how summaries name one.
   */
  const specifications = (
    what: string,
    Kind: string,
    one: string,
    listId: string,
    count: IntParam,
    name: Json,
  ) => ({
    [`${B}/${what}/specifications`]: get(listId, `The ${one}s, sorted by name`, paging(count), {
      '200': jsonResponse('A page', ref(`Paginated${Kind}Specs`)),
      ...ERRORS,
    }),
    [`${B}/${what}/specifications/{${what}Name}`]: get(`registry_${what}`, `One ${one}`, [name], {
      '200': jsonResponse(`The ${one}`, ref(`${Kind}SpecDto`)),
      ...READ_ERRORS,
    }),
  });
  return {
    ...specifications('entity', 'Entity', 'entity kind', 'registry_entities', Q.entitySpecCount, entityName),
    [`${B}/entity/specifications/{entityName}/aspects`]: get(
      'registry_entity_aspects',
      'The aspects of one entity kind, by name',
      [entityName],
      {
        '200': jsonResponse('The aspects', { type: 'object', additionalProperties: ref('AspectSpecDto') }),
        ...READ_ERRORS,
      },
    ),
    ...specifications('aspect', 'Aspect', 'aspect', 'registry_aspects', Q.aspectSpecCount, aspectName),
  };
}

import type { Registry } from '../../../src/registry/index.js';
import type { EntitySpec } from '../../../src/registry/index.js';
import {
  body,
  bool,
  ERRORS,
  HEAD_RESPONSES,
  JSON_PATCH,
  jsonResponse,
  paramRef,
  pathParam,
  queryList,
  READ_ERRORS,
  TRACE_HEADERS,
  type Json,
} from './common.js';
import { Q } from '../query-params.js';
import { aspectsOf, cap } from './entity-components.js';
import { ref, type JsonSchema } from './json-schema.js';

export const PATCH_TYPES = [JSON_PATCH, 'application/json'];
export const array = (items: JsonSchema): JsonSchema => ({ type: 'array', items });
export const written = (description: string, schema?: JsonSchema): Json =>
  schema ? jsonResponse(description, schema, TRACE_HEADERS) : { description, headers: TRACE_HEADERS };

/** Query parameters of a scroll over entities of any kind. */
export const SCROLL_PARAMS: readonly Json[] = [
  paramRef('PaginationCount_v3'),
  paramRef('ScrollQuery_v3'),
  paramRef('ScrollId_v3'),
  paramRef('SortField_v3'),
  paramRef('SortBy_v3'),
  paramRef('SortOrder_v3'),
  paramRef('SystemMetadata_v3'),
  paramRef('IncludeSoftDelete_v3'),
];

/** Query parameters of the list (scroll) of one entity kind (`aspectNames` is the older `aspects`). */
export const scrollParams = (E: string): Json[] => [
  paramRef(`${E}Aspects_v3`),
  paramRef(`${E}AspectNames_v3`),
  ...SCROLL_PARAMS,
];

/**
 * The path of one entity (`/{urn}`: GET, HEAD, DELETE), in either version: `v` names the response
 * components (`<Kind>EntityResponse_v2` or `_v3`).
 */
export function entityPath(
  e: EntitySpec,
  aspectNames: readonly string[],
  v: 'v2' | 'v3',
  id: (verb: string) => string,
  tags: readonly string[],
): Json {
  const E = cap(e.name);
  return {
    parameters: [paramRef(`${E}Urn`)],
    get: {
      operationId: id('get'),
      summary: `Get a ${e.name}`,
      tags,
      parameters: [paramRef(`${E}Aspects_v3`), paramRef(`${E}AspectNames_v3`), paramRef('SystemMetadata_v3')],
      responses: { '200': jsonResponse('The entity', ref(`${E}EntityResponse_${v}`)), ...READ_ERRORS },
    },
    head: { operationId: id('head'), summary: `Whether a ${e.name} exists`, tags, responses: HEAD_RESPONSES },
    delete: {
      operationId: id('delete'),
      summary: `Delete a ${e.name} (or some of its aspects)`,
      tags,
      parameters: deleteParams(aspectNames),
      responses: { '200': written('Deleted (also when there was nothing)'), ...ERRORS },
    },
  };
}

/** What a version's upsert of a batch of entities says: its summary, its `async` flag, its 202 answer. */
export interface BatchText {
  readonly summary: string;
  readonly asyncList: string;
  readonly accepted: string;
}

/** The list path of one entity kind, in either version: GET (scroll) and POST (upsert a batch). */
export function listOperations(
  e: EntitySpec,
  v: 'v2' | 'v3',
  id: (verb: string) => string,
  tags: readonly string[],
  text: BatchText,
): Json {
  const E = cap(e.name);
  return {
    get: {
      operationId: id('scroll'),
      summary: `Scroll ${e.name} entities`,
      tags,
      parameters: scrollParams(E),
      responses: { '200': jsonResponse('A page', ref(`Scroll${E}EntityResponse_${v}`)), ...ERRORS },
    },
    post: {
      operationId: id('create'),
      summary: text.summary,
      tags,
      parameters: [bool(Q.asyncList, text.asyncList), paramRef('SystemMetadata_v3')],
      requestBody: body(array(ref(`${E}EntityRequest_${v}`))),
      responses: {
        '200': written('The written aspects as stored (async=false)', array(ref(`${E}EntityResponse_${v}`))),
        '202': written(text.accepted, array(ref(`${E}EntityResponse_${v}`))),
        ...ERRORS,
      },
    },
  };
}

/** What a version's path of an aspect (v3: one aspect's; v2: any aspect's) says and takes. */
export interface AspectPathText {
  readonly id: (verb: string) => string;
  readonly tags: readonly string[];
  readonly summaries: Readonly<Record<'get' | 'head' | 'delete' | 'post' | 'patch', string>>;
  /** GET's `version` parameter, and what it answers. */
  readonly version: Json;
  readonly aspect: JsonSchema;
  /** POST's `createIfNotExists` parameter, and what it takes. */
  readonly createIfNotExists: Json;
  readonly value: JsonSchema;
}

/** The operations on an aspect's path, in either version: GET, HEAD, DELETE, POST (upsert), PATCH. */
export function aspectOperations(e: EntitySpec, v: 'v2' | 'v3', t: AspectPathText): Json {
  const entity = ref(`${cap(e.name)}EntityResponse_${v}`);
  const { id, tags, summaries } = t;
  return {
    get: {
      operationId: id('get'),
      summary: summaries.get,
      tags,
      parameters: [t.version, paramRef('SystemMetadata_v3')],
      responses: { '200': jsonResponse('The aspect', t.aspect), ...READ_ERRORS },
    },
    head: { operationId: id('head'), summary: summaries.head, tags, responses: HEAD_RESPONSES },
    delete: {
      operationId: id('delete'),
      summary: summaries.delete,
      tags,
      responses: { '200': written('Deleted (also when there was nothing)'), ...ERRORS },
    },
    post: {
      operationId: id('create'),
      summary: summaries.post,
      tags,
      parameters: [
        bool(Q.asyncOne, 'Answer 202 at once with the request'),
        paramRef('SystemMetadata_v3'),
        bool(Q.createIfEntityNotExists, 'Fail when the entity exists'),
        t.createIfNotExists,
      ],
      requestBody: body(t.value),
      responses: {
        '200': written('The entity with the written aspect', entity),
        '202': written('Accepted: the aspect as sent', entity),
        ...ERRORS,
      },
    },
    patch: {
      operationId: id('patch'),
      summary: summaries.patch,
      tags,
      parameters: [bool(Q.asyncOne, 'Answer 202 at once with no body'), paramRef('SystemMetadata_v3')],
      requestBody: body(ref('AspectPatch'), true, PATCH_TYPES),
      responses: {
        '200': written('The entity with the patched aspect', entity),
        '202': written('Accepted, no body'),
        ...READ_ERRORS,
      },
    },
  };
}

/** Which aspects a DELETE of an entity removes. */
export const deleteParams = (names: readonly string[]): Json[] => [
  queryList(
    'aspects',
    { type: 'string', enum: [...names] },
    'Aspects to delete; none (or the key aspect): the whole entity',
  ),
  bool(Q.clear, 'Delete every aspect but the key'),
];

/** The parameters an entity kind contributes: its URN in paths and its aspect names in `aspects`. */
export function entityParameters(r: Registry, e: EntitySpec): Record<string, Json> {
  const E = cap(e.name);
  const names = aspectsOf(r, e)
    .map((a) => a.name)
    .sort();
  const items = { type: 'string', enum: names };
  return {
    [`${E}Urn`]: pathParam('urn', ref(`${E}Urn`), `The ${e.name} URN, raw or percent-encoded`),
    [`${E}Aspects_v3`]: queryList('aspects', items, 'Aspects to return (all when none)'),
    [`${E}AspectNames_v3`]: { ...queryList('aspectNames', items, 'Same as `aspects`'), deprecated: true },
  };
}

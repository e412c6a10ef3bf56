import type { Registry } from '../../../src/registry/index.js';
import type { EntitySpec } from '../../../src/registry/index.js';
import {
  body,
  bool,
  ERRORS,
  HEAD_RESPONSES,
  jsonResponse,
  paramRef,
  pathParam,
  integerQuery,
  queryList,
  READ_ERRORS,
  type Json,
} from './common.js';
import { Q } from '../query-params.js';
import { aspectsOf, cap } from './entity-components.js';
import { ref, URN_PATTERN, type SchemaComponents } from './json-schema.js';
import {
  array,
  aspectOperations,
  entityPath,
  listOperations,
  SCROLL_PARAMS,
  PATCH_TYPES,
  written,
} from './entity-paths.js';

/**
 * The v3 paths of one entity kind, as DataHub generates them: the list (GET scroll, POST upsert, PATCH),
 * `batchGet`, the entity (`/{urn}`: GET, HEAD, DELETE) and one path per aspect, named in lower case
 * (`/{urn}/datasetproperties`: GET, HEAD, DELETE, POST, PATCH).
 */
export function v3EntityPaths(r: Registry, c: SchemaComponents, e: EntitySpec): Record<string, Json> {
  const E = cap(e.name);
  const P = `/openapi/v3/entity/${e.name.toLowerCase()}`;
  const tags = [`${e.name} Entity`];
  const id = (verb: string): string => `v3_${e.name}_${verb}`;
  const out: Record<string, Json> = {
    [P]: {
      ...listOperations(e, 'v3', id, tags, {
        summary: `Upsert ${e.name} entities (a batch of aspects)`,
        asyncList: 'Answer 202 at once with the request (true) or 200 with what was stored (false)',
        accepted: 'Accepted: the written aspects as sent (async=true)',
      }),
      patch: {
        operationId: id('patch'),
        summary: `Patch aspects of ${e.name} entities`,
        tags,
        parameters: [
          bool(Q.asyncList, 'Answer 202 at once with no body (true) or 200 with the results (false)'),
          paramRef('SystemMetadata_v3'),
        ],
        requestBody: body(array(ref(`${E}EntityRequestPatch_v3`)), true, PATCH_TYPES),
        responses: {
          '200': written('The patched aspects (async=false)', array(ref(`${E}EntityResponse_v3`))),
          '202': written('Accepted (async=true), no body'),
          ...ERRORS,
        },
      },
    },
    [`${P}/batchGet`]: {
      post: {
        operationId: id('batchGet'),
        summary: `Get several ${e.name} entities`,
        tags,
        parameters: [paramRef('SystemMetadata_v3')],
        requestBody: body(array(ref(`BatchGet${E}EntityRequest_v3`))),
        responses: {
          '200': jsonResponse(
            'The entities that have any of the aspects',
            array(ref(`${E}EntityResponse_v3`)),
          ),
          ...ERRORS,
        },
      },
    },
    [`${P}/{urn}`]: entityPath(
      e,
      aspectsOf(r, e).map((a) => a.name),
      'v3',
      id,
      tags,
    ),
  };

  for (const a of aspectsOf(r, e)) {
    const A = c.nameOf(a.schema.name);
    const path = `${P}/{urn}/${a.name.toLowerCase()}`;
    out[path] = {
      parameters: [paramRef(`${E}Urn`)],
      ...aspectOperations(e, 'v3', {
        id: (verb) => `v3_${e.name}_${a.name}_${verb}`,
        tags: [`${a.name} Aspect`],
        summaries: {
          get: `Get the ${a.name} of a ${e.name}`,
          head: `Whether a ${e.name} has a ${a.name}`,
          delete: a.timeseries ? `Delete the latest ${a.name} value` : `Delete the ${a.name}`,
          post: `Create (or, with createIfNotExists=false, upsert) the ${a.name} of a ${e.name}`,
          patch: `Patch the ${a.name} of a ${e.name}`,
        },
        version: integerQuery(
          Q.version,
          a.timeseries
            ? 'The latest value at or before this time (epoch ms); 0: the latest'
            : 'The n-th version written; 0: the latest',
        ),
        aspect: ref(`${A}AspectResponse_v3`),
        createIfNotExists: bool(Q.createIfNotExistsV3, 'Fail when the aspect exists (false: upsert)'),
        value: ref(`${A}AspectRequest_v3`),
      }),
    };
    // Time-series aspects cannot be patched (the route answers 400): no PATCH for them.
    if (a.timeseries) delete (out[path] as Json).patch;
  }
  return out;
}

/** The v3 routes over entities of any kind: cross-entity scroll, the `generic` writes, reads and deletes. */
export function v3GenericPaths(): Record<string, Json> {
  const tags = ['Generic Entities'];
  const P = '/openapi/v3/entity';
  const scrollQuery = SCROLL_PARAMS;
  const writeParams = [
    bool(Q.asyncList, 'Answer 202 at once (true) or 200 with what was stored (false)'),
    paramRef('SystemMetadata_v3'),
    paramRef('Traceparent'),
  ];
  const urn = pathParam(
    'urn',
    {
      type: 'string',
      pattern: URN_PATTERN,
      example: 'urn:li:dataset:(urn:li:dataPlatform:hive,example_name,PROD)',
    },
    'Any URN, raw or percent-encoded',
  );
  return {
    [`${P}/scroll`]: {
      post: {
        operationId: 'v3_scroll',
        summary: 'Scroll entities of several kinds, with a filter',
        tags,
        parameters: scrollQuery,
        requestBody: body(ref('EntitiesEntityRequest_v3'), false),
        responses: { '200': jsonResponse('A page', ref('ScrollEntitiesEntityResponse_v3')), ...ERRORS },
      },
    },
    [`${P}/generic`]: {
      post: {
        operationId: 'v3_generic_create',
        summary: 'Upsert entities of several kinds',
        tags,
        parameters: writeParams,
        requestBody: body(ref('CrossEntitiesRequest_v3')),
        responses: {
          '200': written(
            'The written aspects as stored, per kind (async=false)',
            ref('CrossEntitiesResponse_v3'),
          ),
          '202': written('Accepted: the written aspects as sent, per kind', ref('CrossEntitiesResponse_v3')),
          ...ERRORS,
        },
      },
      patch: {
        operationId: 'v3_generic_patch',
        summary: 'Patch entities of several kinds',
        tags,
        parameters: writeParams,
        requestBody: body(ref('CrossEntitiesPatch_v3')),
        responses: {
          '200': written('The patched aspects, per kind (async=false)', ref('CrossEntitiesResponse_v3')),
          '202': written('Accepted: an empty list per kind', ref('CrossEntitiesResponse_v3')),
          ...ERRORS,
        },
      },
    },
    [`${P}/generic/batchGet`]: {
      post: {
        operationId: 'v3_generic_batchGet',
        summary: 'Get entities of several kinds',
        tags,
        parameters: [paramRef('SystemMetadata_v3')],
        requestBody: body(ref('CrossEntitiesBatchGetRequest_v3')),
        responses: {
          '200': jsonResponse('The entities, per kind', ref('CrossEntitiesResponse_v3')),
          ...ERRORS,
        },
      },
    },
    [`${P}/generic/{urn}`]: {
      parameters: [urn],
      get: {
        operationId: 'v3_generic_get',
        summary: 'Get an entity of any kind',
        tags,
        parameters: [
          queryList('aspects', { type: 'string' }, 'Aspects to return (all when none)'),
          paramRef('SystemMetadata_v3'),
        ],
        responses: { '200': jsonResponse('The entity', ref('EntitiesEntityResponse_v3')), ...READ_ERRORS },
      },
      head: {
        operationId: 'v3_generic_head',
        summary: 'Whether an entity exists',
        tags,
        responses: HEAD_RESPONSES,
      },
      delete: {
        operationId: 'v3_generic_delete',
        summary: 'Delete an entity of any kind',
        tags,
        parameters: [
          queryList('aspects', { type: 'string' }, 'Aspects to delete; none: the whole entity'),
          bool(Q.clear, 'Delete every aspect but the key'),
        ],
        responses: { '200': written('Deleted (also when there was nothing)'), ...ERRORS },
      },
    },
  };
}

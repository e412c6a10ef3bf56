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
  READ_ERRORS,
  type Json,
} from './common.js';
import { Q } from '../query-params.js';
import { aspectsOf, cap } from './entity-components.js';
import { ref, type JsonSchema, type SchemaComponents } from './json-schema.js';
import { array, entityPath, PATCH_TYPES, scrollParams, written } from './entity-paths.js';

/**
 * The v2 paths of one entity kind (deprecated in DataHub): the list (GET scroll, POST upsert),
 * `batch/<entity>`, the entity, and its aspects under one parameterized path.
 */
export function v2EntityPaths(r: Registry, c: SchemaComponents, e: EntitySpec): Record<string, Json> {
  const E = cap(e.name);
  const P = `/openapi/v2/entity/${e.name.toLowerCase()}`;
  const tags = [`${e.name} Entity v2`];
  const id = (verb: string): string => `v2_${e.name}_${verb}`;
  const aspects = aspectsOf(r, e);
  const urnParam = [paramRef(`${E}Urn`)];
  const anyAspect = (suffix: string): JsonSchema => ({
    anyOf: aspects.map((a) => ref(`${c.nameOf(a.schema.name)}${suffix}`)),
  });
  return {
    [P]: {
      get: {
        operationId: id('scroll'),
        summary: `Scroll ${e.name} entities`,
        tags,
        parameters: scrollParams(E),
        responses: { '200': jsonResponse('A page', ref(`Scroll${E}EntityResponse_v2`)), ...ERRORS },
      },
      post: {
        operationId: id('create'),
        summary: `Upsert ${e.name} entities`,
        tags,
        parameters: [
          bool(Q.asyncList, 'Answer 202 at once with the request (true) or 200 with what was stored'),
          paramRef('SystemMetadata_v3'),
        ],
        requestBody: body(array(ref(`${E}EntityRequest_v2`))),
        responses: {
          '200': written('The written aspects as stored (async=false)', array(ref(`${E}EntityResponse_v2`))),
          '202': written('Accepted: the written aspects as sent', array(ref(`${E}EntityResponse_v2`))),
          ...ERRORS,
        },
      },
    },
    [`/openapi/v2/entity/batch/${e.name.toLowerCase()}`]: {
      post: {
        operationId: id('batchGet'),
        summary: `Get several ${e.name} entities`,
        tags,
        requestBody: body(ref(`BatchGet${E}EntityRequest_v2`)),
        responses: {
          '200': jsonResponse(
            'The entities that have any of the aspects',
            ref(`BatchGet${E}EntityResponse_v2`),
          ),
          ...ERRORS,
        },
      },
    },
    [`${P}/{urn}`]: entityPath(
      e,
      aspects.map((a) => a.name),
      'v2',
      id,
      tags,
    ),
    [`${P}/{urn}/{aspectName}`]: {
      parameters: [
        ...urnParam,
        pathParam(
          'aspectName',
          { type: 'string', enum: aspects.map((a) => a.name) },
          'The aspect (its name, or the name in lower case)',
        ),
      ],
      get: {
        operationId: id('aspect_get'),
        summary: `Get an aspect of a ${e.name}`,
        tags,
        parameters: [integerQuery(Q.version, '0: the latest'), paramRef('SystemMetadata_v3')],
        responses: { '200': jsonResponse('The aspect', anyAspect('AspectResponse_v2')), ...READ_ERRORS },
      },
      head: {
        operationId: id('aspect_head'),
        summary: `Whether a ${e.name} has an aspect`,
        tags,
        responses: HEAD_RESPONSES,
      },
      delete: {
        operationId: id('aspect_delete'),
        summary: `Delete an aspect of a ${e.name}`,
        tags,
        responses: { '200': written('Deleted (also when there was nothing)'), ...ERRORS },
      },
      post: {
        operationId: id('aspect_create'),
        summary: `Upsert (or, with createIfNotExists=true, create) an aspect of a ${e.name}; the body is the aspect value`,
        tags,
        parameters: [
          bool(Q.asyncOne, 'Answer 202 at once with the request'),
          paramRef('SystemMetadata_v3'),
          bool(Q.createIfEntityNotExists, 'Fail when the entity exists'),
          bool(Q.createIfNotExistsV2, 'Fail when the aspect exists (v2 upserts by default)'),
        ],
        requestBody: body({
          anyOf: aspects.map((a) => ref(c.nameOf(a.schema.name))),
        }),
        responses: {
          '200': written('The entity with the written aspect', ref(`${E}EntityResponse_v2`)),
          '202': written('Accepted: the aspect as sent', ref(`${E}EntityResponse_v2`)),
          ...ERRORS,
        },
      },
      patch: {
        operationId: id('aspect_patch'),
        summary: `Patch an aspect of a ${e.name}`,
        tags,
        parameters: [bool(Q.asyncOne, 'Answer 202 at once with no body'), paramRef('SystemMetadata_v3')],
        requestBody: body(ref('AspectPatch'), true, PATCH_TYPES),
        responses: {
          '200': written('The entity with the patched aspect', ref(`${E}EntityResponse_v2`)),
          '202': written('Accepted, no body'),
          ...READ_ERRORS,
        },
      },
    },
  };
}

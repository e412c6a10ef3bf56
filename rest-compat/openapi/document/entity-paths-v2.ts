import type { Registry } from '../../../src/registry/index.js';
import type { EntitySpec } from '../../../src/registry/index.js';
import { body, bool, ERRORS, jsonResponse, paramRef, pathParam, integerQuery, type Json } from './common.js';
import { Q } from '../query-params.js';
import { aspectsOf, cap } from './entity-components.js';
import { ref, type SchemaComponents } from './json-schema.js';
import { aspectOperations, entityPath, listOperations } from './entity-paths.js';

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
  const names = aspects.map((a) => a.name);
  return {
    [P]: listOperations(e, 'v2', id, tags, {
      summary: `Upsert ${e.name} entities`,
      asyncList: 'Answer 202 at once with the request (true) or 200 with what was stored',
      accepted: 'Accepted: the written aspects as sent',
    }),
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
    [`${P}/{urn}`]: entityPath(e, names, 'v2', id, tags),
    [`${P}/{urn}/{aspectName}`]: {
      parameters: [
        paramRef(`${E}Urn`),
        pathParam(
          'aspectName',
          { type: 'string', enum: names },
          'The aspect (its name, or the name in lower case)',
        ),
      ],
      ...aspectOperations(e, 'v2', {
        id: (verb) => id(`aspect_${verb}`),
        tags,
        summaries: {
          get: `Get an aspect of a ${e.name}`,
          head: `Whether a ${e.name} has an aspect`,
          delete: `Delete an aspect of a ${e.name}`,
          post: `Upsert (or, with createIfNotExists=true, create) an aspect of a ${e.name}; the body is the aspect value`,
          patch: `Patch an aspect of a ${e.name}`,
        },
        version: integerQuery(Q.version, '0: the latest'),
        aspect: { anyOf: aspects.map((a) => ref(`${c.nameOf(a.schema.name)}AspectResponse_v2`)) },
        createIfNotExists: bool(Q.createIfNotExistsV2, 'Fail when the aspect exists (v2 upserts by default)'),
        value: { anyOf: aspects.map((a) => ref(c.nameOf(a.schema.name))) },
      }),
    },
  };
}

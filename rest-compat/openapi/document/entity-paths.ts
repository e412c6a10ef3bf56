import type { Registry } from '../../../src/registry/index.js';
import type { EntitySpec } from '../../../src/registry/index.js';
import {
  bool,
  JSON_PATCH,
  jsonResponse,
  paramRef,
  pathParam,
  queryList,
  TRACE_HEADERS,
  type Json,
} from './common.js';
import { aspectsOf, cap } from './entity-components.js';
import { ref, type JsonSchema } from './json-schema.js';

export const PATCH_TYPES = [JSON_PATCH, 'application/json'];
export const array = (items: JsonSchema): JsonSchema => ({ type: 'array', items });
export const written = (description: string, schema?: JsonSchema): Json =>
  schema ? jsonResponse(description, schema, TRACE_HEADERS) : { description, headers: TRACE_HEADERS };

/** Query parameters of the list (scroll) of one entity kind (`aspectNames` is the older `aspects`). */
export const scrollParams = (E: string): Json[] => [
  paramRef(`${E}Aspects_v3`),
  paramRef(`${E}AspectNames_v3`),
  paramRef('PaginationCount_v3'),
  paramRef('ScrollQuery_v3'),
  paramRef('ScrollId_v3'),
  paramRef('SortField_v3'),
  paramRef('SortBy_v3'),
  paramRef('SortOrder_v3'),
  paramRef('SystemMetadata_v3'),
  paramRef('IncludeSoftDelete_v3'),
];

/** Which aspects a DELETE of an entity removes. */
export const deleteParams = (names: readonly string[]): Json[] => [
  queryList(
    'aspects',
    { type: 'string', enum: [...names] },
    'Aspects to delete; none (or the key aspect): the whole entity',
  ),
  bool('clear', false, 'Delete every aspect but the key'),
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

import { lookup } from '../json/index.js';
import type { KeyedArraySpec } from './keyed-arrays.js';

const k = (path: string, ...keys: string[]): KeyedArraySpec => ({ path: path.split('/'), keys });

/**
 * How each aspect's arrays are keyed for PATCH when the request names no `arrayPrimaryKeys` (the
 * element identities DataHub's patch templates use). A request's `arrayPrimaryKeys` override these.
 */
const TEMPLATES: Readonly<Record<string, readonly KeyedArraySpec[]>> = {
  globalTags: [k('tags', 'tag')],
  glossaryTerms: [k('terms', 'urn')],
  ownership: [k('owners', 'owner', 'type')],
  upstreamLineage: [k('upstreams', 'dataset')],
  institutionalMemory: [k('elements', 'url')],
  structuredProperties: [k('properties', 'propertyUrn')],
  chartInfo: [k('inputEdges', 'destinationUrn')],
  dashboardInfo: [k('chartEdges', 'destinationUrn'), k('datasetEdges', 'destinationUrn')],
  editableSchemaMetadata: [
    k('editableSchemaFieldInfo', 'fieldPath'),
    k('editableSchemaFieldInfo/*/globalTags/tags', 'tag'),
    k('editableSchemaFieldInfo/*/glossaryTerms/terms', 'urn'),
  ],
};

export function keyedArraysFor(
  aspect: string,
  arrayPrimaryKeys: ReadonlyMap<string, readonly string[]> = new Map(),
): KeyedArraySpec[] {
  const specs = new Map<string, KeyedArraySpec>();
  for (const s of lookup(TEMPLATES, aspect) ?? []) specs.set(s.path.join('/'), s);
  for (const [field, keys] of arrayPrimaryKeys) {
    const path = field.split(/\u241f|\//);
    specs.set(path.join('/'), { path, keys });
  }
  return [...specs.values()];
}

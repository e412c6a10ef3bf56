import { lookup, type Json, type JsonObject } from '../json/index.js';
import { applyPatch, type PatchBody } from './apply-patch.js';
import { patchStart, stampTerms } from './defaults.js';
import { fineGrainedLineages } from './fine-grained.js';
import { SELF, type KeyedArraySpec } from './keyed-arrays.js';

const k = (path: string, ...keys: string[]): KeyedArraySpec => ({ path: path.split('/'), keys });

/** DataHub's `Edge` lists are keyed by their destination. */
const edges = (path: string): KeyedArraySpec => k(path, 'destinationUrn');

/**
 * How each aspect's arrays are keyed for PATCH when the request names no `arrayPrimaryKeys` (the
 * element identities DataHub's patch templates use, for every aspect DataHub's SDK patches). A request's
 * `arrayPrimaryKeys` override these.
 */
const TEMPLATES: Readonly<Record<string, readonly KeyedArraySpec[]>> = {
  globalTags: [k('tags', 'tag')],
  glossaryTerms: [k('terms', 'urn')],
  ownership: [k('owners', 'owner', 'type')],
  upstreamLineage: [k('upstreams', 'dataset'), fineGrainedLineages('fineGrainedLineages')],
  institutionalMemory: [k('elements', 'url')],
  structuredProperties: [k('properties', 'propertyUrn')],
  chartInfo: [edges('inputEdges')],
  dashboardInfo: [
    edges('chartEdges'),
    edges('datasetEdges'),
    edges('dashboards'),
    k('charts', SELF),
    k('datasets', SELF),
  ],
  dataJobInputOutput: [
    edges('inputDatasetEdges'),
    edges('outputDatasetEdges'),
    edges('inputDatajobEdges'),
    k('inputDatasets', SELF),
    k('outputDatasets', SELF),
    k('inputDatajobs', SELF),
    k('inputDatasetFields', SELF),
    k('outputDatasetFields', SELF),
    fineGrainedLineages('fineGrainedLineages'),
  ],
  apiSignature: [edges('inputDatasetEdges'), edges('outputDatasetEdges')],
  dataProductProperties: [edges('assets')],
  siblings: [k('siblings', SELF)],
  domains: [k('domains', SELF)],
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

/**
 * A PATCH of one aspect as DataHub's templates apply it: to the current value, or when the aspect is
 * missing to its default record (`patchStart`), the arrays keyed as the template (and the request) key
 * them; a template patch then fills the terms' audit stamps DataHub's template fills.
 */
export function patchAspect(
  aspect: string,
  urn: string,
  current: Json | undefined,
  body: PatchBody,
  time: number,
): JsonObject {
  const generic = body.arrayPrimaryKeys.size > 0 || body.forceGenericPatch;
  const start = current ?? patchStart(aspect, urn, time, generic);
  const next = applyPatch(start, body.ops, keyedArraysFor(aspect, body.arrayPrimaryKeys));
  if (!generic) stampTerms(aspect, next, time);
  return next;
}

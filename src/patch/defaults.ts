import { ValidationError } from '../errors/index.js';
import { getOwn, isJsonObject, lookup, setOwn, type Json, type JsonObject } from '../json/index.js';

/** The actor DataHub's patch templates write into the audit stamps they fill (its system principal). */
export const SYSTEM_ACTOR = 'urn:li:corpuser:__datahub_system';

interface Stamp {
  readonly actor: string;
  readonly time: number;
}

/**
 * The record a PATCH on a missing aspect starts from: DataHub's patch template defaults, aspect by
 * aspect, as facts. They are not derivable from the schema: some required fields are left to the patch
 * (`dataJobInfo` has no `name`), some optional ones are filled (`fineGrainedLineages`, the deprecated
 * `inputs`, `chartInfo.title` ""), and `propertyDefinition` names a value type.
 *
 * `apiSignature`: the pinned client patches its edges (`ApiPatchBuilder`); all its fields are optional,
 * so it starts from the empty record. `versionProperties` has a template but no default (DataHub: "no
 * sensible default for version set"), so it is absent here as an aspect without one.
 */
const DEFAULTS: Readonly<Record<string, (stamp: Stamp) => JsonObject>> = {
  ownership: (s) => ({ owners: [], lastModified: { ...s } }),
  datasetProperties: () => ({ tags: [], customProperties: {} }),
  upstreamLineage: () => ({ upstreams: [], fineGrainedLineages: [] }),
  documentation: () => ({ documentations: [] }),
  globalTags: () => ({ tags: [] }),
  editableSchemaMetadata: (s) => ({ created: { ...s }, lastModified: { ...s }, editableSchemaFieldInfo: [] }),
  glossaryTerms: (s) => ({ terms: [], auditStamp: { ...s } }),
  dataFlowInfo: () => ({ customProperties: {} }),
  dataJobInfo: () => ({ customProperties: {} }),
  dataProductProperties: () => ({ assets: [] }),
  chartInfo: (s) => ({
    description: '',
    title: '',
    lastModified: { created: { ...s }, lastModified: { ...s } },
    inputEdges: [],
    inputs: [],
  }),
  dashboardInfo: (s) => ({
    title: '',
    description: '',
    lastModified: { created: { ...s }, lastModified: { ...s } },
    chartEdges: [],
    datasetEdges: [],
    datasets: [],
    charts: [],
  }),
  dataJobInputOutput: () => ({
    inputDatajobEdges: [],
    inputDatasetEdges: [],
    outputDatasetEdges: [],
    fineGrainedLineages: [],
    inputDatasetFields: [],
    outputDatasetFields: [],
    inputDatajobs: [],
    inputDatasets: [],
    outputDatasets: [],
  }),
  structuredProperties: () => ({ properties: [] }),
  propertyDefinition: () => ({
    qualifiedName: '',
    valueType: 'urn:li:dataType:datahub.string',
    entityTypes: [],
  }),
  formInfo: () => ({ name: '' }),
  siblings: () => ({ siblings: [], primary: false }),
  status: () => ({ removed: false }),
  domains: () => ({ domains: [] }),
  editableDatasetProperties: () => ({}),
  editableContainerProperties: () => ({}),
  editableMlModelGroupProperties: () => ({}),
  apiSignature: () => ({}),
};

/** DataHub's default record of `aspect`, its audit stamps by the system actor at `time`; undefined if none. */
export function defaultRecord(aspect: string, time: number): JsonObject | undefined {
  return lookup(DEFAULTS, aspect)?.({ actor: SYSTEM_ACTOR, time });
}

/**
 * What a PATCH applies to when the aspect is missing. A template patch starts from the default record
 * and is refused (422, DataHub's words) for an aspect without one; a generic patch (`arrayPrimaryKeys`
 * or `forceGenericPatch`) starts from the default, or from the empty record, as DataHub's does.
 */
export function patchStart(aspect: string, urn: string, time: number, generic: boolean): JsonObject {
  const start = defaultRecord(aspect, time);
  if (start) return start;
  if (generic) return {};
  throw new ValidationError(
    `Patch not supported for aspect with name ${aspect}. Default aspect is required because no aspect currently exists for urn ${urn}.`,
    [
      {
        path: '/aspect',
        message: `no default record for ${aspect}; send the whole aspect, or arrayPrimaryKeys`,
      },
    ],
  );
}

/**
 * The audit stamp DataHub's glossary-terms template fills after a template patch wherever a terms
 * record lacks it (it is required): the `glossaryTerms` aspect, and each field's terms in
 * `editableSchemaMetadata` (a term added to a field that had none).
 */
export function stampTerms(aspect: string, value: JsonObject, time: number): void {
  const stamp = (terms: Json): void => {
    if (isJsonObject(terms) && getOwn(terms, 'auditStamp') === undefined)
      setOwn(terms, 'auditStamp', { actor: SYSTEM_ACTOR, time });
  };
  if (aspect === 'glossaryTerms') stamp(value);
  if (aspect !== 'editableSchemaMetadata') return;
  const fields = getOwn(value, 'editableSchemaFieldInfo');
  for (const field of Array.isArray(fields) ? fields : [])
    if (isJsonObject(field)) stamp(getOwn(field, 'glossaryTerms'));
}

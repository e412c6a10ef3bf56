import { BadRequestError } from '../../errors/index.js';
import { getOwn, isJsonObject, type Json, type JsonObject } from '../../json/index.js';
import type { RunEvent } from './run-event.js';

const bad = (field: string, what: string): BadRequestError =>
  new BadRequestError(`Invalid OpenLineage run event: ${field} ${what}`);

/** The facet `name` of `facets`, when it is an object (a facet of another shape is not the one mapped). */
export const facet = (facets: JsonObject, name: string): JsonObject | undefined => {
  const f = getOwn(facets, name);
  return isJsonObject(f) ? f : undefined;
};

/** A string field of a facet, or undefined. */
export const str = (obj: JsonObject | undefined, key: string): string | undefined => {
  const v = obj ? getOwn(obj, key) : undefined;
  return typeof v === 'string' ? v : undefined;
};

/** One column of a `schema` facet: its name and OpenLineage type. */
export interface SchemaColumn {
  readonly name: string;
  readonly type: string | undefined;
  readonly raw: JsonObject;
}

/** The columns of a dataset's `schema` facet (top level), or undefined without one; 400 when malformed. */
export function schemaColumns(facets: JsonObject, at: string): SchemaColumn[] | undefined {
  const schema = facet(facets, 'schema');
  const fields = schema ? getOwn(schema, 'fields') : undefined;
  if (fields === undefined || fields === null) return undefined;
  const field = `${at}.facets.schema.fields`;
  if (!Array.isArray(fields)) throw bad(field, 'must be a list');
  return fields.map((f: Json, i) => {
    if (!isJsonObject(f)) throw bad(`${field}[${i}]`, 'must be an object');
    const name = getOwn(f, 'name');
    if (typeof name !== 'string' || !name) throw bad(`${field}[${i}].name`, 'must be a non-empty string');
    const type = getOwn(f, 'type');
    if (type !== undefined && type !== null && typeof type !== 'string')
      throw bad(`${field}[${i}].type`, 'must be a string');
    return { name, type: type ?? undefined, raw: f };
  });
}

/** An input column of a `columnLineage` field: its dataset, name and transformations (`TYPE:SUBTYPE`). */
export interface InputColumn {
  readonly namespace: string;
  readonly name: string;
  readonly field: string;
  readonly transformations: readonly string[];
}

/** The `columnLineage` facet's fields (output column to its input columns), or undefined; 400 when malformed. */
export function columnLineage(facets: JsonObject, at: string): [string, InputColumn[]][] | undefined {
  const lineage = facet(facets, 'columnLineage');
  const fields = lineage ? getOwn(lineage, 'fields') : undefined;
  if (fields === undefined || fields === null) return undefined;
  const base = `${at}.facets.columnLineage.fields`;
  if (!isJsonObject(fields)) throw bad(base, 'must be an object of output columns');
  return Object.entries(fields).map(([column, value]) => {
    const at1 = `${base}.${column}`;
    if (!isJsonObject(value)) throw bad(at1, 'must be an object');
    const inputs = getOwn(value, 'inputFields');
    if (!Array.isArray(inputs)) throw bad(`${at1}.inputFields`, 'must be a list');
    return [
      column,
      inputs.map((input: Json, i) => {
        const at2 = `${at1}.inputFields[${i}]`;
        if (!isJsonObject(input)) throw bad(at2, 'must be an object');
        const need = (key: string): string => {
          const v = getOwn(input, key);
          if (typeof v !== 'string' || !v) throw bad(`${at2}.${key}`, 'must be a non-empty string');
          return v;
        };
        const transformations = getOwn(input, 'transformations');
        return {
          namespace: need('namespace'),
          name: need('name'),
          field: need('field'),
          transformations: (Array.isArray(transformations) ? transformations : [])
            .filter(isJsonObject)
            .map((t) => `${String(getOwn(t, 'type') ?? null)}:${String(getOwn(t, 'subtype') ?? null)}`),
        };
      }),
    ];
  });
}

/** Flattens a facet's nested objects into properties (leaf key to its value as text), as DataHub does. */
function flatten(source: Json, into: Map<string, string>): void {
  if (!isJsonObject(source)) return;
  for (const [key, value] of Object.entries(source)) {
    if (value === null || value === undefined) continue;
    if (isJsonObject(value)) flatten(value, into);
    else into.set(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
}

/**
 * The custom properties DataHub takes from a run's facets, for the flow (`flow`) or the job: the
 * processing engine's name and versions, Spark's job details, versions and properties, Airflow's DAG
 * (flow) or task (job), Spark's logical plan (flow) and unknown source attributes (job).
 */
export function runProperties(event: RunEvent, flow: boolean): Record<string, string> {
  const props = new Map<string, string>();
  const f = event.runFacets;
  const engine = facet(f, 'processing_engine');
  const put = (key: string, value: string | undefined): void =>
    void (value !== undefined && props.set(key, value));
  put('processingEngine', str(engine, 'name'));
  put('processingEngineVersion', str(engine, 'version'));
  put('openlineageAdapterVersion', str(engine, 'openlineageAdapterVersion'));
  const details = facet(f, 'spark_jobDetails');
  const jobId = details ? getOwn(details, 'jobId') : undefined;
  if (jobId !== undefined && jobId !== null)
    put('jobId', typeof jobId === 'string' ? jobId : JSON.stringify(jobId));
  put('jobDescription', str(details, 'jobDescription'));
  put('jobGroup', str(details, 'jobGroup'));
  put('jobCallSite', str(details, 'jobCallSite'));
  const version = facet(f, 'spark_version');
  put('spark-version', str(version, 'spark-version'));
  put('openlineage-spark-version', str(version, 'openlineage-spark-version'));
  const sparkProps = facet(f, 'spark_properties');
  if (sparkProps) flatten(getOwn(sparkProps, 'properties'), props);
  const airflow = facet(f, 'airflow');
  if (airflow) flatten(getOwn(airflow, flow ? 'dag' : 'task'), props);
  const plan = facet(f, 'spark.logicalPlan');
  if (flow && plan)
    put(
      'spark.logicalPlan',
      JSON.stringify(Object.fromEntries(Object.entries(plan).filter(([k]) => !k.startsWith('_')))),
    );
  const unknown = facet(f, 'unknownSourceAttribute');
  const items = unknown ? getOwn(unknown, 'unknownItems') : undefined;
  if (!flow && Array.isArray(items)) for (const item of items) flatten(item, props);
  return Object.fromEntries(props);
}

/** The tags of an Airflow DAG (its `tags`, a Python list as text), sorted as DataHub sorts them; undefined without. */
export function airflowTags(event: RunEvent): string[] | undefined {
  const dag = getOwn(facet(event.runFacets, 'airflow') ?? {}, 'dag');
  const tags = isJsonObject(dag) ? getOwn(dag, 'tags') : undefined;
  if (typeof tags !== 'string') return undefined;
  try {
    const list: unknown = JSON.parse(tags.replaceAll("'", '"'));
    if (!Array.isArray(list) || list.some((t) => typeof t !== 'string')) return undefined;
    return (list as string[]).sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
  } catch {
    return undefined;
  }
}

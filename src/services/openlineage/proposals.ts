import { BadRequestError } from '../../errors/index.js';
import { schemaFieldUrn } from '../../urn/index.js';
import type { Registry } from '../../registry/index.js';
import type { Proposal } from '../proposal.js';
import { datasetUrnOf, olDatasetUrn, platformOf } from './dataset-urns.js';
import {
  airflowTags,
  columnLineage,
  facet,
  runProperties,
  schemaColumns,
  str,
  type SchemaColumn,
} from './facets.js';
import type { OlDataset, RunEvent } from './run-event.js';
import { DEFAULT_OPENLINEAGE_SETTINGS, type OpenLineageSettings } from './settings.js';

/** The actor DataHub's mapping stamps on what it makes (edges, a run's creation). */
const MAPPING_ACTOR = 'urn:li:corpuser:datahub';
const PRODUCER = /^https:\/\/github\.com\/OpenLineage\/OpenLineage\/.*\/(.*)$/;

/** DataHub's JSON Pointer escaping of a key in a patch path (`~` and `/`). */
const pointerKey = (key: string): string => key.replaceAll('~', '~0').replaceAll('/', '~1');

/**
 * The orchestrator (the data flow's platform): the configured one, else the run's `processing_engine`
 * name, else the producer's last path segment when OpenLineage's own integration produced the event
 * (`.../integration/spark`: spark; the Python client: python), Airflow's or Trino's; else the event
 * cannot be placed (400).
 */
function orchestratorOf(event: RunEvent, settings: OpenLineageSettings): string {
  if (settings.orchestrator) return settings.orchestrator;
  const engine = str(facet(event.runFacets, 'processing_engine'), 'name');
  if (engine) return engine.toLowerCase();
  const own = PRODUCER.exec(event.producer)?.[1];
  if (own && !own.includes('\n')) return own;
  if (event.producer.startsWith('https://github.com/apache/airflow/')) return 'airflow';
  if (event.producer.startsWith('https://github.com/trinodb/trino/')) return 'trino';
  throw new BadRequestError(
    'Invalid OpenLineage run event: producer names no orchestrator (an OpenLineage integration, Airflow or ' +
      `Trino URL, or a run.facets.processing_engine.name is needed), got ${event.producer}`,
  );
}

/** Checks that a URN the mapping made is one the model takes; else a 400 naming the fields it came from. */
type UrnCheck = (urn: string, fields: string) => void;

const urnCheck =
  (registry: Registry | undefined): UrnCheck =>
  (urn, fields) => {
    if (!registry) return;
    try {
      registry.parseEntityUrn(urn);
    } catch (err) {
      throw new BadRequestError(
        `Invalid OpenLineage run event: ${fields} make no valid URN: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  };

/** DataHub's type of an OpenLineage column type. */
function columnType(type: string | undefined): string {
  switch (type) {
    case 'string':
      return 'StringType';
    case 'long':
    case 'int':
      return 'NumberType';
    case 'timestamp':
      return 'TimeType';
    case 'struct':
      return 'MapType';
    default:
      return 'NullType';
  }
}

/** A dataset's `schemaMetadata` from its `schema` facet's top-level columns, as DataHub makes it. */
function schemaMetadata(
  ds: OlDataset,
  columns: readonly SchemaColumn[],
  settings: OpenLineageSettings,
): Record<string, unknown> | undefined {
  const plain = datasetUrnOf(ds.namespace, ds.name, settings);
  if (!plain) return undefined;
  return {
    schemaName: '',
    platform: platformOf(plain),
    version: 1,
    hash: '',
    platformSchema: {
      'com.linkedin.schema.MySqlDDL': { tableSchema: JSON.stringify(columns.map((c) => c.raw)) },
    },
    fields: columns.map((c) => ({
      fieldPath: c.name,
      nativeDataType: c.type ?? '',
      type: { type: { [`com.linkedin.schema.${columnType(c.type)}`]: {} } },
    })),
  };
}

/** One column-level lineage of a job (DataHub's `FineGrainedLineage`, as the mapping fills it). */
interface FineGrainedLineage {
  readonly upstreamType: 'FIELD_SET';
  readonly upstreams: string[];
  readonly downstreamType: 'FIELD_SET';
  readonly downstreams: string[];
  readonly transformOperation: string;
  readonly confidenceScore: number;
}

/** The fine-grained lineages of a dataset's `columnLineage` facet, as DataHub makes them. */
function fineGrainedLineages(
  ds: OlDataset,
  urn: string,
  sql: string | undefined,
  check: UrnCheck,
  settings: OpenLineageSettings,
): FineGrainedLineage[] {
  const columns = columnLineage(ds.facets, ds.at);
  if (!columns) return [];
  return columns.flatMap(([column, inputs]) => {
    const upstreams = inputs.flatMap((i, n) => {
      const upstream = datasetUrnOf(i.namespace, i.name, settings);
      if (upstream)
        check(
          upstream,
          `${ds.at}.facets.columnLineage.fields.${column}.inputFields[${n}] namespace and name`,
        );
      return upstream ? [schemaFieldUrn(upstream, i.field)] : [];
    });
    if (!upstreams.length) return [];
    const kinds = [...new Set(inputs.flatMap((i) => i.transformations))].sort((a, b) =>
      a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0,
    );
    let operation = kinds.join(',');
    if (sql?.trim()) operation = operation ? `-- ${operation}\n${sql}` : sql;
    return [
      {
        upstreamType: 'FIELD_SET',
        upstreams: upstreams.sort(),
        downstreamType: 'FIELD_SET',
        downstreams: [schemaFieldUrn(urn, column)],
        transformOperation: operation,
        confidenceScore: 0.5,
      },
    ];
  });
}

/** A run's datasets by URN (the first of each URN kept), in URN order, as DataHub keeps them. */
function byUrn(
  list: readonly OlDataset[],
  check: UrnCheck,
  settings: OpenLineageSettings,
): { urn: string; ds: OlDataset }[] {
  const seen = new Map<string, OlDataset>();
  for (const ds of list) {
    const urn = olDatasetUrn(ds.namespace, ds.name, ds.facets, settings);
    if (urn) check(urn, `${ds.at}.namespace and ${ds.at}.name`);
    if (urn && !seen.has(urn)) seen.set(urn, ds);
  }
  return [...seen].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([urn, ds]) => ({ urn, ds }));
}

/** A run's result as DataHub records it on the run event, by event type (OTHER: none, see decision 0065). */
function runEvent(event: RunEvent): Record<string, unknown> | undefined {
  const base = { timestampMillis: event.eventTime };
  switch (event.eventType) {
    case 'START':
    case 'RUNNING':
      return { ...base, status: 'STARTED' };
    case 'COMPLETE':
      return { ...base, status: 'COMPLETE', result: { type: 'SUCCESS', nativeResultType: 'COMPLETE' } };
    case 'FAIL':
    case 'ABORT':
      return { ...base, status: 'COMPLETE', result: { type: 'FAILURE', nativeResultType: event.eventType } };
    default:
      return undefined;
  }
}

/**
 * The metadata change proposals of one OpenLineage run event, as DataHub's OpenLineage endpoint makes
 * them with its converter's settings (`settings`; DataHub's defaults: the event's orchestrator, no
 * platform instance, PROD, datasets materialized with their schema, column-level lineage captured, whole
 * aspects, not patches): the job's namespace (or the platform instance) and the first part of its name
 * (before a `.`) are a `dataFlow`, the job a `dataJob` of it with the run's inputs and outputs as edges
 * and the column-level lineage of their `columnLineage` facets, each input and output a `dataset` (key,
 * not removed, `schemaMetadata` from its `schema` facet), and the run a `dataProcessInstance` of the job
 * with its inputs, outputs and a run event (STARTED, or COMPLETE with SUCCESS or FAILURE). With the
 * registry, each URN it makes is checked (400 naming the event's fields).
 */
export function openLineageProposals(
  event: RunEvent,
  registry?: Registry,
  settings: OpenLineageSettings = DEFAULT_OPENLINEAGE_SETTINGS,
): Proposal[] {
  const check = urnCheck(registry);
  const out: Proposal[] = [];
  const put = (entityUrn: string, aspectName: string, value: unknown): void => {
    out.push({
      entityType: entityUrn.split(':')[2],
      entityUrn,
      changeType: 'UPSERT',
      aspectName,
      aspect: { value, contentType: 'application/json' },
    });
  };
  const patch = (entityUrn: string, aspectName: string, ops: { path: string; value: unknown }[]): void => {
    out.push({
      entityType: entityUrn.split(':')[2],
      entityUrn,
      changeType: 'PATCH',
      aspectName,
      aspect: {
        value: ops.map((o) => ({ op: 'add', ...o })),
        contentType: 'application/json-patch+json',
      },
    });
  };
  const orchestrator = orchestratorOf(event, settings);
  const jobName = event.job.name;
  const dot = jobName.indexOf('.');
  const flowName = dot < 0 ? jobName : jobName.slice(0, dot);
  const cluster = settings.platformInstance ?? event.job.namespace;
  const flow = `urn:li:dataFlow:(${orchestrator},${flowName},${cluster})`;
  const job = `urn:li:dataJob:(${flow},${jobName})`;
  const run = `urn:li:dataProcessInstance:${event.runId}`;
  check(
    flow,
    settings.platformInstance === undefined
      ? 'job.namespace, job.name and the orchestrator (producer or processing_engine)'
      : 'job.name, the orchestrator and the platform instance',
  );
  check(job, 'job.name');
  const description = str(facet(event.job.facets, 'documentation'), 'description');
  const sql = str(facet(event.job.facets, 'sql'), 'query');

  put(flow, 'dataFlowInfo', {
    name: flowName,
    customProperties: runProperties(event, true),
    ...(description !== undefined && { description }),
  });
  put(flow, 'status', { removed: false });
  if (settings.platformInstance !== undefined) {
    const instance = {
      platform: `urn:li:dataPlatform:${orchestrator}`,
      instance: `urn:li:dataPlatformInstance:(urn:li:dataPlatform:${orchestrator},${settings.platformInstance})`,
    };
    check(instance.instance, 'the orchestrator and the platform instance');
    put(flow, 'dataPlatformInstance', instance);
    put(job, 'dataPlatformInstance', instance);
  }
  put(job, 'dataJobInfo', {
    name: dot < 0 ? jobName : jobName.slice(dot + 1),
    type: { string: orchestrator },
    flowUrn: flow,
    customProperties: runProperties(event, false),
    created: { time: event.eventTime },
    ...(description !== undefined && { description }),
  });
  put(job, 'status', { removed: false });
  const tags = airflowTags(event);
  if (tags && settings.usePatch && tags.length)
    patch(
      flow,
      'globalTags',
      tags.map((t) => ({
        path: `/tags/${pointerKey(`urn:li:tag:${t}`)}`,
        value: { tag: `urn:li:tag:${t}` },
      })),
    );
  else if (tags) put(flow, 'globalTags', { tags: tags.map((t) => ({ tag: `urn:li:tag:${t}` })) });

  const edge = (urn: string) => ({
    destinationUrn: urn,
    lastModified: { time: event.eventTime, actor: MAPPING_ACTOR },
  });
  const inputs = byUrn(event.inputs, check, settings);
  const outputs = byUrn(event.outputs, check, settings);
  for (const { urn, ds } of [...inputs, ...outputs]) {
    if (!settings.materializeDataset) continue;
    const name = urn.slice(urn.indexOf(',') + 1, urn.lastIndexOf(','));
    put(urn, 'datasetKey', {
      platform: platformOf(urn),
      name,
      origin: urn.slice(urn.lastIndexOf(',') + 1, -1),
    });
    put(urn, 'status', { removed: false });
    const columns = settings.includeSchemaMetadata ? schemaColumns(ds.facets, ds.at) : undefined;
    const schema = columns && schemaMetadata(ds, columns, settings);
    if (schema) put(urn, 'schemaMetadata', schema);
  }
  const fineGrained = settings.captureColumnLevelLineage
    ? [...inputs, ...outputs].flatMap((d) => fineGrainedLineages(d.ds, d.urn, sql, check, settings))
    : [];
  if (!settings.usePatch)
    put(job, 'dataJobInputOutput', {
      inputDatasets: [],
      outputDatasets: [],
      inputDatasetEdges: inputs.map((d) => edge(d.urn)),
      outputDatasetEdges: outputs.map((d) => edge(d.urn)),
      inputDatajobs: [],
      fineGrainedLineages: fineGrained,
    });
  else if (inputs.length || outputs.length)
    patch(job, 'dataJobInputOutput', [
      ...inputs.map((d) => ({ path: `/inputDatasetEdges/${pointerKey(d.urn)}`, value: edge(d.urn) })),
      ...outputs.map((d) => ({ path: `/outputDatasetEdges/${pointerKey(d.urn)}`, value: edge(d.urn) })),
      ...fineGrained.flatMap((f) =>
        f.upstreams.flatMap((up) =>
          f.downstreams.map((down) => ({
            path: `/fineGrainedLineages/${[f.transformOperation || 'TRANSFORM', down, 'NONE', up].map(pointerKey).join('/')}`,
            value: { confidenceScore: f.confidenceScore },
          })),
        ),
      ),
    ]);

  put(run, 'dataProcessInstanceInput', { inputs: inputs.map((d) => d.urn) });
  put(run, 'dataProcessInstanceOutput', { outputs: outputs.map((d) => d.urn) });
  put(run, 'dataProcessInstanceProperties', {
    name: event.runId,
    created: { time: event.eventTime, actor: MAPPING_ACTOR },
  });
  const result = runEvent(event);
  if (result) put(run, 'dataProcessInstanceRunEvent', result);
  put(run, 'dataProcessInstanceRelationships', { parentTemplate: job, upstreamInstances: [] });
  return out;
}

import { EVENT_TIME_PATTERN, RUN_EVENT_TYPES } from '../../../src/services/index.js';
import { OPENLINEAGE_PATH } from '../openlineage-routes.js';
import { body, ERRORS, TRACE_HEADERS, type Json } from './common.js';
import { ref, type JsonSchema, type SchemaComponents } from './json-schema.js';

const str: JsonSchema = { type: 'string' };
const name: JsonSchema = { type: 'string', minLength: 1, pattern: '\\S' };
const facets: JsonSchema = { type: 'object', description: 'Facets by name (those not mapped are ignored)' };
const dataset: JsonSchema = {
  type: 'object',
  properties: { namespace: name, name, facets },
  required: ['namespace', 'name'],
};

/** DataHub's OpenLineage endpoint (docs/decisions/0065). */
export function openLineagePaths(c: SchemaComponents): Record<string, Json> {
  c.schemas.OpenLineageRunEvent = {
    type: 'object',
    description:
      'An OpenLineage run event (https://openlineage.io/spec/2-0-2/OpenLineage.json#/definitions/RunEvent)',
    properties: {
      eventType: { type: 'string', enum: [...RUN_EVENT_TYPES] },
      eventTime: {
        type: 'string',
        pattern: EVENT_TIME_PATTERN,
        description: 'RFC 3339 date-time (e.g. 2024-05-01T12:00:00.000Z; without an offset: UTC)',
      },
      producer: {
        type: 'string',
        description:
          "The producer's URL: an OpenLineage integration's (its last path segment), Airflow's or Trino's names the orchestrator; else run.facets.processing_engine.name must",
      },
      schemaURL: str,
      run: {
        type: 'object',
        properties: {
          runId: {
            type: 'string',
            pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
          },
          facets,
        },
        required: ['runId'],
      },
      job: {
        type: 'object',
        properties: { namespace: name, name, facets },
        required: ['namespace', 'name'],
      },
      inputs: { type: 'array', items: dataset },
      outputs: { type: 'array', items: dataset },
    },
    required: ['eventType', 'eventTime', 'producer', 'run', 'job'],
  };
  return {
    [OPENLINEAGE_PATH]: {
      post: {
        operationId: 'openlineage_post_run_event',
        summary:
          'Record an OpenLineage run event: its job, run, datasets, schemas and table- and column-level lineage',
        tags: ['OpenLineage'],
        requestBody: body(ref('OpenLineageRunEvent')),
        responses: { '200': { description: 'Recorded', headers: TRACE_HEADERS }, ...ERRORS },
      },
    },
  };
}

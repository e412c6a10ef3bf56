import type { Registry } from '../../../src/registry/index.js';
import { resolveSchema, type AspectSpec, type EntitySpec } from '../../../src/registry/index.js';
import { STRING_MAP } from './common.js';
import { nullable, ref, type JsonSchema, type SchemaComponents } from './json-schema.js';

/** DataHub's component prefix of an entity kind: its name with the first letter upper-cased (`MlModel`). */
export const cap = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1);

/** The aspects of an entity kind, in registry order. */
export const aspectsOf = (r: Registry, e: EntitySpec): AspectSpec[] =>
  e.aspects.map((n) => r.findAspect(n) as AspectSpec);

const closed = (properties: Record<string, JsonSchema>, required: string[]): JsonSchema => ({
  type: 'object',
  properties,
  ...(required.length ? { required } : {}),
  additionalProperties: false,
});

/**
 * The shape of an entity kind's URN as the key aspect spells it (`urn:li:dataset:(<platform urn>,<name>,<origin>)`),
 * with an example. Key parts are any text but commas and parentheses.
 */
export function entityUrnSchema(r: Registry, e: EntitySpec): JsonSchema {
  const key = r.keyAspectOf(e).schema;
  const parts = e.keyFields.map((name) => {
    const field = key.fields.find((f) => f.name === name);
    const s = field ? resolveSchema(field.schema) : undefined;
    if (s?.kind === 'enum')
      return {
        pattern: `(${s.symbols.join('|')})`,
        example: s.symbols.includes('PROD') ? 'PROD' : s.symbols[0],
      };
    if (s?.kind === 'urn') {
      const type = s.entityTypes?.[0] ?? 'dataPlatform';
      return { pattern: `urn:li:${type}:[^,()]+`, example: `urn:li:${type}:hive` };
    }
    return { pattern: '[^,()]+', example: `example_${name}` };
  });
  const tuple = parts.length > 1;
  const join = (xs: string[]): string => (tuple ? `\\(${xs.join(',')}\\)` : xs.join(''));
  const example = (xs: string[]): string => (tuple ? `(${xs.join(',')})` : xs.join(''));
  return {
    type: 'string',
    pattern: `^urn:li:${e.name}:${join(parts.map((p) => p.pattern))}$`,
    example: `urn:li:${e.name}:${example(parts.map((p) => p.example as string))}`,
  };
}

/** The v3 and v2 wrappers of one aspect: `<Aspect>AspectRequest_v3`, `<Aspect>AspectResponse_v3`, and the v2 ones. */
export function aspectComponents(c: SchemaComponents, a: AspectSpec): string {
  const name = c.record(a.schema);
  if (c.schemas[`${name}AspectResponse_v3`]) return name;
  c.schemas[`${name}AspectRequest_v3`] = {
    type: 'object',
    properties: {
      value: ref(name),
      systemMetadata: nullable(ref('SystemMetadata')),
      headers: nullable({
        ...STRING_MAP,
        description:
          'Request headers of this write, e.g. `X-DataHub-Sync-Index-Update: true` (answer once searchable)',
      }),
    },
    required: ['value'],
  };
  c.schemas[`${name}AspectResponse_v3`] = closed(
    { value: ref(name), systemMetadata: ref('SystemMetadata'), auditStamp: ref('AuditStamp') },
    ['value'],
  );
  c.schemas[`${name}AspectRequest_v2`] = {
    type: 'object',
    properties: {
      value: ref(name),
      systemMetadata: nullable(ref('SystemMetadata')),
      headers: nullable(STRING_MAP),
    },
    required: ['value'],
  };
  c.schemas[`${name}AspectResponse_v2`] = closed(
    { value: ref(name), systemMetadata: ref('SystemMetadata') },
    ['value'],
  );
  return name;
}

/** Per entity kind: the request, response, scroll, batchGet and patch shapes of v3 and v2, and its URN. */
export function entityComponents(r: Registry, c: SchemaComponents, e: EntitySpec): void {
  const E = cap(e.name);
  const aspects = aspectsOf(r, e).map((a) => ({ a, record: aspectComponents(c, a) }));
  const per = (f: (record: string) => JsonSchema): Record<string, JsonSchema> =>
    Object.fromEntries(aspects.map(({ a, record }) => [a.name, f(record)]));
  const urn = ref(`${E}Urn`);
  c.schemas[`${E}Urn`] = entityUrnSchema(r, e);
  const urnOut: JsonSchema = { type: 'string' };

  c.schemas[`${E}EntityRequest_v3`] = closed({ urn, ...per((x) => ref(`${x}AspectRequest_v3`)) }, ['urn']);
  c.schemas[`${E}EntityResponse_v3`] = closed({ urn: urnOut, ...per((x) => ref(`${x}AspectResponse_v3`)) }, [
    'urn',
  ]);
  c.schemas[`Scroll${E}EntityResponse_v3`] = {
    type: 'object',
    properties: {
      scrollId: { ...nullable({ type: 'string' }), description: 'null on the last page' },
      entities: { type: 'array', items: ref(`${E}EntityResponse_v3`) },
      facets: { type: 'array', items: { type: 'object' } },
      totalCount: { type: 'integer', format: 'int64' },
    },
    required: ['scrollId', 'entities'],
    additionalProperties: false,
  };
  c.schemas[`BatchGet${E}EntityRequest_v3`] = {
    type: 'object',
    properties: { urn, ...per(() => ref('BatchGetRequestBody')) },
    required: ['urn'],
  };
  c.schemas[`${E}EntityRequestPatch_v3`] = closed({ urn, ...per(() => ref('AspectPatchProperty')) }, ['urn']);

  c.schemas[`${E}EntityRequest_v2`] = {
    type: 'object',
    properties: {
      urn,
      aspects: closed(
        per((x) => ref(`${x}AspectRequest_v2`)),
        [],
      ),
    },
    required: ['urn', 'aspects'],
  };
  c.schemas[`${E}EntityResponse_v2`] = closed(
    {
      urn: urnOut,
      aspects: closed(
        per((x) => ref(`${x}AspectResponse_v2`)),
        [],
      ),
    },
    ['urn', 'aspects'],
  );
  c.schemas[`Scroll${E}EntityResponse_v2`] = closed(
    {
      scrollId: nullable({ type: 'string' }),
      results: { type: 'array', items: ref(`${E}EntityResponse_v2`) },
    },
    ['scrollId', 'results'],
  );
  c.schemas[`BatchGet${E}EntityRequest_v2`] = {
    type: 'object',
    properties: {
      urns: { type: 'array', items: urn },
      aspectNames: { type: 'array', items: { type: 'string', enum: aspects.map(({ a }) => a.name) } },
      withSystemMetadata: { type: 'boolean', default: false },
    },
  };
  c.schemas[`BatchGet${E}EntityResponse_v2`] = closed(
    { entities: { type: 'array', items: ref(`${E}EntityResponse_v2`) } },
    ['entities'],
  );
}

/** The cross-entity shapes: generic writes and reads keyed by entity name, and the entity of any kind. */
export function crossEntityComponents(r: Registry, c: SchemaComponents): void {
  const entities = r.allEntities();
  const byName = (f: (E: string) => JsonSchema): Record<string, JsonSchema> =>
    Object.fromEntries(entities.map((e) => [e.name, { type: 'array', items: f(cap(e.name)) }]));
  c.schemas.CrossEntitiesRequest_v3 = closed(
    byName((E) => ref(`${E}EntityRequest_v3`)),
    [],
  );
  c.schemas.CrossEntitiesPatch_v3 = closed(
    byName((E) => ref(`${E}EntityRequestPatch_v3`)),
    [],
  );
  c.schemas.CrossEntitiesBatchGetRequest_v3 = closed(
    byName((E) => ref(`BatchGet${E}EntityRequest_v3`)),
    [],
  );
  c.schemas.CrossEntitiesResponse_v3 = closed(
    byName((E) => ref(`${E}EntityResponse_v3`)),
    [],
  );
  const all = r.allAspects().map((a) => ({ a, record: aspectComponents(c, a) }));
  c.schemas.EntitiesEntityResponse_v3 = closed(
    {
      urn: { type: 'string' },
      ...Object.fromEntries(all.map(({ a, record }) => [a.name, ref(`${record}AspectResponse_v3`)])),
    },
    ['urn'],
  );
  c.schemas.EntitiesEntityRequest_v3 = {
    type: 'object',
    description:
      'What to scroll: entity kinds (all when absent), aspects to return (none: URNs only; `[]`: all), a filter and a sort.',
    properties: {
      entities: { type: 'array', items: { type: 'string', enum: entities.map((e) => e.name) } },
      aspects: { type: 'array', items: { type: 'string', enum: all.map(({ a }) => a.name) } },
      filter: ref('Filter'),
      sortCriteria: { type: 'array', items: ref('SortCriterion') },
    },
  };
  c.schemas.ScrollEntitiesEntityResponse_v3 = {
    type: 'object',
    properties: {
      scrollId: nullable({ type: 'string' }),
      entities: { type: 'array', items: ref('EntitiesEntityResponse_v3') },
      facets: { type: 'array', items: { type: 'object' } },
      totalCount: { type: 'integer', format: 'int64' },
    },
    required: ['scrollId', 'entities'],
    additionalProperties: false,
  };
}

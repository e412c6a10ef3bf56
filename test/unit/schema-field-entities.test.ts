import { describe, expect, it } from 'vitest';
import { defaultRegistry } from '../../src/registry/index.js';
import { buildOp } from '../../src/services/build-ops.js';
import { SchemaFieldEntities } from '../../src/services/schema-field-entities.js';
import { writeHooks } from '../../src/services/index.js';
import { loadConfig } from '../../src/config.js';
import type { EntityStore, StoredAspect, TxView, WriteOp } from '../../src/store/index.js';

const registry = defaultRegistry();
const hook = new SchemaFieldEntities(registry);
const DS = 'urn:li:dataset:(urn:li:dataPlatform:hive,t,PROD)';
const field = (path: string) => `urn:li:schemaField:(${DS},${path})`;
const stamp = { time: 1, actor: 'urn:li:corpuser:x' };

const schema = (...paths: string[]) => ({
  schemaName: 't',
  platform: 'urn:li:dataPlatform:hive',
  version: 0,
  hash: '',
  platformSchema: { 'com.linkedin.schema.OtherSchema': { rawSchema: '' } },
  fields: paths.map((fieldPath) => ({
    fieldPath,
    nativeDataType: 'TEXT',
    type: { type: { 'com.linkedin.schema.StringType': {} } },
  })),
});
const op = (aspectName: string, value: unknown, changeType = 'UPSERT', urn = DS): WriteOp =>
  buildOp(
    registry,
    { entityUrn: urn, changeType, aspectName, aspect: value === null ? undefined : { value } },
    stamp,
  ).op;
/** A schema as the store holds it (normalized by the write path). */
const stored = (...paths: string[]) =>
  JSON.parse((op('schemaMetadata', schema(...paths)) as { value: string }).value);
/** A view of a store holding these aspects of the dataset. */
const view = (aspects: Record<string, unknown> = {}): TxView => ({
  latest: async (urns, names) =>
    Object.entries(aspects)
      .filter(([name]) => urns.includes(DS) && (!names || names.includes(name)))
      .map(([name, value]): StoredAspect => ({
        urn: DS,
        name,
        version: 0,
        value: JSON.stringify(value),
        created: stamp,
        systemMetadata: null,
      })),
  sources: async () => [],
});
/** The added writes as `<kind> <urn> <aspect> <value>` lines, sorted. */
const run = async (ops: WriteOp[], aspects?: Record<string, unknown>): Promise<string[]> => {
  const added = await hook.inTransaction(ops, view(aspects));
  return (added?.ops ?? [])
    .map((o) =>
      [o.kind, o.urn, 'aspect' in o ? o.aspect : '', o.kind === 'upsert' ? o.value : ''].join(' ').trim(),
    )
    .sort();
};

describe('SchemaFieldEntities (DataHub schema-field side effect)', () => {
  it('passes batches that touch no dataset schema or status', async () => {
    expect(await hook.inTransaction([op('datasetProperties', { name: 'x' })], view())).toBeUndefined();
  });

  it('makes new fields with their key and aliases, and copies the dataset status', async () => {
    expect(await run([op('schemaMetadata', schema('a'))])).toEqual([
      `upsert ${field('a')} schemaFieldAliases {"aliases":["${field('a')}"]}`,
    ]);
    const added = await hook.inTransaction([op('schemaMetadata', schema('a'))], view());
    expect(added?.entities?.map((e) => [e.urn, e.keyAspect, JSON.parse(e.keyValue)])).toEqual([
      [field('a'), 'schemaFieldKey', { parent: DS, fieldPath: 'a' }],
    ]);
    expect(await run([op('status', { removed: true }), op('schemaMetadata', schema('a'))])).toEqual([
      `upsert ${field('a')} schemaFieldAliases {"aliases":["${field('a')}"]}`,
      `upsert ${field('a')} status {"removed":true}`,
    ]);
  });

  it('writes only the key of a field whose aliases did not change, and nothing for an unchanged schema', async () => {
    expect(await run([op('schemaMetadata', schema('a', 'b'))], { schemaMetadata: stored('a') })).toEqual([
      `upsert ${field('b')} schemaFieldAliases {"aliases":["${field('b')}"]}`,
    ]);
    expect(await run([op('schemaMetadata', schema('a'))], { schemaMetadata: stored('a') })).toEqual([]);
    expect(
      await run([op('schemaMetadata', schema('a'))], {
        schemaMetadata: stored('a', 'b'),
        status: { removed: false },
      }),
    ).toEqual([
      `upsert ${field('a')} status {"removed":false}`,
      `upsert ${field('b')} status {"removed":true}`,
    ]);
  });

  it('follows a status written alone, or deleted', async () => {
    const aspects = { schemaMetadata: stored('a', 'b') };
    expect(await run([op('status', { removed: true })], aspects)).toEqual([
      `upsert ${field('a')} status {"removed":true}`,
      `upsert ${field('b')} status {"removed":true}`,
    ]);
    expect(await run([op('status', null, 'DELETE')], aspects)).toEqual([
      `deleteAspect ${field('a')} status`,
      `deleteAspect ${field('b')} status`,
    ]);
  });

  it('deletes the fields with the schema or the dataset', async () => {
    const aspects = { schemaMetadata: stored('a') };
    expect(await run([op('schemaMetadata', null, 'DELETE')], aspects)).toEqual([
      `deleteEntity ${field('a')}`,
    ]);
    expect(await run([op('', null, 'DELETE')], aspects)).toEqual([`deleteEntity ${field('a')}`]);
  });

  it('resolves a PATCH of the schema against the stored one', async () => {
    const patch = [{ op: 'add', path: '/fields/1', value: schema('b').fields[0] }];
    expect(await run([op('schemaMetadata', patch, 'PATCH')], { schemaMetadata: stored('a') })).toEqual([
      `upsert ${field('b')} schemaFieldAliases {"aliases":["${field('b')}"]}`,
    ]);
  });
});

describe('MCP_SIDE_EFFECTS_SCHEMA_FIELD_ENABLED', () => {
  const tasks = { start: async () => 'task' };
  const hooksWith = (schemaFields: boolean) =>
    writeHooks({ registry, store: {} as EntityStore, tasks, schemaFields }).filter(
      (h) => h instanceof SchemaFieldEntities,
    );

  it('turns the schema-field side effect on by default, and off with false (as DataHub names it)', () => {
    expect(loadConfig({}).schemaFieldSideEffect).toBe(true);
    expect(loadConfig({ MCP_SIDE_EFFECTS_SCHEMA_FIELD_ENABLED: 'False' }).schemaFieldSideEffect).toBe(false);
    expect(hooksWith(true)).toHaveLength(1);
    expect(hooksWith(false)).toHaveLength(0);
  });
});

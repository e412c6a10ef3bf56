import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime.js';
import { httpClient } from '../support/http.js';
import {
  datasetUrn,
  enc,
  mcp,
  schemaField,
  schemaMetadata,
  startTestServer,
  unique,
} from '../support/runtime.js';

let rt: Runtime;
beforeAll(async () => {
  rt = await startTestServer();
});
afterAll(async () => rt?.stop());

const { call, gqlOk } = httpClient(() => rt.url);
const V3 = '/openapi/v3/entity';
const fieldUrn = (ds: string, path: string) => `urn:li:schemaField:(${ds},${path})`;

const ingest = async (...proposals: Record<string, unknown>[]) => {
  const res = await call('POST', '/aspects?action=ingestProposalBatch', { proposals });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
/** A schema field's entity through OpenAPI v3: its status code and aspects. */
const field = async (ds: string, path: string) => {
  const res = await call('GET', `${V3}/schemaField/${enc(fieldUrn(ds, path))}`);
  return { status: res.status, body: res.body as Record<string, { value: Record<string, unknown> }> };
};
const removed = async (ds: string, path: string) => (await field(ds, path)).body.status?.value.removed;

describe('schemaField entities from a dataset schema (DataHub schema-field side effect)', () => {
  it('are created with the schema, with their key, aliases and the dataset status', async () => {
    const ds = datasetUrn(`sf_new_${unique()}`);
    await ingest(
      mcp(ds, 'status', { removed: false }),
      mcp(ds, 'schemaMetadata', schemaMetadata([schemaField('id'), schemaField('name')])),
    );
    const id = await field(ds, 'id');
    expect(id.status).toBe(200);
    expect(id.body.schemaFieldKey?.value).toEqual({ parent: ds, fieldPath: 'id' });
    expect(id.body.schemaFieldAliases?.value).toEqual({ aliases: [fieldUrn(ds, 'id')] });
    expect(id.body.status?.value).toEqual({ removed: false });
    expect((await field(ds, 'name')).status).toBe(200);

    const data = await gqlOk(
      `query($urn: String!) { entity(urn: $urn) { urn type ... on SchemaFieldEntity { fieldPath parent { urn } } } }`,
      { urn: fieldUrn(ds, 'id') },
    );
    expect(data.entity).toEqual({
      urn: fieldUrn(ds, 'id'),
      type: 'SCHEMA_FIELD',
      fieldPath: 'id',
      parent: { urn: ds },
    });
  });

  it('without a dataset status: key and aliases only', async () => {
    const ds = datasetUrn(`sf_nostatus_${unique()}`);
    await ingest(mcp(ds, 'schemaMetadata', schemaMetadata([schemaField('a')])));
    const a = await field(ds, 'a');
    expect(a.status).toBe(200);
    expect(a.body.schemaFieldAliases?.value).toEqual({ aliases: [fieldUrn(ds, 'a')] });
    expect(a.body.status).toBeUndefined();
  });

  it('gives a v2 field path its simple path as an alias', async () => {
    const ds = datasetUrn(`sf_v2_${unique()}`);
    const path = '[version=2.0].[type=struct].[type=string].city';
    await ingest(mcp(ds, 'schemaMetadata', schemaMetadata([schemaField(path)])));
    const f = await field(ds, path);
    expect(f.status).toBe(200);
    expect(f.body.schemaFieldAliases?.value.aliases).toEqual(
      [fieldUrn(ds, path), fieldUrn(ds, 'city')].sort(),
    );
  });

  it('soft-deletes a field the schema loses, and follows the dataset status', async () => {
    const ds = datasetUrn(`sf_removed_${unique()}`);
    await ingest(
      mcp(ds, 'status', { removed: false }),
      mcp(ds, 'schemaMetadata', schemaMetadata([schemaField('keep'), schemaField('gone', 'INT')])),
    );
    await ingest(mcp(ds, 'schemaMetadata', schemaMetadata([schemaField('keep')])));
    expect(await removed(ds, 'gone')).toBe(true);
    expect(await removed(ds, 'keep')).toBe(false);

    // The dataset soft-deleted, then restored: its fields follow.
    await ingest(mcp(ds, 'status', { removed: true }));
    expect(await removed(ds, 'keep')).toBe(true);
    await ingest(mcp(ds, 'status', { removed: false }));
    expect(await removed(ds, 'keep')).toBe(false);

    // The field back in the schema is live again.
    await ingest(
      mcp(ds, 'schemaMetadata', schemaMetadata([schemaField('keep'), schemaField('gone', 'INT')])),
    );
    expect(await removed(ds, 'gone')).toBe(false);

    // The dataset status deleted: so is its fields'.
    await ingest(mcp(ds, 'status', null, 'DELETE'));
    expect((await field(ds, 'keep')).body.status).toBeUndefined();
    expect((await field(ds, 'keep')).status).toBe(200);
  });

  it('removes the fields with the schema, and with the dataset', async () => {
    const ds = datasetUrn(`sf_delete_${unique()}`);
    await ingest(mcp(ds, 'schemaMetadata', schemaMetadata([schemaField('x'), schemaField('y')])));
    expect((await field(ds, 'x')).status).toBe(200);
    await ingest(mcp(ds, 'schemaMetadata', null, 'DELETE'));
    expect((await field(ds, 'x')).status).toBe(404);
    expect((await field(ds, 'y')).status).toBe(404);

    const other = datasetUrn(`sf_hard_${unique()}`);
    await ingest(mcp(other, 'schemaMetadata', schemaMetadata([schemaField('z')])));
    expect((await field(other, 'z')).status).toBe(200);
    const res = await call('DELETE', `${V3}/dataset/${enc(other)}`);
    expect(res.status).toBeLessThan(300);
    expect((await field(other, 'z')).status).toBe(404);
  });

  it('writes nothing when the batch fails', async () => {
    const ds = datasetUrn(`sf_atomic_${unique()}`);
    const res = await call('POST', '/aspects?action=ingestProposalBatch', {
      proposals: [
        mcp(ds, 'schemaMetadata', schemaMetadata([schemaField('a')])),
        mcp(ds, 'datasetProperties', { customProperties: { a: 1 } }),
      ],
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect((await field(ds, 'a')).status).toBe(404);
  });

  it('makes the fields of a wide schema in one write, through OpenAPI too', async () => {
    const ds = datasetUrn(`sf_wide_${unique()}`);
    const fields = Array.from({ length: 600 }, (_, i) => schemaField(`c${i}`));
    const res = await call('POST', `${V3}/dataset/${enc(ds)}/schemaMetadata?createIfNotExists=false`, {
      value: schemaMetadata(fields),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await field(ds, 'c0')).status).toBe(200);
    expect((await field(ds, 'c599')).status).toBe(200);
    const list = await call('POST', '/entities?action=listUrns', {
      entity: 'schemaField',
      start: 0,
      count: 1,
    });
    expect(list.status).toBe(200);
  });
});

describe('structured properties on entities that do not exist yet', () => {
  it('creates the entity, as its first aspect write does', async () => {
    const prop = `io.neohub.sf${unique()}.team`;
    const def = await call(
      'POST',
      `${V3}/structuredProperty/${enc(`urn:li:structuredProperty:${prop}`)}/propertyDefinition`,
      {
        value: {
          qualifiedName: prop,
          valueType: 'urn:li:dataType:datahub.string',
          entityTypes: ['urn:li:entityType:datahub.dataset', 'urn:li:entityType:datahub.schemaField'],
        },
      },
    );
    expect(def.status, JSON.stringify(def.body)).toBe(200);
    const ds = datasetUrn(`sf_sp_${unique()}`);
    const col = fieldUrn(ds, 'col');
    const value = {
      properties: [{ propertyUrn: `urn:li:structuredProperty:${prop}`, values: [{ string: 'x' }] }],
    };
    for (const [kind, urn] of [
      ['dataset', ds],
      ['schemaField', col],
    ] as const) {
      const res = await call('POST', `${V3}/${kind}/${enc(urn)}/structuredProperties`, { value });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const read = await call('GET', `${V3}/${kind}/${enc(urn)}`);
      expect(read.status).toBe(200);
      expect(read.body.structuredProperties.value.properties[0].values).toEqual([{ string: 'x' }]);
    }
  });
});

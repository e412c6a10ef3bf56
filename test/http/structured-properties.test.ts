import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime.js';
import { httpClient } from '../support/http.js';
import { datasetUrn, enc, startTestServer, unique } from '../support/runtime.js';

let rt: Runtime;
beforeAll(async () => {
  rt = await startTestServer();
});
afterAll(async () => rt?.stop());

const { call, gql, waitForTask } = httpClient(() => rt.url);
const SYNC = { 'X-DataHub-Sync-Index-Update': 'true' };
const V3 = '/openapi/v3/entity';
const V2 = '/openapi/v2/entity';
const propUrn = (name: string): string => `urn:li:structuredProperty:${name}`;

function definition(name: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    qualifiedName: name,
    displayName: 'Retention Time',
    valueType: 'urn:li:dataType:datahub.number',
    description: 'Retention in days',
    cardinality: 'MULTIPLE',
    entityTypes: ['urn:li:entityType:datahub.dataset', 'urn:li:entityType:datahub.dataFlow'],
    allowedValues: [
      { value: { double: 30 }, description: '30 days' },
      { value: { double: 60 }, description: '60 days' },
      { value: { double: 90 }, description: '90 days' },
    ],
    ...extra,
  };
}

async function define(name: string, extra: Record<string, unknown> = {}, query = ''): Promise<void> {
  const res = await call(
    'POST',
    `${V3}/structuredProperty/${enc(propUrn(name))}/propertyDefinition${query}`,
    {
      value: definition(name, extra),
    },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function dataset(name: string): Promise<string> {
  const urn = datasetUrn(name);
  const res = await call('POST', `${V3}/dataset/${enc(urn)}/datasetProperties?createIfNotExists=false`, {
    value: { name },
  });
  expect(res.status).toBe(200);
  return urn;
}

const setValues = (urn: string, properties: unknown[], query = '?createIfNotExists=false') =>
  call('POST', `${V3}/dataset/${enc(urn)}/structuredProperties${query}`, { value: { properties } }, SYNC);

async function shown(urn: string): Promise<Record<string, unknown[]>> {
  const res = await call('GET', `${V3}/dataset/${enc(urn)}?aspects=structuredProperties`);
  const props = (res.body?.structuredProperties?.value?.properties ?? []) as {
    propertyUrn: string;
    values: unknown[];
  }[];
  return Object.fromEntries(props.map((p) => [p.propertyUrn, p.values]));
}

const setStatus = (name: string, removed: boolean) =>
  call(
    'POST',
    `${V3}/structuredProperty/${enc(propUrn(name))}/status?createIfNotExists=false`,
    { value: { removed } },
    SYNC,
  );

describe('structured property definitions', () => {
  it('are written and read through OpenAPI v3 and v2, and read through Rest.li', async () => {
    const name = `io.acryl.privacy.retention${unique()}`;
    const urn = propUrn(name);
    const created = await call('POST', `${V3}/structuredProperty/${enc(urn)}/propertyDefinition`, {
      value: definition(name),
    });
    expect(created.status).toBe(200);
    // A new entity: its key aspect is in the answer too, as in DataHub's.
    expect(created.body).toEqual({
      urn,
      propertyDefinition: { value: definition(name) },
      structuredPropertyKey: { value: { id: name } },
    });
    // createIfNotExists is the default: a second create of the aspect fails.
    const again = await call('POST', `${V3}/structuredProperty/${enc(urn)}/propertyDefinition`, {
      value: definition(name),
    });
    expect(again.status).toBe(400);

    // DataHub's v3 controller answers a single aspect as `{value}` (its docs show the entity shape; decision 0014).
    const v3 = await call('GET', `${V3}/structuredProperty/${enc(urn)}/propertyDefinition`);
    expect(v3.status).toBe(200);
    expect(v3.body.value).toMatchObject(definition(name));
    const v2 = await call('GET', `${V2}/structuredProperty/${enc(urn)}/propertyDefinition`);
    expect(v2.body).toEqual({ value: definition(name) });
    const entity = await call('GET', `${V3}/structuredproperty/${enc(urn)}`);
    expect(entity.body).toMatchObject({
      urn,
      propertyDefinition: { value: { qualifiedName: name } },
      structuredPropertyKey: { value: { id: name } },
    });
    const restli = await call('GET', `/aspects/${enc(urn)}?aspect=propertyDefinition&version=0`);
    expect(restli.status).toBe(200);
    expect(restli.body.aspect['com.linkedin.structured.StructuredPropertyDefinition']).toMatchObject({
      qualifiedName: name,
      cardinality: 'MULTIPLE',
    });

    // v2 takes the raw definition.
    const other = `my.test.prop${unique()}`;
    const v2write = await call('POST', `${V2}/structuredProperty/${enc(propUrn(other))}/propertyDefinition`, {
      qualifiedName: other,
      valueType: 'urn:li:dataType:datahub.string',
      cardinality: 'SINGLE',
      entityTypes: ['urn:li:entityType:datahub.dataset'],
      allowedValues: [{ value: { string: 'foo' }, description: 'test foo value' }],
    });
    expect(v2write.status).toBe(200);
    expect(v2write.body).toMatchObject({
      urn: propUrn(other),
      aspects: { propertyDefinition: { value: { qualifiedName: other } } },
    });
  });

  it('rejects invalid definitions with clear errors and writes nothing', async () => {
    const name = `bad.prop${unique()}`;
    const urn = propUrn(name);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ valueType: 'urn:li:dataType:datahub.colour' }, /valueType .* is not a data type/],
      [{ version: '2024-06-14' }, /version "2024-06-14" must have the form yyyyMMddhhmmss/],
      [{ version: '20241399000000' }, /yyyyMMddhhmmss/],
      [{ qualifiedName: 'something.else' }, /qualifiedName "something.else" must equal the id of the URN/],
      [{ allowedValues: [{ value: { string: 'x' } }] }, /does not match the value type number/],
      [{ entityTypes: ['dataset'] }, /is not an entity type URN|entityTypes/],
    ];
    for (const [change, message] of cases) {
      const res = await call('POST', `${V3}/structuredProperty/${enc(urn)}/propertyDefinition`, {
        value: definition(name, change),
      });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect((await call('GET', `${V3}/structuredProperty/${enc(urn)}/propertyDefinition`)).status).toBe(404);
  });

  it('accepts compatible changes and rejects breaking ones unless a new version is given', async () => {
    const name = `evolve.prop${unique()}`;
    await define(name);
    const update = (extra: Record<string, unknown>) =>
      call(
        'POST',
        `${V3}/structuredProperty/${enc(propUrn(name))}/propertyDefinition?createIfNotExists=false`,
        {
          value: definition(name, extra),
        },
      );
    const wider = await update({
      displayName: 'Retention',
      allowedValues: [...(definition(name).allowedValues as unknown[]), { value: { double: 365 } }],
    });
    expect(wider.status).toBe(200);
    const single = await update({ cardinality: 'SINGLE' });
    expect(single.status).toBe(400);
    expect(single.body.message).toMatch(/Backwards-incompatible.*MULTIPLE to SINGLE.*version/);
    const fewer = await update({ allowedValues: [{ value: { double: 30 } }] });
    expect(fewer.status).toBe(400);
    expect(fewer.body.message).toMatch(/allowed values removed/);
    const retyped = await update({ valueType: 'urn:li:dataType:datahub.string', allowedValues: undefined });
    expect(retyped.status).toBe(400);
    const versioned = await update({ cardinality: 'SINGLE', version: '20240614080000' });
    expect(versioned.status).toBe(200);
    const older = await update({ cardinality: 'SINGLE', version: '20230101000000' });
    expect(older.status).toBe(400);
    expect(older.body.message).toMatch(/older than the current version/);
  });
});

describe('structured property values', () => {
  it('POST replaces all, PATCH add sets one and remove deletes one (v3 and v2 shapes)', async () => {
    const a = `values.a${unique()}`;
    const b = `values.b${unique()}`;
    await define(a);
    await define(b, {
      valueType: 'urn:li:dataType:datahub.string',
      allowedValues: undefined,
      cardinality: 'SINGLE',
    });
    const ds = await dataset(`sp_values_${unique()}`);
    const posted = await setValues(ds, [
      { propertyUrn: propUrn(a), values: [{ double: 60 }] },
      { propertyUrn: propUrn(b), values: [{ string: 'foo' }] },
    ]);
    expect(posted.status).toBe(200);
    expect(posted.body.urn).toBe(ds);
    expect(posted.body.structuredProperties.value.properties).toMatchObject([
      { propertyUrn: propUrn(a), values: [{ double: 60 }] },
      { propertyUrn: propUrn(b), values: [{ string: 'foo' }] },
    ]);
    // Each changed assignment carries who set it and when.
    expect(posted.body.structuredProperties.value.properties[0].lastModified.actor).toMatch(
      /^urn:li:corpuser:/,
    );

    const replaced = await setValues(ds, [
      { propertyUrn: propUrn(a), values: [{ double: 30 }, { double: 90 }] },
    ]);
    expect(replaced.status).toBe(200);
    expect(await shown(ds)).toEqual({ [propUrn(a)]: [{ double: 30 }, { double: 90 }] });

    const patchBody = (op: string, prop: string, values?: unknown[]) => ({
      patch: [
        { op, path: `/properties/${prop}`, ...(values ? { value: { propertyUrn: prop, values } } : {}) },
      ],
      arrayPrimaryKeys: { properties: ['propertyUrn'] },
    });
    const patchHeaders = { 'Content-Type': 'application/json-patch+json', ...SYNC };
    const added = await call(
      'PATCH',
      `${V2}/dataset/${enc(ds)}/structuredProperties`,
      patchBody('add', propUrn(b), [{ string: 'bar' }]),
      patchHeaders,
    );
    expect(added.status).toBe(200);
    expect(added.body.aspects.structuredProperties.value.properties).toHaveLength(2);
    expect(await shown(ds)).toEqual({
      [propUrn(a)]: [{ double: 30 }, { double: 90 }],
      [propUrn(b)]: [{ string: 'bar' }],
    });
    const setAgain = await call(
      'PATCH',
      `${V3}/dataset/${enc(ds)}/structuredProperties`,
      patchBody('add', propUrn(a), [{ double: 365 - 305 }]),
      patchHeaders,
    );
    expect(setAgain.status).toBe(200);
    expect(setAgain.body.structuredProperties.value.properties).toHaveLength(2);
    const removed = await call(
      'PATCH',
      `${V3}/dataset/${enc(ds)}/structuredProperties`,
      patchBody('remove', propUrn(a)),
      patchHeaders,
    );
    expect(removed.status).toBe(200);
    expect(await shown(ds)).toEqual({ [propUrn(b)]: [{ string: 'bar' }] });
  });

  it('are checked against the definition; the property must exist, a new entity is created; nothing is written on error', async () => {
    const num = `rules.num${unique()}`;
    const single = `rules.single${unique()}`;
    const charts = `rules.charts${unique()}`;
    await define(num);
    await define(single, {
      valueType: 'urn:li:dataType:datahub.string',
      allowedValues: undefined,
      cardinality: 'SINGLE',
    });
    await define(charts, { entityTypes: ['urn:li:entityType:datahub.chart'] });
    const ds = await dataset(`sp_rules_${unique()}`);
    expect((await setValues(ds, [{ propertyUrn: propUrn(num), values: [{ double: 30 }] }])).status).toBe(200);
    const bad: [unknown[], RegExp][] = [
      [[{ propertyUrn: propUrn(num), values: [{ string: '30' }] }], /is not a number/],
      [[{ propertyUrn: propUrn(single), values: [{ double: 1 }] }], /is a number; the property takes string/],
      [[{ propertyUrn: propUrn(num), values: [{ double: 31 }] }], /not one of the allowed values/],
      [[{ propertyUrn: propUrn(single), values: [{ string: 'a' }, { string: 'b' }] }], /cardinality SINGLE/],
      [[{ propertyUrn: propUrn(charts), values: [{ double: 30 }] }], /does not apply to dataset/],
      [[{ propertyUrn: propUrn(`missing${unique()}`), values: [{ double: 30 }] }], /does not exist/],
      [[{ propertyUrn: propUrn(num), values: [] }], /at least one value/],
      [
        [
          { propertyUrn: propUrn(num), values: [{ double: 60 }] },
          { propertyUrn: propUrn(num), values: [{ double: 90 }] },
        ],
        /given twice/,
      ],
    ];
    for (const [properties, message] of bad) {
      const res = await setValues(ds, properties);
      expect(res.status, JSON.stringify(properties)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect(await shown(ds)).toEqual({ [propUrn(num)]: [{ double: 30 }] });

    // An entity that does not exist yet is created by its first aspect, structured properties too (DataHub's way).
    const fresh = datasetUrn(`sp_new_${unique()}`);
    const created = await setValues(fresh, [{ propertyUrn: propUrn(num), values: [{ double: 30 }] }], '');
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect((await call('GET', `${V3}/dataset/${enc(fresh)}`)).status).toBe(200);
    expect(await shown(fresh)).toEqual({ [propUrn(num)]: [{ double: 30 }] });

    // Rest.li ingestProposal answers a rule violation with its 422.
    const restli = await call(
      'POST',
      '/aspects?action=ingestProposal',
      {
        proposal: {
          entityType: 'dataset',
          entityUrn: ds,
          changeType: 'UPSERT',
          aspectName: 'structuredProperties',
          aspect: {
            contentType: 'application/json',
            value: JSON.stringify({ properties: [{ propertyUrn: propUrn(num), values: [{ double: 7 }] }] }),
          },
        },
      },
      { 'X-RestLi-Protocol-Version': '2.0.0' },
    );
    expect(restli.status).toBe(422);
    expect(restli.body.message).toMatch(/not one of the allowed values/);
  });
});

describe('structured property lifecycle', () => {
  it('soft delete hides values and denies updates, values and filters; restore brings everything back', async () => {
    const name = `soft.prop${unique()}`;
    const keep = `soft.keep${unique()}`;
    await define(name);
    await define(keep);
    const ds = await dataset(`sp_soft_${unique()}`);
    await setValues(ds, [
      { propertyUrn: propUrn(name), values: [{ double: 60 }] },
      { propertyUrn: propUrn(keep), values: [{ double: 30 }] },
    ]);
    const v3 = await setStatus(name, true);
    expect(v3.status).toBe(200);
    expect(v3.body).toEqual({ urn: propUrn(name), status: { value: { removed: true } } });
    expect(await shown(ds)).toEqual({ [propUrn(keep)]: [{ double: 30 }] });

    const redefine = await call(
      'POST',
      `${V3}/structuredProperty/${enc(propUrn(name))}/propertyDefinition?createIfNotExists=false`,
      { value: definition(name, { displayName: 'changed' }) },
    );
    expect(redefine.status).toBe(400);
    expect(redefine.body.message).toMatch(/soft-deleted: its definition cannot be updated/);
    const other = await dataset(`sp_soft2_${unique()}`);
    const add = await setValues(other, [{ propertyUrn: propUrn(name), values: [{ double: 60 }] }]);
    expect(add.status).toBe(400);
    expect(add.body.message).toMatch(/soft-deleted: its values cannot be added/);
    const filter = await gql(
      `query($f: String!) { scrollAcrossEntities(input: {types: [DATASET], query: "*", count: 10,
        orFilters: [{and: [{field: $f, condition: EXISTS}]}]}) { searchResults { entity { urn } } } }`,
      { f: `structuredProperties.${name}` },
    );
    expect(filter.errors?.[0]?.message).toMatch(/soft-deleted: search filters on it are denied/);
    expect(filter.errors?.[0]?.extensions?.code).toBe(400);
    const listed = await call(
      'GET',
      `${V3}/dataset?query=${enc(`_exists_:structuredProperties.${name.replace(/\./g, '_')}`)}`,
    );
    expect(listed.status).toBe(400);

    // v2 restore takes the raw status; values come back as they were.
    const restored = await call(
      'POST',
      `${V2}/structuredProperty/${enc(propUrn(name))}/status?systemMetadata=false`,
      { removed: false },
      SYNC,
    );
    expect(restored.status).toBe(200);
    expect(await shown(ds)).toEqual({
      [propUrn(name)]: [{ double: 60 }],
      [propUrn(keep)]: [{ double: 30 }],
    });
    // Deleting the status aspect restores as well.
    await setStatus(name, true);
    expect(Object.keys(await shown(ds))).toEqual([propUrn(keep)]);
    const dropStatus = await call('DELETE', `${V3}/structuredProperty/${enc(propUrn(name))}/status`);
    expect(dropStatus.status).toBe(200);
    expect(Object.keys(await shown(ds)).sort()).toEqual([propUrn(keep), propUrn(name)].sort());
  });

  it('a new version retires the old values at once and a task deletes them; new values index under the versioned field', async () => {
    const name = `versioned.prop${unique()}`;
    await define(name, { valueType: 'urn:li:dataType:datahub.string', allowedValues: undefined });
    const ds = await dataset(`sp_version_${unique()}`);
    await setValues(ds, [{ propertyUrn: propUrn(name), values: [{ string: 'a' }, { string: 'b' }] }]);
    const change = await call(
      'POST',
      `${V3}/structuredProperty/${enc(propUrn(name))}/propertyDefinition?createIfNotExists=false`,
      {
        value: definition(name, {
          valueType: 'urn:li:dataType:datahub.string',
          allowedValues: undefined,
          cardinality: 'SINGLE',
          version: '20240614080000',
        }),
      },
    );
    expect(change.status).toBe(200);
    expect(await shown(ds)).toEqual({});
    const task = change.headers.get('x-neohub-tasks') as string;
    expect(task).toMatch(/^[A-Za-z0-9_-]+:\d+$/);
    const status = await waitForTask(task);
    expect(status.error).toBeUndefined();
    expect(status.status.deleted).toBeGreaterThanOrEqual(1);
    const history = await call('GET', `${V3}/dataset/${enc(ds)}/structuredProperties?version=1`);
    expect(history.status).toBe(200);

    const set = await setValues(ds, [{ propertyUrn: propUrn(name), values: [{ string: 'c' }] }]);
    expect(set.status).toBe(200);
    expect(await shown(ds)).toEqual({ [propUrn(name)]: [{ string: 'c' }] });
    const field = `structuredProperties._versioned.${name.replace(/\./g, '_')}.20240614080000.string`;
    const byVersioned = await call('GET', `${V3}/dataset?query=${enc(`${field}:c`)}&count=10`);
    expect(byVersioned.status).toBe(200);
    expect(byVersioned.body.entities.map((e: { urn: string }) => e.urn)).toEqual([ds]);
    const byName = await gql(
      `query($f: String!) { scrollAcrossEntities(input: {types: [DATASET], query: "*", count: 10,
        orFilters: [{and: [{field: $f, values: ["c"], condition: EQUAL}]}]}) { searchResults { entity { urn } } } }`,
      { f: `structuredProperties.${name}` },
    );
    expect(byName.errors).toBeUndefined();
    expect(byName.data!.scrollAcrossEntities.searchResults.map((r: any) => r.entity.urn)).toEqual([ds]);
  });

  it('hard delete answers 200 with an empty body, removes values everywhere through a task, and the mapping stays until the system update', async () => {
    const name = `hard.prop${unique()}`;
    const field = `structuredProperties.${name.replace(/\./g, '_')}`;
    await define(name);
    const [d1, d2] = [await dataset(`sp_hard1_${unique()}`), await dataset(`sp_hard2_${unique()}`)];
    await setValues(d1, [{ propertyUrn: propUrn(name), values: [{ double: 60 }] }]);
    await setValues(d2, [{ propertyUrn: propUrn(name), values: [{ double: 30 }, { double: 90 }] }]);
    const mappings = async (): Promise<string[]> =>
      JSON.parse(
        JSON.stringify((await call('POST', '/operations?action=getStructuredPropertyMappings', {})).body),
      ).value.dataset ?? [];
    expect(await mappings()).toContain(field);

    const del = await call('DELETE', `${V3}/structuredProperty/${enc(propUrn(name))}`);
    expect(del.status).toBe(200);
    expect(del.body).toBeUndefined();
    expect(await shown(d1)).toEqual({});
    expect((await call('GET', `${V3}/structuredProperty/${enc(propUrn(name))}`)).status).toBe(404);
    const status = await waitForTask(del.headers.get('x-neohub-tasks') as string);
    expect(status.error).toBeUndefined();
    expect(status.status.updated).toBeGreaterThanOrEqual(2);
    expect(status.status.deleted).toBeGreaterThanOrEqual(2);
    await rt.services.search.waitForIndex();
    const exists = await call('GET', `${V3}/dataset?query=${enc(`_exists_:${field}`)}&count=10`);
    expect(exists.body.entities).toEqual([]);

    // The mapping outlives the values until a system update with both flags.
    expect(await mappings()).toContain(field);
    const skipped = await rt.services.search.systemUpdate({}, rt.services.log);
    expect(skipped.skipped).toMatch(/ELASTICSEARCH_INDEX_BUILDER_MAPPINGS_REINDEX/);
    expect(await mappings()).toContain(field);
    const flags = {
      ELASTICSEARCH_INDEX_BUILDER_MAPPINGS_REINDEX: 'true',
      ENABLE_STRUCTURED_PROPERTIES_SYSTEM_UPDATE: 'true',
    };
    const done = await rt.services.search.systemUpdate(flags, rt.services.log);
    expect(done.dropped).toContainEqual({ entityType: 'dataset', field });
    expect(await mappings()).not.toContain(field);

    // Created again, the property starts without the old values.
    await define(name);
    expect(await shown(d2)).toEqual({});
  });

  it('a soft-deleted property can be hard deleted; its values go the same way', async () => {
    const name = `softhard.prop${unique()}`;
    await define(name);
    const ds = await dataset(`sp_softhard_${unique()}`);
    await setValues(ds, [{ propertyUrn: propUrn(name), values: [{ double: 90 }] }]);
    await setStatus(name, true);
    const del = await call('DELETE', `${V3}/structuredProperty/${enc(propUrn(name))}`);
    expect(del.status).toBe(200);
    const status = await waitForTask(del.headers.get('x-neohub-tasks') as string);
    expect(status.error).toBeUndefined();
    expect(status.status.deleted).toBeGreaterThanOrEqual(1);
    expect((await call('GET', `${V3}/structuredProperty/${enc(propUrn(name))}`)).status).toBe(404);
    // Not reversible: a restore has nothing to bring back, and a new definition starts empty.
    await define(name);
    expect(await shown(ds)).toEqual({});
  });

  it('a mapping stays while even one value remains', async () => {
    const name = `mapped.prop${unique()}`;
    const field = `structuredProperties.${name.replace(/\./g, '_')}`;
    await define(name);
    const [d1, d2] = [await dataset(`sp_map1_${unique()}`), await dataset(`sp_map2_${unique()}`)];
    await setValues(d1, [{ propertyUrn: propUrn(name), values: [{ double: 60 }] }]);
    await setValues(d2, [{ propertyUrn: propUrn(name), values: [{ double: 60 }] }]);
    const flags = {
      ELASTICSEARCH_INDEX_BUILDER_MAPPINGS_REINDEX: 'true',
      ENABLE_STRUCTURED_PROPERTIES_SYSTEM_UPDATE: 'true',
    };
    await setValues(d1, []);
    await rt.services.search.systemUpdate(flags, rt.services.log);
    expect((await rt.services.search.mappings()).dataset).toContain(field);
    await setValues(d2, []);
    await rt.services.search.systemUpdate(flags, rt.services.log);
    expect((await rt.services.search.mappings()).dataset ?? []).not.toContain(field);
  });
});

describe('search on structured properties', () => {
  it('GraphQL filters (EQUAL, GREATER_THAN, EXISTS) and facets, and the v3 query string (range, _exists_)', async () => {
    const name = `io.acryl.search.retention${unique()}`;
    const us = name.replace(/\./g, '_');
    await define(name);
    const word = `spsearch${unique()}`;
    const [d30, d60, d90, none] = [
      await dataset(`${word}_30`),
      await dataset(`${word}_60`),
      await dataset(`${word}_90`),
      await dataset(`${word}_none`),
    ];
    await setValues(d30, [{ propertyUrn: propUrn(name), values: [{ double: 30 }] }]);
    await setValues(d60, [{ propertyUrn: propUrn(name), values: [{ double: 60 }] }]);
    await setValues(d90, [{ propertyUrn: propUrn(name), values: [{ double: 90 }, { double: 60 }] }]);
    const scroll = async (condition: string, values?: string[]) => {
      const res = await gql(
        `query($f: String!, $c: FilterOperator, $v: [String!]) { scrollAcrossEntities(input: {types: [DATASET], query: "*", count: 50,
          orFilters: [{and: [{field: $f, condition: $c, values: $v}]}]}) { searchResults { entity { urn type } } } }`,
        { f: `structuredProperties.${name}`, c: condition, v: values },
      );
      expect(res.errors).toBeUndefined();
      return res.data!.scrollAcrossEntities.searchResults.map((r: any) => r.entity.urn).sort();
    };
    expect(await scroll('EQUAL', ['60'])).toEqual([d60, d90].sort());
    expect(await scroll('GREATER_THAN', ['45'])).toEqual([d60, d90].sort());
    expect(await scroll('EXISTS')).toEqual([d30, d60, d90].sort());
    expect(await scroll('EXISTS')).not.toContain(none);

    const agg = await gql(
      `query($f: String!) { aggregateAcrossEntities(input: {types: [DATASET], query: "*", facets: [$f],
        orFilters: [{and: [{field: $f, condition: EXISTS}]}]}) { facets { field aggregations { value count } } } }`,
      { f: `structuredProperties.${name}` },
    );
    expect(agg.errors).toBeUndefined();
    const facet = agg.data!.aggregateAcrossEntities.facets.find(
      (f: any) => f.field === `structuredProperties.${name}`,
    );
    expect(new Map(facet.aggregations.map((a: any) => [a.value, a.count]))).toEqual(
      new Map([
        ['30.0', 1],
        ['60.0', 2],
        ['90.0', 1],
      ]),
    );

    const list = async (query: string) => {
      const res = await call(
        'GET',
        `${V3}/dataset?systemMetadata=false&aspects=structuredProperties&count=50&sort=urn&sortOrder=ASCENDING&query=${enc(query)}`,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.entities;
    };
    const ranged = await list(`structuredProperties.${us}:>45`);
    expect(ranged.map((e: any) => e.urn)).toEqual([d60, d90].sort());
    expect(ranged[0]).toMatchObject({
      urn: [d60, d90].sort()[0],
      structuredProperties: { value: { properties: [{ propertyUrn: propUrn(name) }] } },
    });
    expect((await list(`_exists_:structuredProperties.${us}`)).map((e: any) => e.urn)).toEqual(
      [d30, d60, d90].sort(),
    );
  });

  it('sorts search hits by a structured property, both ways (on Meilisearch once it is sortable)', async () => {
    const name = `io.acryl.search.rank${unique()}`;
    await define(name);
    const word = `spsort${unique()}`;
    const urns = [await dataset(`${word}_b`), await dataset(`${word}_a`), await dataset(`${word}_c`)];
    // The definition's allowed values are 30, 60 and 90.
    for (const [i, urn] of urns.entries()) {
      const res = await setValues(urn, [{ propertyUrn: propUrn(name), values: [{ double: (i + 1) * 30 }] }]);
      expect(res.status).toBe(200);
    }
    const sorted = async (sortOrder: string) => {
      const res = await gql(
        `query($q: String!, $f: String!, $o: SortOrder!) { searchAcrossEntities(input: {types: [DATASET], query: $q,
          count: 10, sortInput: {sortCriteria: [{field: $f, sortOrder: $o}]}}) { searchResults { entity { urn } } } }`,
        { q: word, f: `structuredProperties.${name}`, o: sortOrder },
      );
      expect(res.errors).toBeUndefined();
      return res.data!.searchAcrossEntities.searchResults.map((r: any) => r.entity.urn);
    };
    // Meilisearch makes the field sortable on the first sort on it (a reindex in the background).
    await expect
      .poll(() => sorted('DESCENDING'), { timeout: 60_000, interval: 500 })
      .toEqual([...urns].reverse());
    expect(await sorted('ASCENDING')).toEqual(urns);
  }, 90_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime.js';
import { type GqlError, httpClient, post } from '../support/http.js';
import { datasetUrn, enc, mcp, startTestServer, unique } from '../support/runtime.js';

let rt: Runtime;
beforeAll(async () => {
  rt = await startTestServer();
});
afterAll(async () => rt?.stop());

const { gql, gqlOk: ok } = httpClient(() => rt.url, { gqlStatus: 200 });
/** The first error of a request that must fail. */
const fails = async (query: string, variables: Record<string, unknown> = {}): Promise<GqlError> => {
  const res = await gql(query, variables);
  expect(res.errors?.length, JSON.stringify(res)).toBeGreaterThan(0);
  return res.errors?.[0] as GqlError;
};
const ingest = async (proposals: unknown[]) => {
  const res = await post(rt.url, '/aspects?action=ingestProposalBatch', { proposals });
  expect(res.status).toBe(200);
};
const propUrn = (id: string) => `urn:li:structuredProperty:${id}`;

const CREATE = `mutation c($input: CreateStructuredPropertyInput!) {
  createStructuredProperty(input: $input) { urn type } }`;
const UPDATE = `mutation u($input: UpdateStructuredPropertyInput!) {
  updateStructuredProperty(input: $input) { urn definition { displayName } } }`;
const VALUES = `properties { associatedUrn structuredProperty { urn }
  values { ... on NumberValue { numberValue } ... on StringValue { stringValue } }
  valueEntities { urn type } }`;
const UPSERT = `mutation s($input: UpsertStructuredPropertiesInput!) {
  upsertStructuredProperties(input: $input) { ${VALUES} } }`;
const REMOVE = `mutation r($input: RemoveStructuredPropertiesInput!) {
  removeStructuredProperties(input: $input) { ${VALUES} } }`;
const DELETE = `mutation d($urn: String!) { deleteStructuredProperty(input: {urn: $urn}) }`;
const DEFINITION = `urn type exists
  definition { qualifiedName displayName description cardinality immutable version
    allowedValues { value { ... on NumberValue { numberValue } ... on StringValue { stringValue } } description }
    valueType { urn type info { type qualifiedName } }
    typeQualifier { allowedTypes { urn info { type } } }
    entityTypes { urn type info { type qualifiedName } } }
  settings { isHidden showInSearchFilters showInAssetSummary showAsAssetBadge showInColumnsTable }`;
const PROPERTY = `query p($urn: String!) { structuredProperty(urn: $urn) { ${DEFINITION} } }`;

const create = async (input: Record<string, unknown>): Promise<string> =>
  (await ok(CREATE, { input })).createStructuredProperty.urn;
const property = async (urn: string) => (await ok(PROPERTY, { urn })).structuredProperty;
/** The structured properties a dataset shows, as `{<property urn>: [values]}`. */
const shown = async (urn: string): Promise<Record<string, unknown[]>> => {
  const d = (
    await ok(`query q($urn: String!) { dataset(urn: $urn) { structuredProperties { ${VALUES} } } }`, { urn })
  ).dataset;
  return Object.fromEntries(
    (d.structuredProperties?.properties ?? []).map((p: any) => [
      p.structuredProperty.urn,
      p.values.map((v: any) => v.numberValue ?? v.stringValue),
    ]),
  );
};
const upsert = (assetUrn: string, params: { urn: string; values: Record<string, unknown>[] }[]) =>
  gql(UPSERT, {
    input: {
      assetUrn,
      structuredPropertyInputParams: params.map((p) => ({ structuredPropertyUrn: p.urn, values: p.values })),
    },
  });
const setStatus = async (urn: string, removed: boolean) => {
  const res = await post(
    rt.url,
    `/openapi/v3/entity/structuredProperty/${enc(urn)}/status?createIfNotExists=false`,
    { value: { removed } },
  );
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
};

/** DataHub's documented example: a SINGLE number property with one allowed value, for datasets and flows. */
const retentionInput = (id: string) => ({
  id,
  qualifiedName: id,
  displayName: 'Retention Time',
  description: 'Retention Time is used to figure out how long to retain records in a dataset',
  valueType: 'urn:li:dataType:datahub.number',
  allowedValues: [
    { numberValue: 30, description: '30 days, usually reserved for datasets that are ephemeral' },
  ],
  cardinality: 'SINGLE',
  entityTypes: ['urn:li:entityType:datahub.dataset', 'urn:li:entityType:datahub.dataFlow'],
});

/** A dataset (created through Rest.li), a SINGLE number property and a MULTIPLE string property on datasets. */
async function fixture() {
  const u = unique();
  const dataset = datasetUrn(`gqlsp_${u}`);
  await ingest([mcp(dataset, 'datasetProperties', { name: `gqlsp_${u}` })]);
  const retention = await create(retentionInput(`io.neohub.gql${u}.retentionTime`));
  const team = await create({
    id: `io.neohub.gql${u}.team`,
    valueType: 'urn:li:dataType:string',
    cardinality: 'MULTIPLE',
    entityTypes: ['urn:li:entityType:dataset'],
  });
  return { u, dataset, retention, team };
}

describe('GraphQL structured property definitions', () => {
  it("creates DataHub's documented example and reads it back through structuredProperty and entity(urn)", async () => {
    const id = `io.acryl.privacy.retentionTime${unique()}`;
    const data = await ok(CREATE, { input: retentionInput(id) });
    expect(data.createStructuredProperty).toEqual({ urn: propUrn(id), type: 'STRUCTURED_PROPERTY' });

    const expected = {
      urn: propUrn(id),
      type: 'STRUCTURED_PROPERTY',
      exists: true,
      definition: {
        qualifiedName: id,
        displayName: 'Retention Time',
        description: 'Retention Time is used to figure out how long to retain records in a dataset',
        cardinality: 'SINGLE',
        immutable: false,
        version: null,
        allowedValues: [
          {
            value: { numberValue: 30 },
            description: '30 days, usually reserved for datasets that are ephemeral',
          },
        ],
        valueType: {
          urn: 'urn:li:dataType:datahub.number',
          type: 'DATA_TYPE',
          info: { type: 'NUMBER', qualifiedName: 'datahub.number' },
        },
        typeQualifier: null,
        entityTypes: [
          {
            urn: 'urn:li:entityType:datahub.dataset',
            type: 'ENTITY_TYPE',
            info: { type: 'DATASET', qualifiedName: 'datahub.dataset' },
          },
          {
            urn: 'urn:li:entityType:datahub.dataFlow',
            type: 'ENTITY_TYPE',
            info: { type: 'DATA_FLOW', qualifiedName: 'datahub.dataFlow' },
          },
        ],
      },
      settings: null,
    };
    expect(await property(propUrn(id))).toEqual(expected);
    const viaEntity = await ok(
      `query e($urn: String!) { entity(urn: $urn) { __typename ... on StructuredPropertyEntity { ${DEFINITION} } } }`,
      { urn: propUrn(id) },
    );
    expect(viaEntity.entity).toEqual({ __typename: 'StructuredPropertyEntity', ...expected });
  });

  it('takes the GraphQL short forms of value and entity types, a type qualifier and settings', async () => {
    const id = `io.neohub.gql${unique()}.owner`;
    const urn = await create({
      id,
      valueType: 'urn:li:dataType:urn',
      typeQualifier: { allowedTypes: ['urn:li:entityType:corpuser'] },
      entityTypes: ['urn:li:entityType:dataset'],
      immutable: true,
      settings: { showInSearchFilters: true, showAsAssetBadge: true },
      filterStatus: 'ENABLED',
    });
    const p = await property(urn);
    expect(p.definition).toMatchObject({
      qualifiedName: id,
      cardinality: 'SINGLE',
      immutable: true,
      allowedValues: null,
      valueType: { urn: 'urn:li:dataType:datahub.urn', info: { type: 'URN' } },
      typeQualifier: {
        allowedTypes: [{ urn: 'urn:li:entityType:datahub.corpuser', info: { type: 'CORP_USER' } }],
      },
      entityTypes: [{ urn: 'urn:li:entityType:datahub.dataset', info: { type: 'DATASET' } }],
    });
    expect(p.settings).toEqual({
      isHidden: false,
      showInSearchFilters: true,
      showInAssetSummary: false,
      showAsAssetBadge: true,
      showInColumnsTable: false,
    });
    const str = await create({
      id: `io.neohub.gql${unique()}.label`,
      valueType: 'urn:li:dataType:string',
      entityTypes: ['urn:li:entityType:datahub.chart'],
      allowedValues: [{ stringValue: 'gold' }, { stringValue: 'silver', description: 'second best' }],
    });
    expect((await property(str)).definition).toMatchObject({
      valueType: { urn: 'urn:li:dataType:datahub.string', info: { type: 'STRING' } },
      entityTypes: [{ urn: 'urn:li:entityType:datahub.chart', info: { type: 'CHART' } }],
      allowedValues: [
        { value: { stringValue: 'gold' }, description: null },
        { value: { stringValue: 'silver' }, description: 'second best' },
      ],
    });
  });

  it('rejects invalid definitions with 400 and an existing property, writing nothing', async () => {
    const id = `io.neohub.gql${unique()}.bad`;
    const badType = await fails(CREATE, {
      input: { id, valueType: 'urn:li:dataType:datahub.float', entityTypes: ['urn:li:entityType:dataset'] },
    });
    expect(badType.extensions).toMatchObject({ code: 400, type: 'BAD_REQUEST' });
    expect(badType.message).toContain('valueType');
    const otherName = await fails(CREATE, {
      input: {
        id,
        qualifiedName: `${id}.other`,
        valueType: 'urn:li:dataType:datahub.number',
        entityTypes: ['urn:li:entityType:dataset'],
      },
    });
    expect(otherName.extensions).toMatchObject({ code: 400, type: 'BAD_REQUEST' });
    expect(otherName.message).toContain('qualifiedName');
    const badEntityType = await fails(CREATE, {
      input: { id, valueType: 'urn:li:dataType:number', entityTypes: ['dataset'] },
    });
    expect(badEntityType.extensions.code).toBe(400);
    const badAllowed = await fails(CREATE, {
      input: {
        id,
        valueType: 'urn:li:dataType:number',
        entityTypes: ['urn:li:entityType:dataset'],
        allowedValues: [{ stringValue: 'thirty' }],
      },
    });
    expect(badAllowed.extensions.code).toBe(400);
    const noEntityTypes = await fails(CREATE, {
      input: { id, valueType: 'urn:li:dataType:number', entityTypes: [] },
    });
    expect(noEntityTypes.extensions.code).toBe(400);
    const missingArg = await fails(`mutation { createStructuredProperty(input: {id: "${id}"}) { urn } }`);
    expect(missingArg.extensions.code).toBe(400);
    expect((await ok(PROPERTY, { urn: propUrn(id) })).structuredProperty).toBeNull();

    await create({ id, valueType: 'urn:li:dataType:number', entityTypes: ['urn:li:entityType:dataset'] });
    const again = await fails(CREATE, {
      input: { id, valueType: 'urn:li:dataType:string', entityTypes: ['urn:li:entityType:chart'] },
    });
    expect([400, 409]).toContain(again.extensions.code);
    expect((await property(propUrn(id))).definition.valueType.info.type).toBe('NUMBER');
  });

  it('updates append-only: new allowed values, entity types and types, SINGLE to MULTIPLE, names', async () => {
    const { retention } = await fixture();
    const data = await ok(UPDATE, {
      input: {
        urn: retention,
        displayName: 'Retention (days)',
        description: 'How long records are kept',
        newAllowedValues: [{ numberValue: 60, description: 'two months' }, { numberValue: 30 }],
        newEntityTypes: ['urn:li:entityType:chart'],
        setCardinalityAsMultiple: true,
        settings: { isHidden: true },
        filterStatus: 'DISABLED',
      },
    });
    expect(data.updateStructuredProperty).toEqual({
      urn: retention,
      definition: { displayName: 'Retention (days)' },
    });
    const p = await property(retention);
    expect(p.definition).toMatchObject({
      displayName: 'Retention (days)',
      description: 'How long records are kept',
      cardinality: 'MULTIPLE',
      allowedValues: [
        {
          value: { numberValue: 30 },
          description: '30 days, usually reserved for datasets that are ephemeral',
        },
        { value: { numberValue: 60 }, description: 'two months' },
      ],
    });
    expect(p.definition.entityTypes.map((t: any) => t.urn)).toEqual([
      'urn:li:entityType:datahub.dataset',
      'urn:li:entityType:datahub.dataFlow',
      'urn:li:entityType:datahub.chart',
    ]);
    expect(p.settings.isHidden).toBe(true);

    // Only displayName: the rest stays.
    await ok(UPDATE, { input: { urn: retention, displayName: 'Retention' } });
    expect((await property(retention)).definition).toMatchObject({
      displayName: 'Retention',
      description: 'How long records are kept',
      cardinality: 'MULTIPLE',
    });
    // A number property cannot take a string allowed value; nothing is written.
    const wrongType = await fails(UPDATE, {
      input: { urn: retention, newAllowedValues: [{ stringValue: 'x' }] },
    });
    expect(wrongType.extensions.code).toBe(400);
    expect((await property(retention)).definition.allowedValues).toHaveLength(2);

    // The input has no way to narrow a definition: fields that would are not part of it.
    for (const field of [
      'cardinality: SINGLE',
      'allowedValues: []',
      'entityTypes: []',
      'valueType: "urn:li:dataType:string"',
    ]) {
      const narrowing = await fails(
        `mutation { updateStructuredProperty(input: {urn: "${retention}", ${field}}) { urn } }`,
      );
      expect(narrowing.extensions.code, field).toBe(400);
    }

    const missing = await fails(UPDATE, {
      input: { urn: propUrn(`absent${unique()}`), displayName: 'x' },
    });
    expect(missing.extensions).toMatchObject({ code: 404, type: 'NOT_FOUND' });
  });
});

describe('GraphQL structured property values', () => {
  it('upserts values on an existing dataset and reads them through dataset.structuredProperties', async () => {
    const { dataset, retention, team } = await fixture();
    const res = await upsert(dataset, [
      { urn: retention, values: [{ numberValue: 30 }] },
      { urn: team, values: [{ stringValue: 'finance' }, { stringValue: 'risk' }] },
    ]);
    expect(res.errors).toBeUndefined();
    expect(res.data?.upsertStructuredProperties.properties).toEqual([
      {
        associatedUrn: dataset,
        structuredProperty: { urn: retention },
        values: [{ numberValue: 30 }],
        valueEntities: [],
      },
      {
        associatedUrn: dataset,
        structuredProperty: { urn: team },
        values: [{ stringValue: 'finance' }, { stringValue: 'risk' }],
        valueEntities: [],
      },
    ]);
    expect(await shown(dataset)).toEqual({ [retention]: [30], [team]: ['finance', 'risk'] });

    // Upsert sets the named properties and keeps the others.
    const again = await upsert(dataset, [{ urn: team, values: [{ stringValue: 'ops' }] }]);
    expect(again.errors).toBeUndefined();
    expect(await shown(dataset)).toEqual({ [retention]: [30], [team]: ['ops'] });

    // The property objects of the entries resolve their definitions.
    const full = await ok(
      `query q($urn: String!) { dataset(urn: $urn) { structuredProperties { properties {
        structuredProperty { definition { qualifiedName valueType { info { type } } } } } } } }`,
      { urn: dataset },
    );
    expect(
      full.dataset.structuredProperties.properties.map((p: any) => p.structuredProperty.definition),
    ).toEqual([
      {
        qualifiedName: retention.slice('urn:li:structuredProperty:'.length),
        valueType: { info: { type: 'NUMBER' } },
      },
      {
        qualifiedName: team.slice('urn:li:structuredProperty:'.length),
        valueType: { info: { type: 'STRING' } },
      },
    ]);
  });

  it('rejects values that break a rule, writing nothing', async () => {
    const { u, dataset, retention, team } = await fixture();
    expect(
      (await upsert(dataset, [{ urn: retention, values: [{ numberValue: 30 }] }])).errors,
    ).toBeUndefined();
    await ok(UPDATE, { input: { urn: retention, newAllowedValues: [{ numberValue: 60 }] } });
    const chartsOnly = await create({
      id: `io.neohub.gql${u}.chartsOnly`,
      valueType: 'urn:li:dataType:number',
      entityTypes: ['urn:li:entityType:chart'],
    });
    const before = await shown(dataset);
    expect(before).toEqual({ [retention]: [30] });

    const cases: [string, string, { urn: string; values: Record<string, unknown>[] }[]][] = [
      ['a value not in allowedValues', dataset, [{ urn: retention, values: [{ numberValue: 90 }] }]],
      [
        'two values for a SINGLE property',
        dataset,
        [{ urn: retention, values: [{ numberValue: 30 }, { numberValue: 60 }] }],
      ],
      ['a string for a number property', dataset, [{ urn: retention, values: [{ stringValue: 'thirty' }] }]],
      ['a number for a string property', dataset, [{ urn: team, values: [{ numberValue: 7 }] }]],
      [
        'a property that does not apply to datasets',
        dataset,
        [{ urn: chartsOnly, values: [{ numberValue: 1 }] }],
      ],
      [
        'a property that does not exist',
        dataset,
        [{ urn: propUrn(`absent${u}`), values: [{ stringValue: 'x' }] }],
      ],
      [
        'both stringValue and numberValue',
        dataset,
        [{ urn: team, values: [{ stringValue: 'a', numberValue: 1 }] }],
      ],
      ['no value', dataset, [{ urn: team, values: [{}] }]],
      // A valid value next to a broken one: the whole call fails.
      [
        'a valid and an invalid property',
        dataset,
        [
          { urn: team, values: [{ stringValue: 'ok' }] },
          { urn: retention, values: [{ numberValue: 90 }] },
        ],
      ],
    ];
    for (const [what, asset, params] of cases) {
      const res = await upsert(asset, params);
      expect(res.errors?.length, what).toBeGreaterThan(0);
      expect(res.errors?.[0]?.extensions.code, `${what}: ${res.errors?.[0]?.message}`).toBe(400);
      expect(await shown(dataset), what).toEqual(before);
    }

    const absent = datasetUrn(`gqlsp_absent_${u}`);
    const noDataset = await upsert(absent, [{ urn: team, values: [{ stringValue: 'x' }] }]);
    expect(noDataset.errors?.length).toBeGreaterThan(0);
    expect(noDataset.errors?.[0]?.extensions.code).toBe(404);
    expect(
      (await ok(`query q($urn: String!) { dataset(urn: $urn) { urn } }`, { urn: absent })).dataset,
    ).toBeNull();
  });

  it('removeStructuredProperties removes only the named properties', async () => {
    const { dataset, retention, team } = await fixture();
    expect(
      (
        await upsert(dataset, [
          { urn: retention, values: [{ numberValue: 30 }] },
          { urn: team, values: [{ stringValue: 'a' }] },
        ])
      ).errors,
    ).toBeUndefined();
    const data = await ok(REMOVE, { input: { assetUrn: dataset, structuredPropertyUrns: [team] } });
    expect(data.removeStructuredProperties.properties).toEqual([
      {
        associatedUrn: dataset,
        structuredProperty: { urn: retention },
        values: [{ numberValue: 30 }],
        valueEntities: [],
      },
    ]);
    expect(await shown(dataset)).toEqual({ [retention]: [30] });
    // Removing a property the dataset does not have changes nothing.
    await ok(REMOVE, { input: { assetUrn: dataset, structuredPropertyUrns: [team] } });
    expect(await shown(dataset)).toEqual({ [retention]: [30] });
    const missing = await fails(REMOVE, {
      input: { assetUrn: datasetUrn(`gqlsp_absent_${unique()}`), structuredPropertyUrns: [team] },
    });
    expect(missing.extensions.code).toBe(404);
  });

  it('resolves URN values to entities (valueEntities), on datasets and users', async () => {
    const u = unique();
    const dataset = datasetUrn(`gqlsp_${u}`);
    const user = `urn:li:corpuser:gqlsp_${u}`;
    await ingest([
      mcp(dataset, 'datasetProperties', { name: `gqlsp_${u}` }),
      mcp(user, 'corpUserInfo', { active: true, displayName: 'SP User' }),
    ]);
    const steward = await create({
      id: `io.neohub.gql${u}.steward`,
      valueType: 'urn:li:dataType:datahub.urn',
      cardinality: 'MULTIPLE',
      typeQualifier: { allowedTypes: ['urn:li:entityType:datahub.corpuser'] },
      entityTypes: ['urn:li:entityType:datahub.dataset', 'urn:li:entityType:datahub.corpuser'],
    });
    const res = await upsert(dataset, [{ urn: steward, values: [{ stringValue: user }] }]);
    expect(res.errors).toBeUndefined();
    expect(res.data?.upsertStructuredProperties.properties[0].valueEntities).toEqual([
      { urn: user, type: 'CORP_USER' },
    ]);
    // A URN of another entity type than the qualifier allows is rejected.
    const wrongKind = await upsert(dataset, [{ urn: steward, values: [{ stringValue: dataset }] }]);
    expect(wrongKind.errors?.[0]?.extensions.code).toBe(400);

    expect(
      (
        await ok(UPSERT, {
          input: {
            assetUrn: user,
            structuredPropertyInputParams: [
              { structuredPropertyUrn: steward, values: [{ stringValue: user }] },
            ],
          },
        })
      ).upsertStructuredProperties.properties,
    ).toHaveLength(1);
    const read = await ok(
      `query q($urn: String!) { corpUser(urn: $urn) { structuredProperties { properties {
        values { ... on StringValue { stringValue } } valueEntities { ... on CorpUser { urn username } } } } } }`,
      { urn: user },
    );
    expect(read.corpUser.structuredProperties.properties).toEqual([
      { values: [{ stringValue: user }], valueEntities: [{ urn: user, username: `gqlsp_${u}` }] },
    ]);
  });

  it('every entity object whose kind has the structuredProperties aspect has the field', async () => {
    const res = await ok(`{ __schema { types { name kind fields { name } } } }`);
    const types = new Map<string, string[]>(
      res.__schema.types
        .filter((t: any) => t.kind === 'OBJECT')
        .map((t: any) => [t.name, (t.fields ?? []).map((f: any) => f.name)]),
    );
    const { ENTITY_CLASSES } = await import('../../src/graphql/types/index.js');
    const { registryName } = await import('../../src/graphql/types/entity-type.js');
    let checked = 0;
    for (const [type, cls] of Object.entries(ENTITY_CLASSES)) {
      const kind = rt.services.registry.findEntity(registryName(type as any) ?? '');
      if (!kind?.aspects.includes('structuredProperties')) continue;
      checked++;
      // The GraphQL type's name, as the object reports it (kinds' types are built from the registry).
      const name = new cls({} as never, 'urn:li:x:y').typeName;
      expect(types.get(name), name).toContain('structuredProperties');
    }
    expect(checked).toBeGreaterThanOrEqual(10);
  });
});

describe('GraphQL structured property deletes', () => {
  it('deleteStructuredProperty removes the property and hides its values at once', async () => {
    const { dataset, retention, team } = await fixture();
    expect(
      (
        await upsert(dataset, [
          { urn: retention, values: [{ numberValue: 30 }] },
          { urn: team, values: [{ stringValue: 'a' }] },
        ])
      ).errors,
    ).toBeUndefined();
    expect(await ok(DELETE, { urn: retention })).toEqual({ deleteStructuredProperty: true });
    expect((await ok(PROPERTY, { urn: retention })).structuredProperty).toBeNull();
    expect(
      (await ok(`query e($urn: String!) { entity(urn: $urn) { urn } }`, { urn: retention })).entity,
    ).toBeNull();
    expect(await shown(dataset)).toEqual({ [team]: ['a'] });
    // It can no longer be set or updated.
    expect(
      (await upsert(dataset, [{ urn: retention, values: [{ numberValue: 30 }] }])).errors?.[0]?.extensions
        .code,
    ).toBe(400);
    expect((await fails(UPDATE, { input: { urn: retention, displayName: 'x' } })).extensions.code).toBe(404);
    // Not a structured property URN.
    expect((await fails(DELETE, { urn: dataset })).extensions.code).toBe(400);
  });

  it('a soft-deleted property hides its values, refuses updates and new values, and comes back on restore', async () => {
    const { dataset, retention, team } = await fixture();
    expect(
      (
        await upsert(dataset, [
          { urn: retention, values: [{ numberValue: 30 }] },
          { urn: team, values: [{ stringValue: 'a' }] },
        ])
      ).errors,
    ).toBeUndefined();
    await setStatus(retention, true);
    expect(await shown(dataset)).toEqual({ [team]: ['a'] });
    const update = await fails(UPDATE, { input: { urn: retention, displayName: 'x' } });
    expect(update.extensions.code).toBe(400);
    expect(update.message).toContain('soft-deleted');
    // Its value cannot be set on another dataset; the dataset's other properties can still change.
    const other = datasetUrn(`gqlsp_other_${unique()}`);
    await ingest([mcp(other, 'datasetProperties', { name: 'other' })]);
    const set = await upsert(other, [{ urn: retention, values: [{ numberValue: 30 }] }]);
    expect(set.errors?.[0]?.extensions.code).toBe(400);
    expect(set.errors?.[0]?.message).toContain('soft-deleted');
    expect(await shown(other)).toEqual({});
    // Setting the value it already holds is setting it anew: refused as well.
    const same = await upsert(dataset, [{ urn: retention, values: [{ numberValue: 30 }] }]);
    expect(same.errors?.[0]?.message).toContain('soft-deleted');
    expect((await upsert(dataset, [{ urn: team, values: [{ stringValue: 'b' }] }])).errors).toBeUndefined();
    expect(await shown(dataset)).toEqual({ [team]: ['b'] });
    expect((await property(retention)).definition.displayName).toBe('Retention Time');

    await setStatus(retention, false);
    expect(await shown(dataset)).toEqual({ [retention]: [30], [team]: ['b'] });
    await ok(UPDATE, { input: { urn: retention, displayName: 'Back' } });
    expect((await property(retention)).definition.displayName).toBe('Back');
  });
});

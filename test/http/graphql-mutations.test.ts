import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime.js';
import { httpClient, post } from '../support/http.js';
import { datasetUrn, mcp, startTestServer, unique } from '../support/runtime.js';

let rt: Runtime;
beforeAll(async () => {
  rt = await startTestServer();
});
afterAll(async () => rt?.stop());

const { gql, gqlOk: ok } = httpClient(() => rt.url, { gqlStatus: 200 });
const ingest = async (proposals: unknown[]) => {
  const res = await post(rt.url, '/aspects?action=ingestProposalBatch', { proposals });
  expect(res.status).toBe(200);
};
const schema = (...fields: string[]) => ({
  schemaName: 't',
  platform: 'urn:li:dataPlatform:hive',
  version: 0,
  hash: '',
  platformSchema: { 'com.linkedin.schema.MySqlDDL': { tableSchema: '' } },
  fields: fields.map((fieldPath) => ({
    fieldPath,
    nativeDataType: 'string',
    type: { type: { 'com.linkedin.schema.StringType': {} } },
  })),
});

/** A dataset with a schema, a user, a group, a tag and a glossary term, all with unique URNs. */
async function fixture() {
  const id = unique();
  const f = {
    dataset: datasetUrn(`gqlmut_${id}`),
    user: `urn:li:corpuser:mut_${id}`,
    group: `urn:li:corpGroup:mut_${id}`,
    tag: `urn:li:tag:mut_${id}`,
    tag2: `urn:li:tag:mut2_${id}`,
    term: `urn:li:glossaryTerm:mut_${id}`,
  };
  await ingest([
    mcp(f.dataset, 'datasetProperties', { name: 'orders', description: 'from ingestion' }),
    mcp(f.dataset, 'schemaMetadata', schema('id', 'amount')),
    mcp(f.user, 'corpUserInfo', { active: true, displayName: 'Mut User' }),
    mcp(f.group, 'corpGroupInfo', { displayName: 'Mut Group', admins: [], members: [], groups: [] }),
    mcp(f.tag, 'tagProperties', { name: `mut_${id}` }),
    mcp(f.tag2, 'tagProperties', { name: `mut2_${id}` }),
    mcp(f.term, 'glossaryTermInfo', { name: 'Revenue', definition: 'money', termSource: 'INTERNAL' }),
  ]);
  return f;
}

/** The stamps an ownership type's info requires. */
const STAMP = { time: 1700000000000, actor: 'urn:li:corpuser:steward' };
const STAMPS = { created: STAMP, lastModified: STAMP };

const READ = `query r($urn: String!) { dataset(urn: $urn) {
  editableProperties { description name }
  institutionalMemory { elements { url description author { urn } } }
  deprecation { deprecated decommissionTime note actor }
  ownership { owners { owner { ... on CorpUser { urn } ... on CorpGroup { urn } } type } }
  tags { tags { tag { urn } } }
  glossaryTerms { terms { term { urn } } }
  editableSchemaMetadata { editableSchemaFieldInfo { fieldPath description
    globalTags { tags { tag { urn } } } glossaryTerms { terms { term { urn } } } } }
} }`;
const read = async (urn: string) => (await ok(READ, { urn })).dataset;

describe('GraphQL mutations', () => {
  it('updateDataset sets the editable description and the institutional memory links', async () => {
    const f = await fixture();
    const data = await ok(
      `mutation u($urn: String!, $input: DatasetUpdateInput!) { updateDataset(urn: $urn, input: $input) { urn } }`,
      {
        urn: f.dataset,
        input: {
          editableProperties: { description: '## Orders\nOne row per **order**.' },
          institutionalMemory: {
            elements: [{ author: f.user, url: 'https://wiki.example.com/orders', description: 'Runbook' }],
          },
        },
      },
    );
    expect(data.updateDataset).toEqual({ urn: f.dataset });
    const d = await read(f.dataset);
    expect(d.editableProperties).toEqual({ description: '## Orders\nOne row per **order**.', name: null });
    expect(d.institutionalMemory.elements).toEqual([
      { url: 'https://wiki.example.com/orders', description: 'Runbook', author: { urn: f.user } },
    ]);
    const missing = await gql(
      `mutation { updateDataset(urn: "${datasetUrn(`absent_${unique()}`)}", input: {editableProperties: {description: "x"}}) { urn } }`,
    );
    expect(missing.errors?.[0]?.extensions.type).toBe('NOT_FOUND');
    const badUrl = await gql(
      `mutation { updateDataset(urn: "${f.dataset}", input: {institutionalMemory: {elements: [{author: "${f.user}", url: "not a url"}]}}) { urn } }`,
    );
    expect(badUrl.errors?.[0]?.extensions.type).toBe('BAD_REQUEST');
    expect((await read(f.dataset)).institutionalMemory.elements).toHaveLength(1);
  });

  it('updateDescription writes dataset and schema-field descriptions, and refuses kinds it has none for', async () => {
    const f = await fixture();
    const upd = `mutation d($input: DescriptionUpdateInput!) { updateDescription(input: $input) }`;
    expect(await ok(upd, { input: { resourceUrn: f.dataset, description: 'edited' } })).toEqual({
      updateDescription: true,
    });
    expect(
      await ok(upd, {
        input: {
          resourceUrn: f.dataset,
          subResourceType: 'DATASET_FIELD',
          subResource: 'amount',
          description: 'in cents',
        },
      }),
    ).toEqual({ updateDescription: true });
    const d = await read(f.dataset);
    expect(d.editableProperties.description).toBe('edited');
    expect(d.editableSchemaMetadata.editableSchemaFieldInfo).toEqual([
      { fieldPath: 'amount', description: 'in cents', globalTags: null, glossaryTerms: null },
    ]);
    const noField = await gql(upd, {
      input: {
        resourceUrn: f.dataset,
        subResourceType: 'DATASET_FIELD',
        subResource: 'nope',
        description: 'x',
      },
    });
    expect(noField.errors?.[0]?.extensions.type).toBe('BAD_REQUEST');
    expect(noField.errors?.[0]?.message).toMatch(/nope/);
    // A tag's description is its tagProperties' (graphql-catalog-mutations.test.ts has every kind); a
    // pipeline has none DataHub's updateDescription writes.
    expect(await ok(upd, { input: { resourceUrn: f.tag, description: 'x' } })).toEqual({
      updateDescription: true,
    });
    const flow = await gql(upd, {
      input: { resourceUrn: 'urn:li:dataFlow:(airflow,nope,PROD)', description: 'x' },
    });
    expect(flow.errors?.[0]?.extensions.type).toBe('BAD_REQUEST');
    expect(flow.errors?.[0]?.message).toMatch(/updateDescription supports/);
  });

  it('updateDeprecation and batchUpdateDeprecation; a missing dataset fails the batch and writes nothing', async () => {
    const f = await fixture();
    const g = await fixture();
    expect(
      await ok(
        `mutation { updateDeprecation(input: {urn: "${f.dataset}", deprecated: true, note: "use v2", decommissionTime: 1800000000000}) }`,
      ),
    ).toEqual({ updateDeprecation: true });
    expect((await read(f.dataset)).deprecation).toEqual({
      deprecated: true,
      decommissionTime: 1800000000000,
      note: 'use v2',
      actor: 'urn:li:corpuser:__datahub_system',
    });
    const missing = datasetUrn(`absent_${unique()}`);
    const failed = await gql(
      `mutation b($input: BatchUpdateDeprecationInput!) { batchUpdateDeprecation(input: $input) }`,
      {
        input: {
          deprecated: true,
          note: 'batch',
          resources: [{ resourceUrn: g.dataset }, { resourceUrn: missing }],
        },
      },
    );
    expect(failed.errors?.[0]?.extensions.type).toBe('NOT_FOUND');
    expect(failed.errors?.[0]?.message).toContain(missing);
    expect((await read(g.dataset)).deprecation).toBeNull();
    expect(
      await ok(
        `mutation { batchUpdateDeprecation(input: {deprecated: false, resources: [{resourceUrn: "${f.dataset}"}, {resourceUrn: "${g.dataset}"}]}) }`,
      ),
    ).toEqual({ batchUpdateDeprecation: true });
    expect((await read(f.dataset)).deprecation).toMatchObject({ deprecated: false, note: '' });
    expect((await read(g.dataset)).deprecation).toMatchObject({ deprecated: false });
  });

  it('createTag, then addTag/addTags/removeTag on a dataset and on a schema field', async () => {
    const f = await fixture();
    const id = `created_${unique()}`;
    const created = await ok(
      `mutation { createTag(input: {id: "${id}", name: "Created", description: "a new tag"}) }`,
    );
    expect(created.createTag).toBe(`urn:li:tag:${id}`);
    const tag = await ok(`{ tag(urn: "urn:li:tag:${id}") { urn name description properties { name } } }`);
    expect(tag.tag).toMatchObject({ urn: `urn:li:tag:${id}`, properties: { name: 'Created' } });
    const again = await gql(`mutation { createTag(input: {id: "${id}", name: "Again"}) }`);
    expect(again.errors?.[0]?.message).toBe('This Tag already exists!');
    const random = await ok(`mutation { createTag(input: {name: "No id"}) }`);
    expect(random.createTag).toMatch(/^urn:li:tag:[0-9a-f-]{36}$/);

    await ok(`mutation { addTag(input: {tagUrn: "${f.tag}", resourceUrn: "${f.dataset}"}) }`);
    await ok(
      `mutation { addTags(input: {tagUrns: ["${f.tag}", "${f.tag2}", "urn:li:tag:${id}"], resourceUrn: "${f.dataset}"}) }`,
    );
    expect((await read(f.dataset)).tags.tags.map((t: any) => t.tag.urn)).toEqual([
      f.tag,
      f.tag2,
      `urn:li:tag:${id}`,
    ]);
    expect(
      await ok(`mutation { removeTag(input: {tagUrn: "${f.tag2}", resourceUrn: "${f.dataset}"}) }`),
    ).toEqual({ removeTag: true });
    expect((await read(f.dataset)).tags.tags.map((t: any) => t.tag.urn)).toEqual([f.tag, `urn:li:tag:${id}`]);

    await ok(
      `mutation { addTag(input: {tagUrn: "${f.tag}", resourceUrn: "${f.dataset}", subResourceType: DATASET_FIELD, subResource: "id"}) }`,
    );
    const field = (await read(f.dataset)).editableSchemaMetadata.editableSchemaFieldInfo;
    expect(field).toEqual([
      {
        fieldPath: 'id',
        description: null,
        globalTags: { tags: [{ tag: { urn: f.tag } }] },
        glossaryTerms: null,
      },
    ]);
    const unknownTag = await gql(
      `mutation { addTag(input: {tagUrn: "urn:li:tag:absent_${unique()}", resourceUrn: "${f.dataset}"}) }`,
    );
    expect(unknownTag.errors?.[0]?.extensions.type).toBe('NOT_FOUND');
    const notTag = await gql(
      `mutation { addTag(input: {tagUrn: "${f.term}", resourceUrn: "${f.dataset}"}) }`,
    );
    expect(notTag.errors?.[0]?.extensions.type).toBe('BAD_REQUEST');
  });

  it('addTerm/addTerms/removeTerm', async () => {
    const f = await fixture();
    await ok(`mutation { addTerm(input: {termUrn: "${f.term}", resourceUrn: "${f.dataset}"}) }`);
    await ok(`mutation { addTerms(input: {termUrns: ["${f.term}"], resourceUrn: "${f.dataset}"}) }`);
    expect((await read(f.dataset)).glossaryTerms.terms).toEqual([{ term: { urn: f.term } }]);
    await ok(
      `mutation { addTerms(input: {termUrns: ["${f.term}"], resourceUrn: "${f.dataset}", subResourceType: DATASET_FIELD, subResource: "amount"}) }`,
    );
    expect((await read(f.dataset)).editableSchemaMetadata.editableSchemaFieldInfo[0].glossaryTerms).toEqual({
      terms: [{ term: { urn: f.term } }],
    });
    await ok(`mutation { removeTerm(input: {termUrn: "${f.term}", resourceUrn: "${f.dataset}"}) }`);
    expect((await read(f.dataset)).glossaryTerms.terms).toEqual([]);
  });

  it('addOwner/addOwners/removeOwner with ownership types', async () => {
    const f = await fixture();
    await ok(
      `mutation { addOwner(input: {ownerUrn: "${f.user}", ownerEntityType: CORP_USER, resourceUrn: "${f.dataset}",
          ownershipTypeUrn: "urn:li:ownershipType:__system__technical_owner"}) }`,
    );
    await ok(
      `mutation { addOwners(input: {resourceUrn: "${f.dataset}", owners: [
          {ownerUrn: "${f.group}", ownerEntityType: CORP_GROUP, type: BUSINESS_OWNER},
          {ownerUrn: "${f.user}", ownerEntityType: CORP_USER, ownershipTypeUrn: "urn:li:ownershipType:__system__technical_owner"}]}) }`,
    );
    expect((await read(f.dataset)).ownership.owners).toEqual([
      { owner: { urn: f.user }, type: 'TECHNICAL_OWNER' },
      { owner: { urn: f.group }, type: 'BUSINESS_OWNER' },
    ]);
    await ok(`mutation { removeOwner(input: {ownerUrn: "${f.user}", resourceUrn: "${f.dataset}"}) }`);
    expect((await read(f.dataset)).ownership.owners).toEqual([
      { owner: { urn: f.group }, type: 'BUSINESS_OWNER' },
    ]);
    const wrongKind = await gql(
      `mutation { addOwner(input: {ownerUrn: "${f.group}", ownerEntityType: CORP_USER, resourceUrn: "${f.dataset}"}) }`,
    );
    expect(wrongKind.errors?.[0]?.extensions.type).toBe('BAD_REQUEST');
    const absent = await gql(
      `mutation { addOwner(input: {ownerUrn: "urn:li:corpuser:absent_${unique()}", ownerEntityType: CORP_USER, resourceUrn: "${f.dataset}"}) }`,
    );
    expect(absent.errors?.[0]?.extensions.type).toBe('NOT_FOUND');
  });

  it('addLink/removeLink and updateName', async () => {
    const f = await fixture();
    await ok(
      `mutation { addLink(input: {linkUrl: "https://docs.example.com/a", label: "Docs", resourceUrn: "${f.dataset}"}) }`,
    );
    await ok(
      `mutation { addLink(input: {linkUrl: "https://docs.example.com/b", label: "More", resourceUrn: "${f.dataset}"}) }`,
    );
    await ok(
      `mutation { removeLink(input: {linkUrl: "https://docs.example.com/a", resourceUrn: "${f.dataset}"}) }`,
    );
    expect((await read(f.dataset)).institutionalMemory.elements).toEqual([
      {
        url: 'https://docs.example.com/b',
        description: 'More',
        author: { urn: 'urn:li:corpuser:__datahub_system' },
      },
    ]);
    const badLink = await gql(
      `mutation { addLink(input: {linkUrl: "javascript alert", label: "x", resourceUrn: "${f.dataset}"}) }`,
    );
    expect(badLink.errors?.[0]?.extensions.type).toBe('BAD_REQUEST');

    expect(await ok(`mutation { updateName(input: {urn: "${f.term}", name: "Net revenue"}) }`)).toEqual({
      updateName: true,
    });
    expect(
      (await ok(`{ glossaryTerm(urn: "${f.term}") { properties { name } } }`)).glossaryTerm.properties.name,
    ).toBe('Net revenue');
    await ok(`mutation { updateName(input: {urn: "${f.dataset}", name: "Orders (curated)"}) }`);
    expect((await read(f.dataset)).editableProperties.name).toBe('Orders (curated)');
    const chart = await gql(`mutation { updateName(input: {urn: "urn:li:chart:(looker,x)", name: "x"}) }`);
    expect(chart.errors?.[0]?.extensions.type).toBe('BAD_REQUEST');
  });

  it('concurrent tag edits of one dataset lose nothing', async () => {
    const f = await fixture();
    const tags = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const urn = (await ok(`mutation { createTag(input: {name: "c${i}"}) }`)).createTag as string;
        return urn;
      }),
    );
    await Promise.all(
      tags.map((t) => ok(`mutation { addTag(input: {tagUrn: "${t}", resourceUrn: "${f.dataset}"}) }`)),
    );
    expect((await read(f.dataset)).tags.tags.map((t: any) => t.tag.urn).sort()).toEqual([...tags].sort());
  });

  it('batch tags and terms on datasets and schema fields: all of them, or none when one is missing', async () => {
    const f = await fixture();
    const g = await fixture();
    const resources = `[{resourceUrn: "${f.dataset}"}, {resourceUrn: "${g.dataset}"},
      {resourceUrn: "${f.dataset}", subResource: "id", subResourceType: DATASET_FIELD},
      {resourceUrn: "${f.dataset}", subResource: "amount", subResourceType: DATASET_FIELD}]`;
    await ok(
      `mutation { batchAddTags(input: {tagUrns: ["${f.tag}", "${g.tag}"], resources: ${resources}}) }`,
    );
    await ok(`mutation { batchAddTerms(input: {termUrns: ["${f.term}"], resources: ${resources}}) }`);
    const fields = (d: Record<string, any>) =>
      d.editableSchemaMetadata.editableSchemaFieldInfo.map((i: Record<string, any>) => [
        i.fieldPath,
        i.globalTags?.tags.map((t: Record<string, any>) => t.tag.urn),
        i.glossaryTerms?.terms.map((t: Record<string, any>) => t.term.urn),
      ]);
    let a = await read(f.dataset);
    expect(a.tags.tags.map((t: Record<string, any>) => t.tag.urn)).toEqual([f.tag, g.tag]);
    expect(a.glossaryTerms.terms.map((t: Record<string, any>) => t.term.urn)).toEqual([f.term]);
    expect(fields(a)).toEqual([
      ['id', [f.tag, g.tag], [f.term]],
      ['amount', [f.tag, g.tag], [f.term]],
    ]);
    expect((await read(g.dataset)).tags.tags.map((t: Record<string, any>) => t.tag.urn)).toEqual([
      f.tag,
      g.tag,
    ]);
    await ok(`mutation { batchRemoveTags(input: {tagUrns: ["${g.tag}"], resources: ${resources}}) }`);
    await ok(`mutation { batchRemoveTerms(input: {termUrns: ["${f.term}"], resources: ${resources}}) }`);
    a = await read(f.dataset);
    expect([a.tags.tags.length, a.glossaryTerms.terms]).toEqual([1, []]);
    expect(fields(a)).toEqual([
      ['id', [f.tag], []],
      ['amount', [f.tag], []],
    ]);
    // One missing resource (or field): refused, and nothing written anywhere.
    const ghost = datasetUrn(`ghost_${unique()}`);
    const missing = await gql(
      `mutation { batchAddTags(input: {tagUrns: ["${g.tag}"], resources: [{resourceUrn: "${g.dataset}"}, {resourceUrn: "${ghost}"}]}) }`,
    );
    expect(missing.errors?.[0]?.extensions.type).toBe('NOT_FOUND');
    const noField = await gql(
      `mutation { batchAddTerms(input: {termUrns: ["${f.term}"], resources: [{resourceUrn: "${g.dataset}"},
        {resourceUrn: "${g.dataset}", subResource: "nope", subResourceType: DATASET_FIELD}]}) }`,
    );
    expect(noField.errors?.[0]?.extensions.type).toBe('BAD_REQUEST');
    const b = await read(g.dataset);
    expect([b.tags.tags.length, b.glossaryTerms.terms]).toEqual([1, []]);
    const none = await gql(`mutation { batchRemoveTags(input: {tagUrns: ["${f.tag}"], resources: [null]}) }`);
    expect(none.errors?.[0]?.extensions.type).toBe('BAD_REQUEST');
  });

  it('batch owners with ownership types, read back with their ownershipType', async () => {
    const f = await fixture();
    const g = await fixture();
    const custom = `urn:li:ownershipType:steward_${unique()}`;
    await ingest([
      mcp(custom, 'ownershipTypeInfo', { name: 'Steward', description: 'Keeps it clean', ...STAMPS }),
    ]);
    const resources = `[{resourceUrn: "${f.dataset}"}, {resourceUrn: "${g.dataset}"}]`;
    await ok(
      `mutation { batchAddOwners(input: {ownershipTypeUrn: "${custom}", resources: ${resources}, owners: [
          {ownerUrn: "${f.user}", ownerEntityType: CORP_USER},
          {ownerUrn: "${f.group}", ownerEntityType: CORP_GROUP, type: BUSINESS_OWNER}]}) }`,
    );
    const OWNERS = `query r($urn: String!) { dataset(urn: $urn) { ownership { owners {
      owner { ... on CorpUser { urn } ... on CorpGroup { urn } } type
      ownershipType { urn type info { name description } } } } } }`;
    const owners = async (urn: string) => (await ok(OWNERS, { urn })).dataset.ownership.owners;
    for (const urn of [f.dataset, g.dataset])
      expect(await owners(urn)).toEqual([
        {
          owner: { urn: f.user },
          type: 'CUSTOM',
          ownershipType: {
            urn: custom,
            type: 'CUSTOM_OWNERSHIP_TYPE',
            info: { name: 'Steward', description: 'Keeps it clean' },
          },
        },
        {
          owner: { urn: f.group },
          type: 'BUSINESS_OWNER',
          ownershipType: {
            urn: 'urn:li:ownershipType:__system__business_owner',
            type: 'CUSTOM_OWNERSHIP_TYPE',
            info: null,
          },
        },
      ]);
    await ok(
      `mutation { batchRemoveOwners(input: {ownerUrns: ["${f.user}", "${f.group}"], ownershipTypeUrn: "${custom}", resources: ${resources}}) }`,
    );
    expect((await owners(g.dataset)).map((o: Record<string, any>) => o.owner.urn)).toEqual([f.group]);
    await ok(`mutation { batchRemoveOwners(input: {ownerUrns: ["${f.group}"], resources: ${resources}}) }`);
    expect(await owners(f.dataset)).toEqual([]);
  });

  it('setDomain, unsetDomain and batchSetDomain; a missing domain or entity writes nothing', async () => {
    const f = await fixture();
    const g = await fixture();
    const domain = `urn:li:domain:mut_${unique()}`;
    await ingest([mcp(domain, 'domainProperties', { name: 'Finance' })]);
    const DOMAIN = `query r($urn: String!) { dataset(urn: $urn) { domain { domain { urn } associatedUrn } } }`;
    const domainOf = async (urn: string) => (await ok(DOMAIN, { urn })).dataset.domain;
    await ok(`mutation { setDomain(entityUrn: "${f.dataset}", domainUrn: "${domain}") }`);
    expect(await domainOf(f.dataset)).toEqual({ domain: { urn: domain }, associatedUrn: f.dataset });
    await ok(`mutation { unsetDomain(entityUrn: "${f.dataset}") }`);
    expect(await domainOf(f.dataset)).toBeNull();
    await ok(
      `mutation { batchSetDomain(input: {domainUrn: "${domain}", resources: [{resourceUrn: "${f.dataset}"}, {resourceUrn: "${g.dataset}"}]}) }`,
    );
    expect((await domainOf(g.dataset)).domain.urn).toBe(domain);
    await ok(`mutation { batchSetDomain(input: {resources: [{resourceUrn: "${g.dataset}"}]}) }`);
    expect([await domainOf(f.dataset), await domainOf(g.dataset)]).toEqual([
      { domain: { urn: domain }, associatedUrn: f.dataset },
      null,
    ]);
    const ghost = await gql(
      `mutation { setDomain(entityUrn: "${g.dataset}", domainUrn: "urn:li:domain:absent_${unique()}") }`,
    );
    expect(ghost.errors?.[0]?.extensions.type).toBe('NOT_FOUND');
    const notDomain = await gql(`mutation { setDomain(entityUrn: "${g.dataset}", domainUrn: "${f.tag}") }`);
    expect(notDomain.errors?.[0]?.extensions.type).toBe('BAD_REQUEST');
    expect(await domainOf(g.dataset)).toBeNull();
  });

  it('listOwnershipTypes finds ownership types by text, paged', async () => {
    const word = `own${unique()}`;
    const urns = [1, 2, 3].map((i) => `urn:li:ownershipType:${word}_${i}`);
    const res = await post(
      rt.url,
      '/aspects?action=ingestProposalBatch',
      {
        proposals: urns.map((u, i) => mcp(u, 'ownershipTypeInfo', { name: `${word} type ${i}`, ...STAMPS })),
      },
      { 'X-DataHub-Sync-Index-Update': 'true' },
    );
    expect(res.status).toBe(200);
    const LIST = `query l($input: ListOwnershipTypesInput!) { listOwnershipTypes(input: $input) {
      start count total ownershipTypes { urn info { name } } } }`;
    const page = (await ok(LIST, { input: { query: word, start: 1, count: 1 } })).listOwnershipTypes;
    expect([page.start, page.count, page.total]).toEqual([1, 1, 3]);
    const all = (await ok(LIST, { input: { query: word } })).listOwnershipTypes;
    expect(all.ownershipTypes.map((o: Record<string, any>) => o.urn).sort()).toEqual(urns);
  });

  it('createDomain, createGlossaryNode/Term and createGroup: new entities their creator owns', async () => {
    const id = unique();
    const f = await fixture();
    const top = await ok(
      `mutation { createDomain(input: {id: "top_${id}", name: "Top", description: "all"}) }`,
    );
    expect(top.createDomain).toBe(`urn:li:domain:top_${id}`);
    const sub = await ok(
      `mutation { createDomain(input: {name: "Sub", parentDomain: "urn:li:domain:top_${id}",
         owners: [{ownerUrn: "${f.user}", ownerEntityType: CORP_USER, type: BUSINESS_OWNER}]}) }`,
    );
    expect(sub.createDomain).toMatch(/^urn:li:domain:[0-9a-f-]{36}$/);
    const node = (await ok(`mutation { createGlossaryNode(input: {id: "node_${id}", name: "Finance"}) }`))
      .createGlossaryNode;
    const term = (
      await ok(
        `mutation { createGlossaryTerm(input: {id: "term_${id}", name: "Revenue", description: "money in", parentNode: "${node}"}) }`,
      )
    ).createGlossaryTerm;
    const group = (
      await ok(
        `mutation { createGroup(input: {id: "grp_${id}", name: "Data Eng", description: "builders"}) }`,
      )
    ).createGroup;
    const Q = `query q($d: String!, $t: String!, $g: String!) {
      domain(urn: $d) { properties { name } parentDomain { urn } ownership { owners { owner { ... on CorpUser { urn } } type } } }
      glossaryTerm(urn: $t) { properties { name description termSource } parentNodes { nodes { urn } } ownership { owners { type } } }
      corpGroup(urn: $g) { properties { displayName description } } }`;
    expect(await ok(Q, { d: sub.createDomain, t: term, g: group })).toEqual({
      domain: {
        properties: { name: 'Sub' },
        parentDomain: { urn: `urn:li:domain:top_${id}` },
        ownership: {
          owners: [
            { owner: { urn: 'urn:li:corpuser:__datahub_system' }, type: 'TECHNICAL_OWNER' },
            { owner: { urn: f.user }, type: 'BUSINESS_OWNER' },
          ],
        },
      },
      glossaryTerm: {
        properties: { name: 'Revenue', description: 'money in', termSource: 'INTERNAL' },
        parentNodes: { nodes: [{ urn: node }] },
        ownership: { owners: [{ type: 'TECHNICAL_OWNER' }] },
      },
      corpGroup: { properties: { displayName: 'Data Eng', description: 'builders' } },
    });
    const again = await gql(`mutation { createDomain(input: {id: "top_${id}", name: "Again"}) }`);
    expect([again.errors?.[0]?.extensions.type, again.errors?.[0]?.message]).toEqual([
      'BAD_REQUEST',
      'This Domain already exists!',
    ]);
    const orphan = await gql(
      `mutation { createGlossaryTerm(input: {name: "X", parentNode: "urn:li:glossaryNode:absent_${id}"}) }`,
    );
    expect(orphan.errors?.[0]?.extensions.type).toBe('NOT_FOUND');
    const unnamed = await gql(`mutation { createGroup(input: {name: ""}) }`);
    expect(unnamed.errors?.[0]?.extensions.type).toBe('BAD_REQUEST');
  });

  it('a bad URN is a BAD_REQUEST and writes nothing', async () => {
    const res = await gql(`mutation { addTag(input: {tagUrn: "urn:li:tag:x", resourceUrn: "not a urn"}) }`);
    expect(res.errors?.[0]?.extensions.type).toBe('BAD_REQUEST');
  });
});

describe('curation: tags, related terms, soft deletion', () => {
  /** An aspect's value read through the OpenAPI API; undefined when there is none (404). */
  const aspect = async (kind: string, urn: string, name: string) => {
    const res = await fetch(`${rt.url}/openapi/v3/entity/${kind}/${encodeURIComponent(urn)}/${name}`);
    if (res.status === 404) return undefined;
    return ((await res.json()) as { value?: Record<string, any> }).value;
  };

  it('updateTag, setTagColor and deleteTag (with every reference to the tag)', async () => {
    const id = unique();
    const tag = `urn:li:tag:cur_${id}`;
    const ds = datasetUrn(`cur_${id}`);
    await ingest([
      mcp(tag, 'tagProperties', { name: `cur ${id}` }),
      mcp(ds, 'globalTags', { tags: [{ tag }] }),
    ]);
    const updated = await ok(
      `mutation ($u: String!, $i: TagUpdateInput!) { updateTag(urn: $u, input: $i) { urn properties { name description } } }`,
      {
        u: tag,
        i: {
          urn: tag,
          name: 'Renamed',
          description: 'a tag',
          ownership: { owners: [{ owner: 'urn:li:corpuser:cur', type: 'TECHNICAL_OWNER' }] },
        },
      },
    );
    expect(updated.updateTag).toEqual({ urn: tag, properties: { name: 'Renamed', description: 'a tag' } });
    expect((await aspect('tag', tag, 'ownership'))?.owners).toEqual([
      expect.objectContaining({ owner: 'urn:li:corpuser:cur', type: 'TECHNICAL_OWNER' }),
    ]);
    expect(
      await ok(`mutation ($u: String!) { setTagColor(urn: $u, colorHex: "#1890ff") }`, { u: tag }),
    ).toEqual({
      setTagColor: true,
    });
    expect(await aspect('tag', tag, 'tagProperties')).toMatchObject({ name: 'Renamed', colorHex: '#1890ff' });
    const color = await gql(`mutation ($u: String!) { setTagColor(urn: $u, colorHex: "red; drop") }`, {
      u: tag,
    });
    expect(color.errors?.[0]?.extensions.type).toBe('BAD_REQUEST');
    const missing = await gql(`mutation { setTagColor(urn: "urn:li:tag:none_${id}", colorHex: "#fff") }`);
    expect(missing.errors?.[0]?.extensions.code).toBe(404);

    expect(await ok(`mutation ($u: String!) { deleteTag(urn: $u) }`, { u: tag })).toEqual({
      deleteTag: true,
    });
    expect(await aspect('tag', tag, 'tagProperties')).toBeUndefined();
    expect((await aspect('dataset', ds, 'globalTags'))?.tags ?? []).toEqual([]);
  });

  it('addRelatedTerms and removeRelatedTerms, isA and hasA; batchUpdateSoftDeleted all or nothing', async () => {
    const id = unique();
    const [t, a, b] = ['t', 'a', 'b'].map((n) => `urn:li:glossaryTerm:cur_${n}_${id}`) as [
      string,
      string,
      string,
    ];
    await ingest(
      [t, a, b].map((u) => mcp(u, 'glossaryTermInfo', { definition: 'd', termSource: 'INTERNAL', name: u })),
    );
    const related = (op: string, terms: string[], type: string) =>
      gql(`mutation ($i: RelatedTermsInput!) { ${op}(input: $i) }`, {
        i: { urn: t, termUrns: terms, relationshipType: type },
      });
    expect((await related('addRelatedTerms', [a, b], 'isA')).data).toEqual({ addRelatedTerms: true });
    await related('addRelatedTerms', [a], 'isA');
    await related('addRelatedTerms', [b], 'hasA');
    expect(await aspect('glossaryTerm', t, 'glossaryRelatedTerms')).toEqual({
      isRelatedTerms: [a, b],
      hasRelatedTerms: [b],
    });
    await related('removeRelatedTerms', [a], 'isA');
    expect(await aspect('glossaryTerm', t, 'glossaryRelatedTerms')).toEqual({
      isRelatedTerms: [b],
      hasRelatedTerms: [b],
    });
    expect((await related('addRelatedTerms', [t], 'isA')).errors?.[0]?.message).toMatch(/itself/);
    expect(
      (await related('addRelatedTerms', [`urn:li:glossaryTerm:none_${id}`], 'isA')).errors?.[0]?.extensions
        .code,
    ).toBe(404);
    expect((await related('addRelatedTerms', [datasetUrn('x')], 'isA')).errors?.[0]?.extensions.type).toBe(
      'BAD_REQUEST',
    );

    const soft = (urns: string[], deleted: boolean) =>
      gql(`mutation ($i: BatchUpdateSoftDeletedInput!) { batchUpdateSoftDeleted(input: $i) }`, {
        i: { urns, deleted },
      });
    expect((await soft([a, b], true)).data).toEqual({ batchUpdateSoftDeleted: true });
    expect(await aspect('glossaryTerm', a, 'status')).toEqual({ removed: true });
    // One missing entity: nothing is written.
    expect((await soft([a, `urn:li:glossaryTerm:none_${id}`], false)).errors?.[0]?.extensions.code).toBe(404);
    expect(await aspect('glossaryTerm', a, 'status')).toEqual({ removed: true });
    await soft([a, b], false);
    expect(await aspect('glossaryTerm', b, 'status')).toEqual({ removed: false });
  });

  it('createQuery, updateQuery and deleteQuery: a query written by hand about datasets', async () => {
    const id = unique();
    const ds = datasetUrn(`q_${id}`);
    const other = datasetUrn(`q2_${id}`);
    const sql = `SELECT * FROM q_${id}`;
    const created = await ok(
      `mutation ($i: CreateQueryInput!) { createQuery(input: $i) { urn properties { name description source statement { value language } } subjects { dataset { urn } } } }`,
      {
        i: {
          properties: { name: 'All', statement: { value: sql, language: 'SQL' } },
          subjects: [{ datasetUrn: ds }],
        },
      },
    );
    const urn = created.createQuery.urn as string;
    expect(urn).toMatch(/^urn:li:query:[0-9a-f-]{36}$/);
    expect(created.createQuery).toMatchObject({
      properties: {
        name: 'All',
        description: null,
        source: 'MANUAL',
        statement: { value: sql, language: 'SQL' },
      },
      subjects: [{ dataset: { urn: ds } }],
    });
    const props = await aspect('query', urn, 'queryProperties');
    expect(props?.created).toEqual(props?.lastModified);
    const updated = await ok(
      `mutation ($u: String!, $i: UpdateQueryInput!) { updateQuery(urn: $u, input: $i) { properties { name description statement { value } } subjects { dataset { urn } } } }`,
      { u: urn, i: { properties: { description: 'every row' }, subjects: [{ datasetUrn: other }] } },
    );
    expect(updated.updateQuery).toEqual({
      properties: { name: 'All', description: 'every row', statement: { value: sql } },
      subjects: [{ dataset: { urn: other } }],
    });
    const bad = await gql(`mutation ($i: CreateQueryInput!) { createQuery(input: $i) { urn } }`, {
      i: {
        properties: { statement: { value: sql, language: 'SQL' } },
        subjects: [{ datasetUrn: 'urn:li:chart:(a,b)' }],
      },
    });
    expect(bad.errors?.[0]?.extensions.type).toBe('BAD_REQUEST');
    expect(await ok(`mutation ($u: String!) { deleteQuery(urn: $u) }`, { u: urn })).toEqual({
      deleteQuery: true,
    });
    expect(await aspect('query', urn, 'queryProperties')).toBeUndefined();
    const gone = await gql(`mutation ($u: String!) { deleteQuery(urn: $u) }`, { u: urn });
    expect(gone.errors?.[0]?.extensions.code).toBe(404);
  });
});

/**
 * The checks of GraphQL inputs (docs/decisions/0041): each broken input is refused before its resolver
 * runs, with one `Invalid input: ...` message that clients see byte for byte (the messages class-validator
 * gave; the checks are neohub's own now), as DataHub's BAD_REQUEST. Inputs at the edge of a limit pass.
 * (class-validator is not installed: were type-graphql to load it, these inputs would fail otherwise.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime.js';
import { httpClient, post } from '../support/http.js';
import { datasetUrn, mcp, startTestServer, unique } from '../support/runtime.js';

let rt: Runtime;
beforeAll(async () => {
  rt = await startTestServer();
});
afterAll(async () => rt?.stop());

const { gql, gqlOk } = httpClient(() => rt.url, { gqlStatus: 200 });

const BAD_REQUEST = { code: 400, type: 'BAD_REQUEST', classification: 'DataFetchingException' };
/** The longest description, note or label an input takes. */
const MAX_TEXT = 100_000;
const TOO_LONG = 'x'.repeat(MAX_TEXT + 1);
const URN = 'urn:li:dataset:(urn:li:dataPlatform:hive,input_checks,PROD)';
const AUTHOR = 'urn:li:corpuser:input_checks';

/** A query or mutation of one `$input` (and `$urn` where the field takes one). */
const op = (kind: 'query' | 'mutation', field: string, type: string, selection = '') =>
  `${kind} ($input: ${type}!) { ${field}(input: $input) ${selection} }`;
const search = (field: string, type: string) => op('query', field, type, '{ total }');
const edit = (field: string, type: string) => op('mutation', field, type);
const UPDATE_DATASET =
  'mutation ($input: DatasetUpdateInput!, $urn: String! = "x") { updateDataset(urn: $urn, input: $input) { urn } }';

/** One broken input: the operation, its `$input`, and the one message it is refused with. */
type Case = readonly [name: string, query: string, input: Record<string, unknown>, message: string];

const LESS_THAN_0 = (p: string) => `${p} must not be less than 0`;
const SHORTER = (p: string) => `${p} must be shorter than or equal to 100000 characters`;
const EMPTY = (p: string) => `${p} should not be empty`;
const NOT_URL = (p: string) => `${p} must be a URL`;
const SCHEMA_FIELD = (p: string) => `Deprecating a schema field (${p}) is not supported`;

const CASES: readonly Case[] = [
  // Starts, counts and limits: not negative.
  [
    'search start',
    search('searchAcrossEntities', 'SearchAcrossEntitiesInput'),
    { query: '*', start: -1 },
    LESS_THAN_0('start'),
  ],
  [
    'search count',
    search('searchAcrossEntities', 'SearchAcrossEntitiesInput'),
    { query: '*', count: -1 },
    LESS_THAN_0('count'),
  ],
  [
    'search start and count',
    search('searchAcrossEntities', 'SearchAcrossEntitiesInput'),
    { query: '*', start: -1, count: -2 },
    `${LESS_THAN_0('start')}; ${LESS_THAN_0('count')}`,
  ],
  [
    'scroll count',
    op('query', 'scrollAcrossEntities', 'ScrollAcrossEntitiesInput', '{ count }'),
    { query: '*', count: -1 },
    LESS_THAN_0('count'),
  ],
  [
    'autocomplete limit',
    op('query', 'autoComplete', 'AutoCompleteInput', '{ query }'),
    { query: 'a', limit: -1 },
    LESS_THAN_0('limit'),
  ],
  [
    'autocomplete of several types limit',
    op('query', 'autoCompleteForMultiple', 'AutoCompleteMultipleInput', '{ query }'),
    { query: 'a', limit: -1 },
    LESS_THAN_0('limit'),
  ],
  ['browse start', search('browseV2', 'BrowseV2Input'), { start: -1 }, LESS_THAN_0('start')],
  ['browse count', search('browseV2', 'BrowseV2Input'), { count: -1 }, LESS_THAN_0('count')],
  [
    'lineage search start',
    search('searchAcrossLineage', 'SearchAcrossLineageInput'),
    { urn: URN, direction: 'UPSTREAM', start: -1 },
    LESS_THAN_0('start'),
  ],
  [
    'lineage scroll count',
    op('query', 'scrollAcrossLineage', 'ScrollAcrossLineageInput', '{ count }'),
    { urn: URN, direction: 'UPSTREAM', count: -1 },
    LESS_THAN_0('count'),
  ],
  [
    'access tokens start',
    search('listAccessTokens', 'ListAccessTokenInput'),
    { start: -1 },
    LESS_THAN_0('start'),
  ],
  [
    'access tokens count',
    search('listAccessTokens', 'ListAccessTokenInput'),
    { count: -1 },
    LESS_THAN_0('count'),
  ],

  // A lineage search needs its urn (optional in the schema, as in DataHub).
  [
    'lineage search without urn',
    search('searchAcrossLineage', 'SearchAcrossLineageInput'),
    { direction: 'UPSTREAM' },
    'urn is required',
  ],
  [
    'lineage search with a null urn',
    search('searchAcrossLineage', 'SearchAcrossLineageInput'),
    { urn: null, direction: 'UPSTREAM' },
    'urn is required',
  ],
  [
    'lineage scroll without urn',
    op('query', 'scrollAcrossLineage', 'ScrollAcrossLineageInput', '{ count }'),
    { direction: 'DOWNSTREAM' },
    'urn is required',
  ],
  // The input's own fields first, then those it inherits.
  [
    'lineage search without urn, start negative',
    search('searchAcrossLineage', 'SearchAcrossLineageInput'),
    { direction: 'UPSTREAM', start: -1 },
    `${LESS_THAN_0('start')}; urn is required`,
  ],

  // Lists of at least one element, with no null in them.
  ['no tags', edit('addTags', 'AddTagsInput'), { resourceUrn: URN, tagUrns: [] }, EMPTY('tagUrns')],
  ['no terms', edit('addTerms', 'AddTermsInput'), { resourceUrn: URN, termUrns: [] }, EMPTY('termUrns')],
  ['no owners', edit('addOwners', 'AddOwnersInput'), { resourceUrn: URN, owners: [] }, EMPTY('owners')],
  [
    'no resources to deprecate',
    edit('batchUpdateDeprecation', 'BatchUpdateDeprecationInput'),
    { deprecated: true, resources: [] },
    EMPTY('resources'),
  ],
  [
    'a null resource to deprecate',
    edit('batchUpdateDeprecation', 'BatchUpdateDeprecationInput'),
    { deprecated: true, resources: [{ resourceUrn: URN }, null] },
    'resources must not contain null',
  ],

  // Names that may not be empty.
  ['a tag without a name', op('mutation', 'createTag', 'CreateTagInput'), { name: '' }, EMPTY('name')],
  ['an empty new name', edit('updateName', 'UpdateNameInput'), { urn: URN, name: '' }, EMPTY('name')],

  // Descriptions, notes and labels of at most 100,000 characters.
  [
    'a long label',
    edit('addLink', 'AddLinkInput'),
    { linkUrl: 'https://wiki/x', label: TOO_LONG, resourceUrn: URN },
    SHORTER('label'),
  ],
  [
    'a long description',
    edit('updateDescription', 'DescriptionUpdateInput'),
    { description: TOO_LONG, resourceUrn: URN },
    SHORTER('description'),
  ],
  [
    'a long proposal note',
    edit('updateDescription', 'DescriptionUpdateInput'),
    { description: 'd', resourceUrn: URN, proposalNote: TOO_LONG },
    SHORTER('proposalNote'),
  ],
  [
    'a long deprecation note',
    edit('updateDeprecation', 'UpdateDeprecationInput'),
    { urn: URN, deprecated: true, note: TOO_LONG },
    SHORTER('note'),
  ],
  [
    'a long note of several deprecations',
    edit('batchUpdateDeprecation', 'BatchUpdateDeprecationInput'),
    { deprecated: true, note: TOO_LONG, resources: [{ resourceUrn: URN }] },
    SHORTER('note'),
  ],
  [
    'a long tag description',
    op('mutation', 'createTag', 'CreateTagInput'),
    { name: 't', description: TOO_LONG },
    SHORTER('description'),
  ],
  [
    'a long dataset description',
    UPDATE_DATASET,
    { editableProperties: { description: TOO_LONG } },
    SHORTER('description'),
  ],

  // Links: absolute URLs.
  ...['not a url', 'wiki.example.com/x', 'javascript:alert(1)', 'https://wiki/a b', 'https://'].map(
    (linkUrl): Case => [
      `the link ${linkUrl}`,
      edit('addLink', 'AddLinkInput'),
      { linkUrl, label: 'l', resourceUrn: URN },
      NOT_URL('linkUrl'),
    ],
  ),
  [
    'a link that is no URL, with a long label',
    edit('addLink', 'AddLinkInput'),
    { linkUrl: 'nope', label: TOO_LONG, resourceUrn: URN },
    `${NOT_URL('linkUrl')}; ${SHORTER('label')}`,
  ],
  [
    'institutional memory that is no URL',
    UPDATE_DATASET,
    {
      institutionalMemory: {
        elements: [
          { url: 'https://wiki/ok', author: AUTHOR },
          { url: 'nope', author: AUTHOR },
        ],
      },
    },
    NOT_URL('url'),
  ],
  [
    'institutional memory and a description, both broken',
    UPDATE_DATASET,
    {
      editableProperties: { description: TOO_LONG },
      institutionalMemory: {
        elements: [
          { url: 'nope', author: AUTHOR },
          { url: 'no', author: AUTHOR },
        ],
      },
    },
    `${NOT_URL('url')}; ${NOT_URL('url')}; ${SHORTER('description')}`,
  ],

  // A schema field's deprecation is refused.
  [
    'deprecating a schema field',
    edit('updateDeprecation', 'UpdateDeprecationInput'),
    { urn: URN, deprecated: true, subResource: 'id' },
    SCHEMA_FIELD('subResource'),
  ],
  [
    'deprecating a schema field, by its type',
    edit('updateDeprecation', 'UpdateDeprecationInput'),
    { urn: URN, deprecated: true, subResourceType: 'DATASET_FIELD', subResource: 'id', note: TOO_LONG },
    `${SCHEMA_FIELD('subResourceType')}; ${SCHEMA_FIELD('subResource')}; ${SHORTER('note')}`,
  ],
];

describe('broken GraphQL inputs', () => {
  it.each(CASES)('%s: refused with its message', async (_name, query, input, message) => {
    const res = await gql(query, { input });
    expect(res.errors).toHaveLength(1);
    expect(res.errors?.[0]?.message).toBe(`Invalid input: ${message}`);
    expect(res.errors?.[0]?.extensions).toEqual(BAD_REQUEST);
  });

  it('a fractional start is refused by GraphQL itself, as an Int', async () => {
    const res = await gql(search('searchAcrossEntities', 'SearchAcrossEntitiesInput'), {
      input: { query: '*', start: 1.5 },
    });
    expect(res.errors?.[0]?.message).toBe(
      'Variable "$input" got invalid value 1.5 at "input.start"; Int cannot represent non-integer value: 1.5',
    );
    expect(res.errors?.[0]?.extensions.type).toBe('BAD_REQUEST');
  });
});

describe('inputs at the edge of a check', () => {
  it('pass', async () => {
    const dataset = datasetUrn(`input_checks_${unique()}`);
    const res = await post(rt.url, '/aspects?action=ingestProposalBatch', {
      proposals: [mcp(dataset, 'datasetProperties', { name: 'input checks' })],
    });
    expect(res.status).toBe(200);
    const link = (linkUrl: string, label = 'l') =>
      gqlOk(edit('addLink', 'AddLinkInput'), { input: { linkUrl, label, resourceUrn: dataset } });
    // 100,000 characters; 100,000 emoji too, characters as class-validator counted them.
    await link('https://wiki/longest', 'y'.repeat(MAX_TEXT));
    await link('https://wiki/emoji', '😀'.repeat(MAX_TEXT));
    // URLs without a top-level domain, with a port, an IP, a query and a fragment, and FTP.
    for (const url of [
      'http://wiki/up',
      'https://localhost:8080/a?b=c#d',
      'http://10.0.0.1/x',
      'ftp://files.example.com/f',
    ])
      await link(url);
    // Zero, and nested inputs the schema's checks do not walk into (search flags).
    await gqlOk(search('searchAcrossEntities', 'SearchAcrossEntitiesInput'), {
      input: { query: '*', start: 0, count: 0, searchFlags: { maxAggValues: -1 } },
    });
    await gqlOk(UPDATE_DATASET, {
      urn: dataset,
      input: {
        editableProperties: { description: 'z'.repeat(MAX_TEXT) },
        institutionalMemory: { elements: [{ url: 'https://wiki/memory', author: AUTHOR }] },
      },
    });
  });
});

import fields from 'virtual:entity-fields';
import { SUMMARY_FIELDS } from '../entity-names';
import { RELATIONSHIP_SECTIONS, type SectionField } from './section-fields';

/** An owner: a user or a group (DataHub's `OwnerType` union). */
export const OWNER_FIELDS = `
  ... on CorpUser { urn type username properties { displayName } }
  ... on CorpGroup { urn type name properties { displayName } }
`;
const VALUES = '... on StringValue { stringValue } ... on NumberValue { numberValue }';
const TAGS = `tags { tag { urn name properties { name } } }`;
const TERMS = `terms { term { urn name hierarchicalName properties { name } } }`;
const NAMED = `urn type ... on Dataset { name platform { name properties { displayName } } properties { name } }
  ... on Container { properties { name } }`;
/** A dataset's name fields (where the field is a Dataset, not any entity). */
const DATASET_NAMED = `urn type name platform { name properties { displayName } } properties { name }`;

/**
 * What the page asks of each section field, by the type the field answers (the same name answers other
 * types on other kinds: `usageStats` is a dataset's or a dashboard's); `*` for any type. A selection
 * that is a function gets the fields the kind's properties type has.
 */
const SELECTIONS: Partial<Record<SectionField, Record<string, string | ((have: string[]) => string)>>> = {
  properties: { '*': (have) => props(have) },
  editableProperties: { '*': (have) => props(have) },
  info: { '*': (have) => props(have) },
  subTypes: { '*': '{ typeNames }' },
  parentContainers: { '*': '{ containers { urn type properties { name } } }' },
  siblings: {
    '*': `{ isPrimary siblings { ${NAMED} ... on Dataset { properties { description } editableProperties { description } } } }`,
  },
  deprecation: { '*': '{ deprecated note decommissionTime actor }' },
  ownership: { '*': `{ owners { owner { ${OWNER_FIELDS} } ownershipType { urn info { name } } type } }` },
  tags: { '*': `{ ${TAGS} }` },
  glossaryTerms: { '*': `{ ${TERMS} }` },
  domain: { '*': '{ domain { urn properties { name } } }' },
  dataProduct: {
    '*': '{ total relationships { entity { urn type ... on DataProduct { properties { name } } } } }',
  },
  institutionalMemory: { '*': '{ elements { url label created { time actor } } }' },
  structuredProperties: {
    '*': `{ properties { structuredProperty { urn definition { displayName qualifiedName cardinality
      valueType { info { type } } allowedValues { value { ${VALUES} } } } }
      values { ${VALUES} } } }`,
  },
  // A column's structured properties are its schemaField entity's (DataHub's `schemaFieldEntity`).
  schemaMetadata: {
    '*': `{ primaryKeys foreignKeys { name foreignDataset { ${DATASET_NAMED} } foreignFields { fieldPath } sourceFields { fieldPath } }
      fields { fieldPath type nativeDataType description nullable isPartOfKey tags { ${TAGS} } glossaryTerms { ${TERMS} }
        schemaFieldEntity { urn structuredProperties { properties { structuredProperty { urn definition { displayName qualifiedName } }
          values { ${VALUES} } } } } } }`,
  },
  editableSchemaMetadata: {
    '*': `{ editableSchemaFieldInfo { fieldPath description tags { ${TAGS} } glossaryTerms { ${TERMS} } } }`,
  },
  datasetProfiles: {
    '*': `(limit: 30) { timestampMillis rowCount columnCount sizeInBytes }
      latestProfile: datasetProfiles(limit: 1) { timestampMillis rowCount columnCount
        fieldProfiles { fieldPath nullCount nullProportion uniqueCount min max mean median sampleValues } }`,
  },
  usageStats: {
    UsageQueryResult: `(range: MONTH) { aggregations { uniqueUserCount totalSqlQueries
      users { user { urn username properties { displayName } } count } fields { fieldName count } }
      buckets { bucket metrics { totalSqlQueries uniqueUserCount } } }`,
  },
  operations: {
    '*': '(limit: 10) { timestampMillis lastUpdatedTimestamp operationType customOperationType actor numAffectedRows }',
  },
  viewProperties: { '*': '{ materialized logic language }' },
  assertions: {
    '*': `(count: 20) { total assertions { urn info { type description }
      runEvents(limit: 5) { total succeeded failed runEvents { timestampMillis result { type } } } } }`,
  },
  incidents: {
    '*': `(count: 20) { total incidents { urn title description incidentType
      incidentStatus { state message } created { time actor } } }`,
  },
  testResults: { '*': '{ passing { test { urn name } } failing { test { urn name } } }' },
  privileges: {
    EntityPrivileges: `{ canEditDescription canEditTags canEditGlossaryTerms canEditOwners canEditDomains canEditLinks
      canEditDataProducts canEditDeprecation canEditProperties canEditSchemaFieldDescription canEditSchemaFieldTags
      canEditSchemaFieldGlossaryTerms }`,
  },
  entities: {
    SearchResults: `(input: { query: "*", start: 0, count: 50 }) { total searchResults { entity { ${SUMMARY_FIELDS} } } }`,
  },
  glossaryChildrenSearch: {
    ScrollResults: `(input: { query: "*", count: 50 }) { total searchResults { entity { ${SUMMARY_FIELDS} } } }`,
  },
};

function props(have: string[]): string {
  const wanted = have.map((f) => (f === 'customProperties' ? 'customProperties { key value }' : f));
  return wanted.length ? `{ ${wanted.join(' ')} }` : '';
}

/**
 * The fields read under another name: the same field answers types of other shapes on other kinds
 * (`properties.name` is `String!` on one, `String` on another), which GraphQL refuses in one query, even
 * in fragments of different types; the page puts them back (`mergeAliases`).
 */
export const ALIASES: Readonly<Record<string, string>> = {
  properties: 'sectionProperties',
  editableProperties: 'sectionEditable',
  info: 'sectionInfo',
};

const RELATED: Readonly<Record<string, { relationship: string; direction: string } | undefined>> =
  RELATIONSHIP_SECTIONS;

/** The GraphQL selection of an entity page for a type (`Dataset`): each section its type has. */
export function selectionFor(typename: string): string {
  const have = fields.types[typename] ?? {};
  const parts: string[] = [];
  for (const [field, answers] of Object.entries(have)) {
    const by = SELECTIONS[field as SectionField];
    const selection = by?.[answers] ?? by?.['*'];
    const text = typeof selection === 'function' ? selection(fields.props[answers] ?? []) : selection;
    // A field whose selection starts with arguments is written without a space before them.
    const name = ALIASES[field] ? `${ALIASES[field]}: ${field}` : field;
    // A section asked through `relationships` is read under its own name.
    const related = RELATED[field];
    if (related && text)
      parts.push(`${field}: relationships(input: { types: ["${related.relationship}"],
        direction: ${related.direction}, start: 0, count: 10 }) ${text}`);
    else if (text) parts.push(text.startsWith('(') ? `${name}${text}` : `${name} ${text}`);
  }
  return parts.join('\n');
}

/** The page's query for an entity of a type: the summary every page shows, then the type's sections. */
export function entityQuery(typename: string): string {
  const sections = selectionFor(typename);
  return `query ($urn: String!) {
  entity(urn: $urn) { ${SUMMARY_FIELDS} ${sections ? `... on ${typename} { ${sections} }` : ''} }
  ${typename === 'Dataset' ? 'listQueries(input: { datasetUrn: $urn, count: 10 }) { total queries { urn properties { name description statement { value language } } } }' : ''}
}`;
}

/** The aliased fields back under their own names, over what the summary read of them. */
export function mergeAliases<T extends object>(e: T): T {
  const out: Record<string, unknown> = { ...(e as Record<string, unknown>) };
  for (const [field, alias] of Object.entries(ALIASES)) {
    if (!(alias in out)) continue;
    const mine = out[alias];
    out[field] =
      mine && typeof mine === 'object'
        ? { ...(out[field] as object | undefined), ...mine }
        : (out[field] ?? mine);
    delete out[alias];
  }
  return out as T;
}

/** Whether a type has a section field. */
export const hasField = (typename: string, field: SectionField): boolean => !!fields.types[typename]?.[field];

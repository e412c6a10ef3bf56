import { SUMMARY_FIELDS, type EntitySummary } from '../entity-names';
import { SIBLING_FIELDS } from './siblings';

/**
 * What a search result shows beyond an entity's name: owners, tags, glossary terms, domain. Every kind
 * that has them is named (GraphQL asks fields of a union member by its type).
 */
const LABELS = `
  ownership { owners { owner {
    ... on CorpUser { urn username properties { displayName } }
    ... on CorpGroup { urn name properties { displayName } }
  } } }
  tags { tags { tag { urn name properties { name } } } }
  glossaryTerms { terms { term { urn name hierarchicalName properties { name } } } }
  domain { domain { urn properties { name } } }
`;
const LABELLED = [
  'Dataset',
  'Chart',
  'Dashboard',
  'DataJob',
  'DataFlow',
  'Container',
  'MLModel',
  'MLModelGroup',
  'MLFeatureTable',
  'MLFeature',
  'MLPrimaryKey',
  'Notebook',
  'DataProduct',
  'Domain',
];
export const RESULT_FIELDS = `${SUMMARY_FIELDS}
  ${LABELLED.map((t) => `... on ${t} { ${LABELS} }`).join('\n')}
  ... on GlossaryTerm { ownership { owners { owner { ... on CorpUser { urn username properties { displayName } } } } } domain { domain { urn properties { name } } } }
  ${SIBLING_FIELDS}
`;

/** Names of facet values that SUMMARY_FIELDS does not name: groups, platforms, metadata tests. */
const VALUE_FIELDS = `${SUMMARY_FIELDS}
  ... on CorpGroup { name properties { displayName } }
  ... on DataPlatform { name properties { displayName } }
  ... on Test { name }
`;

export interface Named {
  urn: string;
  name?: string | null;
  username?: string | null;
  hierarchicalName?: string | null;
  properties?: { name?: string | null; displayName?: string | null } | null;
}

export interface Labels {
  ownership?: { owners: { owner: Named }[] } | null;
  tags?: { tags: { tag: Named }[] } | null;
  glossaryTerms?: { terms: { term: Named }[] } | null;
  domain?: { domain: Named } | null;
}

/** What a result says of its siblings (a dbt model and its warehouse table): `SIBLING_FIELDS`. */
export interface SiblingFields {
  siblings?: { isPrimary?: boolean | null; siblings?: (EntitySummary | null)[] | null } | null;
}

export type ResultEntity = EntitySummary & Labels & SiblingFields;

export interface Aggregation {
  value: string;
  count: number;
  entity?: (EntitySummary & { name?: string | null }) | null;
}
export interface Facet {
  field: string;
  displayName?: string | null;
  aggregations: Aggregation[];
}

export interface SearchPage {
  start: number;
  count: number;
  total: number;
  searchResults: { entity: ResultEntity; matchedFields: { name: string; value: string }[] }[];
  facets: Facet[] | null;
}

export const SEARCH = `query ($input: SearchAcrossEntitiesInput!) {
  searchAcrossEntities(input: $input) {
    start count total
    searchResults { entity { ${RESULT_FIELDS} } matchedFields { name value } }
    facets { field displayName aggregations { value count entity { ${VALUE_FIELDS} } } }
  }
}`;

/** Facets a search does not count unless asked by name: structured properties, metadata tests. */
/** Names of filter values no facet of the answer holds (a filter that leaves them out, a shared address). */
export const ENTITIES = `query ($urns: [String!]!) { entities(urns: $urns) { ${VALUE_FIELDS} } }`;

export const AGGREGATE = `query ($input: AggregateAcrossEntitiesInput!) {
  aggregateAcrossEntities(input: $input) {
    facets { field displayName aggregations { value count entity { ${VALUE_FIELDS} } } }
  }
}`;

/** The structured properties an Admin chose to filter searches by (`showInSearchFilters`). */
export const FILTER_PROPERTIES = `query {
  searchAcrossEntities(input: { types: [STRUCTURED_PROPERTY], query: "*", start: 0, count: 100,
    filters: [{ field: "showInSearchFilters", values: ["true"] }] }) {
    searchResults { entity { urn ... on StructuredPropertyEntity {
      definition { qualifiedName displayName }
      settings { showInSearchFilters isHidden }
    } } }
  }
}`;
export interface FilterProperties {
  searchAcrossEntities: {
    searchResults: {
      entity: {
        urn: string;
        definition?: { qualifiedName: string; displayName?: string | null };
        settings?: { showInSearchFilters: boolean; isHidden: boolean } | null;
      };
    }[];
  } | null;
}

const VIEW_FIELDS = `urn name description viewType`;
export interface View {
  urn: string;
  name: string;
  description?: string | null;
  viewType: 'PERSONAL' | 'GLOBAL';
}
export const VIEWS = `query {
  listMyViews(input: { start: 0, count: 100 }) { views { ${VIEW_FIELDS} } }
  listGlobalViews(input: { start: 0, count: 100 }) { views { ${VIEW_FIELDS} } }
}`;
export interface Views {
  listMyViews: { views: View[] } | null;
  listGlobalViews: { views: View[] } | null;
}
export const CREATE_VIEW = `mutation ($input: CreateViewInput!) { createView(input: $input) { ${VIEW_FIELDS} } }`;

/** The sorts offered: DataHub's relevance, name and last change (`lastOperationTime`, its UI's field). */
export const SORTS: Record<string, { label: string; field?: string; order?: 'ASCENDING' | 'DESCENDING' }> = {
  relevance: { label: 'Relevance' },
  name: { label: 'Name, A to Z', field: 'name', order: 'ASCENDING' },
  '-name': { label: 'Name, Z to A', field: 'name', order: 'DESCENDING' },
  modified: { label: 'Last modified', field: 'lastOperationTime', order: 'DESCENDING' },
};

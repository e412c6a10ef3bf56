import type { EntitySummary } from '../entity-names';

/** A linked entity as the page names it: a tag, term, domain, container, owner. */
export interface Named extends Partial<EntitySummary> {
  urn: string;
  type?: string;
  name?: string | null;
  hierarchicalName?: string | null;
  properties?: { name?: string | null; displayName?: string | null } | null;
}
export interface TagAssoc {
  tag: Named;
}
export interface TermAssoc {
  term: Named;
}
export interface Labels {
  tags?: { tags: TagAssoc[] } | null;
  glossaryTerms?: { terms: TermAssoc[] } | null;
}
export interface Field extends Labels {
  fieldPath: string;
  type: string;
  nativeDataType?: string | null;
  description?: string | null;
  nullable: boolean;
  isPartOfKey?: boolean | null;
  /** The column as an entity: its structured properties. */
  schemaFieldEntity?: {
    urn: string;
    structuredProperties?: { properties?: StructuredEntry[] | null } | null;
  } | null;
}
export interface FieldProfile {
  fieldPath: string;
  nullCount?: number | null;
  nullProportion?: number | null;
  uniqueCount?: number | null;
  min?: string | null;
  max?: string | null;
  mean?: string | null;
  median?: string | null;
  sampleValues?: string[] | null;
}
export interface Profile {
  timestampMillis: number;
  rowCount?: number | null;
  columnCount?: number | null;
  sizeInBytes?: number | null;
  fieldProfiles?: FieldProfile[] | null;
}
export interface PropertyValue {
  stringValue?: string;
  numberValue?: number;
}
export interface StructuredEntry {
  structuredProperty: {
    urn: string;
    definition?: {
      displayName?: string | null;
      qualifiedName: string;
      cardinality?: string | null;
      valueType?: { info?: { type?: string | null } | null } | null;
      allowedValues?: { value: PropertyValue }[] | null;
    } | null;
  };
  values: (PropertyValue | null)[];
}
export type Privileges = Partial<
  Record<
    | 'canEditDescription'
    | 'canEditTags'
    | 'canEditGlossaryTerms'
    | 'canEditOwners'
    | 'canEditDomains'
    | 'canEditDataProducts'
    | 'canEditLinks'
    | 'canEditDeprecation'
    | 'canEditProperties'
    | 'canEditSchemaFieldDescription'
    | 'canEditSchemaFieldTags'
    | 'canEditSchemaFieldGlossaryTerms',
    boolean | null
  >
>;
interface Members {
  total: number;
  searchResults: { entity: EntitySummary }[];
}

/** What an entity page reads: the summary, and each section its kind has (absent when it has none). */
export interface EntityData extends EntitySummary, Labels {
  __typename?: string;
  properties?:
    | (EntitySummary['properties'] & {
        displayName?: string | null;
        qualifiedName?: string | null;
        externalUrl?: string | null;
        email?: string | null;
        title?: string | null;
        customProperties?: { key: string; value?: string | null }[] | null;
      })
    | null;
  info?: EntityData['properties'];
  subTypes?: { typeNames?: string[] | null } | null;
  parentContainers?: { containers: Named[] } | null;
  siblings?: { isPrimary?: boolean | null; siblings?: (Named | null)[] | null } | null;
  deprecation?: { deprecated: boolean; note?: string | null; decommissionTime?: number | null } | null;
  ownership?: {
    owners: {
      owner: Named;
      ownershipType?: { urn: string; info?: { name?: string | null } | null } | null;
      type?: string | null;
    }[];
  } | null;
  domain?: { domain: Named } | null;
  /** The data products that hold the entity (`DataProductContains`, incoming): DataHub keeps one. */
  dataProduct?: { total: number; relationships: { entity?: Named | null }[] } | null;
  institutionalMemory?: {
    elements: { url: string; label: string; created?: { time: number } | null }[];
  } | null;
  structuredProperties?: { properties?: StructuredEntry[] | null } | null;
  schemaMetadata?: {
    primaryKeys?: string[] | null;
    foreignKeys?:
      | ({
          name?: string | null;
          foreignDataset?: Named | null;
          foreignFields?: ({ fieldPath: string } | null)[] | null;
          sourceFields?: ({ fieldPath: string } | null)[] | null;
        } | null)[]
      | null;
    fields: Field[];
  } | null;
  editableSchemaMetadata?: {
    editableSchemaFieldInfo: ({ fieldPath: string; description?: string | null } & Labels)[];
  } | null;
  datasetProfiles?: Profile[] | null;
  latestProfile?: Profile[] | null;
  usageStats?: {
    aggregations?: {
      uniqueUserCount?: number | null;
      totalSqlQueries?: number | null;
      users?: ({ user?: Named | null; count: number } | null)[] | null;
      fields?: ({ fieldName?: string | null; count?: number | null } | null)[] | null;
    } | null;
    buckets?:
      | ({
          bucket?: number | null;
          metrics?: { totalSqlQueries?: number | null; uniqueUserCount?: number | null } | null;
        } | null)[]
      | null;
  } | null;
  operations?:
    | {
        timestampMillis: number;
        lastUpdatedTimestamp: number;
        operationType: string;
        customOperationType?: string | null;
        actor?: string | null;
        numAffectedRows?: number | null;
      }[]
    | null;
  viewProperties?: { materialized: boolean; logic: string; language: string } | null;
  assertions?: {
    total: number;
    assertions: {
      urn: string;
      info?: { type?: string | null; description?: string | null } | null;
      runEvents?: {
        total: number;
        succeeded: number;
        failed: number;
        runEvents: { timestampMillis: number; result?: { type: string } | null }[];
      } | null;
    }[];
  } | null;
  incidents?: {
    total: number;
    incidents: {
      urn: string;
      title?: string | null;
      description?: string | null;
      incidentType: string;
      incidentStatus?: { state: string; message?: string | null } | null;
      created?: { time: number } | null;
    }[];
  } | null;
  testResults?: { passing: { test?: Named | null }[]; failing: { test?: Named | null }[] } | null;
  privileges?: Privileges | null;
  entities?: Members | null;
  glossaryChildrenSearch?: Members | null;
}

export interface QueriesData {
  total: number;
  queries: {
    urn: string;
    properties?: {
      name?: string | null;
      description?: string | null;
      statement: { value: string; language: string };
    } | null;
  }[];
}

/** A linked entity's name: its properties' name, its own name, its key. */
export const labelOf = (n: Named): string =>
  n.properties?.displayName ??
  n.properties?.name ??
  n.name ??
  n.hierarchicalName ??
  n.urn.split(':').slice(3).join(':');

/** A time as the page shows it (the reader's locale, to the minute). */
export const when = (ms: number | null | undefined): string =>
  ms ? new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '';

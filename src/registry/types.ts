import type { RecordSchema } from './schema.js';

/**
 * A relationship annotation: every URN found at `path` inside the aspect becomes an edge named `name`
 * from the entity that owns the aspect to the entity of that URN. Path segments are field names;
 * `*` walks every element of an array (or value of a map); a union member is addressed by its key
 * (`inputs/*\/string`).
 */
export interface RelationshipSpec {
  readonly path: string;
  readonly name: string;
  readonly entityTypes: readonly string[];
  readonly isLineage?: boolean;
  /** false for edges that point downstream (e.g. mlModel MemberOf mlModelGroup). Default true. */
  readonly isUpstream?: boolean;
  /** Paths (from the aspect's root) of the edge's own properties, where the model names them. */
  readonly createdOn?: string;
  readonly createdActor?: string;
  readonly updatedOn?: string;
  readonly updatedActor?: string;
  readonly properties?: string;
  readonly via?: string;
}

/** DataHub's search field types, as `Searchable` annotations name them. */
export const SEARCH_FIELD_TYPES = [
  'KEYWORD',
  'TEXT',
  'TEXT_PARTIAL',
  'WORD_GRAM',
  'BROWSE_PATH',
  'BROWSE_PATH_V2',
  'URN',
  'URN_PARTIAL',
  'BOOLEAN',
  'COUNT',
  'DOUBLE',
  'DATETIME',
  'OBJECT',
  'MAP_ARRAY',
] as const;
export type SearchFieldType = (typeof SEARCH_FIELD_TYPES)[number];

/** A searchable annotation: the values at `path` are indexed under `fieldName`. */
export interface SearchableSpec {
  readonly path: string;
  readonly fieldName: string;
  readonly fieldType: SearchFieldType;
  readonly queryByDefault?: boolean;
  readonly enableAutocomplete?: boolean;
  readonly addToFilters?: boolean;
  readonly filterNameOverride?: string;
  readonly boostScore?: number;
  readonly hasValuesFieldName?: string;
  readonly numValuesFieldName?: string;
  readonly addHasValuesToFilters?: boolean;
  readonly fieldNameAliases?: readonly string[];
  readonly weightsPerFieldValue?: Readonly<Record<string, number>>;
  readonly sanitizeRichText?: boolean;
  readonly includeSystemModifiedAt?: boolean;
  readonly systemModifiedAtFieldName?: string;
}

export interface AspectSpec {
  /** The aspect name, e.g. `ownership`. */
  readonly name: string;
  readonly schema: RecordSchema;
  readonly timeseries?: boolean;
  readonly relationships?: readonly RelationshipSpec[];
  readonly searchable?: readonly SearchableSpec[];
  /** Paths of fields holding secrets (the overlay's): shown to Admins only, never indexed. */
  readonly secretPaths?: readonly string[];
  /**
   * The entity kinds the model's relationship annotations allow at a path: a URN of another kind there
   * is refused, as DataHub's service refuses it (the overlay's relationships add none).
   */
  readonly urnKinds?: readonly { readonly path: string; readonly entityTypes: readonly string[] }[];
  /**
   * A time-series aspect's fields DataHub indexes for its aggregations (`@TimeseriesField`), as paths
   * (`uniqueUserCount`, and a collection element's with `*` for the element), and its collections, each
   * exploded into one document per element keyed by a field (`@TimeseriesFieldCollection`).
   */
  readonly timeseriesFields?: readonly string[];
  readonly timeseriesCollections?: readonly { readonly path: string; readonly key: string }[];
}

export interface EntitySpec {
  /** The entity name used in URNs and on the wire, e.g. `dataset`, `corpuser`, `mlFeature`. */
  readonly name: string;
  /** Neo4j label for the entity's node, e.g. `Dataset`. */
  readonly label: string;
  readonly keyAspect: string;
  /**
   * The key aspect's fields in URN order: `urn:li:<name>:<id>` for one field, `urn:li:<name>:(<a>,<b>,...)`
   * for several.
   */
  readonly keyFields: readonly string[];
  /** Names of the aspects this entity may carry (the key aspect included). */
  readonly aspects: readonly string[];
  /** Legacy snapshot record FQN, e.g. `com.linkedin.metadata.snapshot.DatasetSnapshot`. */
  readonly snapshot?: string;
  /** DataHub's entity category: `core`, `internal` or `_unset_`. */
  readonly category?: string;
  /** Writes of this kind need the Admin role on every path (DataHub's system kinds). */
  readonly adminOnly?: boolean;
  /** Only Admins see entities of this kind: read, search, list or follow them (secrets, tokens, policies...). */
  readonly hidden?: boolean;
}

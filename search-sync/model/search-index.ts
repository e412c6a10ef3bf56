import type { Fence, FollowerStatus, PendingWork } from '../../src/store/index.js';

export type { Fence };
import type { Criterion } from './filter.js';
import type { SearchDocument, SearchField } from './document.js';
import type { BrowseV2Query, BrowseV2Result } from './browse-v2.js';

/** What a query looks in: entity types and filters. */
interface QueryScope {
  /** Entity types to search (empty = all). */
  readonly types: readonly string[];
  /** Disjunction of conjunctions of criteria. */
  readonly filters: readonly (readonly Criterion[])[];
}

/** The page of the results a query answers. */
interface QueryPage {
  readonly start: number;
  readonly count: number;
}

export interface SearchQuery extends QueryScope, QueryPage {
  /** Free text, `*` for everything, or `field:value` for an exact match. */
  readonly input: string;
  /** Facets to count over the matches. */
  readonly facets?: readonly string[];
  readonly includeRemoved?: boolean;
  /** Only these entities (lineage search restricts a search to the entities a walk reached). */
  readonly urns?: readonly string[];
  /** Order of the hits (default: by score for text, else by URN); ties break by URN. */
  readonly sort?: readonly SortCriterion[];
  /** Index fields beyond the registry's that filters, facets and sorts may name (structured properties). */
  readonly extraFields?: ReadonlyMap<string, SearchField>;
}

export interface SortCriterion {
  /** `urn`, `entityType` or an index field. */
  readonly field: string;
  readonly order: 'ASCENDING' | 'DESCENDING';
}

export interface SearchHit {
  readonly urn: string;
  readonly entityType: string;
  readonly score: number;
  readonly matchedFields: readonly { readonly name: string; readonly value: string }[];
}

export interface SearchResult {
  readonly total: number;
  readonly hits: readonly SearchHit[];
  readonly facets: Readonly<Record<string, Readonly<Record<string, number>>>>;
}

export interface AutocompleteQuery extends QueryScope {
  readonly query: string;
  /** Fields to complete on (the registry's autocomplete fields when empty). */
  readonly fields: readonly string[];
  readonly limit: number;
  readonly extraFields?: ReadonlyMap<string, SearchField>;
}

/** One scope of `autocompleteEach`: the kinds asked, and the fields completed on (the registry's when empty). */
export interface AutocompleteScope {
  readonly types: readonly string[];
  readonly fields: readonly string[];
}

export interface AutocompleteResult {
  readonly suggestions: readonly string[];
  readonly entities: readonly { readonly urn: string; readonly entityType: string }[];
}

export interface BrowseQuery extends QueryScope, QueryPage {
  /** Slash-delimited folder, e.g. `/prod/hive`; `/` or empty for the root. */
  readonly path: string;
}

export interface BrowseResult {
  /**
   * The next components of the browse paths below the path, with the number of entities below each, and
   * whether one of those paths continues past the component after it (folders of its own, for browseV2).
   */
  readonly groups: readonly {
    readonly name: string;
    readonly count: number;
    readonly hasSubGroups: boolean;
  }[];
  /** Entities at the path (their browse path equals it), named by their URN. */
  readonly entities: readonly { readonly name: string; readonly urn: string }[];
  readonly totalEntities: number;
  /** Entities anywhere below the path. */
  readonly totalBelow: number;
}

/** Waits until a write is durable (throws if it failed). */
export type PendingWrite = PendingWork;

/** The port every search adapter implements (embedded Neo4j full-text; Meilisearch). */
export interface SearchIndex {
  /** Names the sync checkpoint of this index, so that a new index is filled from the start of the log. */
  readonly checkpoint: string;
  /** Creates what the index needs; idempotent. */
  init(): Promise<void>;
  /** Writes documents, replacing any previous document of the same URN. Resolves once durable. */
  upsert(docs: readonly SearchDocument[]): Promise<void>;
  /** Removes the documents of these URNs (absent ones are ignored). */
  remove(urns: readonly string[]): Promise<void>;
  /**
   * Starts writing documents and removing URNs, in this order after every write started before, and
   * resolves to a wait for it to be durable. An index that writes synchronously (embedded) resolves once
   * done; one with a task queue (Meilisearch) resolves once the tasks are enqueued, so that the sync
   * worker can read and build the next batch while the index works (its tasks are applied in order).
   * With a fence, nothing is written unless the fence's lease is still held (`LeaseLostError`).
   */
  write(docs: readonly SearchDocument[], removed: readonly string[], fence?: Fence): Promise<PendingWrite>;
  search(q: SearchQuery): Promise<SearchResult>;
  autocomplete(q: AutocompleteQuery): Promise<AutocompleteResult>;
  /**
   * The same autocomplete over each of several scopes (kinds and the fields to complete on), answered
   * together: what `autocomplete` answers for each scope alone, in the scopes' order. GraphQL's
   * `autoCompleteForMultiple` asks one scope per kind, as DataHub's web app does on every keystroke.
   */
  autocompleteEach(
    q: Omit<AutocompleteQuery, 'types' | 'fields'>,
    scopes: readonly AutocompleteScope[],
  ): Promise<AutocompleteResult[]>;
  browse(q: BrowseQuery): Promise<BrowseResult>;
  /**
   * browseV2 over the indexed `browsePathsV2` paths (`browse-v2.ts`): the groups below a path with their
   * counts and whether they have groups of their own, read from the index's own structures for the path
   * (an index range on the embedded one, facets on Meilisearch), not from every document.
   */
  browseV2(q: BrowseV2Query): Promise<BrowseV2Result>;
  /** The document as indexed, for tests and diagnostics. */
  get(urn: string): Promise<SearchDocument | undefined>;
  /** Resolves when the index answers now (`GET /health`); rejects with `UnavailableError` if not. */
  ping(): Promise<void>;
  /**
   * The structured-property fields the index has mapped, per entity type. A field is mapped when a
   * document first has values in it, and stays mapped until `dropUnusedMappings` (the system update).
   */
  mappings(): Promise<Record<string, string[]>>;
  /** Unmaps the structured-property fields no document of their entity type has values in. */
  dropUnusedMappings(): Promise<{ entityType: string; field: string }[]>;
}

/** An entity to index, as the change log names it. */
export interface EntityRef {
  readonly urn: string;
  readonly entityType: string;
}

/**
 * Builds the search documents of entities from their latest aspects in the store; the entities whose key
 * aspect is gone are `removed`. Implemented by the services (registry, store, structured properties), so
 * that the sync worker needs none of them.
 */
export interface DocumentSource {
  documents(entities: readonly EntityRef[]): Promise<{ docs: SearchDocument[]; removed: string[] }>;
}

/** Where the sync stands: its durable checkpoint and the change log's head (the follower's status). */
export type SyncStatus = FollowerStatus;

/** What the services need of the sync worker: its progress, a wait for it, and a reindex of entities. */
export interface SyncControl {
  status(): Promise<SyncStatus>;
  /** Resolves once the index has caught up with change-log entry `seq` (false when the time runs out). */
  waitFor(seq: number, timeoutMs?: number): Promise<boolean>;
  /** Rebuilds the documents of these entities from the store (restoreIndices). */
  reindex(entities: readonly EntityRef[]): Promise<void>;
}

/** What a search names as a structured-property field, resolved against the stored definitions. */
export interface ResolvedField {
  /** The index field it reads. */
  readonly indexField: string;
  readonly numeric: boolean;
}

/**
 * Resolves the structured-property field names of a search to index fields (implemented by the services'
 * structured properties, which hold the definitions).
 */
export interface FieldResolver {
  resolve(names: readonly string[]): Promise<Map<string, ResolvedField>>;
}

import type { Criterion } from '../src/services/index.js';
import type { SearchDocument } from './document.js';

export interface SearchQuery {
  /** Entity types to search (empty = all). */
  readonly types: readonly string[];
  /** Free text, `*` for everything, or `field:value` for an exact match. */
  readonly input: string;
  /** Disjunction of conjunctions of criteria. */
  readonly filters: readonly (readonly Criterion[])[];
  readonly start: number;
  readonly count: number;
  /** Facets to count over the matches. */
  readonly facets?: readonly string[];
  readonly includeRemoved?: boolean;
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

/** The port every search adapter implements (embedded Neo4j full-text; Meilisearch). */
export interface SearchIndex {
  /** Creates what the index needs; idempotent. */
  init(): Promise<void>;
  /** Writes documents, replacing any previous document of the same URN. Resolves once durable. */
  upsert(docs: readonly SearchDocument[]): Promise<void>;
  /** Removes the documents of these URNs (absent ones are ignored). */
  remove(urns: readonly string[]): Promise<void>;
  search(q: SearchQuery): Promise<SearchResult>;
  /** The document as indexed, for tests and diagnostics. */
  get(urn: string): Promise<SearchDocument | undefined>;
}

/** What the store persists and returns; the ingest service builds write operations from proposals. */

export interface AuditStamp {
  readonly time: number;
  readonly actor: string;
}

export interface EdgeRow {
  readonly type: string;
  readonly destination: string;
  readonly destinationType: string;
  /** Neo4j label of the destination's entity kind; `Entity` when the kind is not in the registry. */
  readonly destinationLabel: string;
  /**
   * Where the edge starts when that is not the entity owning the aspect (a fine-grained lineage edge
   * starts at its downstream field); such an edge is owned by the aspect's entity (`owner`).
   */
  readonly source?: { readonly urn: string; readonly type: string; readonly label: string };
}

/** The type of the edges that start elsewhere than at the entity owning their aspect (DataHub's). */
export const FIELD_EDGE_TYPE = 'DownstreamOf';

interface OpBase {
  readonly urn: string;
  readonly entityType: string;
  readonly created: AuditStamp;
  /** JSON of the proposal's system metadata (runId, lastObserved...). */
  readonly systemMetadata: string;
}

export interface UpsertOp extends OpBase {
  readonly kind: 'upsert';
  readonly aspect: string;
  /** The normalized aspect value as JSON. */
  readonly value: string;
  /** The fields of `value` filled with their defaults, pointer to default (left out of answers). */
  readonly defaulted?: Readonly<Record<string, string>>;
  readonly edges: readonly EdgeRow[];
  /** Entity-node properties derived from this aspect (e.g. `removed` from status). */
  readonly projections: Readonly<Record<string, unknown>>;
}

export interface DeleteAspectOp extends OpBase {
  readonly kind: 'deleteAspect';
  readonly aspect: string;
  /** The projections this aspect set, each to be cleared. */
  readonly projections: Readonly<Record<string, unknown>>;
}

export interface DeleteEntityOp extends OpBase {
  readonly kind: 'deleteEntity';
}

export interface TimeseriesOp extends OpBase {
  readonly kind: 'timeseries';
  readonly aspect: string;
  readonly timestampMillis: number;
  readonly value: string;
  readonly defaulted?: Readonly<Record<string, string>>;
}

export interface DeleteTimeseriesOp extends OpBase {
  readonly kind: 'deleteTimeseries';
  readonly aspect: string | undefined;
  readonly startTimeMillis: number | undefined;
  readonly endTimeMillis: number | undefined;
}

/**
 * A read-modify-write of one aspect (PATCH, create-if-absent, GraphQL mutations): `resolve` runs inside
 * the write transaction after the entity is locked, with the current value (undefined when absent) and
 * its revision (`StoredAspect.revision`), and returns the operation to apply (or null for nothing). It may throw a domain error to abort the batch.
 */
export interface ComputeOp extends OpBase {
  readonly kind: 'compute';
  readonly aspect: string;
  readonly resolve: (
    current: string | undefined,
    revision?: number,
    /** The current value's `StoredAspect.defaulted`. */
    defaulted?: string | null,
  ) => UpsertOp | DeleteAspectOp | null;
}

/**
 * Undoes the latest version of an aspect when a run wrote it (the rollback of an ingestion run): the
 * previous version becomes current again and leaves the history, or the aspect goes when the run created
 * it. Nothing happens when the aspect moved on meanwhile (another run's value, or another version).
 */
export interface RevertOp extends OpBase {
  readonly kind: 'revert';
  readonly aspect: string;
  /** The run whose version is undone, and the version count the aspect must still have. */
  readonly runId: string;
  readonly maxVersion: number;
  /** The previous version (its edges and projections, its run), or null: the aspect is removed. */
  readonly restore: { readonly upsert: UpsertOp; readonly runId: string | null } | null;
  /** The projections this aspect set, cleared when it is removed. */
  readonly projections: Readonly<Record<string, unknown>>;
}

export type WriteOp =
  UpsertOp | DeleteAspectOp | DeleteEntityOp | TimeseriesOp | DeleteTimeseriesOp | ComputeOp | RevertOp;

/** Per entity of a batch: its label and the key aspect to write when the entity is new. */
export interface EntityRow {
  readonly urn: string;
  readonly entityType: string;
  readonly label: string;
  readonly keyAspect: string;
  readonly keyValue: string;
  readonly created: AuditStamp;
  readonly systemMetadata: string;
}

export interface WriteBatch {
  readonly entities: readonly EntityRow[];
  readonly ops: readonly WriteOp[];
  /** Apply the ops only to entities that exist (checked under their locks); skip the others'. */
  readonly existingOnly?: boolean;
  /** The trace of the request that writes (W3C trace id), kept on its change-log node. */
  readonly traceId?: string | undefined;
}

/** What a write transaction reads of the store, inside that transaction (see `InTransaction`). */
export interface TxView {
  /** The latest aspects of these entities (all, or only `names`), as `EntityStore.latest` reads them. */
  latest(urns: readonly string[], names?: readonly string[]): Promise<StoredAspect[]>;
  /** The entities whose `aspect` has an edge of `type` to `urn` (e.g. the versions of a version set). */
  sources(urn: string, type: string, aspect: string): Promise<string[]>;
}

/** Writes added to a batch inside its transaction: entities to lock (or create), and their operations. */
export interface AddedWrites {
  /** The entity rows of added ops whose entity the batch does not name already. */
  readonly entities?: readonly EntityRow[];
  readonly ops: readonly WriteOp[];
}

/**
 * A step run inside a batch's transaction before the batch writes anything: it reads the store through
 * `view` and returns writes to add to the batch, applied after the batch's own ops in the same
 * transaction (committed with them, or not at all). A value that must not change between the read and
 * the write is a `compute` op, resolved under its entity's lock. The driver runs a transaction again
 * after a transient failure, so the step may run more than once: it does nothing but read.
 */
export type InTransaction = (view: TxView) => Promise<AddedWrites | undefined>;

export interface ChangeLogEntry {
  readonly seq: number;
  readonly urn: string;
  readonly entityType: string;
  readonly aspect: string | null;
  readonly changeType: 'UPSERT' | 'DELETE';
  readonly previousValue: string | null;
  readonly newValue: string | null;
  readonly created: AuditStamp;
  readonly runId: string | null;
  /** The system metadata of the new value, and of the value it replaced (JSON; null when none). */
  readonly systemMetadata: string | null;
  readonly previousSystemMetadata: string | null;
  /**
   * The fields of the new value, and of the value it replaced, that validation filled with their
   * defaults (`StoredAspect.defaulted`'s JSON; absent or null when none): the change log's readers on
   * the wire leave them out, as answers do (docs/decisions/0066).
   */
  readonly defaulted?: string | null;
  readonly previousDefaulted?: string | null;
}

export interface ApplyResult {
  /**
   * Per op, in order (the batch's, then those an `InTransaction` step added): whether it changed
   * anything, and rows removed by deletes.
   */
  readonly results: readonly {
    readonly changed: boolean;
    readonly rows: number;
    readonly timeseriesRows: number;
  }[];
  readonly changeLog: readonly ChangeLogEntry[];
}

export interface StoredAspect {
  readonly urn: string;
  readonly name: string;
  readonly version: number;
  readonly value: string;
  /** JSON of the fields of `value` filled with their defaults (pointer to default), where any were. */
  readonly defaulted?: string | null;
  readonly created: AuditStamp;
  readonly systemMetadata: string | null;
  /**
   * DataHub's number of this value among the aspect's values (`systemMetadata.version`, what
   * `If-Version-Match` names): 1 for the first one written, one more for each change. Where read.
   */
  readonly revision?: number;
}

export interface StoredTimeseries {
  readonly timestampMillis: number;
  readonly value: string;
  readonly defaulted?: string | null;
  readonly systemMetadata: string | null;
}

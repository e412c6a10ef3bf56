import type { RelationshipSpec, SearchableSpec } from './types.js';

/**
 * The shape of the generated model (`generated/datahub-model.json`): DataHub's metadata model, read from
 * the pinned client's Avro schemas by `generator/`, in neohub's own form and without documentation text.
 */

/**
 * A type expression: a primitive name (`string`, `int`, `long`, `float`, `double`, `boolean`, `bytes`),
 * `urn`, `time` (a long of epoch milliseconds), the FQN of a named type (it contains a dot), or a
 * composite.
 */
export type TypeExpr =
  | string
  | { readonly array: TypeExpr }
  | { readonly map: TypeExpr }
  | { readonly union: readonly TypeExpr[] }
  | { readonly urn: readonly string[] };

export interface FieldDef {
  readonly name: string;
  readonly type: TypeExpr;
  /** Absent or null allowed (an Avro `["null", T]` or a field with a default). */
  readonly optional?: true;
  readonly default?: unknown;
  readonly deprecated?: true;
  /** DataHub's `validate.strlen` bounds. */
  readonly strlen?: { readonly min?: number; readonly max?: number };
}

/** A named type: a record (fields in wire order), an enum, or an aliased union (member key -> type). */
export type NamedType =
  | { readonly record: readonly FieldDef[]; readonly deprecated?: true }
  | { readonly enum: readonly string[] }
  | { readonly aliasedUnion: Readonly<Record<string, TypeExpr>> };

/** A relationship annotation, flattened to a path (as the registry uses it). */
export type ModelRelationship = RelationshipSpec;
/** A searchable annotation, flattened to a path, with DataHub's defaults resolved. */
export type ModelSearchable = SearchableSpec & { readonly queryByDefault: boolean };

export interface ModelAspect {
  /** FQN of the aspect's record (in `types`). */
  readonly record: string;
  readonly timeseries?: true;
  readonly relationships?: readonly ModelRelationship[];
  readonly searchable?: readonly ModelSearchable[];
  readonly searchableRefs?: readonly (Readonly<Record<string, unknown>> & { readonly path: string })[];
  readonly urnValidation?: readonly {
    readonly path: string;
    readonly entityTypes: readonly string[];
    readonly exist: boolean;
    readonly strict: boolean;
  }[];
  /** Dimension fields of a time-series aspect, and its collections keyed by a field. */
  readonly timeseriesFields?: readonly string[];
  readonly timeseriesCollections?: readonly { readonly path: string; readonly key: string }[];
}

export interface ModelEntity {
  readonly key: string;
  /** The key aspect's fields in URN order. */
  readonly keyFields: readonly string[];
  readonly category: string;
  /** The aspects of the kind, its key aspect excluded (as the model lists them). */
  readonly aspects: readonly string[];
  /** The legacy snapshot record of the kind, where the model has one. */
  readonly snapshot?: string;
}

export interface DataHubModel {
  readonly model: { readonly package: string; readonly version: string; readonly schemasSha256: string };
  readonly entities: Readonly<Record<string, ModelEntity>>;
  readonly aspects: Readonly<Record<string, ModelAspect>>;
  readonly types: Readonly<Record<string, NamedType>>;
}

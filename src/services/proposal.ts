import type { EventSource } from './trace-context.js';

/** A metadata change proposal as every transport hands it to the ingest service. */
export interface Proposal {
  readonly entityType?: string | undefined;
  readonly entityUrn?: string | undefined;
  readonly changeType?: string | undefined;
  readonly aspectName?: string | undefined;
  /** Rest.li sends `{value: "<json>", contentType}`; OpenAPI hands the parsed value. */
  readonly aspect?: { readonly value?: unknown; readonly contentType?: string | undefined } | undefined;
  readonly systemMetadata?: Readonly<Record<string, unknown>> | null | undefined;
  readonly headers?: Readonly<Record<string, string>> | null | undefined;
  /**
   * In-process read-modify-write (GraphQL mutations, background jobs; never from the wire): the new
   * value of the aspect computed from its current one, under the entity's write lock in the write's
   * transaction, so concurrent edits of one aspect never lose each other's changes. Throwing aborts the
   * whole batch.
   */
  readonly modify?: AspectModifier | undefined;
}

export type AspectJson = Record<string, unknown>;
export type AspectModifier = (current: AspectJson | undefined) => AspectJson;

/** Who makes a change, for AuditStamps; set by the transport from the authenticated caller. */
export interface WriteContext {
  readonly actor: string;
  readonly now?: number;
  /**
   * The trace of the request (W3C trace id): kept in each written aspect's system metadata
   * (`properties.telemetryTraceId`, as DataHub keeps it) and on the change log, for the trace API.
   */
  readonly traceId?: string | undefined;
  /** The interface the write came through, kept as `properties.eventSource` (DataHub's request API). */
  readonly source?: EventSource | undefined;
  /**
   * Write only to entities that exist when the batch runs (a background writer's rule: what it
   * writes must not bring back an entity deleted since it read it); writes to others are skipped.
   */
  readonly existingOnly?: boolean;
}

export { SYSTEM_ACTOR, UNKNOWN_ACTOR } from '../auth/index.js';

export const CHANGE_TYPES = ['UPSERT', 'DELETE', 'PATCH', 'CREATE', 'CREATE_ENTITY', 'RESTATE'] as const;
export type ChangeType = (typeof CHANGE_TYPES)[number];

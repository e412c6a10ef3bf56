import { requirePrivilege } from './caller.js';

/** What the write path resolved a proposal to: its operation and the registry's entity kind. */
export interface ResolvedWrite {
  readonly kind: string;
  readonly entityType: string;
}

/** The entity kind whose every change (definition, settings, status, deletion) is Admin-only. */
const ADMIN_KINDS: ReadonlySet<string> = new Set(['structuredProperty']);

/**
 * What a batch of writes needs beyond `write` (which the ingest service demands before it reads a
 * proposal): a hard delete (of an entity or by its key aspect) and any change to a structured property
 * need Admin. Decided on what the registry resolved (the operation and the entity kind), never on the
 * text of a URN or an aspect name. Called by the ingest service for every batch, whatever its transport.
 */
export function authorizeWrites(writes: readonly ResolvedWrite[]): void {
  requirePrivilege('write', 'write metadata');
  if (writes.some((w) => w.kind === 'deleteEntity')) requirePrivilege('admin', 'hard delete entities');
  if (writes.some((w) => ADMIN_KINDS.has(w.entityType)))
    requirePrivilege('admin', 'manage structured property definitions');
}

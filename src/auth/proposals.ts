import { requirePrivilege } from './caller.js';

/**
 * What the write path resolved a proposal to: its operation, the registry's entity kind, and whether the
 * registry marks that kind Admin-only (DataHub's system kinds and structured property definitions, whose
 * every change, definition, settings, status or deletion, needs Admin).
 */
export interface ResolvedWrite {
  readonly kind: string;
  readonly entityType: string;
  readonly adminOnly: boolean;
}

/**
 * What a batch of writes needs beyond `write` (which the ingest service demands before it reads a
 * proposal): a hard delete (of an entity or by its key aspect) and any change to an Admin-only kind need
 * Admin. Decided on what the registry resolved (the operation and the entity kind), never on the
 * text of a URN or an aspect name. Called by the ingest service for every batch, whatever its transport.
 */
export function authorizeWrites(writes: readonly ResolvedWrite[]): void {
  requirePrivilege('write', 'write metadata');
  if (writes.some((w) => w.kind === 'deleteEntity')) requirePrivilege('admin', 'hard delete entities');
  const system = writes.find((w) => w.adminOnly);
  if (system)
    requirePrivilege(
      'admin',
      system.entityType === 'structuredProperty'
        ? 'manage structured property definitions'
        : `write ${system.entityType} system metadata or secrets`,
    );
}

import type { Proposal } from '../services/proposal.js';
import { requirePrivilege } from './caller.js';

const PROPERTY = 'urn:li:structuredProperty:';

/**
 * What a batch of proposals needs beyond `write`: a hard delete (DELETE of an entity or of its key
 * aspect) and any change to a structured property (its definition, settings or status) need Admin.
 * Called by the ingest service for every batch, whichever transport or service it came from.
 */
export function authorizeProposals(
  proposals: readonly Proposal[],
  isKeyAspect: (p: Proposal) => boolean,
): void {
  requirePrivilege('write', 'write metadata');
  if (
    proposals.some(
      (p) => String(p.changeType ?? '').toUpperCase() === 'DELETE' && (!p.aspectName || isKeyAspect(p)),
    )
  )
    requirePrivilege('admin', 'hard delete entities');
  if (proposals.some((p) => typeof p.entityUrn === 'string' && p.entityUrn.startsWith(PROPERTY)))
    requirePrivilege('admin', 'manage structured property definitions');
}

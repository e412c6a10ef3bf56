import { ValidationError } from '../../src/errors/index.js';
import { isJsonObject } from '../../src/json/index.js';
import type { Proposal } from '../../src/services/index.js';
import { capBatch } from './batch-cap.js';

/**
 * A proposal of a Rest.li ingest action, as the ingest service takes it. Rest.li sends the aspect as a
 * JSON string (`aspect.value`): the write path parses it (`build-ops.ts`, with `parseJson`), bounding
 * its nesting (`MAX_JSON_DEPTH`) from its text before it parses, for every transport alike.
 */
export function readProposal(value: unknown, at: string): Proposal {
  if (!isJsonObject(value))
    throw new ValidationError(`The proposal at ${at} must be an object`, [
      { path: at, message: 'not an object' },
    ]);
  return value as Proposal;
}

/**
 * The proposals of `ingestProposalBatch`: a list of at most `cap` (`NEOHUB_MAX_BATCH_PROPOSALS`; 0 = no
 * cap), counted before any is read, so that an oversized batch is refused whole and at once.
 */
export function readProposalBatch(value: unknown, cap: number): Proposal[] {
  if (!Array.isArray(value))
    throw new ValidationError("Parameter 'proposals' must be a list", [
      { path: '/proposals', message: 'field is required but not found' },
    ]);
  capBatch(value.length, cap, 'ingestProposalBatch', 'proposals');
  return value.map((p: unknown, i) => readProposal(p, `/proposals/${i}`));
}

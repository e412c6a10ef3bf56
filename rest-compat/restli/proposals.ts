import { BadRequestError, ValidationError } from '../../src/errors/index.js';
import { MAX_JSON_DEPTH, isJsonObject, textNestsDeeper } from '../../src/json/index.js';
import type { Proposal } from '../../src/services/index.js';

/**
 * A proposal of a Rest.li ingest action, as the ingest service takes it. Rest.li sends the aspect as a
 * JSON string (`aspect.value`) that the service parses later: its nesting is bounded here like that of
 * the body around it (`MAX_JSON_DEPTH`), from its text, before anything parses it.
 */
export function readProposal(value: unknown, at: string): Proposal {
  if (!isJsonObject(value))
    throw new ValidationError(`The proposal at ${at} must be an object`, [
      { path: at, message: 'not an object' },
    ]);
  const aspect = value.aspect;
  const text = isJsonObject(aspect) ? aspect.value : undefined;
  if (typeof text === 'string' && textNestsDeeper(text))
    throw new BadRequestError(
      `Aspect value at ${at}/aspect/value is nested deeper than ${MAX_JSON_DEPTH} levels (the limit of objects and arrays inside each other)`,
    );
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
  if (cap > 0 && value.length > cap)
    throw new BadRequestError(
      `ingestProposalBatch takes at most ${cap} proposals (NEOHUB_MAX_BATCH_PROPOSALS), got ${value.length}: send them in batches of ${cap} or fewer, as DataHub's Python client does`,
    );
  return value.map((p: unknown, i) => readProposal(p, `/proposals/${i}`));
}

import { BadRequestError } from '../../src/errors/index.js';

/**
 * The cap of a batch write of the entity API (`NEOHUB_MAX_BATCH_PROPOSALS`; 0 = no cap): each aspect
 * written is one proposal, and DataHub's SDK in its OpenAPI mode sends at most that many in one request
 * (one aspect per item). Checked before anything is written, so an oversized batch is refused whole.
 */
export function capBatch(aspects: number, cap: number): void {
  if (cap > 0 && aspects > cap)
    throw new BadRequestError(
      `A batch write takes at most ${cap} aspects (NEOHUB_MAX_BATCH_PROPOSALS), got ${aspects}: send them in batches of ${cap} or fewer, as DataHub's SDK does`,
    );
}

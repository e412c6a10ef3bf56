import { BadRequestError } from '../../src/errors/index.js';

/**
 * The cap of a batch write (`NEOHUB_MAX_BATCH_PROPOSALS`; 0 = no cap), for every batch route: Rest.li's
 * `ingestProposalBatch` (proposals) and `batchIngest` (snapshots), and the OpenAPI batch writes (aspects,
 * one proposal each). DataHub's clients send at most that many in one request. Checked before anything
 * is read or written, so an oversized batch is refused whole.
 */
export function capBatch(count: number, cap: number, what: string, items: string): void {
  if (cap > 0 && count > cap)
    throw new BadRequestError(
      `${what} takes at most ${cap} ${items} (NEOHUB_MAX_BATCH_PROPOSALS), got ${count}: send them in batches of ${cap} or fewer, as DataHub's clients do`,
    );
}

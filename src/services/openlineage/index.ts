import type { Registry } from '../../registry/index.js';
import type { Proposal } from '../proposal.js';
import { openLineageProposals } from './proposals.js';
import { readRunEvent } from './run-event.js';

export { datasetUrnOf, olDatasetUrn } from './dataset-urns.js';
export { openLineageProposals } from './proposals.js';
export {
  EVENT_TIME_PATTERN,
  readRunEvent,
  RUN_EVENT_TYPES,
  type RunEvent,
  type RunEventType,
} from './run-event.js';

/**
 * The proposals of an OpenLineage run event as it came over the wire: its shape checked (400 naming the
 * field), then mapped as DataHub maps it (docs/decisions/0065).
 */
export const runEventProposals = (body: unknown, registry?: Registry): Proposal[] =>
  openLineageProposals(readRunEvent(body), registry);

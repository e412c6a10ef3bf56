import type { Config } from '../../config.js';
import { FabricTypeSchema, type Registry } from '../../registry/index.js';
import type { Proposal } from '../proposal.js';
import { openLineageProposals } from './proposals.js';
import { readRunEvent } from './run-event.js';
import { DEFAULT_OPENLINEAGE_SETTINGS, openLineageSettings, type OpenLineageSettings } from './settings.js';

export { datasetUrnOf, olDatasetUrn } from './dataset-urns.js';
export { openLineageProposals } from './proposals.js';
export {
  EVENT_TIME_PATTERN,
  readRunEvent,
  RUN_EVENT_TYPES,
  type RunEvent,
  type RunEventType,
} from './run-event.js';
export { DEFAULT_OPENLINEAGE_SETTINGS, openLineageSettings, type OpenLineageSettings } from './settings.js';

/**
 * The proposals of an OpenLineage run event as it came over the wire: its shape checked (400 naming the
 * field), then mapped as DataHub maps it with the settings (docs/decisions/0065).
 */
export const runEventProposals = (
  body: unknown,
  registry?: Registry,
  settings: OpenLineageSettings = DEFAULT_OPENLINEAGE_SETTINGS,
): Proposal[] => openLineageProposals(readRunEvent(body), registry, settings);

/**
 * DataHub's OpenLineage endpoint's mapping with the configured settings (`DATAHUB_OPENLINEAGE_*`),
 * checked when the services are built: an environment that is no FabricType stops the start-up.
 */
export class OpenLineageService {
  readonly settings: OpenLineageSettings;

  constructor(
    private readonly registry: Registry,
    config: Parameters<typeof openLineageSettings>[0] & Partial<Config>,
  ) {
    this.settings = openLineageSettings(config, FabricTypeSchema.symbols);
  }

  /** The proposals of a run event as sent (400 naming the field of a bad one). */
  proposals(body: unknown): Proposal[] {
    return runEventProposals(body, this.registry, this.settings);
  }
}

import { configVariable, type Config } from '../../config.js';

/**
 * How the mapping places what it makes: DataHub's OpenLineage converter settings as its service derives
 * them from `datahub.openlineage.*` (docs/decisions/0065).
 */
export interface OpenLineageSettings {
  /** The flows' orchestrator, over the event's (`processing_engine`, producer); undefined: the event's. */
  readonly orchestrator: string | undefined;
  /**
   * The platform instance: the flows' cluster (instead of the job's namespace), the flows' and jobs'
   * `dataPlatformInstance`, and the instance of datasets named by a path (files and buckets). The
   * configured one, else the environment lower-cased, else none.
   */
  readonly platformInstance: string | undefined;
  /** The datasets' FabricType: the dataset environment, else the environment, else PROD. */
  readonly datasetEnv: string;
  /** The platform instance of datasets not named by a path (a prefix of their name). */
  readonly datasetPlatformInstance: string | undefined;
  /** Write each dataset's key and status (and schema): else only the lineage names them. */
  readonly materializeDataset: boolean;
  /** Write a dataset's `schema` facet as its `schemaMetadata` (when it is materialized). */
  readonly includeSchemaMetadata: boolean;
  /** Write the `columnLineage` facets as the job's fine-grained lineage. */
  readonly captureColumnLevelLineage: boolean;
  /** Patch the job's lineage and the flow's tags (adding to what earlier runs wrote) instead of upserts. */
  readonly usePatch: boolean;
}

/** DataHub's defaults: no orchestrator or instance set, PROD, everything materialized, upserts. */
export const DEFAULT_OPENLINEAGE_SETTINGS: OpenLineageSettings = Object.freeze({
  orchestrator: undefined,
  platformInstance: undefined,
  datasetEnv: 'PROD',
  datasetPlatformInstance: undefined,
  materializeDataset: true,
  includeSchemaMetadata: true,
  captureColumnLevelLineage: true,
  usePatch: false,
});

type OpenLineageConfig = Pick<
  Config,
  | 'openLineageEnv'
  | 'openLineageOrchestrator'
  | 'openLineagePlatformInstance'
  | 'openLineageDatasetEnv'
  | 'openLineageDatasetPlatformInstance'
  | 'openLineageMaterializeDataset'
  | 'openLineageIncludeSchemaMetadata'
  | 'openLineageCaptureColumnLevelLineage'
  | 'openLineageUsePatch'
>;

/**
 * The settings of the configuration, as DataHub's service derives its converter's: the environment is
 * the datasets' FabricType unless a dataset environment is set, and, lower-cased, the platform instance
 * unless one is set. An environment that is no FabricType (`fabricTypes`, the model's), or a name
 * that would break the URNs it is part of, stops the start-up with an error naming its variable
 * (DataHub logs a bad environment and goes on with PROD).
 */
export function openLineageSettings(
  config: OpenLineageConfig,
  fabricTypes: readonly string[],
): OpenLineageSettings {
  for (const field of ['openLineageEnv', 'openLineageDatasetEnv'] as const) {
    const v = config[field];
    if (v !== undefined && !fabricTypes.includes(v))
      throw new Error(
        `${configVariable(field)} must be one of ${fabricTypes.join(', ')} (a FabricType), got "${v}"`,
      );
  }
  // Parts of every flow's or dataset's URN: a comma or a parenthesis would break each URN made with it.
  for (const field of [
    'openLineageOrchestrator',
    'openLineagePlatformInstance',
    'openLineageDatasetPlatformInstance',
  ] as const) {
    const v = config[field];
    if (v !== undefined && /[\s,()]/.test(v))
      throw new Error(
        `${configVariable(field)} must hold no spaces, commas or parentheses (it is part of URNs), got "${v}"`,
      );
  }
  return Object.freeze({
    orchestrator: config.openLineageOrchestrator,
    platformInstance: config.openLineagePlatformInstance ?? config.openLineageEnv?.toLowerCase(),
    datasetEnv: config.openLineageDatasetEnv ?? config.openLineageEnv ?? 'PROD',
    datasetPlatformInstance: config.openLineageDatasetPlatformInstance,
    materializeDataset: config.openLineageMaterializeDataset,
    includeSchemaMetadata: config.openLineageIncludeSchemaMetadata,
    captureColumnLevelLineage: config.openLineageCaptureColumnLevelLineage,
    usePatch: config.openLineageUsePatch,
  });
}

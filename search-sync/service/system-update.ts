import type { Logger } from '../../src/logger.js';
import type { SearchIndex } from '../model/index.js';

/** DataHub's flag that lets the system update rebuild index mappings. */
export const MAPPINGS_REINDEX_FLAG = 'ELASTICSEARCH_INDEX_BUILDER_MAPPINGS_REINDEX';
/** DataHub's flag that lets the system update clean up after structured properties. */
export const STRUCTURED_PROPERTIES_FLAG = 'ENABLE_STRUCTURED_PROPERTIES_SYSTEM_UPDATE';

export interface SystemUpdateResult {
  /** Structured-property field mappings removed (no document of their entity type has values in them). */
  readonly dropped: readonly { readonly entityType: string; readonly field: string }[];
  /** Why the mapping cleanup did not run, when it did not. */
  readonly skipped?: string;
}

const on = (v: string | undefined): boolean => v !== undefined && /^(true|1|yes)$/i.test(v.trim());

/**
 * The search part of a system update: with both of DataHub's flags set, the index drops the mappings of
 * structured-property fields left without values (after a hard delete and its value cleanup). A mapping
 * stays for an entity type while even one of its documents has a value in it.
 */
export async function systemUpdate(
  index: SearchIndex,
  env: Readonly<Record<string, string | undefined>>,
  log: Logger,
): Promise<SystemUpdateResult> {
  const missing = [MAPPINGS_REINDEX_FLAG, STRUCTURED_PROPERTIES_FLAG].filter((f) => !on(env[f]));
  if (missing.length) {
    const skipped = `mapping cleanup skipped: set ${missing.join(' and ')} to true to run it`;
    log.info(skipped);
    return { dropped: [], skipped };
  }
  const dropped = await index.dropUnusedMappings();
  log.info({ dropped }, `removed ${dropped.length} unused structured-property field mapping(s)`);
  return { dropped };
}

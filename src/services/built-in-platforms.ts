import PLATFORMS from './built-in-platforms.json' with { type: 'json' };
import type { IngestService } from './ingest-service.js';
import { SYSTEM_ACTOR, type Proposal } from './proposal.js';
import type { ReadService } from './read-service.js';

const INFO = 'dataPlatformInfo';

/** DataHub's built-in data platforms: URN to `dataPlatformInfo` (facts from DataHub's bootstrap list). */
export const BUILT_IN_PLATFORMS: Readonly<Record<string, Readonly<Record<string, unknown>>>> = PLATFORMS;

/**
 * The data platforms DataHub's service bootstraps, at start-up: those without a `dataPlatformInfo` get
 * DataHub's, in one batch; one that has one keeps it (a user may have changed it). The value is written
 * only if still absent under the entity's lock, so a concurrent edit is never overwritten. Returns how
 * many were written.
 */
export async function ensureBuiltInPlatforms(reads: ReadService, ingest: IngestService): Promise<number> {
  const urns = Object.keys(BUILT_IN_PLATFORMS);
  const views = await reads.entities(urns, [INFO]);
  const missing = views.filter((v) => !v.aspects[INFO]).map((v) => v.urn);
  if (!missing.length) return 0;
  const proposals: Proposal[] = missing.map((urn) => ({
    entityUrn: urn,
    entityType: 'dataPlatform',
    aspectName: INFO,
    changeType: 'UPSERT',
    modify: (current) => current ?? { ...BUILT_IN_PLATFORMS[urn] },
  }));
  await ingest.ingest(proposals, { actor: SYSTEM_ACTOR });
  return missing.length;
}

import type { SearchService } from '../../search-sync/index.js';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import type { Registry } from '../registry/registry.js';
import type { EntityStore } from '../store/index.js';
import { IngestService } from './ingest-service.js';
import { ReadService } from './read-service.js';

export { IngestService } from './ingest-service.js';
export { ReadService, type EntityView, type EnvelopedAspect } from './read-service.js';
export { SYSTEM_ACTOR, UNKNOWN_ACTOR, type Proposal, type WriteContext } from './proposal.js';
export { conjunctions, matches, type Filter, type Criterion } from './filter-match.js';

/** Everything a transport may call. Transports hold no logic of their own. */
export interface Services {
  readonly config: Config;
  readonly registry: Registry;
  readonly ingest: IngestService;
  readonly reads: ReadService;
  readonly search: SearchService;
  readonly log: Logger;
}

export function createServices(
  config: Config,
  registry: Registry,
  store: EntityStore,
  search: SearchService,
  log: Logger,
): Services {
  return Object.freeze({
    config,
    registry,
    ingest: new IngestService(registry, store, log.child({ module: 'ingest' })),
    reads: new ReadService(registry, store),
    search,
    log,
  });
}

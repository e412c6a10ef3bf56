import 'reflect-metadata';
import DataLoader from 'dataloader';
import { currentCaller } from '../auth/index.js';
import {
  requestTrace,
  SYSTEM_ACTOR,
  type EntityView,
  type Services,
  type WriteContext,
} from '../services/index.js';
import { entityOf, type Entity } from './types/index.js';

/**
 * What every resolver gets: the services, and a per-request loader that batches the entity reads of
 * one GraphQL request (a list of 50 lineage results reads its 50 entities in one store call).
 */
export interface GraphQLContext {
  readonly services: Services;
  readonly entities: EntityLoader;
  /** Who the request's writes are recorded as (the authenticated caller once auth is on). */
  readonly writer: WriteContext;
  /** The GraphQL object of an entity, by URN (undefined when its kind has no GraphQL type). */
  entity(urn: string): Entity | undefined;
}

/** The per-request loader of entities: reads one tick's URNs together, each once per request. */
export type EntityLoader = DataLoader<string, EntityView>;

/** The most URNs one batched read takes; a larger tick is split into several reads. */
const MAX_BATCH = 500;

const entityLoader = (services: Services): EntityLoader =>
  new DataLoader((urns: readonly string[]) => services.reads.entities(urns), {
    maxBatchSize: MAX_BATCH,
    // One batch per turn of the event loop, after every resolver of the turn has asked.
    batchScheduleFn: (run) => void setImmediate(run),
  });

/**
 * The context of one GraphQL request; `request` (its headers) gives the trace its writes are recorded
 * under (`requestTrace`, the one every answer names).
 */
export function createContext(
  services: Services,
  request?: { readonly headers: Readonly<Record<string, unknown>> },
): GraphQLContext {
  const ctx: GraphQLContext = {
    services,
    entities: entityLoader(services),
    writer: {
      actor: currentCaller()?.actor ?? SYSTEM_ACTOR,
      source: 'GRAPHQL',
      ...(request ? { traceId: requestTrace(request).traceId } : {}),
    },
    entity: (urn) => entityOf(ctx, urn),
  };
  return ctx;
}

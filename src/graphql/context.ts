import 'reflect-metadata';
import { currentCaller } from '../auth/index.js';
import { SYSTEM_ACTOR, type EntityView, type Services, type WriteContext } from '../services/index.js';
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

export class EntityLoader {
  private readonly cache = new Map<string, Promise<EntityView>>();
  private queue: { urn: string; resolve: (v: EntityView) => void; reject: (e: unknown) => void }[] = [];

  constructor(private readonly services: Services) {}

  load(urn: string): Promise<EntityView> {
    const hit = this.cache.get(urn);
    if (hit) return hit;
    const p = new Promise<EntityView>((resolve, reject) => {
      if (!this.queue.length) setImmediate(() => void this.flush());
      this.queue.push({ urn, resolve, reject });
    });
    this.cache.set(urn, p);
    return p;
  }

  private async flush(): Promise<void> {
    const batch = this.queue;
    this.queue = [];
    try {
      const views = await this.services.reads.entities(batch.map((b) => b.urn));
      batch.forEach((b, i) => b.resolve(views[i] as EntityView));
    } catch (err) {
      for (const b of batch) b.reject(err);
    }
  }
}

export function createContext(services: Services): GraphQLContext {
  const ctx: GraphQLContext = {
    services,
    entities: new EntityLoader(services),
    writer: { actor: currentCaller()?.actor ?? SYSTEM_ACTOR },
    entity: (urn) => entityOf(ctx, urn),
  };
  return ctx;
}

import { AsyncLocalStorage } from 'node:async_hooks';

/** Fields of one aspect of one entity that a write left out because neohub's model lacks them. */
export interface DroppedFields {
  readonly urn: string;
  readonly aspect: string;
  /** JSON pointers inside the aspect value, e.g. `/colour` or `/upstreams/0/colour`. */
  readonly paths: readonly string[];
}

/**
 * What the writes of one request dropped: the one write path adds to it (`reportDropped`), the
 * transport reads it when it answers (docs/decisions/0050). Repeated reports of the same field (a
 * read-modify-write retried with its transaction) count once.
 */
export class DroppedFieldsCollector {
  private readonly byAspect = new Map<string, { urn: string; aspect: string; paths: Set<string> }>();

  add(urn: string, aspect: string, paths: readonly string[]): void {
    if (!paths.length) return;
    const key = `${urn}\u0000${aspect}`;
    let entry = this.byAspect.get(key);
    if (!entry) this.byAspect.set(key, (entry = { urn, aspect, paths: new Set() }));
    for (const p of paths) entry.paths.add(p);
  }

  get empty(): boolean {
    return this.byAspect.size === 0;
  }

  entries(): DroppedFields[] {
    return [...this.byAspect.values()].map((e) => ({ urn: e.urn, aspect: e.aspect, paths: [...e.paths] }));
  }
}

const collectors = new AsyncLocalStorage<DroppedFieldsCollector>();

/** Runs `fn` (the rest of a request) with `collector` receiving what its writes drop. */
export const collectingDroppedFields = <T>(collector: DroppedFieldsCollector, fn: () => T): T =>
  collectors.run(collector, fn);

/** Records fields a write dropped; outside a collecting scope (background work) it does nothing. */
export function reportDropped(urn: string, aspect: string, paths: readonly string[]): void {
  if (paths.length) collectors.getStore()?.add(urn, aspect, paths);
}

import { defaultPathInstance } from '../../search-sync/model/index.js';
import type { EntityStore } from '../store/index.js';

/** Deepest container chain followed (a cycle of containers stops here too). */
const MAX_CONTAINER_DEPTH = 32;

/** Kinds whose default browsePathsV2 is their container chain when they have one (DataHub's rule). */
const CONTAINED = new Set(['dataset', 'chart', 'dashboard']);

export interface PathDefaults {
  readonly containers?: readonly string[];
  readonly instance?: string | undefined;
}

type Aspects = readonly { readonly name: string; readonly value: Record<string, unknown> }[];

/**
 * What DataHub's default `browsePathsV2` of the entities written without one is made of, read from the
 * store for a whole batch of documents at once: each one's container chain (top first, one read per
 * level of the batch), and for a dataset outside containers, whether the platform instance its name
 * starts with exists (one read). Entities with a `browsePathsV2` of their own need nothing.
 */
export async function browsePathDefaults(
  store: EntityStore,
  entities: readonly { readonly urn: string; readonly entityType: string; readonly keyAspect?: string }[],
  aspectsOf: (urn: string) => Aspects,
): Promise<Map<string, PathDefaults>> {
  const parentOf = new Map<string, string>();
  const direct = new Map<string, string>();
  const candidates = new Map<string, string>();
  for (const e of entities) {
    const aspects = aspectsOf(e.urn);
    if (aspects.some((a) => a.name === 'browsePathsV2')) continue;
    const container = aspects.find((a) => a.name === 'container')?.value.container;
    if (CONTAINED.has(e.entityType) && typeof container === 'string') direct.set(e.urn, container);
    else {
      const key = aspects.find((a) => a.name === e.keyAspect)?.value ?? {};
      const instance = defaultPathInstance(e.entityType, key);
      if (instance) candidates.set(e.urn, instance);
    }
  }
  let frontier = [...new Set(direct.values())];
  for (let depth = 0; frontier.length && depth < MAX_CONTAINER_DEPTH; depth++) {
    const next: string[] = [];
    for (const a of await store.latest(frontier, ['container'])) {
      const parent = (JSON.parse(a.value) as { container?: unknown }).container;
      if (typeof parent === 'string' && !parentOf.has(a.urn)) {
        parentOf.set(a.urn, parent);
        if (!parentOf.has(parent)) next.push(parent);
      }
    }
    frontier = [...new Set(next)];
  }
  const existing = candidates.size
    ? new Set(
        (await store.latest([...new Set(candidates.values())], ['dataPlatformInstanceKey'])).map(
          (a) => a.urn,
        ),
      )
    : new Set<string>();
  const out = new Map<string, PathDefaults>();
  for (const [urn, first] of direct) {
    const chain = [first];
    let c = parentOf.get(first);
    while (c && chain.length < MAX_CONTAINER_DEPTH && !chain.includes(c)) {
      chain.unshift(c);
      c = parentOf.get(c);
    }
    out.set(urn, { containers: chain });
  }
  for (const [urn, instance] of candidates) if (existing.has(instance)) out.set(urn, { instance });
  return out;
}

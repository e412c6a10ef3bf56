import { NeohubError } from '../../errors/index.js';
import type { EntityStore } from '../../store/index.js';
import type { IngestService } from '../ingest-service.js';
import { assignments } from './visibility.js';
import type { ValueCleanupParams } from './write-rules.js';

const SCAN = 1000;

export interface CleanupProgress {
  (delta: { total?: number; updated?: number; deleted?: number; batches?: number }): Promise<void>;
}

/**
 * Removes a structured property's values from every entity that holds one (all values after a hard
 * delete; those assigned before `before` after a new version), each removal a read-modify-write proposal
 * on the one write path. Scans all entities in URN order; idempotent, so a resumed run simply starts over.
 */
export async function runValueCleanup(
  store: EntityStore,
  ingest: IngestService,
  p: ValueCleanupParams,
  progress: CleanupProgress,
): Promise<void> {
  const drop = (a: { propertyUrn: string; lastModified?: { time: number }; created?: { time: number } }) => {
    if (a.propertyUrn !== p.propertyUrn) return false;
    if (p.before === undefined) return true;
    const t = a.lastModified?.time ?? a.created?.time;
    return t === undefined || t < p.before;
  };
  let after = '';
  for (;;) {
    const step = await store.propertyHolders(p.propertyUrn, after, SCAN);
    if (step.last === null) break;
    after = step.last;
    const removed = new Map<string, number>();
    const proposals = step.holders.map((urn) => ({
      entityUrn: urn,
      changeType: 'UPSERT',
      aspectName: 'structuredProperties',
      modify: (current: Record<string, unknown> | undefined) => {
        const props = assignments(current ?? {});
        removed.set(urn, props.filter(drop).length);
        return { ...(current ?? {}), properties: props.filter((a) => !drop(a)) };
      },
    }));
    try {
      if (proposals.length) await ingest.ingest(proposals, { actor: p.actor });
    } catch (err) {
      // One entity may have gone meanwhile (hard deleted), which fails the batch: the others are done one
      // by one. A store failure (503) or a bug is not that: the task fails and is resumed later.
      if (!(err instanceof NeohubError) || err.status >= 500) throw err;
      for (const proposal of proposals) {
        if (await store.exists(proposal.entityUrn)) await ingest.ingest([proposal], { actor: p.actor });
        else removed.delete(proposal.entityUrn);
      }
    }
    const deleted = [...removed.values()].reduce((x, y) => x + y, 0);
    await progress({ total: step.holders.length, updated: step.holders.length, deleted, batches: 1 });
  }
}

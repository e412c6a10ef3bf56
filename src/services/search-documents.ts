import type { Registry } from '../registry/index.js';
import {
  buildDocument,
  type DocumentSource,
  type EntityRef,
  mapInSlices,
  type SearchDocument,
} from '../../search-sync/model/index.js';
import type { EntityStore } from '../store/index.js';
import { browsePathDefaults } from './browse-path-defaults.js';
import { assignments, loadStates, structuredFields } from './structured-properties/index.js';

/**
 * The search documents of entities, built from their latest aspects in one store read (and the states of
 * the structured properties they carry in one more): what the sync worker and restoreIndices index.
 */
export class SearchDocuments implements DocumentSource {
  constructor(
    private readonly registry: Registry,
    private readonly store: EntityStore,
  ) {}

  async documents(entities: readonly EntityRef[]): Promise<{ docs: SearchDocument[]; removed: string[] }> {
    const aspects = await this.store.latestValues(entities.map((e) => e.urn));
    const propertyUrns = aspects
      .filter((a) => a.name === 'structuredProperties')
      .flatMap((a) => assignments(JSON.parse(a.value) as Record<string, unknown>).map((x) => x.propertyUrn));
    const states = propertyUrns.length ? await loadStates(this.store, propertyUrns) : new Map();
    const docs: SearchDocument[] = [];
    const removed: string[] = [];
    const byUrn = new Map<string, { name: string; value: Record<string, unknown> }[]>();
    for (const a of aspects) {
      const list = byUrn.get(a.urn) ?? [];
      if (!list.length) byUrn.set(a.urn, list);
      list.push({ name: a.name, value: JSON.parse(a.value) as Record<string, unknown> });
    }
    const keyed = entities.map((e) => ({
      ...e,
      keyAspect: this.registry.findEntity(e.entityType)?.keyAspect,
    }));
    const defaults = await browsePathDefaults(this.store, keyed, (urn) => byUrn.get(urn) ?? []);
    // In slices: a batch of thousands would hold the requests this process serves behind it.
    await mapInSlices(keyed, ({ urn, entityType, keyAspect }) => {
      const mine = byUrn.get(urn) ?? [];
      if (!mine.some((a) => a.name === keyAspect)) removed.push(urn);
      else
        docs.push(
          buildDocument(
            this.registry,
            urn,
            entityType,
            mine,
            structuredFields(mine, states),
            defaults.get(urn),
          ),
        );
    });
    return { docs, removed };
  }
}

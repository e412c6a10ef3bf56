import type { EntityStore } from '../../store/index.js';
import type { PropertyDefinition } from './definition-rules.js';
import type { PropertyState } from './value-rules.js';

/** The states of structured properties (and of any entity: whether it exists) in one store read. */
export async function loadStates(
  store: EntityStore,
  urns: readonly string[],
): Promise<Map<string, PropertyState>> {
  const rows = await store.propertyStates([...new Set(urns)]);
  return new Map(
    rows.map((r) => [
      r.urn,
      {
        exists: r.exists,
        removed: r.removed,
        definition: r.definition === null ? undefined : (JSON.parse(r.definition) as PropertyDefinition),
        versionSince: r.versionSince ?? undefined,
      },
    ]),
  );
}

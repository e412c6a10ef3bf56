import type { EntityStore } from '../../store/index.js';
import { loadStates } from './states.js';
import { isVisible, type Assignment, type PropertyState } from './value-rules.js';

type Aspect = { readonly name: string; readonly value: Record<string, unknown> };

/**
 * Reads show only the structured-property values of properties that exist, are not soft-deleted, and
 * were set under the property's current version. The values themselves stay stored (a restore brings
 * them back; cleanup tasks remove retired ones).
 */
export async function visibleValues<A extends Aspect>(
  store: EntityStore,
  aspects: readonly A[],
): Promise<A[]> {
  const holders = aspects.filter((a) => a.name === 'structuredProperties');
  if (!holders.length) return [...aspects];
  const urns = holders.flatMap((a) => assignments(a.value).map((x) => x.propertyUrn));
  const states = urns.length ? await loadStates(store, urns) : new Map<string, PropertyState>();
  return aspects.map((a) =>
    a.name !== 'structuredProperties'
      ? a
      : {
          ...a,
          value: {
            ...a.value,
            properties: assignments(a.value).filter((x) => isVisible(x, states.get(x.propertyUrn))),
          },
        },
  );
}

export const assignments = (value: Record<string, unknown>): Assignment[] =>
  Array.isArray(value.properties) ? (value.properties as Assignment[]) : [];

import { displayName, kindName, type EntitySummary } from '../entity-names';
import type { Aggregation, Named } from './queries';

/** A URN's last key part (`urn:li:tag:Finance` → `Finance`), for a value with no entity to name it. */
export const urnName = (value: string): string =>
  value.startsWith('urn:li:') ? value.split(':').slice(3).join(':') : value;

/** The name of a label (owner, tag, term, domain) of a result. */
export const labelName = (n: Named): string =>
  n.properties?.displayName ||
  n.properties?.name ||
  n.name ||
  n.username ||
  n.hierarchicalName ||
  urnName(n.urn);

/** The title of each facet shown, in this order; structured properties follow, titled by their definition. */
export const FACETS: Record<string, string> = {
  _entityType: 'Type',
  platform: 'Platform',
  domains: 'Domain',
  owners: 'Owner',
  tags: 'Tag',
  glossaryTerms: 'Glossary term',
  failingTests: 'Failing test',
  passingTests: 'Passing test',
};

/** How a facet value reads: its entity's name, a kind in words, or the value itself. */
export function valueName(field: string, a: Pick<Aggregation, 'value' | 'entity'>): string {
  if (a.entity) {
    const e = a.entity as EntitySummary & { name?: string | null };
    return displayName(e);
  }
  return field === '_entityType' ? kindName(a.value) : urnName(a.value);
}

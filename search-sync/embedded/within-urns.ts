import type { Executor } from '../../src/store/index.js';
import { DEADLINE } from './counts.js';

/** One page row of a search within URNs: the document's properties (all, or its URN and kind only). */
export interface WithinRow {
  readonly props: Record<string, unknown>;
}

/**
 * A search within a list of URNs without text, sort or facets (the lineage search reads each level of
 * a walk so): its total and its page (in URN order) in one statement, the list sent once. The matches
 * are gathered as URNs (strings: a list of tens of thousands of nodes weighs on the database's
 * transaction memory), and only the page's documents are read again. The whole
 * document is read only when `whole` (an exact field match names the values it matched); otherwise a
 * hit needs its URN and kind alone. `match` yields the matches as `d`.
 */
export async function searchWithinUrns(
  exec: Executor,
  match: string,
  params: Record<string, unknown>,
  page: { start: number; count: number; whole: boolean },
): Promise<{ total: number; rows: WithinRow[] }> {
  const projection = page.whole ? 'properties(d)' : 'd {.urn, .entityType}';
  const cypher =
    page.count === 0
      ? `${match} RETURN count(d) AS total, [] AS page`
      : `${match}
         WITH d.urn AS urn ORDER BY urn
         WITH collect(urn) AS urns
         CALL (urns) {
           UNWIND urns[$start..($start + $count)] AS u
           MATCH (d:SearchDocument {urn: u})
           WITH d ORDER BY d.urn
           RETURN collect(${projection}) AS page
         }
         RETURN size(urns) AS total, page`;
  return exec.read(async (tx) => {
    const res = await tx.run<{ total: number; page: Record<string, unknown>[] }>(cypher, {
      ...params,
      start: page.start,
      count: page.count,
    });
    const rec = res.records[0];
    return {
      total: rec?.get('total') ?? 0,
      rows: (rec?.get('page') ?? []).map((props) => ({ props })),
    };
  }, DEADLINE);
}

// Column-level lineage as plain data: DataHub's `fineGrainedLineages` (each stored on the dataset
// downstream, its ends `{urn: the dataset, path: the column}`) as edges between columns, and the columns
// a chosen one reaches each way. No fetching here: lineage-graph.ts asks the server.

/** One end of a column edge: a dataset and a column path. */
export interface ColumnRef {
  urn: string;
  path: string;
}

export interface FineGrainedLineage {
  upstreams?: ColumnRef[] | null;
  downstreams?: ColumnRef[] | null;
}

export const columnKey = (c: ColumnRef): string => `${c.urn}\t${c.path}`;
export const columnOf = (key: string): ColumnRef => {
  const at = key.lastIndexOf('\t');
  return { urn: key.slice(0, at), path: key.slice(at + 1) };
};

/** Every column edge (`from` feeds `to`, as column keys) of the datasets' fine-grained lineages. */
export function columnEdges(lineages: Iterable<readonly FineGrainedLineage[]>): [string, string][] {
  const seen = new Set<string>();
  const edges: [string, string][] = [];
  for (const list of lineages)
    for (const f of list)
      for (const u of f.upstreams ?? [])
        for (const d of f.downstreams ?? []) {
          const e: [string, string] = [columnKey(u), columnKey(d)];
          if (!seen.has(e.join('\n'))) {
            seen.add(e.join('\n'));
            edges.push(e);
          }
        }
  return edges;
}

/**
 * What a chosen column reaches: the edges on its paths upstream (what feeds it, and what feeds those)
 * and downstream (what it feeds, and on), and the columns on them, the chosen one included. A column
 * upstream's other consumers are not its lineage, so each direction is walked on its own.
 */
export function trace(
  edges: readonly [string, string][],
  chosen: string,
): { edges: Set<string>; columns: Set<string> } {
  const columns = new Set([chosen]);
  const found = new Set<string>();
  for (const forward of [true, false]) {
    const seen = new Set([chosen]);
    let layer = [chosen];
    while (layer.length) {
      const next: string[] = [];
      for (const [from, to] of edges) {
        const [here, there] = forward ? [from, to] : [to, from];
        if (!layer.includes(here)) continue;
        found.add(`${from}\n${to}`);
        columns.add(there);
        if (!seen.has(there)) {
          seen.add(there);
          next.push(there);
        }
      }
      layer = next;
    }
  }
  return { edges: found, columns };
}

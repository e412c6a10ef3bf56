import { gql } from './api';
import { SUMMARY_FIELDS, type EntitySummary } from './entity-names';

export type Direction = 'UPSTREAM' | 'DOWNSTREAM';

/** The neighbourhood the page has opened: entities, edges (upstream → downstream), what was expanded. */
export interface Graph {
  readonly center: string;
  readonly nodes: ReadonlyMap<string, EntitySummary>;
  readonly edges: ReadonlySet<string>;
  /** `urn|direction` of each node expanded in a direction, with how many neighbours it has there. */
  readonly expanded: ReadonlyMap<string, number>;
}

/** Neighbours shown per node and direction; the rest stay behind a "more" count (wide fans stay usable). */
export const FAN = 25;

const NEIGHBOURS = `query ($urn: String!, $direction: LineageDirection!, $count: Int!) {
  entity(urn: $urn) {
    urn
    ... on Dataset { lineage(input: {direction: $direction, start: 0, count: $count}) { total relationships { entity { ${SUMMARY_FIELDS} } } } }
    ... on Chart { lineage(input: {direction: $direction, start: 0, count: $count}) { total relationships { entity { ${SUMMARY_FIELDS} } } } }
    ... on Dashboard { lineage(input: {direction: $direction, start: 0, count: $count}) { total relationships { entity { ${SUMMARY_FIELDS} } } } }
    ... on DataJob { lineage(input: {direction: $direction, start: 0, count: $count}) { total relationships { entity { ${SUMMARY_FIELDS} } } } }
    ... on DataFlow { lineage(input: {direction: $direction, start: 0, count: $count}) { total relationships { entity { ${SUMMARY_FIELDS} } } } }
    ... on MLModel { lineage(input: {direction: $direction, start: 0, count: $count}) { total relationships { entity { ${SUMMARY_FIELDS} } } } }
  }
}`;

interface Neighbours {
  entity: {
    lineage?: { total?: number | null; relationships: { entity: EntitySummary | null }[] } | null;
  } | null;
}

const key = (urn: string, d: Direction) => `${urn}|${d}`;
export const edgeKey = (from: string, to: string) => `${from}\n${to}`;
export const isExpanded = (g: Graph, urn: string, d: Direction) => g.expanded.has(key(urn, d));
/** How many neighbours a node has in a direction that the graph does not show (0 when not expanded). */
export const hidden = (g: Graph, urn: string, d: Direction) =>
  Math.max(0, (g.expanded.get(key(urn, d)) ?? 0) - FAN);

/** The graph with one node's neighbours in one direction added (one GraphQL query). */
export async function expand(g: Graph, urn: string, d: Direction): Promise<Graph> {
  if (isExpanded(g, urn, d)) return g;
  const data = await gql<Neighbours>(NEIGHBOURS, { urn, direction: d, count: FAN });
  const lineage = data.entity?.lineage;
  const nodes = new Map(g.nodes);
  const edges = new Set(g.edges);
  for (const r of lineage?.relationships ?? []) {
    if (!r.entity) continue;
    if (!nodes.has(r.entity.urn)) nodes.set(r.entity.urn, r.entity);
    edges.add(d === 'UPSTREAM' ? edgeKey(r.entity.urn, urn) : edgeKey(urn, r.entity.urn));
  }
  const expanded = new Map(g.expanded);
  expanded.set(key(urn, d), lineage?.total ?? lineage?.relationships.length ?? 0);
  return { ...g, nodes, edges, expanded };
}

/** The nodes at the edge of the graph in a direction: shown, not yet expanded that way. */
export function frontier(g: Graph, d: Direction): string[] {
  return [...g.nodes.keys()].filter((u) => !isExpanded(g, u, d) && reaches(g, u, d));
}

/** Whether a node is on the `d` side of the center (or is the center): only those expand further that way. */
function reaches(g: Graph, urn: string, d: Direction): boolean {
  if (urn === g.center) return true;
  const seen = new Set([g.center]);
  let layer = [g.center];
  while (layer.length) {
    const next: string[] = [];
    for (const u of layer)
      for (const e of g.edges) {
        const [from, to] = e.split('\n') as [string, string];
        const n = d === 'UPSTREAM' ? (to === u ? from : undefined) : from === u ? to : undefined;
        if (n && !seen.has(n)) {
          if (n === urn) return true;
          seen.add(n);
          next.push(n);
        }
      }
    layer = next;
  }
  return false;
}

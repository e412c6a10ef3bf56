// The lineage neighbourhood the page has opened, as plain data: nodes (siblings grouped into one, as
// DataHub shows a dbt model and its warehouse table), edges upstream → downstream between them, and what
// each node has shown of its neighbours in each direction. No fetching and no DOM here: the page's
// GraphQL is in lineage-graph.ts, and this file is tested on its own (test/unit/lineage-graph.test.ts).

export type Direction = 'UPSTREAM' | 'DOWNSTREAM';

/** What the model needs of an entity: its URN and kind, and its siblings (DataHub's `siblings`). */
export interface Member {
  urn: string;
  type: string;
  siblings?: { isPrimary?: boolean | null; siblings?: ({ urn: string } | null)[] | null } | null;
}

/** One node: the primary entity of a sibling group (named on the node), and the others of the group. */
export interface Group<E extends Member> {
  readonly id: string;
  readonly primary: E;
  readonly others: readonly E[];
}

/** What a node has shown of its neighbours in a direction: of `total`, `shown` so far. */
export interface Fan {
  readonly total: number;
  readonly shown: number;
}

export interface Graph<E extends Member> {
  /** The group the page is centred on. */
  readonly center: string;
  readonly nodes: ReadonlyMap<string, Group<E>>;
  /** The group of each member URN. */
  readonly groupOf: ReadonlyMap<string, string>;
  /** `from\nto` between group ids, upstream to downstream. */
  readonly edges: ReadonlySet<string>;
  /** `groupId|direction` of each node expanded that way. */
  readonly fans: ReadonlyMap<string, Fan>;
}

/** Neighbours shown per node and direction; the rest stay behind a "+N more" node (wide fans stay usable). */
export const FAN = 12;
/** Hops each way the page opens at most. */
export const MAX_HOPS = 10;

export const edgeKey = (from: string, to: string): string => `${from}\n${to}`;
export const edgeEnds = (e: string): [string, string] => e.split('\n') as [string, string];
const fanKey = (id: string, d: Direction) => `${id}|${d}`;

/** The URN a member is grouped under: its primary sibling's when it is a secondary one, else its own. */
export function groupId(e: Member): string {
  if (e.siblings?.isPrimary !== false) return e.urn;
  return e.siblings.siblings?.find((s) => s?.urn)?.urn ?? e.urn;
}

/** The member URNs of a group (what a node's expansion asks the server about). */
export const membersOf = <E extends Member>(g: Group<E>): string[] => [
  g.primary.urn,
  ...g.others.map((o) => o.urn),
];

/** A graph of one entity (`siblings`: the summaries of its siblings, to name and group them). */
export function start<E extends Member>(center: E, siblings: readonly E[] = []): Graph<E> {
  const g = add(empty<E>(), center, siblings);
  return { ...g, center: g.groupOf.get(center.urn) as string };
}

const empty = <E extends Member>(): Graph<E> => ({
  center: '',
  nodes: new Map(),
  groupOf: new Map(),
  edges: new Set(),
  fans: new Map(),
});

/** The graph with an entity in its group (made when new); `siblings` are its siblings' summaries. */
function add<E extends Member>(g: Graph<E>, e: E, siblings: readonly E[]): Graph<E> {
  const known = g.groupOf.get(e.urn);
  if (known) {
    // A primary first met as a sibling's placeholder: its own summary replaces the placeholder's.
    const group = g.nodes.get(known) as Group<E>;
    if (group.primary.urn !== e.urn || group.primary === e) return g;
    const nodes = new Map(g.nodes);
    nodes.set(known, { ...group, primary: e });
    return { ...g, nodes };
  }
  const id = groupId(e);
  const nodes = new Map(g.nodes);
  const groupOf = new Map(g.groupOf);
  const existing = nodes.get(id);
  if (existing) {
    nodes.set(id, { ...existing, others: [...existing.others, e] });
  } else {
    const byUrn = new Map(siblings.map((s) => [s.urn, s]));
    const primary = e.urn === id ? e : (byUrn.get(id) ?? ({ urn: id, type: e.type } as E));
    const others = (e.urn === id ? siblings : [e, ...siblings.filter((s) => s.urn !== id)]).filter(
      (s) => s.urn !== primary.urn && !g.groupOf.has(s.urn),
    );
    nodes.set(id, { id, primary, others });
    for (const o of others) groupOf.set(o.urn, id);
    groupOf.set(primary.urn, id);
  }
  groupOf.set(e.urn, id);
  return { ...g, nodes, groupOf };
}

/** What one GraphQL answer says of one member's neighbours in a direction. */
export interface Neighbours<E extends Member> {
  readonly total: number;
  readonly entities: readonly { entity: E; siblings: readonly E[] }[];
}

/**
 * The graph with a node's neighbours in a direction added: the answers for its members (`more`: a
 * further page of the same fan, after its first).
 */
export function addNeighbours<E extends Member>(
  g: Graph<E>,
  id: string,
  d: Direction,
  answers: readonly Neighbours<E>[],
  more = false,
): Graph<E> {
  let next = g;
  const edges = new Set(g.edges);
  let shown = 0;
  for (const a of answers)
    for (const { entity, siblings } of a.entities) {
      next = add(next, entity, siblings);
      shown++;
      const other = next.groupOf.get(entity.urn) as string;
      if (other !== id) edges.add(d === 'UPSTREAM' ? edgeKey(other, id) : edgeKey(id, other));
    }
  const fans = new Map(g.fans);
  const before = g.fans.get(fanKey(id, d));
  const total = answers.reduce((n, a) => n + a.total, 0);
  fans.set(fanKey(id, d), {
    total: more && before ? before.total : total,
    shown: (more && before ? before.shown : 0) + shown,
  });
  return { ...next, edges, fans };
}

export const isExpanded = <E extends Member>(g: Graph<E>, id: string, d: Direction): boolean =>
  g.fans.has(fanKey(id, d));

/** How many neighbours a node has in a direction that it does not show yet (0 when not expanded). */
export function hidden<E extends Member>(g: Graph<E>, id: string, d: Direction): number {
  const f = g.fans.get(fanKey(id, d));
  return f ? Math.max(0, f.total - f.shown) : 0;
}

/** The groups on the `d` side of the center, the center first, each with its distance in hops. */
export function side<E extends Member>(g: Graph<E>, d: Direction): Map<string, number> {
  const next = new Map<string, string[]>();
  for (const e of g.edges) {
    const [from, to] = edgeEnds(e);
    const [a, b] = d === 'DOWNSTREAM' ? [from, to] : [to, from];
    next.set(a, [...(next.get(a) ?? []), b]);
  }
  const seen = new Map([[g.center, 0]]);
  let layer = [g.center];
  for (let hop = 1; layer.length; hop++) {
    const found: string[] = [];
    for (const u of layer)
      for (const n of next.get(u) ?? [])
        if (!seen.has(n)) {
          seen.set(n, hop);
          found.push(n);
        }
    layer = found;
  }
  return seen;
}

/** The nodes at the edge of the graph in a direction: on that side of the center, not yet expanded that way. */
export function frontier<E extends Member>(g: Graph<E>, d: Direction): string[] {
  return [...side(g, d).keys()].filter((id) => !isExpanded(g, id, d));
}

/** The node ids and edges that pass a filter (the center always does; edges need both ends). */
export function visible<E extends Member>(
  g: Graph<E>,
  keep: (group: Group<E>) => boolean,
): { ids: string[]; edges: [string, string][] } {
  const ids = [...g.nodes.values()].filter((n) => n.id === g.center || keep(n)).map((n) => n.id);
  const set = new Set(ids);
  const edges = [...g.edges].map(edgeEnds).filter(([a, b]) => set.has(a) && set.has(b));
  return { ids, edges };
}

/** The hops an address asks (`?up=N&down=M`), 1 each way unless given, at most MAX_HOPS. */
export function hopsOf(search: string): { up: number; down: number } {
  const q = new URLSearchParams(search);
  const read = (name: string) => {
    const raw = q.get(name);
    const n = raw === null || raw.trim() === '' ? 1 : Number(raw);
    return Number.isInteger(n) ? Math.min(MAX_HOPS, Math.max(0, n)) : 1;
  };
  return { up: read('up'), down: read('down') };
}

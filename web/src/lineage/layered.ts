// A layered layout of our own for large neighbourhoods, left (upstream) to right (downstream), in time
// about linear in the graph (a sort per column and sweep). ELK lays 510 nodes out in 0.8–2 s in the
// browser (the bench's neighbourhood, on a loaded machine) and this in a few milliseconds; the page uses
// it above ELK_LIMIT nodes (lineage/layout.ts), where a person pans a neighbourhood rather than reads all
// of it at once. Tested in test/unit/lineage-layered.test.ts.
//
// Columns are hops from the center (each side's nearest first, as the model opens them), then pushed
// outward so that every edge runs left to right (a diamond's far corner one column past its longer
// side; a cycle's closing edge, found by a depth-first walk, is the one that may not); a leaf sits next
// to its one neighbour (a "+N more" node next to its fan). Within a column, nodes are ordered by the
// barycenter of their neighbours in the columns nearer the center, then farther out, then nearer again;
// each column is then stacked without overlap, each node as near as it may be to its neighbours nearer
// the center.

export type Positions = Map<string, { x: number; y: number }>;

export interface Box {
  readonly id: string;
  readonly width: number;
  readonly height: number;
}

/** Space between columns and between the nodes of a column (as ELK's options on the page). */
export const COLUMN_GAP = 70;
export const NODE_GAP = 18;

/** Each node's column: hops from the center, pushed outward so that edges run left to right. */
export function columnsOf(
  ids: readonly string[],
  edges: readonly [string, string][],
  center: string,
): Map<string, number> {
  const out = new Map<string, string[]>(ids.map((id) => [id, []]));
  const inn = new Map<string, string[]>(ids.map((id) => [id, []]));
  const links: [string, string][] = [];
  for (const [a, b] of edges)
    if (a !== b && out.has(a) && out.has(b)) {
      out.get(a)?.push(b);
      inn.get(b)?.push(a);
      links.push([a, b]);
    }
  // Hops from the center (breadth first); a part the filters cut off, from its first node.
  const hop = new Map<string, number>();
  const found: string[] = [];
  const roots = out.has(center) ? [center, ...ids] : ids;
  for (const root of roots) {
    if (hop.has(root)) continue;
    hop.set(root, 0);
    found.push(root);
    for (let i = found.length - 1; i < found.length; i++) {
      const u = found[i] as string;
      const h = hop.get(u) as number;
      const meet = (v: string, at: number) => {
        if (hop.has(v)) return;
        hop.set(v, at);
        found.push(v);
      };
      for (const v of out.get(u) ?? []) meet(v, h + 1);
      for (const v of inn.get(u) ?? []) meet(v, h - 1);
    }
  }
  // A topological order once each cycle's closing edge is left out (a depth-first walk's back edges).
  const state = new Map<string, 1 | 2>();
  const post: string[] = [];
  const back = new Set<string>();
  for (const root of found) {
    if (state.has(root)) continue;
    const stack: [string, number][] = [[root, 0]];
    state.set(root, 1);
    while (stack.length) {
      const top = stack[stack.length - 1] as [string, number];
      const next = (out.get(top[0]) ?? [])[top[1]++];
      if (next === undefined) {
        state.set(top[0], 2);
        post.push(top[0]);
        stack.pop();
      } else if (!state.has(next)) {
        state.set(next, 1);
        stack.push([next, 0]);
      } else if (state.get(next) === 1) back.add(`${top[0]}\n${next}`);
    }
  }
  const order = post.reverse();
  const col = new Map(hop);
  const right = (id: string) => id !== center && (hop.get(id) as number) > 0;
  const left = (id: string) => id !== center && (hop.get(id) as number) < 0;
  const forward = (a: string, b: string) => !back.has(`${a}\n${b}`);
  for (const u of order)
    for (const v of out.get(u) ?? [])
      if (right(v) && forward(u, v)) col.set(v, Math.max(col.get(v) as number, (col.get(u) as number) + 1));
  for (let i = order.length - 1; i >= 0; i--) {
    const v = order[i] as string;
    for (const u of inn.get(v) ?? [])
      if (left(u) && forward(u, v)) col.set(u, Math.min(col.get(u) as number, (col.get(v) as number) - 1));
  }
  // A leaf next to its one neighbour.
  for (const id of ids) {
    const o = out.get(id) as string[];
    const i = inn.get(id) as string[];
    if (id === center || o.length + i.length !== 1) continue;
    col.set(id, o.length ? (col.get(o[0] as string) as number) - 1 : (col.get(i[0] as string) as number) + 1);
  }
  return col;
}

/** Positions of `nodes` (top-left corners) in columns around `center`, edges `[from, to]` left to right. */
export function layered(
  nodes: readonly Box[],
  edges: readonly [string, string][],
  center: string,
): Positions {
  const ids = nodes.map((n) => n.id);
  const box = new Map(nodes.map((n) => [n.id, n]));
  const col = columnsOf(ids, edges, center);
  const near = new Map<string, string[]>(ids.map((id) => [id, []]));
  for (const [a, b] of edges)
    if (a !== b && box.has(a) && box.has(b)) {
      near.get(a)?.push(b);
      near.get(b)?.push(a);
    }
  // The columns, each in the order its nodes were met (the model's: a fan's order), the center's first.
  const byCol = new Map<number, string[]>();
  for (const id of [...ids].sort((a, b) => Number(b === center) - Number(a === center))) {
    const c = col.get(id) as number;
    const list = byCol.get(c);
    if (list) list.push(id);
    else byCol.set(c, [id]);
  }
  const cols = [...byCol.keys()].sort((a, b) => a - b);
  const place = new Map<string, number>();
  const rank = (c: number) =>
    (byCol.get(c) as string[]).forEach((id, i, all) => place.set(id, (i + 0.5) / all.length));
  cols.forEach(rank);
  /** Columns from the center outward on each side (`inward`: the other way). */
  const sweep = (inward: boolean) => {
    const r = cols.filter((c) => c > 0);
    const l = cols.filter((c) => c < 0).reverse();
    for (const side of [r, l]) {
      const sign = side === r ? 1 : -1;
      for (const c of inward ? [...side].reverse() : side) {
        const list = byCol.get(c) as string[];
        // Toward the center when sweeping outward (the neighbours already ordered), away from it inward.
        const looks = (n: string) =>
          inward ? sign * ((col.get(n) as number) - c) > 0 : sign * ((col.get(n) as number) - c) < 0;
        const bary = new Map(
          list.map((id) => {
            const ns = (near.get(id) as string[]).filter(looks);
            const at = ns.length
              ? ns.reduce((s, n) => s + (place.get(n) as number), 0) / ns.length
              : (place.get(id) as number);
            return [id, at];
          }),
        );
        const now = new Map(list.map((id, i) => [id, i]));
        list.sort(
          (a, b) =>
            (bary.get(a) as number) - (bary.get(b) as number) ||
            (now.get(a) as number) - (now.get(b) as number),
        );
        rank(c);
      }
    }
  };
  sweep(false);
  sweep(true);
  sweep(false);

  // Coordinates: columns by width; each column stacked from the center outward, each node as near the
  // middle of its placed neighbours as the one above it allows, the column then shifted so that it sits
  // on them as a whole.
  const width = nodes.reduce((w, n) => Math.max(w, n.width), 0);
  const pos: Positions = new Map();
  const middle = (id: string) => (pos.get(id)?.y as number) + (box.get(id) as Box).height / 2;
  const outward = [...cols.filter((c) => c >= 0), ...cols.filter((c) => c < 0).reverse()];
  for (const c of outward) {
    const list = byCol.get(c) as string[];
    const wish = list.map((id) => {
      const ns = (near.get(id) as string[]).filter((n) => pos.has(n));
      return ns.length
        ? ns.reduce((s, n) => s + middle(n), 0) / ns.length - (box.get(id) as Box).height / 2
        : undefined;
    });
    const tops: number[] = [];
    let bottom = -Infinity;
    list.forEach((id, i) => {
      const top = Math.max(wish[i] ?? (bottom === -Infinity ? 0 : bottom + NODE_GAP), bottom + NODE_GAP);
      tops.push(top);
      bottom = top + (box.get(id) as Box).height;
    });
    const off = wish.flatMap((w, i) => (w === undefined ? [] : [(tops[i] as number) - w]));
    // Column 0: the center at the origin; the others centred on where their nodes wished to be.
    const shift =
      c === 0
        ? -(tops[list.indexOf(center)] ?? 0)
        : off.length
          ? -off.reduce((s, o) => s + o, 0) / off.length
          : 0;
    list.forEach((id, i) => {
      const b = box.get(id) as Box;
      pos.set(id, { x: c * (width + COLUMN_GAP) + (width - b.width) / 2, y: (tops[i] as number) + shift });
    });
  }
  return new Map(ids.map((id) => [id, pos.get(id) as { x: number; y: number }]));
}

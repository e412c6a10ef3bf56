import { describe, expect, it } from 'vitest';
import { columnsOf, layered, NODE_GAP, type Box } from '../../web/src/lineage/layered.js';

// The lineage page's own layered layout (large neighbourhoods): columns by hops from the center, edges
// left to right, no two nodes overlapping, the same graph laid out the same way.

const box = (id: string, height = 64, width = 230): Box => ({ id, width, height });

/** A tree like the bench's: `up` hops upstream with fan `upFan`, `down` downstream with `downFan`. */
function tree(up: number, upFan: number, down: number, downFan: number) {
  const ids = ['c'];
  const edges: [string, string][] = [];
  const grow = (from: string, hops: number, fan: number, d: 'u' | 'd') => {
    if (!hops) return;
    for (let i = 0; i < fan; i++) {
      const id = `${from}.${d}${i}`;
      ids.push(id);
      edges.push(d === 'u' ? [id, from] : [from, id]);
      grow(id, hops - 1, fan, d);
    }
  };
  grow('c', up, upFan, 'u');
  grow('c', down, downFan, 'd');
  return { ids, edges };
}

/** Whether two laid out boxes overlap. */
const overlap = (a: Box & { x: number; y: number }, b: Box & { x: number; y: number }) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

function laidOut(boxes: Box[], edges: [string, string][], center = 'c') {
  const p = layered(boxes, edges, center);
  return boxes.map((b) => ({ ...b, ...(p.get(b.id) as { x: number; y: number }) }));
}

describe('lineage layered layout', () => {
  it('puts each node in the column of its hops from the center', () => {
    const { ids, edges } = tree(2, 3, 3, 2);
    const col = columnsOf(ids, edges, 'c');
    expect(col.get('c')).toBe(0);
    expect(col.get('c.u0')).toBe(-1);
    expect(col.get('c.u0.u2')).toBe(-2);
    expect(col.get('c.d1')).toBe(1);
    expect(col.get('c.d1.d0.d1')).toBe(3);
    // Columns are x: the same column, the same x; farther downstream, farther right.
    const nodes = laidOut(
      ids.map((id) => box(id)),
      edges,
    );
    const x = new Map(nodes.map((n) => [n.id, n.x]));
    expect(x.get('c.d0')).toBe(x.get('c.d1'));
    expect(x.get('c.u0.u1') as number).toBeLessThan(x.get('c.u0') as number);
    expect(x.get('c.d0.d0') as number).toBeGreaterThan(x.get('c.d0') as number);
  });

  it('lays out the bench’s 510 nodes with no overlap, every edge left to right', () => {
    const { ids, edges } = tree(2, 10, 3, 7);
    expect(ids.length).toBe(510);
    // Some nodes taller (columns open), and "+N more" nodes narrower.
    const boxes = ids.map((id, i) =>
      i % 17 === 5 ? box(id, 64 + 26 * 4) : i % 23 === 7 ? box(id, 40, 130) : box(id),
    );
    const nodes = laidOut(boxes, edges);
    const at = new Map(nodes.map((n) => [n.id, n]));
    for (const [a, b] of edges) expect((at.get(a)?.x as number) + 230).toBeLessThan(at.get(b)?.x as number);
    // No overlaps: within a column (sorted by y) each node starts below the one above it ends.
    const byX = new Map<number, typeof nodes>();
    for (const n of nodes) {
      const x = n.x + n.width / 2;
      byX.set(x, [...(byX.get(x) ?? []), n]);
    }
    for (const column of byX.values()) {
      const sorted = [...column].sort((a, b) => a.y - b.y);
      for (let i = 1; i < sorted.length; i++) {
        const above = sorted[i - 1] as (typeof nodes)[number];
        expect((sorted[i] as (typeof nodes)[number]).y).toBeGreaterThanOrEqual(
          above.y + above.height + NODE_GAP - 1e-6,
        );
      }
    }
    for (let i = 0; i < nodes.length; i += 7)
      for (let j = i + 1; j < nodes.length; j++)
        expect(overlap(nodes[i] as (typeof nodes)[number], nodes[j] as (typeof nodes)[number])).toBe(false);
  });

  it('keeps a fan together, next to its node, and the center at the origin', () => {
    const { ids, edges } = tree(0, 0, 2, 3);
    const p = layered(
      ids.map((id) => box(id)),
      edges,
      'c',
    );
    expect(p.get('c')).toEqual({ x: 0, y: 0 });
    // The children of c.d0 come before those of c.d1, which come before those of c.d2.
    const ys = (parent: string) => [0, 1, 2].map((i) => p.get(`${parent}.d${i}`)?.y as number);
    expect(Math.max(...ys('c.d0'))).toBeLessThan(Math.min(...ys('c.d1')));
    expect(Math.max(...ys('c.d1'))).toBeLessThan(Math.min(...ys('c.d2')));
  });

  it('pushes a diamond’s far corner past its longer side, and survives a cycle', () => {
    // c → a → b, c → b: b one column past a. A cycle x → y → x downstream of b stays finite.
    const ids = ['c', 'a', 'b', 'x', 'y', 'u', 'v'];
    const edges: [string, string][] = [
      ['c', 'a'],
      ['a', 'b'],
      ['c', 'b'],
      ['b', 'x'],
      ['x', 'y'],
      ['y', 'x'],
      // Upstream: u → v → c and u → c: u one column before v.
      ['u', 'v'],
      ['v', 'c'],
      ['u', 'c'],
    ];
    const col = columnsOf(ids, edges, 'c');
    expect(Object.fromEntries(col)).toEqual({ c: 0, a: 1, b: 2, x: 3, y: 4, u: -2, v: -1 });
    const nodes = laidOut(
      ids.map((id) => box(id)),
      edges,
    );
    for (let i = 0; i < nodes.length; i++)
      for (let j = i + 1; j < nodes.length; j++)
        expect(overlap(nodes[i] as (typeof nodes)[number], nodes[j] as (typeof nodes)[number])).toBe(false);
  });

  it('places a "+N more" leaf next to its node, and a part the filters cut off still', () => {
    // m stands for the rest of a's upstream fan; a was pushed right by the diamond c → b → a.
    const ids = ['c', 'b', 'a', 'm', 'lone'];
    const edges: [string, string][] = [
      ['c', 'b'],
      ['b', 'a'],
      ['c', 'a'],
      ['m', 'a'],
    ];
    const col = columnsOf(ids, edges, 'c');
    expect(col.get('a')).toBe(2);
    expect(col.get('m')).toBe(1);
    expect(
      layered(
        ids.map((id) => box(id)),
        edges,
        'c',
      ).get('lone'),
    ).toBeDefined();
  });

  it('lays the same graph out the same way', () => {
    const { ids, edges } = tree(2, 4, 2, 5);
    const boxes = ids.map((id) => box(id));
    expect([...layered(boxes, edges, 'c')]).toEqual([...layered(boxes, edges, 'c')]);
  });
});

import { describe, expect, it } from 'vitest';
import { BadRequestError } from '../../src/errors/index.js';
import { parseKeepAlive, ScrollCache, WalkIndex, type Sized } from '../../src/services/lineage/walk-cache.js';
import {
  decodeScrollId,
  decodeScrollPosition,
  encodeScrollId,
  nextScrollId,
} from '../../src/services/scroll-id.js';
import { LineageTree, type LineageRow } from '../../src/store/index.js';

describe('lineage scroll ids', () => {
  it('carry the offset and, for a kept walk, its id; ids without one decode as before', () => {
    expect(decodeScrollPosition(encodeScrollId(40, 'walk_1-A'))).toEqual({ offset: 40, walk: 'walk_1-A' });
    expect(decodeScrollId(encodeScrollId(40, 'walk_1-A'))).toBe(40);
    expect(decodeScrollPosition(encodeScrollId(7))).toEqual({ offset: 7 });
    expect(decodeScrollPosition(undefined)).toEqual({ offset: 0 });
    expect(nextScrollId(0, 10, 25, 'w')).toBe(encodeScrollId(10, 'w'));
    expect(nextScrollId(20, 5, 25, 'w')).toBeUndefined();
    const id = (o: unknown): string => Buffer.from(JSON.stringify(o)).toString('base64url');
    for (const bad of [
      'x',
      id({ o: -1 }),
      id({ o: 2, w: 3 }),
      id({ o: 2, w: 'a/b' }),
      id({ o: 2, w: '' }),
      id(null),
    ])
      expect(() => decodeScrollPosition(bad)).toThrow(BadRequestError);
  });
});

describe('parseKeepAlive', () => {
  it("takes DataHub's time units, 5m by default", () => {
    expect(parseKeepAlive(undefined)).toBe(300_000);
    expect(parseKeepAlive(null)).toBe(300_000);
    expect(parseKeepAlive('30s')).toBe(30_000);
    expect(parseKeepAlive('1h')).toBe(3_600_000);
    expect(parseKeepAlive('250ms')).toBe(250);
    expect(parseKeepAlive('2d')).toBe(172_800_000);
    expect(parseKeepAlive('0s')).toBe(0);
    for (const bad of ['', '5', '5 m', '-1m', '1.5m', '1w', 'soon'])
      expect(() => parseKeepAlive(bad)).toThrow(BadRequestError);
  });
});

describe('WalkIndex over a LineageTree', () => {
  // s -> a -> c -> e; s -> b -> d; b -> x (a chart: filtered out of the hits) -> y; a -> f
  const rows: [string, string, string?][] = [
    ['a', 's'],
    ['b', 's'],
    ['c', 'a'],
    ['d', 'b'],
    ['x', 'b', 'chart'],
    ['f', 'a'],
    ['e', 'c'],
    ['y', 'x'],
  ];
  const depth: Record<string, number> = { s: 0 };
  const row = ([urn, parent, kind]: [string, string, string?]): LineageRow => {
    depth[urn] = (depth[parent] as number) + 1;
    return {
      urn,
      parent,
      entityType: kind ?? 'dataset',
      degree: depth[urn] as number,
      type: 'DownstreamOf',
      createdOn: null,
      createdActor: null,
      ghost: false,
    };
  };

  it('groups the hits by degree, and rebuilds each one its path from the parents', async () => {
    const tree = new LineageTree();
    tree.begin('s', { types: ['dataset'] });
    rows.forEach((r) => tree.add(row(r)));
    tree.end(false);
    const w = new WalkIndex(tree);
    await w.take();
    expect(w.complete).toBe(true);
    expect(w.levels).toEqual([1, 2, 3]);
    expect(w.urnsAtLevel(1)).toEqual(['c', 'd', 'f']);
    expect(w.allUrns()).toEqual(['a', 'b', 'c', 'd', 'f', 'e', 'y']);
    expect(w.hit('e')).toEqual({ urn: 'e', degree: 3, path: ['s', 'a', 'c', 'e'] });
    expect(w.hit('y')?.path).toEqual(['s', 'b', 'x', 'y']);
    expect(w.hits).toBe(7);
    expect(w.size).toBe(8); // x too: only on y's path
    expect(w.hit('x')).toBeUndefined();
    expect(w.hit('s')).toBeUndefined();
    expect(tree.hit(tree.position('x') as number)).toMatchObject({
      entityType: 'chart',
      path: ['s', 'b', 'x'],
    });
  });

  it('takes a level in as soon as the walk moves past it, before the walk ends', async () => {
    const tree = new LineageTree();
    tree.begin('s', {});
    const w = new WalkIndex(tree);
    let taken = false;
    const first = w.take(1).then(() => (taken = true));
    tree.add(row(rows[0] as [string, string]));
    tree.add(row(rows[1] as [string, string]));
    await new Promise((r) => setTimeout(r, 5));
    expect(taken).toBe(false); // degree 1 may still grow
    tree.add(row(rows[2] as [string, string]));
    await first;
    expect(w.levels).toEqual([1]);
    expect(w.urnsAtLevel(0)).toEqual(['a', 'b']);
    expect(w.complete).toBe(false);
    const rest = w.take();
    rows.slice(3).forEach((r) => tree.add(row(r)));
    tree.end(false);
    await rest;
    expect(w.levels).toEqual([1, 2, 3]);
    expect(w.complete).toBe(true);
  });

  it('takes a walk that came out of degree order all at once when it ends; a failed walk fails its takes', async () => {
    const tree = new LineageTree();
    tree.begin('s', {});
    const w = new WalkIndex(tree);
    const taking = w.take();
    tree.add(row(['a', 's']));
    tree.add(row(['c', 'a']));
    tree.add(row(['b', 's']));
    expect(tree.ordered).toBe(false);
    tree.end(false);
    await taking;
    expect(w.levels).toEqual([1, 2]);
    expect(w.urnsAtLevel(0)).toEqual(['a', 'b']);
    expect(w.complete).toBe(true);
    const failing = new LineageTree();
    failing.begin('s', {});
    const pending = new WalkIndex(failing).take();
    failing.fail(new Error('gone'));
    await expect(pending).rejects.toThrow('gone');
    const empty = new LineageTree();
    empty.end(false);
    const none = new WalkIndex(empty);
    await none.take();
    expect([none.levels, none.complete]).toEqual([[], true]);
  });
});

describe('ScrollCache', () => {
  class Walk implements Sized {
    constructor(public size: number) {}
  }
  const clock = (): { now: () => number; at: number } => {
    const c = { at: 1000, now: () => c.at };
    return c;
  };

  it('keeps at most maxWalks walks, the least recently used dropped first', () => {
    const c = new ScrollCache<Walk>({ maxWalks: 2, maxHits: 100, maxKeepAliveMs: 60_000 });
    const [a, b, d] = [new Walk(1), new Walk(2), new Walk(3)];
    expect(c.set('a', a, 1000)).toBe(true);
    expect(c.set('b', b, 1000)).toBe(true);
    expect(c.get('a', 1000)).toBe(a);
    expect(c.set('d', d, 1000)).toBe(true);
    expect(c.get('b', 1000)).toBeUndefined();
    expect(c.get('a', 1000)).toBe(a);
    expect(c.stats).toEqual({ walks: 2, hits: 4 });
  });

  it('keeps at most maxHits entities, counting what a walk read since; a walk larger than that is not kept', () => {
    const c = new ScrollCache<Walk>({ maxWalks: 10, maxHits: 100, maxKeepAliveMs: 60_000 });
    const [a, b] = [new Walk(40), new Walk(40)];
    c.set('a', a, 1000);
    c.set('b', b, 1000);
    expect(c.set('big', new Walk(101), 1000)).toBe(false);
    expect(c.stats).toEqual({ walks: 2, hits: 80 });
    b.size = 70;
    c.resized('b');
    expect(c.get('a', 1000)).toBeUndefined();
    expect(c.stats).toEqual({ walks: 1, hits: 70 });
    b.size = 120;
    c.resized('b');
    expect(c.stats).toEqual({ walks: 0, hits: 0 });
  });

  it('drops a walk whose keep-alive passed; each call renews it, up to the longest allowed', () => {
    const t = clock();
    const c = new ScrollCache<Walk>({ maxWalks: 10, maxHits: 100, maxKeepAliveMs: 5000 }, t.now);
    const a = new Walk(1);
    c.set('a', a, 1000);
    t.at += 900;
    expect(c.get('a', 1000)).toBe(a);
    t.at += 900;
    expect(c.get('a', 60_000)).toBe(a); // renewed for 5 s only
    t.at += 4999;
    expect(c.get('a', 1000)).toBe(a);
    t.at += 1000;
    expect(c.get('a', 1000)).toBeUndefined();
    expect(c.stats).toEqual({ walks: 0, hits: 0 });
    // Without a keep-alive: not kept; or served once and let go.
    expect(c.set('b', a, 0)).toBe(false);
    c.set('b', a, 1000);
    expect(c.get('b', 0)).toBe(a);
    expect(c.get('b', 1000)).toBeUndefined();
  });

  it('serves a walk only when `accept` takes it, leaving it as it was otherwise', () => {
    const c = new ScrollCache<Walk>({ maxWalks: 10, maxHits: 100, maxKeepAliveMs: 5000 });
    const a = new Walk(1);
    c.set('a', a, 1000);
    expect(c.get('a', 1000, () => false)).toBeUndefined();
    expect(c.get('a', 1000, (w) => w === a)).toBe(a);
    c.clear();
    expect(c.get('a', 1000)).toBeUndefined();
  });
});

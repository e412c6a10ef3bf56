import { describe, expect, it } from 'vitest';
import { BadRequestError } from '../../src/errors/index.js';
import { parseKeepAlive, ScrollCache, WalkIndex, type Sized } from '../../src/services/lineage-walk-cache.js';
import {
  decodeScrollId,
  decodeScrollPosition,
  encodeScrollId,
  nextScrollId,
} from '../../src/services/scroll-id.js';
import type { LineageHit } from '../../src/store/index.js';

const hit = (path: string[]): LineageHit => ({
  urn: path.at(-1) as string,
  entityType: 'dataset',
  degree: path.length - 1,
  path,
  type: 'DownstreamOf',
  createdOn: null,
  createdActor: null,
  ghost: false,
});

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

describe('WalkIndex', () => {
  // s -> a -> c -> e; s -> b -> d; b -> x (filtered out of the hits) -> y; a -> f
  const walk = [
    hit(['s', 'a']),
    hit(['s', 'b']),
    hit(['s', 'a', 'c']),
    hit(['s', 'b', 'd']),
    hit(['s', 'a', 'f']),
    hit(['s', 'a', 'c', 'e']),
    hit(['s', 'b', 'x', 'y']),
  ];

  it('groups the hits by degree and keeps each one its path, before and after compacting', () => {
    const w = new WalkIndex(walk);
    expect(w.levels).toEqual([1, 2, 3]);
    expect(w.urnsAtLevel(1)).toEqual(['c', 'd', 'f']);
    expect(w.allUrns()).toEqual(['a', 'b', 'c', 'd', 'f', 'e', 'y']);
    const paths = (): unknown[] => walk.map((h) => w.hit(h.urn));
    const expected = walk.map((h) => ({ urn: h.urn, degree: h.degree, path: h.path }));
    expect(paths()).toEqual(expected);
    expect(w.size).toBe(7);
    w.compact();
    expect(paths()).toEqual(expected);
    expect(w.size).toBe(9); // and the start, and x: only on y's path
    expect(w.hits).toBe(7);
    expect(w.hit('x')).toBeUndefined();
    expect(w.hit('s')).toBeUndefined();
  });

  it('groups hits given out of degree order, and keeps whole a path that does not fit the tree', () => {
    const odd = [
      hit(['s', 'a', 'c']),
      hit(['s', 'a']),
      { ...hit(['s', 'q', 'c2']), urn: 'c3' },
      hit(['s', 'b']),
    ];
    const w = new WalkIndex(odd);
    w.compact();
    expect(w.levels).toEqual([1, 2]);
    expect(w.urnsAtLevel(0)).toEqual(['a', 'b']);
    expect(w.hit('c')?.path).toEqual(['s', 'a', 'c']);
    expect(w.hit('c3')?.path).toEqual(['s', 'q', 'c2']);
    expect(new WalkIndex([]).levels).toEqual([]);
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

import { describe, expect, it } from 'vitest';
import { ResultCache } from '../../search-sync/embedded/result-cache.js';

/** A computation the test finishes by hand, on a clock the test moves. */
function harness(freshMs = 0): {
  cache: ResultCache<number>;
  clock: { t: number };
  calls: { version: number; resolve: (v: number) => void; reject: (e: unknown) => void }[];
  compute: (version: number) => () => Promise<number>;
  errors: unknown[];
} {
  const clock = { t: 0 };
  const errors: unknown[] = [];
  const cache = new ResultCache<number>({
    expensiveMs: 250,
    freshMs,
    staleMs: 10_000,
    refreshes: 1,
    max: 3,
    now: () => clock.t,
    onRefreshError: (e) => errors.push(e),
  });
  const calls: { version: number; resolve: (v: number) => void; reject: (e: unknown) => void }[] = [];
  const compute = (version: number) => () =>
    new Promise<number>((resolve, reject) => calls.push({ version, resolve, reject }));
  return { cache, clock, calls, compute, errors };
}

/** Key `k` at version 1 holds 100, which took 1 s to compute (an expensive value); the clock is 1 s on. */
async function expensiveAt1(
  h: Pick<ReturnType<typeof harness>, 'cache' | 'clock' | 'calls' | 'compute'>,
): Promise<void> {
  const first = h.cache.value('k', 1, h.compute(1));
  h.clock.t += 1_000;
  h.calls[0]?.resolve(100);
  await first;
}

const tick = (): Promise<void> => new Promise((r) => setImmediate(r));

describe('ResultCache', () => {
  it('shares one computation between concurrent askers of a version, and serves it after', async () => {
    const { cache, calls, compute } = harness();
    const a = cache.value('k', 1, compute(1));
    const b = cache.value('k', 1, compute(1));
    expect(calls).toHaveLength(1);
    calls[0]?.resolve(7);
    expect(await Promise.all([a, b])).toEqual([7, 7]);
    expect(await cache.value('k', 1, compute(1))).toBe(7);
    expect(calls).toHaveLength(1);
  });

  it('recomputes a cheap value at every new version: small counts are exact at once', async () => {
    const { cache, clock, calls, compute } = harness();
    const a = cache.value('k', 1, compute(1));
    clock.t += 10;
    calls[0]?.resolve(1);
    expect(await a).toBe(1);
    const b = cache.value('k', 2, compute(2));
    expect(calls).toHaveLength(2);
    calls[1]?.resolve(2);
    expect(await b).toBe(2);
    // An older computation still under way does not answer a newer version.
    const c = cache.value('k', 3, compute(3));
    const d = cache.value('k', 4, compute(4));
    expect(calls.map((c) => c.version)).toEqual([1, 2, 3, 4]);
    calls[3]?.resolve(4);
    calls[2]?.resolve(3);
    expect([await c, await d]).toEqual([3, 4]);
    // The later version stays: an older result landing after it does not replace it, and it answers
    // an asker that read an older version.
    expect(await cache.value('k', 4, compute(4))).toBe(4);
    expect(await cache.value('k', 3, compute(3))).toBe(4);
    expect(calls).toHaveLength(4);
  });

  it('serves an expensive value for a while at newer versions, with one refresh at a time', async () => {
    const { cache, clock, calls, compute } = harness();
    const first = cache.value('k', 1, compute(1));
    clock.t += 2_000;
    calls[0]?.resolve(100);
    expect(await first).toBe(100);
    // Version 2: the stale value at once, and one refresh begins.
    expect(await cache.value('k', 2, compute(2))).toBe(100);
    expect(await cache.value('k', 3, compute(3))).toBe(100);
    expect(calls.map((c) => c.version)).toEqual([1, 2]);
    // Another expensive key waits for the refresh slot: its stale value is served, no second refresh.
    const other = cache.value('o', 1, compute(1));
    clock.t += 300;
    calls[2]?.resolve(5);
    await other;
    expect(await cache.value('o', 2, compute(2))).toBe(5);
    expect(calls).toHaveLength(3);
    calls[1]?.resolve(101);
    await tick();
    // The refresh landed: version 2 is exact, version 3 is served the version 2 value and refreshes again.
    expect(await cache.value('k', 2, compute(2))).toBe(101);
    expect(await cache.value('k', 3, compute(3))).toBe(101);
    expect(calls.map((c) => c.version)).toEqual([1, 2, 1, 3]);
  });

  it('serves an expensive value unrefreshed while younger than freshMs, then refreshes it', async () => {
    const { cache, clock, calls, compute } = harness(5_000);
    await expensiveAt1({ cache, clock, calls, compute });
    expect(await cache.value('k', 2, compute(2))).toBe(100);
    clock.t += 3_900; // 4.9 s after the computation began
    expect(await cache.value('k', 3, compute(3))).toBe(100);
    expect(calls).toHaveLength(1);
    clock.t += 200;
    expect(await cache.value('k', 4, compute(4))).toBe(100);
    expect(calls.map((c) => c.version)).toEqual([1, 4]);
  });

  it('serves the expensive value while its refresh runs, however long the refresh has run', async () => {
    const { cache, clock, calls, compute } = harness();
    await expensiveAt1({ cache, clock, calls, compute });
    expect(await cache.value('k', 2, compute(2))).toBe(100);
    clock.t += 2_000;
    expect(await cache.value('k', 3, compute(3))).toBe(100);
    expect(calls.map((c) => c.version)).toEqual([1, 2]);
  });

  it('does not serve an expensive value older than staleMs: askers share the refresh, or compute', async () => {
    const { cache, clock, calls, compute } = harness();
    await expensiveAt1({ cache, clock, calls, compute });
    clock.t += 9_500; // 10.5 s after the first computation began
    const a = cache.value('k', 2, compute(2));
    const b = cache.value('k', 3, compute(3));
    expect(calls.map((c) => c.version)).toEqual([1, 2]);
    calls[1]?.resolve(102);
    expect([await a, await b]).toEqual([102, 102]);
  });

  it('shares a computation that has run longer than an expensive one, whatever its version', async () => {
    const { cache, clock, calls, compute } = harness();
    const a = cache.value('k', 1, compute(1));
    clock.t += 100;
    const b = cache.value('k', 2, compute(2)); // young: its own computation
    clock.t += 300;
    const c = cache.value('k', 3, compute(3)); // the version-2 computation has run 300 ms: shared
    expect(calls.map((x) => x.version)).toEqual([1, 2]);
    calls[0]?.resolve(1);
    calls[1]?.resolve(2);
    expect([await a, await b, await c]).toEqual([1, 2, 2]);
  });

  it('lets a failed computation fail its askers, and a failed refresh keep the stale value', async () => {
    const { cache, clock, calls, compute, errors } = harness();
    const a = cache.value('k', 1, compute(1));
    calls[0]?.reject(new Error('boom'));
    await expect(a).rejects.toThrow('boom');
    const b = cache.value('k', 1, compute(1));
    clock.t += 500;
    calls[1]?.resolve(9);
    expect(await b).toBe(9);
    expect(await cache.value('k', 2, compute(2))).toBe(9);
    calls[2]?.reject(new Error('deadline'));
    await tick();
    expect(errors).toHaveLength(1);
    expect(await cache.value('k', 3, compute(3))).toBe(9);
    expect(calls).toHaveLength(4);
  });

  it('drops the least recently used entries beyond max; peek and set', async () => {
    const { cache, calls, compute } = harness();
    for (const k of ['a', 'b', 'c']) cache.set(k, 1, k.length);
    await cache.value('a', 1, compute(1));
    cache.set('d', 1, 4);
    expect(cache.peek('b')).toBeUndefined();
    expect(cache.peek('a')).toBe(1);
    cache.set('a', 0, 99); // older than what is stored: ignored
    expect(cache.peek('a')).toBe(1);
    expect(calls).toHaveLength(0);
  });
});

import { describe, expect, it } from 'vitest';
import { chunks, halving, openHopBy, openSidesBy, type AskMany } from '../../web/src/lineage/hops.js';
import {
  addNeighbours,
  FAN,
  frontier,
  hidden,
  membersOf,
  start,
  type Direction,
  type Member,
} from '../../web/src/lineage/model.js';

// Opening the lineage page's hops over a whole frontier at once: a few requests of many URNs each, both
// sides side by side, the graph the same as node by node would make it.

const e = (urn: string, siblings?: Member['siblings']): Member => ({ urn, type: 'DATASET', siblings });

/** A lineage world: `downstream` edges; `ask` answers as the server would, and records each request. */
function world(downstream: [string, string][], siblings: Record<string, Member> = {}) {
  const of = (urn: string) => siblings[urn] ?? e(urn);
  const requests: { urns: readonly string[]; d: Direction }[] = [];
  const ask: AskMany<Member> = async (urns, d) => {
    requests.push({ urns, d });
    await new Promise((r) => setTimeout(r, 1));
    return new Map(
      urns.map((u) => {
        const all = downstream
          .filter(([a, b]) => (d === 'DOWNSTREAM' ? a === u : b === u))
          .map(([a, b]) => (d === 'DOWNSTREAM' ? b : a));
        return [
          u,
          { total: all.length, entities: all.slice(0, FAN).map((n) => ({ entity: of(n), siblings: [] })) },
        ];
      }),
    );
  };
  return { ask, requests };
}

/** A tree downstream of `root`: `hops` deep, `fan` wide. */
function fanOut(root: string, hops: number, fan: number): [string, string][] {
  if (!hops) return [];
  return Array.from({ length: fan }, (_, i) => `${root}.${i}`).flatMap((c) => [
    [root, c] as [string, string],
    ...fanOut(c, hops - 1, fan),
  ]);
}

describe('lineage hops', () => {
  it('cuts a list into runs', () => {
    expect(chunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunks([1, 2], 0)).toEqual([[1], [2]]);
    expect(chunks([], 3)).toEqual([]);
  });

  it('asks a whole frontier in requests of `chunk` URNs, and keeps each fan to FAN', async () => {
    const { ask, requests } = world(fanOut('c', 3, 5));
    let g = start(e('c'));
    for (let i = 0; i < 3; i++) g = await openHopBy(g, 'DOWNSTREAM', ask, 10);
    expect(g.nodes.size).toBe(1 + 5 + 25 + 125);
    // 1, then 5, then 25 URNs: one request, one, three of at most ten.
    expect(requests.map((r) => r.urns.length)).toEqual([1, 5, 10, 10, 5]);
    expect(frontier(g, 'DOWNSTREAM')).toHaveLength(125);

    const wide = world(fanOut('w', 1, FAN + 8));
    const w = await openHopBy(start(e('w')), 'DOWNSTREAM', wide.ask, 50);
    expect(hidden(w, 'w', 'DOWNSTREAM')).toBe(8);
  });

  it('makes the graph node-by-node expansion makes, both sides at once', async () => {
    const edges: [string, string][] = [['u2', 'u1'], ['u1', 'c'], ['u3', 'c'], ...fanOut('c', 2, 3)];
    const { ask } = world(edges);
    const g = await openSidesBy(start(e('c')), { up: 2, down: 2 }, ask, 2);
    // The same hops, one node at a time in the frontier's order.
    let h = start(e('c'));
    for (const [d, n] of [
      ['UPSTREAM', 2],
      ['DOWNSTREAM', 2],
    ] as const)
      for (let i = 0; i < n; i++)
        for (const id of frontier(h, d)) {
          const node = h.nodes.get(id);
          if (node) h = addNeighbours(h, id, d, [...(await ask(membersOf(node), d)).values()]);
        }
    expect([...g.nodes.keys()]).toEqual([...h.nodes.keys()]);
    expect([...g.edges]).toEqual([...h.edges]);
    expect([...g.fans]).toEqual([...h.fans]);
  });

  it('asks a request the server finds too costly again in halves, and passes other errors on', async () => {
    const { ask } = world(fanOut('c', 1, 5));
    const sizes: number[] = [];
    const limited: AskMany<Member> = async (urns, d) => {
      sizes.push(urns.length);
      if (urns.length > 2) throw new Error('costs too much (NEOHUB_GRAPHQL_MAX_COST)');
      return ask(urns, d);
    };
    const urns = ['c', 'c.0', 'c.1', 'c.2', 'x'];
    const answers = await halving(limited, (e) => String(e).includes('NEOHUB_GRAPHQL_MAX_COST'))(
      urns,
      'DOWNSTREAM',
    );
    expect([...answers.keys()].sort()).toEqual([...urns].sort());
    expect(answers.get('c')?.total).toBe(5);
    expect(sizes).toEqual([5, 3, 2, 2, 1]);
    const broken: AskMany<Member> = async () => {
      throw new Error('down');
    };
    await expect(halving(broken, () => false)(urns, 'UPSTREAM')).rejects.toThrow('down');
  });

  it('asks every member of a sibling group', async () => {
    const dbt = e('dbt', { isPrimary: true, siblings: [{ urn: 'table' }] });
    const table = e('table', { isPrimary: false, siblings: [{ urn: 'dbt' }] });
    const { ask, requests } = world([
      ['dbt', 'x'],
      ['table', 'y'],
    ]);
    const g = await openHopBy(start(dbt, [table]), 'DOWNSTREAM', ask, 50);
    expect(requests).toEqual([{ urns: ['dbt', 'table'], d: 'DOWNSTREAM' }]);
    expect([...g.nodes.keys()].sort()).toEqual(['dbt', 'x', 'y']);
  });
});

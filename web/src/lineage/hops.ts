import {
  addNeighbours,
  frontier,
  membersOf,
  type Direction,
  type Graph,
  type Group,
  type Member,
  type Neighbours,
} from './model.js';

// Opening hops over many nodes at once, as plain logic (the GraphQL is lineage-graph.ts; tested in
// test/unit/lineage-hops.test.ts): a hop's whole frontier is asked in a few requests of `chunk` URNs
// rather than one per node (71 round trips for 510 nodes became 3), and the two sides of the center open
// side by side, each a hop at a time.

/** Asks the first page of neighbours in a direction of each of `urns` (one request): by URN. */
export type AskMany<E extends Member> = (
  urns: readonly string[],
  d: Direction,
) => Promise<ReadonlyMap<string, Neighbours<E>>>;

/** What one hop found: each node's answers (one per member), in the frontier's order. */
export type HopAnswers<E extends Member> = readonly (readonly [string, readonly Neighbours<E>[]])[];

const NONE = { total: 0, entities: [] } as const;

/** `xs` in runs of at most `size` (at least 1). */
export function chunks<T>(xs: readonly T[], size: number): T[][] {
  const n = Math.max(1, Math.floor(size));
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += n) out.push(xs.slice(i, i + n));
  return out;
}

/**
 * `ask`, but a request the server refuses as too costly (`refused`: a lower cost limit than the chunk
 * was sized for) is asked again in halves, down to one URN.
 */
export function halving<E extends Member>(ask: AskMany<E>, refused: (e: unknown) => boolean): AskMany<E> {
  const asked: AskMany<E> = async (urns, d) => {
    try {
      return await ask(urns, d);
    } catch (e) {
      if (urns.length < 2 || !refused(e)) throw e;
      const half = Math.ceil(urns.length / 2);
      const parts = await Promise.all([asked(urns.slice(0, half), d), asked(urns.slice(half), d)]);
      return new Map(parts.flatMap((p) => [...p]));
    }
  };
  return asked;
}

/**
 * The answers of one hop in a direction: the members of every frontier node, `chunk` URNs a request,
 * `parallel` requests in flight. An URN the server does not answer for counts as no neighbours.
 */
export async function hopAnswers<E extends Member>(
  g: Graph<E>,
  d: Direction,
  ask: AskMany<E>,
  chunk: number,
  parallel = 3,
): Promise<HopAnswers<E>> {
  const ids = frontier(g, d);
  const members = ids.map((id) => membersOf(g.nodes.get(id) as Group<E>));
  const urns = [...new Set(members.flat())];
  const queue = chunks(urns, chunk);
  const found = new Map<string, Neighbours<E>>();
  const work = async () => {
    for (let part = queue.shift(); part !== undefined; part = queue.shift())
      for (const [urn, a] of await ask(part, d)) found.set(urn, a);
  };
  await Promise.all(Array.from({ length: Math.max(1, parallel) }, work));
  return ids.map((id, i) => [id, (members[i] as string[]).map((u) => found.get(u) ?? NONE)] as const);
}

/** The graph with one hop's answers added (in the frontier's order, so the same answers make the same graph). */
export function applyHop<E extends Member>(g: Graph<E>, d: Direction, answers: HopAnswers<E>): Graph<E> {
  let next = g;
  for (const [id, a] of answers) next = addNeighbours(next, id, d, a);
  return next;
}

/** The graph with one hop more in a direction. */
export async function openHopBy<E extends Member>(
  g: Graph<E>,
  d: Direction,
  ask: AskMany<E>,
  chunk: number,
): Promise<Graph<E>> {
  return applyHop(g, d, await hopAnswers(g, d, ask, chunk));
}

/**
 * The graph with `up` hops more upstream and `down` downstream, both sides at once: each side's hops in
 * turn (a hop's frontier is the last one's finds), then the upstream hops added and the downstream ones
 * after, as opening them one after the other would (but for a cycle through the center, whose far side
 * each walk then meets from its own side only).
 */
export async function openSidesBy<E extends Member>(
  g: Graph<E>,
  hops: { up: number; down: number },
  ask: AskMany<E>,
  chunk: number,
): Promise<Graph<E>> {
  const walk = async (d: Direction, n: number) => {
    const steps: HopAnswers<E>[] = [];
    let h = g;
    for (let i = 0; i < n; i++) {
      const step = await hopAnswers(h, d, ask, chunk);
      if (!step.length) break;
      steps.push(step);
      h = applyHop(h, d, step);
    }
    return steps;
  };
  const [up, down] = await Promise.all([walk('UPSTREAM', hops.up), walk('DOWNSTREAM', hops.down)]);
  let next = g;
  for (const step of up) next = applyHop(next, 'UPSTREAM', step);
  for (const step of down) next = applyHop(next, 'DOWNSTREAM', step);
  return next;
}

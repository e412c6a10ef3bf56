import type { ELK } from 'elkjs/lib/elk-api';
import { layered, type Box, type Positions } from './layered';

// Positions of the page's nodes, left (upstream) to right (downstream), each node with its own height (a
// dataset with its columns open is taller). Up to ELK_LIMIT nodes, ELK's layered layout (it crosses
// fewer edges, and takes 0.1–0.3 s there); above, our own (lineage/layered.ts): ELK took 0.8–2 s for the
// bench's 510 nodes (issue 38: 1.1 s of 4.4 s from navigation to drawn), ours a few milliseconds. ELK
// in a Web Worker would keep the page responsive, not make the graph appear sooner. ELK is loaded only
// when a graph needs it (its own chunk).

export type { Positions } from './layered';

/** The most nodes ELK lays out. */
export const ELK_LIMIT = 150;

let elk: Promise<ELK> | undefined;

const loadElk = () => (elk ??= import('elkjs/lib/elk.bundled.js').then(({ default: Elk }) => new Elk()));

/** Starts loading ELK (while the page fetches its graph), to have it when the graph is small. */
export const preloadElk = (): void => void loadElk().catch(() => (elk = undefined));

export async function layout(
  nodes: readonly Box[],
  edges: readonly [string, string][],
  center: string,
): Promise<Positions> {
  if (nodes.length > ELK_LIMIT) return layered(nodes, edges, center);
  const res = await (
    await loadElk()
  ).layout({
    id: 'root',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'RIGHT',
      'elk.layered.spacing.nodeNodeBetweenLayers': '70',
      'elk.spacing.nodeNode': '18',
    },
    children: nodes.map((n) => ({ ...n })),
    edges: edges.map(([from, to], i) => ({ id: `e${i}`, sources: [from], targets: [to] })),
  });
  return new Map((res.children ?? []).map((c) => [c.id, { x: c.x ?? 0, y: c.y ?? 0 }]));
}

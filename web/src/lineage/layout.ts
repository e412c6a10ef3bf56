import ELK from 'elkjs/lib/elk.bundled.js';

// Positions from ELK's layered layout, left (upstream) to right (downstream), each node with its own
// height (a dataset with its columns open is taller).

const elk = new ELK();

export type Positions = Map<string, { x: number; y: number }>;

export async function layout(
  nodes: readonly { id: string; width: number; height: number }[],
  edges: readonly [string, string][],
): Promise<Positions> {
  const res = await elk.layout({
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

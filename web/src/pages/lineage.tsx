import {
  Background,
  Controls,
  Handle,
  Position,
  ReactFlow,
  type Edge,
  type Node,
  type NodeProps,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import ELK from 'elkjs/lib/elk.bundled.js';
import { useEffect, useMemo, useState } from 'react';
import { gql } from '../api';
import { displayName, kindName, platformName, SUMMARY_FIELDS, type EntitySummary } from '../entity-names';
import { expand, frontier, hidden, isExpanded, type Direction, type Graph } from '../lineage-graph';
import { Link } from '../link';
import { entityPath, navigate } from '../router';
import { TableHead } from '../table-head';

const MAX_HOPS = 10;
const elk = new ELK();
const WIDTH = 230;
const HEIGHT = 64;

interface Card extends Record<string, unknown> {
  entity: EntitySummary;
  center: boolean;
  more: { up: number; down: number };
  canUp: boolean;
  canDown: boolean;
  onExpand: (urn: string, d: Direction) => void;
}

/** A node: the entity's name, kind and platform; buttons to open its neighbours each way. */
function EntityCard({ data }: NodeProps<Node<Card>>) {
  const e = data.entity;
  return (
    <div className={`lineage-node${data.center ? ' center' : ''}`}>
      <Handle type="target" position={Position.Left} />
      {data.canUp && (
        <button
          type="button"
          className="expand up"
          aria-label={`Open what feeds ${displayName(e)}`}
          onClick={() => data.onExpand(e.urn, 'UPSTREAM')}
        >
          +
        </button>
      )}
      <a
        href={entityPath(e.urn)}
        onClick={(ev) => (ev.preventDefault(), navigate(entityPath(e.urn)))}
        className="name"
      >
        {displayName(e)}
      </a>
      <span className="meta">
        {kindName(e.type)}
        {platformName(e) ? ` · ${platformName(e)}` : ''}
        {data.more.up + data.more.down > 0 ? ` · ${data.more.up + data.more.down} more` : ''}
      </span>
      {data.canDown && (
        <button
          type="button"
          className="expand down"
          aria-label={`Open what ${displayName(e)} feeds`}
          onClick={() => data.onExpand(e.urn, 'DOWNSTREAM')}
        >
          +
        </button>
      )}
      <Handle type="source" position={Position.Right} />
    </div>
  );
}
const NODE_TYPES = { entity: EntityCard };

/** Positions from ELK's layered layout, left (upstream) to right (downstream). */
async function layout(
  urns: string[],
  edges: [string, string][],
): Promise<Map<string, { x: number; y: number }>> {
  const res = await elk.layout({
    id: 'root',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'RIGHT',
      'elk.layered.spacing.nodeNodeBetweenLayers': '70',
      'elk.spacing.nodeNode': '18',
    },
    children: urns.map((id) => ({ id, width: WIDTH, height: HEIGHT })),
    edges: edges.map(([from, to], i) => ({ id: `e${i}`, sources: [from], targets: [to] })),
  });
  return new Map((res.children ?? []).map((c) => [c.id, { x: c.x ?? 0, y: c.y ?? 0 }]));
}

const CENTER = `query ($urn: String!) { entity(urn: $urn) { ${SUMMARY_FIELDS} } }`;

/**
 * An entity's lineage as an interactive graph: one hop each way to start, then node by node (its + buttons)
 * or hop by hop (up to 10), filtered by kind and platform; wide fans show their first neighbours and how
 * many more. Below it, the impact list: everything downstream with its degree, exportable as CSV.
 */
export default function Lineage({ urn }: { urn: string }) {
  const [graph, setGraph] = useState<Graph>();
  const [error, setError] = useState<string>();
  const [hops, setHops] = useState({ up: 1, down: 1 });
  const [hiddenKinds, setHiddenKinds] = useState<Set<string>>(new Set());
  const [hiddenPlatforms, setHiddenPlatforms] = useState<Set<string>>(new Set());
  const [positions, setPositions] = useState<Map<string, { x: number; y: number }>>();
  const fail = (e: Error) => setError(e.message);

  useEffect(() => {
    setGraph(undefined);
    setHops({ up: 1, down: 1 });
    (async () => {
      const center = (await gql<{ entity: EntitySummary | null }>(CENTER, { urn })).entity;
      if (!center) throw new Error(`No entity ${urn}`);
      let g: Graph = { center: urn, nodes: new Map([[urn, center]]), edges: new Set(), expanded: new Map() };
      g = await expand(g, urn, 'UPSTREAM');
      setGraph(await expand(g, urn, 'DOWNSTREAM'));
    })().catch(fail);
  }, [urn]);

  const onExpand = (node: string, d: Direction) => {
    if (graph) expand(graph, node, d).then(setGraph, fail);
  };
  const oneMoreHop = async (d: Direction) => {
    if (!graph) return;
    let g = graph;
    for (const node of frontier(g, d)) g = await expand(g, node, d);
    setGraph(g);
    setHops((h) => (d === 'UPSTREAM' ? { ...h, up: h.up + 1 } : { ...h, down: h.down + 1 }));
  };

  const shown = useMemo(() => {
    if (!graph) return undefined;
    const keep = (e: EntitySummary) =>
      e.urn === graph.center || (!hiddenKinds.has(e.type) && !hiddenPlatforms.has(platformName(e) ?? ''));
    const urns = [...graph.nodes.values()].filter(keep).map((e) => e.urn);
    const set = new Set(urns);
    const edges = [...graph.edges]
      .map((e) => e.split('\n') as [string, string])
      .filter(([a, b]) => set.has(a) && set.has(b));
    return { urns, edges };
  }, [graph, hiddenKinds, hiddenPlatforms]);

  useEffect(() => {
    if (shown) layout(shown.urns, shown.edges).then(setPositions, fail);
  }, [shown]);

  if (error)
    return (
      <p role="alert" className="error">
        {error}
      </p>
    );
  if (!graph || !shown || !positions) return <p aria-busy="true">Loading lineage…</p>;
  const nodes: Node<Card>[] = shown.urns.map((u) => ({
    id: u,
    type: 'entity',
    position: positions.get(u) ?? { x: 0, y: 0 },
    data: {
      entity: graph.nodes.get(u) as EntitySummary,
      center: u === graph.center,
      more: { up: hidden(graph, u, 'UPSTREAM'), down: hidden(graph, u, 'DOWNSTREAM') },
      canUp: !isExpanded(graph, u, 'UPSTREAM'),
      canDown: !isExpanded(graph, u, 'DOWNSTREAM'),
      onExpand,
    },
  }));
  const edges: Edge[] = shown.edges.map(([a, b]) => ({ id: `${a}\n${b}`, source: a, target: b }));
  const kinds = [...new Set([...graph.nodes.values()].map((e) => e.type))].sort();
  const platforms = [...new Set([...graph.nodes.values()].map((e) => platformName(e) ?? ''))]
    .filter(Boolean)
    .sort();
  const toggle = (set: Set<string>, value: string, update: (s: Set<string>) => void) => {
    const next = new Set(set);
    if (next.has(value)) next.delete(value);
    else next.add(value);
    update(next);
  };
  const center = graph.nodes.get(graph.center) as EntitySummary;
  return (
    <div className="lineage-page">
      <header className="lineage-bar">
        <h1>
          Lineage of <Link to={entityPath(center.urn)}>{displayName(center)}</Link>
        </h1>
        <span>
          {graph.nodes.size} entities · {hops.up} hop{hops.up === 1 ? '' : 's'} up, {hops.down} down
        </span>
        {(['UPSTREAM', 'DOWNSTREAM'] as const).map((d) => (
          <button
            key={d}
            type="button"
            disabled={(d === 'UPSTREAM' ? hops.up : hops.down) >= MAX_HOPS}
            onClick={() => oneMoreHop(d).catch(fail)}
          >
            One more hop {d.toLowerCase()}
          </button>
        ))}
      </header>
      <fieldset className="lineage-filters">
        <legend>Show</legend>
        {kinds.map((k) => (
          <label key={k}>
            <input
              type="checkbox"
              checked={!hiddenKinds.has(k)}
              onChange={() => toggle(hiddenKinds, k, setHiddenKinds)}
            />
            {kindName(k)}
          </label>
        ))}
        {platforms.map((p) => (
          <label key={p}>
            <input
              type="checkbox"
              checked={!hiddenPlatforms.has(p)}
              onChange={() => toggle(hiddenPlatforms, p, setHiddenPlatforms)}
            />
            {p}
          </label>
        ))}
      </fieldset>
      <div className="lineage-canvas" aria-label="Lineage graph">
        {/* Laid out again and fitted to the view whenever the shown entities change. */}
        <ReactFlow
          key={positions.size}
          nodes={nodes}
          edges={edges}
          nodeTypes={NODE_TYPES}
          fitView
          minZoom={0.1}
          nodesConnectable={false}
          proOptions={{ hideAttribution: true }}
        >
          <Background />
          <Controls showInteractive={false} />
        </ReactFlow>
      </div>
      <Impact urn={graph.center} />
    </div>
  );
}

interface ImpactRow {
  degree: number;
  entity: EntitySummary;
}
const IMPACT = `query ($urn: String!) {
  searchAcrossLineage(input: {urn: $urn, direction: DOWNSTREAM, query: "*", start: 0, count: 1000}) {
    total searchResults { degree entity { ${SUMMARY_FIELDS} } }
  }
}`;

/** Everything downstream with its degree (nearest first), filterable by name, exportable as CSV. */
function Impact({ urn }: { urn: string }) {
  const [rows, setRows] = useState<ImpactRow[]>();
  const [total, setTotal] = useState(0);
  const [filter, setFilter] = useState('');
  useEffect(() => {
    gql<{ searchAcrossLineage: { total: number; searchResults: ImpactRow[] } | null }>(IMPACT, { urn }).then(
      (d) => {
        setRows([...(d.searchAcrossLineage?.searchResults ?? [])].sort((a, b) => a.degree - b.degree));
        setTotal(d.searchAcrossLineage?.total ?? 0);
      },
      () => setRows([]),
    );
  }, [urn]);
  if (!rows) return null;
  const needle = filter.trim().toLowerCase();
  const shownRows = rows.filter(
    (r) => !needle || `${displayName(r.entity)} ${r.entity.urn}`.toLowerCase().includes(needle),
  );
  const csv = () => {
    const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;
    const lines = [
      'degree,name,type,platform,urn',
      ...shownRows.map((r) =>
        [
          String(r.degree),
          quote(displayName(r.entity)),
          r.entity.type,
          quote(platformName(r.entity) ?? ''),
          quote(r.entity.urn),
        ].join(','),
      ),
    ];
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([lines.join('\n')], { type: 'text/csv' }));
    a.download = 'impact.csv';
    a.click();
    URL.revokeObjectURL(a.href);
  };
  return (
    <section className="impact" aria-labelledby="impact">
      <h2 id="impact">Impact: {total.toLocaleString()} downstream</h2>
      <input
        aria-label="Filter the impact list"
        placeholder="Filter"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
      />
      <button type="button" className="quiet" onClick={csv}>
        Export CSV
      </button>
      <table>
        <TableHead columns={['Degree', 'Name', 'Type', 'Platform']} />
        <tbody>
          {shownRows.map((r) => (
            <tr key={r.entity.urn}>
              <td>{r.degree}</td>
              <td>
                <Link to={entityPath(r.entity.urn)}>{displayName(r.entity)}</Link>
              </td>
              <td>{kindName(r.entity.type)}</td>
              <td>{platformName(r.entity) ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

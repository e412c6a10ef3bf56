import { Background, Controls, Position, ReactFlow, type Edge, type Node } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert } from '../alert';
import { displayName, platformName } from '../entity-names';
import {
  columnsOf,
  expand,
  expandRest,
  fineGrainedOf,
  neighbourhood,
  openHop,
  type Direction,
  type LineageGraph,
} from '../lineage-graph';
import { columnEdges, columnKey, columnOf, trace, type FineGrainedLineage } from '../lineage/columns';
import { NODE_TYPES, platformsOf, type Card, type ColumnRow, type More } from '../lineage/entity-card';
import { Filters, passes, type Hidden } from '../lineage/filters';
import { Impact, impactOf, type ImpactRow } from '../lineage/impact';
import { layout, preloadElk, type Positions } from '../lineage/layout';
import type { Box } from '../lineage/layered';
import '../lineage/lineage.css';
import {
  hidden as hiddenCount,
  hopsOf,
  isExpanded,
  MAX_HOPS,
  membersOf,
  side,
  visible,
} from '../lineage/model';
import { Link } from '../link';
import { entityPath, lineagePath } from '../router';

const WIDTH = 230;
const HEIGHT = 64;
const ROW = 26;
const MORE = { width: 130, height: 40 };
/**
 * Nodes a first view fits whole. A larger neighbourhood (the bench's 510 nodes: specks at the smallest
 * zoom) opens on its center and first hops, readable, the rest a pan or a zoom away.
 */
const FIT_ALL = 60;
/** Nodes above which React Flow draws only those in view. */
const LARGE = 200;
/** The first view's smallest zoom, and the largest: a node at most its own size. */
const FIT_ZOOM = { minZoom: 0.2, maxZoom: 1 };

type Sizes = ReadonlyMap<string, Box>;

/** A short digest of a string (djb2): a React key for a layout of many nodes. */
function digest(s: string): string {
  let h = 5381;
  for (let i = 0; i < s.length; i++) h = (h * 33) ^ s.charCodeAt(i);
  return `${s.length}-${(h >>> 0).toString(36)}`;
}

/** A dataset's name from its URN, for a column on a dataset the graph does not show. */
const nameInUrn = (urn: string) => /^urn:li:dataset:\([^,]+,(.*),[^,]+\)$/.exec(urn)?.[1] ?? urn;

/**
 * An entity's lineage as an interactive graph: the hops its address asks (`?up=N&down=M`, 1 each way
 * unless given, up to 10), then node by node (a node's + buttons, up to 10 hops from the center) or hop
 * by hop; siblings as one node, wide fans as their first 12 neighbours and a "+N more" node; a dataset's
 * columns, one chosen drawing its column-level lineage; filters by kind and platform. Below it, the
 * impact list.
 *
 * Sized for 500 nodes drawn within a second (issue 38's bench): each hop's frontier is a few GraphQL
 * requests, both sides at once (lineage/hops.ts); up to 150 nodes ELK lays the graph out, above our
 * own layered layout in columns by hops (lineage/layered.ts: a few milliseconds where ELK took about a
 * second; ELK in a Web Worker would only have kept the page responsive meanwhile); above 200 React Flow
 * draws only the nodes in view, told their sizes, and a large graph opens on its center's first hops.
 */
export default function Lineage({ urn }: { urn: string }) {
  const wanted = hopsOf(location.search);
  const [graph, setGraph] = useState<LineageGraph>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [hops, setHops] = useState(wanted);
  const loaded = useRef<string>();
  const [filters, setFilters] = useState<Hidden>({ kinds: new Set(), platforms: new Set() });
  const [columns, setColumns] = useState<ReadonlyMap<string, string[]>>(new Map());
  const [chosen, setChosen] = useState<string>();
  const [fine, setFine] = useState<ReadonlyMap<string, FineGrainedLineage[]>>(new Map());
  const [impact, setImpact] = useState<{ total: number; rows: ImpactRow[] }>();
  const [laidOut, setLaidOut] = useState<{ positions: Positions; sizes: Sizes; view: string }>();
  const fail = (e: Error) => setError(e.message);

  // The graph of the address: rebuilt when the entity or the hops asked change (not when this page
  // itself wrote them into the address, one hop more at a time).
  useEffect(() => {
    const want = `${urn}?${wanted.up}/${wanted.down}`;
    if (loaded.current === want) return;
    loaded.current = want;
    let current = true;
    setGraph(undefined);
    setError(undefined);
    setChosen(undefined);
    setColumns(new Map());
    setHops(wanted);
    preloadElk();
    neighbourhood(urn, wanted).then(
      (g) => current && setGraph(g),
      (e: Error) => current && fail(e),
    );
    return () => {
      current = false;
    };
  }, [urn, wanted.up, wanted.down]);

  // The impact list, asked once the graph has come (the graph first: the server's work for the list, a
  // walk of everything downstream, slowed the graph's requests beside it).
  const ready = graph !== undefined;
  useEffect(() => {
    if (!ready) return;
    let current = true;
    setImpact(undefined);
    impactOf(urn).then(
      (i) => current && setImpact(i),
      () => current && setImpact({ total: 0, rows: [] }),
    );
    return () => {
      current = false;
    };
  }, [urn, ready]);

  const run = (step: (g: LineageGraph) => Promise<LineageGraph>) => {
    if (!graph || busy) return;
    setBusy(true);
    step(graph)
      .then(setGraph, fail)
      .finally(() => setBusy(false));
  };
  const onExpand = (id: string, d: Direction) => run((g) => expand(g, id, d));
  const onMore = (id: string, d: Direction) => run((g) => expandRest(g, id, d));
  const oneMoreHop = (d: Direction) => {
    const next = d === 'UPSTREAM' ? { ...hops, up: hops.up + 1 } : { ...hops, down: hops.down + 1 };
    run(async (g) => {
      const opened = await openHop(g, d);
      // The address carries the hops opened, so that the view can be shared.
      loaded.current = `${urn}?${next.up}/${next.down}`;
      history.replaceState(null, '', `${lineagePath(urn)}?up=${next.up}&down=${next.down}`);
      setHops(next);
      return opened;
    });
  };
  const onColumns = (id: string) => {
    const node = graph?.nodes.get(id);
    if (!node) return;
    const dataset = node.primary.urn;
    if (columns.has(dataset)) {
      const next = new Map(columns);
      next.delete(dataset);
      setColumns(next);
      return;
    }
    columnsOf(dataset).then((paths) => setColumns((c) => new Map(c).set(dataset, paths)), fail);
  };
  const onChoose = (key: string) => setChosen((c) => (c === key ? undefined : key));

  // The column-level lineage of every dataset shown, asked once a column is chosen (and for datasets
  // the graph gains after).
  useEffect(() => {
    if (!graph || !chosen) return;
    const missing = [...graph.nodes.values()]
      .flatMap(membersOf)
      .filter((u) => u.startsWith('urn:li:dataset:') && !fine.has(u));
    if (missing.length) fineGrainedOf(missing).then((f) => setFine((old) => new Map([...old, ...f])), fail);
  }, [graph, chosen, fine]);

  const traced = useMemo(
    () => (chosen ? trace(columnEdges(fine.values()), chosen) : undefined),
    [chosen, fine],
  );

  // Each node's distance from the center on either side: a node MAX_HOPS away opens no further that way.
  const reach = useMemo(
    () => graph && { UPSTREAM: side(graph, 'UPSTREAM'), DOWNSTREAM: side(graph, 'DOWNSTREAM') },
    [graph],
  );

  const shown = useMemo(() => {
    if (!graph) return undefined;
    const { ids, edges } = visible(graph, (n) => passes(filters, n.primary.type, platformsOf(n)));
    // Each node's column rows: its open columns, then the columns on the chosen one's lineage.
    const rows = new Map<string, ColumnRow[]>();
    for (const id of ids) {
      const node = graph.nodes.get(id);
      if (!node) continue;
      const members = new Set(membersOf(node));
      const list: ColumnRow[] = [];
      const state = (key: string) =>
        key === chosen ? 'chosen' : traced?.columns.has(key) ? 'traced' : 'plain';
      for (const path of columns.get(node.primary.urn) ?? []) {
        const key = columnKey({ urn: node.primary.urn, path });
        list.push({ key, path, state: state(key) });
      }
      for (const key of traced?.columns ?? [])
        if (members.has(columnOf(key).urn) && !list.some((r) => r.key === key))
          list.push({ key, path: columnOf(key).path, state: state(key) });
      rows.set(id, list);
    }
    // The "+N more" nodes of wide fans.
    const more: { id: string; of: string; d: Direction; count: number }[] = [];
    for (const id of ids)
      for (const d of ['UPSTREAM', 'DOWNSTREAM'] as const) {
        const count = hiddenCount(graph, id, d);
        if (count > 0) more.push({ id: `more|${id}|${d}`, of: id, d, count });
      }
    // What the first view fits: everything, or in a large neighbourhood the center and its first hops.
    const all = ids.length + more.length;
    const near = new Set([graph.center]);
    if (all > FIT_ALL) {
      for (const [a, b] of edges)
        if (a === graph.center || b === graph.center) near.add(a === graph.center ? b : a);
      for (const m of more) if (m.of === graph.center) near.add(m.id);
    }
    const fit = all > FIT_ALL ? [...near].map((id) => ({ id })) : undefined;
    return { ids, edges, rows, more, fit };
  }, [graph, filters, columns, traced, chosen]);

  useEffect(() => {
    if (!shown) return;
    let current = true;
    const sizes = [
      ...shown.ids.map((id) => {
        const n = shown.rows.get(id)?.length ?? 0;
        return {
          id,
          width: WIDTH,
          height: HEIGHT + (graph?.nodes.get(id)?.primary.type === 'DATASET' ? 22 : 0) + n * ROW,
        };
      }),
      ...shown.more.map((m) => ({ id: m.id, ...MORE })),
    ];
    const edges: [string, string][] = [
      ...shown.edges,
      ...shown.more.map((m): [string, string] => (m.d === 'DOWNSTREAM' ? [m.of, m.id] : [m.id, m.of])),
    ];
    // Marks for the bench: the time to lay out and draw a neighbourhood is measured from the first.
    performance.mark('neohub:lineage-layout-start', { detail: sizes.length });
    layout(sizes, edges, graph?.center ?? '').then((p) => {
      performance.mark('neohub:lineage-layout-end', { detail: sizes.length });
      // The view is fitted again when the nodes or their sizes change, once they have their places.
      if (current)
        setLaidOut({
          positions: p,
          sizes: new Map(sizes.map((n) => [n.id, n])),
          view: digest(sizes.map((n) => `${n.id}:${n.height}`).join('|')),
        });
    }, fail);
    return () => {
      current = false;
    };
  }, [shown]);

  if (error) return <Alert error={error} />;
  if (!graph || !shown || !laidOut) return <p aria-busy="true">Loading lineage…</p>;

  const { positions } = laidOut;
  const at = (id: string) => positions.get(id) ?? { x: 0, y: 0 };
  const large = shown.ids.length > LARGE;
  /**
   * In a large graph, a node without column rows comes with the size it was laid out with and its two
   * handles: React Flow then fits the view and draws only the nodes in it at once, rather than drawing
   * all of them first to measure them (half a second for 510). A node drawn is measured as usual.
   */
  const premeasured = (id: string, rows: number) => {
    const size = laidOut.sizes.get(id);
    if (!large || rows || !size) return {};
    const { width, height } = size;
    const handle = { y: height / 2 - 3, width: 6, height: 6 };
    return {
      measured: { width, height },
      handles: [
        { ...handle, type: 'target' as const, position: Position.Left, x: -3 },
        { ...handle, type: 'source' as const, position: Position.Right, x: width - 3 },
      ],
    };
  };
  const canOpen = (id: string, d: Direction) =>
    !isExpanded(graph, id, d) && (reach?.[d].get(id) ?? 0) < MAX_HOPS;
  const nodes: Node[] = [
    ...shown.ids
      .filter((id) => positions.has(id))
      .map((id): Node<Card> => ({
        id,
        type: 'entity',
        position: at(id),
        ...premeasured(id, shown.rows.get(id)?.length ?? 0),
        data: {
          group: graph.nodes.get(id) as Card['group'],
          center: id === graph.center,
          canUp: canOpen(id, 'UPSTREAM'),
          canDown: canOpen(id, 'DOWNSTREAM'),
          hasColumns: graph.nodes.get(id)?.primary.type === 'DATASET',
          columnsOpen: columns.has(graph.nodes.get(id)?.primary.urn ?? ''),
          rows: shown.rows.get(id) ?? [],
          onExpand,
          onColumns,
          onChoose,
        },
      })),
    ...shown.more
      .filter((m) => positions.has(m.id))
      .map((m): Node<More> => ({
        id: m.id,
        type: 'more',
        position: at(m.id),
        ...premeasured(m.id, 0),
        data: {
          of: m.of,
          name: displayName(graph.nodes.get(m.of)?.primary ?? { urn: m.of, type: '' }),
          direction: m.d,
          count: m.count,
          onMore,
        },
      })),
  ];
  // Where each column row is: its node and its handles.
  const handles = new Map<string, { node: string; index: number }>();
  for (const [id, rows] of shown.rows) rows.forEach((r, index) => handles.set(r.key, { node: id, index }));
  const columnLinks: Edge[] = [...(traced?.edges ?? [])].flatMap((e) => {
    const [from, to] = e.split('\n') as [string, string];
    const a = handles.get(from);
    const b = handles.get(to);
    if (!a || !b || a.node === b.node) return [];
    return [
      {
        id: `column|${e}`,
        source: a.node,
        target: b.node,
        sourceHandle: `out-${a.index}`,
        targetHandle: `in-${b.index}`,
        className: 'column-edge',
        zIndex: 1,
      },
    ];
  });
  const edges: Edge[] = [
    ...shown.edges.map(([a, b]) => ({
      id: `${a}\n${b}`,
      source: a,
      target: b,
      className: chosen ? 'dim' : '',
    })),
    ...shown.more.map((m) =>
      m.d === 'DOWNSTREAM'
        ? { id: m.id, source: m.of, target: m.id, className: 'more-edge' }
        : { id: m.id, source: m.id, target: m.of, className: 'more-edge' },
    ),
    ...columnLinks,
  ];

  const everything = [...graph.nodes.values()].flatMap((n) => [n.primary, ...n.others]);
  const impactEntities = impact?.rows.map((r) => r.entity) ?? [];
  const kinds = [...new Set([...everything, ...impactEntities].map((e) => e.type))].sort();
  const platforms = [
    ...new Set(
      [...everything, ...impactEntities].map((e) => platformName(e)).filter((p): p is string => !!p),
    ),
  ].sort();
  const center = graph.nodes.get(graph.center)?.primary as Card['group']['primary'];
  const label = (key: string) => {
    const { urn: dataset, path } = columnOf(key);
    const node = graph.nodes.get(graph.groupOf.get(dataset) ?? '');
    const member = node && [node.primary, ...node.others].find((e) => e.urn === dataset);
    return `${member ? displayName(member) : nameInUrn(dataset)}.${path}`;
  };
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
            disabled={busy || (d === 'UPSTREAM' ? hops.up : hops.down) >= MAX_HOPS}
            onClick={() => oneMoreHop(d)}
          >
            One more hop {d.toLowerCase()}
          </button>
        ))}
      </header>
      <Filters kinds={kinds} platforms={platforms} hidden={filters} onChange={setFilters} />
      <div
        className="lineage-canvas"
        role="figure"
        aria-label="Lineage graph"
        aria-busy={busy}
        data-nodes={shown.ids.length + shown.more.length}
      >
        <ReactFlow
          key={laidOut.view}
          nodes={nodes}
          edges={edges}
          nodeTypes={NODE_TYPES}
          fitView
          fitViewOptions={{ ...FIT_ZOOM, nodes: shown.fit }}
          minZoom={0.05}
          nodesConnectable={false}
          onlyRenderVisibleElements={large}
          proOptions={{ hideAttribution: true }}
        >
          <Background />
          <Controls showInteractive={false} />
        </ReactFlow>
      </div>
      {chosen && traced && (
        <section className="column-trace" aria-labelledby="column-trace">
          <h2 id="column-trace">Column lineage of {label(chosen)}</h2>
          {traced.edges.size === 0 ? (
            <p>No column-level lineage is recorded for this column.</p>
          ) : (
            <ul>
              {[...traced.edges].map((e) => {
                const [from, to] = e.split('\n') as [string, string];
                return <li key={e}>{`${label(from)} → ${label(to)}`}</li>;
              })}
            </ul>
          )}
          <button type="button" className="quiet" onClick={() => setChosen(undefined)}>
            Clear the column
          </button>
        </section>
      )}
      {impact && (
        <Impact
          total={impact.total}
          rows={impact.rows}
          hidden={filters}
          fileName={`impact-${displayName(center).replace(/[^\w.-]+/g, '_')}.csv`}
        />
      )}
    </div>
  );
}

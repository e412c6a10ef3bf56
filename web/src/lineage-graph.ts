import { gql } from './api';
import { SUMMARY_FIELDS, type EntitySummary } from './entity-names';
import type { ColumnRef, FineGrainedLineage } from './lineage/columns';
import {
  addNeighbours,
  FAN,
  frontier,
  membersOf,
  start,
  type Direction,
  type Graph,
  type Member,
  type Neighbours,
} from './lineage/model';

// The lineage page's GraphQL: one query per node and direction (`lineage`, a page of FAN neighbours, the
// rest on demand), hop by hop over the frontier, a few at a time; a dataset's columns and the
// column-level lineage (`fineGrainedLineages`) of the datasets shown. The graph itself is lineage/model.ts.

export type { Direction } from './lineage/model';

/** An entity as the lineage page shows it: its summary, and its siblings (to group them on one node). */
export type LineageEntity = EntitySummary & Member;
export type LineageGraph = Graph<LineageEntity>;

/** A fan's rest, opened by its "+N more" node: enough for any fan a person reads node by node. */
const REST = 500;
/** GraphQL calls in flight at once while a hop opens. */
const PARALLEL = 6;

const SIBLING_FIELDS = `urn type ... on Dataset { name platform { name properties { displayName } } properties { name description } }`;
const LINEAGE_FIELDS = `${SUMMARY_FIELDS}
  ... on Dataset { siblings { isPrimary siblings { ${SIBLING_FIELDS} } } }`;
const KINDS = ['Dataset', 'Chart', 'Dashboard', 'DataJob', 'DataFlow', 'MLModel'];
const NEIGHBOURS = `query ($urn: String!, $direction: LineageDirection!, $start: Int!, $count: Int!) {
  entity(urn: $urn) {
    urn
    ${KINDS.map(
      (k) => `... on ${k} { lineage(input: {direction: $direction, start: $start, count: $count}) {
      total relationships { entity { ${LINEAGE_FIELDS} } } } }`,
    ).join('\n')}
  }
}`;
const CENTER = `query ($urn: String!) { entity(urn: $urn) { ${LINEAGE_FIELDS} } }`;
const COLUMNS = `query ($urn: String!) { dataset(urn: $urn) { schemaMetadata { fields { fieldPath } } } }`;
const FINE_GRAINED = `query ($urns: [String!]!) {
  entities(urns: $urns) { urn ... on Dataset { fineGrainedLineages { upstreams { urn path } downstreams { urn path } } } }
}`;

interface Answer {
  entity: {
    lineage?: { total?: number | null; relationships: { entity: LineageEntity | null }[] } | null;
  } | null;
}

/** The summaries of an entity's siblings, as the grouping needs them. */
const siblingsOf = (e: LineageEntity): LineageEntity[] =>
  (e.siblings?.siblings ?? []).filter((s): s is LineageEntity => s !== null);

async function neighbours(urn: string, d: Direction, from: number, count: number) {
  const data = await gql<Answer>(NEIGHBOURS, { urn, direction: d, start: from, count });
  const lineage = data.entity?.lineage;
  const entities = (lineage?.relationships ?? [])
    .map((r) => r.entity)
    .filter((e): e is LineageEntity => e !== null)
    .map((entity) => ({ entity, siblings: siblingsOf(entity) }));
  return { total: lineage?.total ?? entities.length, entities } satisfies Neighbours<LineageEntity>;
}

/** The graph of one entity, its sibling group as one node. */
export async function centerGraph(urn: string): Promise<LineageGraph> {
  const center = (await gql<{ entity: LineageEntity | null }>(CENTER, { urn })).entity;
  if (!center) throw new Error(`No entity ${urn}`);
  return start(center, siblingsOf(center));
}

/** The graph with a node's first FAN neighbours in a direction (those of each of its siblings). */
export async function expand(g: LineageGraph, id: string, d: Direction): Promise<LineageGraph> {
  const node = g.nodes.get(id);
  if (!node) return g;
  const answers = await Promise.all(membersOf(node).map((u) => neighbours(u, d, 0, FAN)));
  return addNeighbours(g, id, d, answers);
}

/** The graph with the rest of a wide fan (what its "+N more" node stood for). */
export async function expandRest(g: LineageGraph, id: string, d: Direction): Promise<LineageGraph> {
  const node = g.nodes.get(id);
  if (!node) return g;
  const answers = await Promise.all(membersOf(node).map((u) => neighbours(u, d, FAN, REST)));
  return addNeighbours(g, id, d, answers, true);
}

/** The graph with one hop more in a direction: every node of its frontier expanded, a few at a time. */
export async function openHop(g: LineageGraph, d: Direction): Promise<LineageGraph> {
  const queue = frontier(g, d);
  const answers = new Map<string, Neighbours<LineageEntity>[]>();
  const work = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      const node = g.nodes.get(id);
      if (node) answers.set(id, await Promise.all(membersOf(node).map((u) => neighbours(u, d, 0, FAN))));
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, work));
  let next = g;
  for (const [id, a] of answers) next = addNeighbours(next, id, d, a);
  return next;
}

/** A dataset's column paths, in schema order. */
export async function columnsOf(urn: string): Promise<string[]> {
  const data = await gql<{ dataset: { schemaMetadata?: { fields: { fieldPath: string }[] } | null } | null }>(
    COLUMNS,
    { urn },
  );
  return (data.dataset?.schemaMetadata?.fields ?? []).map((f) => f.fieldPath);
}

/** The column-level lineage stored on each of the datasets (by URN; empty for other kinds). */
export async function fineGrainedOf(urns: readonly string[]): Promise<Map<string, FineGrainedLineage[]>> {
  const found = new Map<string, FineGrainedLineage[]>();
  for (let i = 0; i < urns.length; i += 100) {
    const data = await gql<{
      entities: ({ urn: string; fineGrainedLineages?: FineGrainedLineage[] | null } | null)[];
    }>(FINE_GRAINED, { urns: urns.slice(i, i + 100) });
    for (const e of data.entities) if (e) found.set(e.urn, e.fineGrainedLineages ?? []);
  }
  for (const u of urns) if (!found.has(u)) found.set(u, []);
  return found;
}

export type { ColumnRef };

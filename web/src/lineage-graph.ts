import { gql } from './api';
import { SUMMARY_FIELDS, type EntitySummary } from './entity-names';
import type { ColumnRef, FineGrainedLineage } from './lineage/columns';
import { halving, openHopBy, openSidesBy } from './lineage/hops';
import {
  addNeighbours,
  FAN,
  membersOf,
  start,
  type Direction,
  type Graph,
  type Group,
  type Member,
  type Neighbours,
} from './lineage/model';

// The lineage page's GraphQL: a hop's whole frontier in a few requests (`entities(urns:)`, each with
// its first page of FAN neighbours in the direction, the rest on demand), both sides of the center at
// once, the center's own first hops with its summary; a dataset's columns and the column-level lineage
// (`fineGrainedLineages`) of the datasets shown. The graph itself is lineage/model.ts, the hops'
// batching lineage/hops.ts.

export type { Direction } from './lineage/model';

/** An entity as the lineage page shows it: its summary, and its siblings (to group them on one node). */
export type LineageEntity = EntitySummary & Member;
export type LineageGraph = Graph<LineageEntity>;

/** A fan's rest, opened by its "+N more" node: enough for any fan a person reads node by node. */
const REST = 500;
/**
 * URNs whose neighbours one request asks. Each weighs about 2,350 in the server's cost model (a lineage
 * walk, 2,000, and its page of FAN summaries: 50 cost 117,400, 70 are refused), so 50 stay under the
 * default limit (NEOHUB_GRAPHQL_MAX_COST, 150,000); a server with a lower limit refuses the request and
 * its halves are asked instead. Chunks of 10, 17 and 50 drew the bench's 510 nodes as fast.
 */
const CHUNK = 50;

const SIBLING_FIELDS = `urn type ... on Dataset { name platform { name properties { displayName } } properties { name description } }`;
const LINEAGE_FIELDS = `${SUMMARY_FIELDS}
  ... on Dataset { siblings { isPrimary siblings { ${SIBLING_FIELDS} } } }`;
const KINDS = ['Dataset', 'Chart', 'Dashboard', 'DataJob', 'DataFlow', 'MLModel'];
const PAGE = `{ total relationships { entity { ${LINEAGE_FIELDS} } } }`;
/** `fields` (a lineage page or two) on every kind that has lineage. */
const onKinds = (fields: string) => KINDS.map((k) => `... on ${k} { ${fields} }`).join('\n');
const NEIGHBOURS = `query ($urn: String!, $direction: LineageDirection!, $start: Int!, $count: Int!) {
  entity(urn: $urn) {
    urn
    ${onKinds(`lineage(input: {direction: $direction, start: $start, count: $count}) ${PAGE}`)}
  }
}`;
const MANY = `query ($urns: [String!]!, $direction: LineageDirection!, $count: Int!) {
  entities(urns: $urns) {
    urn
    ${onKinds(`lineage(input: {direction: $direction, start: 0, count: $count}) ${PAGE}`)}
  }
}`;
/** The center's summary, and its first page of neighbours each way asked (`up`, `down`). */
const center = (up: boolean, down: boolean) => {
  const pages = [
    up ? `up: lineage(input: {direction: UPSTREAM, start: 0, count: $count}) ${PAGE}` : '',
    down ? `down: lineage(input: {direction: DOWNSTREAM, start: 0, count: $count}) ${PAGE}` : '',
  ].join('\n');
  return `query ($urn: String!, $count: Int!) { entity(urn: $urn) { ${LINEAGE_FIELDS} ${up || down ? onKinds(pages) : ''} } }`;
};
const COLUMNS = `query ($urn: String!) { dataset(urn: $urn) { schemaMetadata { fields { fieldPath } } } }`;
const FINE_GRAINED = `query ($urns: [String!]!) {
  entities(urns: $urns) { urn ... on Dataset { fineGrainedLineages { upstreams { urn path } downstreams { urn path } } } }
}`;

/** A page of an entity's lineage, as the server answers it. */
type Page = { total?: number | null; relationships: { entity: LineageEntity | null }[] } | null;

/** The summaries of an entity's siblings, as the grouping needs them. */
const siblingsOf = (e: LineageEntity): LineageEntity[] =>
  (e.siblings?.siblings ?? []).filter((s): s is LineageEntity => s !== null);

function neighboursIn(lineage: Page | undefined): Neighbours<LineageEntity> {
  const entities = (lineage?.relationships ?? [])
    .map((r) => r.entity)
    .filter((e): e is LineageEntity => e !== null)
    .map((entity) => ({ entity, siblings: siblingsOf(entity) }));
  return { total: lineage?.total ?? entities.length, entities };
}

async function neighbours(urn: string, d: Direction, from: number, count: number) {
  const data = await gql<{ entity: { lineage?: Page } | null }>(NEIGHBOURS, {
    urn,
    direction: d,
    start: from,
    count,
  });
  return neighboursIn(data.entity?.lineage);
}

/** Whether the server refused a request as too costly (NEOHUB_GRAPHQL_MAX_COST). */
const tooCostly = (e: unknown) => e instanceof Error && e.message.includes('NEOHUB_GRAPHQL_MAX_COST');

/** The first page of neighbours in a direction of each of `urns`, in one request (in halves if refused). */
const many = halving<LineageEntity>(async (urns, d) => {
  const data = await gql<{ entities: ({ urn: string; lineage?: Page } | null)[] | null }>(MANY, {
    urns,
    direction: d,
    count: FAN,
  });
  return new Map(
    (data.entities ?? []).flatMap((e) => (e ? [[e.urn, neighboursIn(e.lineage)] as const] : [])),
  );
}, tooCostly);

/**
 * The neighbourhood an address asks: the center (its sibling group as one node) with `up` hops
 * upstream and `down` downstream. The center's summary comes with its own first hops; each further
 * hop is its frontier's few requests, both sides at once.
 */
export async function neighbourhood(urn: string, hops: { up: number; down: number }): Promise<LineageGraph> {
  const data = await gql<{ entity: (LineageEntity & { up?: Page; down?: Page }) | null }>(
    center(hops.up > 0, hops.down > 0),
    { urn, count: FAN },
  );
  if (!data.entity) throw new Error(`No entity ${urn}`);
  const { up, down, ...entity } = data.entity;
  let g = start<LineageEntity>(entity, siblingsOf(entity));
  const members = membersOf(g.nodes.get(g.center) as Group<LineageEntity>);
  const others = members.filter((u) => u !== entity.urn);
  for (const [d, own, wanted] of [
    ['UPSTREAM', up, hops.up],
    ['DOWNSTREAM', down, hops.down],
  ] as const) {
    if (!wanted) continue;
    const rest = others.length ? await many(others, d) : new Map<string, Neighbours<LineageEntity>>();
    const answers = members.map((u) =>
      u === entity.urn ? neighboursIn(own) : (rest.get(u) ?? { total: 0, entities: [] }),
    );
    g = addNeighbours(g, g.center, d, answers);
  }
  return openSidesBy(g, { up: Math.max(0, hops.up - 1), down: Math.max(0, hops.down - 1) }, many, CHUNK);
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

/** The graph with one hop more in a direction: its whole frontier in a few requests. */
export const openHop = (g: LineageGraph, d: Direction): Promise<LineageGraph> => openHopBy(g, d, many, CHUNK);

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

import { getNamedType, isListType, isNonNullType, type GraphQLField, type GraphQLOutputType } from 'graphql';
import type { CostModel } from '../graphql-limits/index.js';
import { getOwn } from '../json/index.js';

/**
 * Weights are in the unit of both GraphQL endpoints: about 10 µs of the server's work on the bench
 * machine (2 cores), so that the default NEOHUB_GRAPHQL_MAX_COST (150,000) is about a second at most
 * (docs/decisions/0039, measured by bench/cost-limits.ts).
 */

/** What a list of the explorer returns without `limit` (the `@limit` default of the type definitions). */
export const EXPLORER_DEFAULT_LIMIT = 100;
/**
 * Work of a root field: each is its own Cypher statement, translated and run in a transaction of its
 * own (1.1–1.5 ms a root field, measured over 200 aliases of `datasets(limit: 1) { urn }`).
 */
export const ROOT_QUERY_WEIGHT = 200;
/**
 * Work of a root field that reads the nodes of its label rather than the ones its URNs pick: a `where`
 * on anything but the URN (`eq`, `in`), a `sort`, an `offset`, or a connection (which collects what it
 * pages): 7–9 ms a root field over 22,000 datasets, 18–25 ms over the 23,000 nodes of `AnyEntity`, a
 * connection or a sort; aggregates 12–14 ms. It grows with the catalog: lower NEOHUB_GRAPHQL_MAX_COST
 * for a much larger one.
 */
export const SCAN_WEIGHT = 2500;
/**
 * Work of a total count beyond its statement's scan (a root connection weighs SCAN_WEIGHT already; a
 * relationship's connection counts one node's neighbours). An `aggregate` (min, max, longest... of a
 * property) reads every node it aggregates: SCAN_WEIGHT.
 */
const AGGREGATE_WEIGHT = 100;
/** The fan-out a relationship filter (`some`, `all`, `none`, `single`) is assumed to test per node. */
const FILTER_FANOUT = 100;
const QUANTIFIERS = new Set(['some', 'all', 'none', 'single']);
const ROOT_TYPES = new Set(['Query']);

/** How deeply relationship filters nest in a `where` value (each level tests the neighbours of the last). */
function quantifierDepth(where: unknown): number {
  if (Array.isArray(where)) return Math.max(0, ...where.map(quantifierDepth));
  if (typeof where !== 'object' || where === null) return 0;
  return Math.max(
    0,
    ...Object.entries(where).map(([k, v]) => (QUANTIFIERS.has(k) ? 1 : 0) + quantifierDepth(v)),
  );
}

const LOGICAL = new Set(['AND', 'OR', 'NOT']);

/**
 * How deeply logical operators (`AND`, `OR`, `NOT`) nest in a `where` value. Each level is a clause the
 * library translates and the planner weighs for every node: 200 levels of `NOT` took 3 s, 500 over a
 * minute. Walked with a stack of its own (the value may be deep).
 */
function logicalDepth(where: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[where, 0]];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [node, depth] = next;
    deepest = Math.max(deepest, depth);
    if (Array.isArray(node)) for (const v of node) stack.push([v, depth]);
    else if (typeof node === 'object' && node !== null)
      for (const [k, v] of Object.entries(node)) stack.push([v, depth + (LOGICAL.has(k) ? 1 : 0)]);
  }
  return deepest;
}

/** How many nodes a `where` on the unique `urn` lets through (`eq`: 1, `in`: its length); else undefined. */
function urnsSelected(where: unknown): number | undefined {
  const urn = typeof where === 'object' && where !== null ? getOwn(where, 'urn') : undefined;
  if (typeof urn !== 'object' || urn === null) return undefined;
  if (typeof getOwn(urn, 'eq') === 'string') return 1;
  const list = getOwn(urn, 'in');
  return Array.isArray(list) ? list.length : undefined;
}

const isEmptyWhere = (where: unknown): boolean =>
  where === undefined ||
  where === null ||
  (typeof where === 'object' && !Array.isArray(where) && Object.keys(where).length === 0);

const isConnection = (type: GraphQLOutputType): boolean => getNamedType(type).name.endsWith('Connection');

/**
 * Whether a root field reads past the nodes it returns: a `where` that does not pick URNs, a `sort`, an
 * `offset`, or a connection that no URN picks. (A plain `limit` stops at the first nodes of the label.)
 */
function scans(field: GraphQLField<unknown, unknown>, args: Readonly<Record<string, unknown>>): boolean {
  const where = getOwn(args, 'where');
  const sort = getOwn(args, 'sort');
  const offset = getOwn(args, 'offset');
  const picks = urnsSelected(where) !== undefined;
  return (
    (!isEmptyWhere(where) && !picks) ||
    (isConnection(field.type) && !picks) ||
    (Array.isArray(sort) ? sort.length > 0 : sort !== undefined && sort !== null) ||
    (typeof offset === 'number' && offset > 0)
  );
}

const returnsList = (type: GraphQLOutputType): boolean =>
  isListType(isNonNullType(type) ? type.ofType : type);

/**
 * The cost model of the graph explorer (@neo4j/graphql): a list field (a top-level query or a traversal)
 * resolves its selection once per node it may return: its `limit` (or a connection's `first`) or the
 * `@limit` default, fewer when its `where` picks URNs (`urn: {eq}` or `urn: {in}`). A root field weighs
 * its own statement (ROOT_QUERY_WEIGHT) and, when it reads its label rather than picked URNs (a filter,
 * a sort, an offset, a connection), a scan (SCAN_WEIGHT, once more per level of relationship filters).
 * Aggregates weigh a scan, total counts AGGREGATE_WEIGHT, and relationship filters of a `where` the
 * neighbours they test, FILTER_FANOUT per level of nesting. A connection's page size multiplies its
 * `edges`; its counts, aggregates and `pageInfo` are resolved once.
 */
export const explorerCostModel: CostModel = {
  size(parent, field, args) {
    const paged = returnsList(field.type) || isConnection(field.type);
    // A connection's `edges` are its page: the connection's `first` counts them.
    if (!paged || parent.endsWith('Connection')) return 1;
    const asked = getOwn(args, 'limit') ?? getOwn(args, 'first');
    const page = typeof asked === 'number' && Number.isFinite(asked) ? asked : EXPLORER_DEFAULT_LIMIT;
    return Math.min(page, urnsSelected(getOwn(args, 'where')) ?? page);
  },
  weight(parent, field, args) {
    const where = getOwn(args, 'where');
    const depth = quantifierDepth(where);
    // Logical operators nested past a few levels weigh a scan each (what nobody writes by hand).
    const filters = (depth ? FILTER_FANOUT ** depth : 0) + SCAN_WEIGHT * Math.max(0, logicalDepth(where) - 4);
    if (field.name === 'aggregate' && getNamedType(field.type).name.endsWith('Aggregate')) return SCAN_WEIGHT;
    if (field.name.endsWith('Aggregate') || field.name === 'totalCount') return AGGREGATE_WEIGHT;
    if (!ROOT_TYPES.has(parent)) return 1 + filters;
    return ROOT_QUERY_WEIGHT + (scans(field, args) ? SCAN_WEIGHT * (1 + depth) : 0) + filters;
  },
  once(parent, field) {
    return parent.endsWith('Connection') && field.name !== 'edges';
  },
};

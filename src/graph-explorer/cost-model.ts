import { getNamedType, isListType, isNonNullType, type GraphQLOutputType } from 'graphql';
import type { CostModel } from '../graphql-limits/index.js';
import { getOwn } from '../json/index.js';

/** What a list of the explorer returns without `limit` (the `@limit` default of the type definitions). */
export const EXPLORER_DEFAULT_LIMIT = 100;
/** Work of an aggregate or a total count (a scan of what the filter selects), in fields' worth. */
const AGGREGATE_WEIGHT = 100;
/** The fan-out a relationship filter (`some`, `all`, `none`, `single`) is assumed to test per node. */
const FILTER_FANOUT = 100;
const QUANTIFIERS = new Set(['some', 'all', 'none', 'single']);

/** How deeply relationship filters nest in a `where` value (each level tests the neighbours of the last). */
function quantifierDepth(where: unknown): number {
  if (Array.isArray(where)) return Math.max(0, ...where.map(quantifierDepth));
  if (typeof where !== 'object' || where === null) return 0;
  return Math.max(
    0,
    ...Object.entries(where).map(([k, v]) => (QUANTIFIERS.has(k) ? 1 : 0) + quantifierDepth(v)),
  );
}

/** How many nodes a `where` on the unique `urn` lets through (`eq`: 1, `in`: its length); else undefined. */
function urnsSelected(where: unknown): number | undefined {
  const urn = typeof where === 'object' && where !== null ? getOwn(where, 'urn') : undefined;
  if (typeof urn !== 'object' || urn === null) return undefined;
  if (typeof getOwn(urn, 'eq') === 'string') return 1;
  const list = getOwn(urn, 'in');
  return Array.isArray(list) ? list.length : undefined;
}

const returnsList = (type: GraphQLOutputType): boolean =>
  isListType(isNonNullType(type) ? type.ofType : type);

/**
 * The cost model of the graph explorer (@neo4j/graphql): a list field (a top-level query or a traversal)
 * resolves its selection once per node it may return: its `limit` (or a connection's `first`) or the
 * `@limit` default, fewer when its `where` picks URNs (`urn: {eq}` or `urn: {in}`); aggregates and total counts weigh a scan, and relationship filters of a `where`
 * weigh the neighbours they test, FILTER_FANOUT per level of nesting.
 */
export const explorerCostModel: CostModel = {
  size(_parent, field, args) {
    const paged = returnsList(field.type) || getNamedType(field.type).name.endsWith('Connection');
    if (!paged) return 1;
    const asked = getOwn(args, 'limit') ?? getOwn(args, 'first');
    const page = typeof asked === 'number' && Number.isFinite(asked) ? asked : EXPLORER_DEFAULT_LIMIT;
    return Math.min(page, urnsSelected(getOwn(args, 'where')) ?? page);
  },
  weight(_parent, field, args) {
    const own = field.name.endsWith('Aggregate') || field.name === 'totalCount' ? AGGREGATE_WEIGHT : 1;
    const depth = quantifierDepth(getOwn(args, 'where'));
    return own + (depth ? FILTER_FANOUT ** depth : 0);
  },
};

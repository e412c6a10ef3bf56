import { getNamedType, isInputObjectType, type GraphQLField } from 'graphql';
import type { CostModel } from '../graphql-limits/index.js';
import { getOwn, isJsonObject, lookup } from '../json/index.js';

/**
 * The page size a paged field uses when the request names none: the one table the resolvers read their
 * defaults from, and the cost model too.
 */
export const DEFAULT_PAGE = Object.freeze({
  searchAcrossEntities: 10,
  scrollAcrossEntities: 10,
  searchAcrossLineage: 10,
  scrollAcrossLineage: 10,
  autoComplete: 10,
  autoCompleteForMultiple: 10,
  browseV2: 20,
  listAccessTokens: 20,
  listTests: 20,
  relationships: 100,
  lineage: 100,
});

/** A paged field the table does not name is assumed to return this many. */
const OTHER_PAGE = 100;

/** Work of one search or scroll (a full-text query with its facets), in fields' worth. */
export const SEARCH_WEIGHT = 1000;
/** Work of one autocomplete query (a full-text query too), per entity type it asks. */
export const AUTOCOMPLETE_WEIGHT = SEARCH_WEIGHT;
/** Work of one hop of a lineage walk. */
export const LINEAGE_HOP_WEIGHT = 200;
/** Entity types autoCompleteForMultiple asks when none is named. */
const ALL_TYPES = 15;

const PAGE_ARGS = ['count', 'limit', 'first'] as const;

/** The page size a request asks in a field's arguments or in its `input`, if any. */
function askedPage(args: Readonly<Record<string, unknown>>): number | undefined {
  const input = getOwn(args, 'input');
  for (const from of [args, isJsonObject(input) ? input : {}])
    for (const name of PAGE_ARGS) {
      const v = getOwn(from, name);
      if (typeof v === 'number' && Number.isFinite(v)) return v;
    }
  return undefined;
}

/** Whether a field takes a page size (directly or in its input). */
function isPaged(field: GraphQLField<unknown, unknown>): boolean {
  return field.args.some((a) => {
    if ((PAGE_ARGS as readonly string[]).includes(a.name)) return true;
    const named = getNamedType(a.type);
    return (
      a.name === 'input' &&
      isInputObjectType(named) &&
      PAGE_ARGS.some((p) => Object.hasOwn(named.getFields(), p))
    );
  });
}

const inputOf = (args: Readonly<Record<string, unknown>>): Record<string, unknown> => {
  const input = getOwn(args, 'input');
  return isJsonObject(input) ? input : {};
};

/**
 * The cost model of DataHub's GraphQL API: a paged field resolves its selection once per element of its
 * page; searches and scrolls weigh SEARCH_WEIGHT, autocompletes AUTOCOMPLETE_WEIGHT per entity type,
 * lineage walks LINEAGE_HOP_WEIGHT per hop they may take (`lineageHops` when the request names none).
 */
export function datahubCostModel(opts: {
  readonly lineageHops: number;
  readonly maxHops: number;
}): CostModel {
  const hops = (args: Readonly<Record<string, unknown>>, fallback: number): number => {
    const asked = getOwn(inputOf(args), 'maxHops');
    return Math.min(opts.maxHops, typeof asked === 'number' && asked > 0 ? asked : fallback);
  };
  return {
    size(_parent, field, args) {
      if (field.name === 'entities' && Array.isArray(getOwn(args, 'urns')))
        return (getOwn(args, 'urns') as unknown[]).length;
      if (!isPaged(field)) return 1;
      return askedPage(args) ?? lookup<number>(DEFAULT_PAGE, field.name) ?? OTHER_PAGE;
    },
    weight(_parent, field, args) {
      if (!field.args.length) return 1; // a result's own fields (e.g. `relationships` of a page)
      switch (field.name) {
        case 'searchAcrossEntities':
        case 'scrollAcrossEntities':
        case 'aggregateAcrossEntities':
          return SEARCH_WEIGHT;
        case 'browseV2':
          return 2 * SEARCH_WEIGHT;
        case 'autoComplete':
          return AUTOCOMPLETE_WEIGHT;
        case 'autoCompleteForMultiple': {
          const types = getOwn(inputOf(args), 'types');
          return AUTOCOMPLETE_WEIGHT * (Array.isArray(types) && types.length ? types.length : ALL_TYPES);
        }
        case 'searchAcrossLineage':
        case 'scrollAcrossLineage':
          return SEARCH_WEIGHT + LINEAGE_HOP_WEIGHT * opts.maxHops;
        case 'lineage':
          return LINEAGE_HOP_WEIGHT * hops(args, opts.lineageHops);
        case 'relationships':
          return 10;
        default:
          return 1;
      }
    },
  };
}

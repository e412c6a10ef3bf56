import { BadRequestError } from '../../src/errors/index.js';
import {
  type Criterion,
  criterionValues,
  exactMatch,
  SP_FIELD,
  type SearchField,
  type SearchQuery,
  type SortCriterion,
  withExtra,
} from '../model/index.js';
import { isDefaultText, listProp, TEXT_TYPES, textProp } from './fields.js';
import { filterPredicate } from './filters.js';
import { keyClauses } from './key-clauses.js';
import { textQuery } from './lucene.js';
import type { ViewFilter } from './facet-views.js';

/** Above this many matches, a page of a query without text is read in URN order from the URN index. */
export const SCAN_IN_URN_ORDER = 1000;

/** The fields a free-text search looks in: text properties, and the boosted ones with their boosts. */
export interface TextFields {
  readonly props: readonly string[];
  readonly boosted: readonly { prop: string; boost: number }[];
}

/** What a plan is made from: the index's fields, its full-text index, the text fields of some kinds. */
export interface PlanContext {
  readonly fields: ReadonlyMap<string, SearchField>;
  /** The name of the full-text index. */
  readonly fullTextIndex: string;
  /** The fields a free-text search of these kinds (all when none are named) looks in. */
  textFields(types: readonly string[]): TextFields;
}

/**
 * A search, worked out before any statement runs: what it matches and with which parameters, how its
 * page is read, and what is counted over its matches. Made by `planSearch` alone; the index runs it.
 */
export interface SearchPlan {
  /** The query's text, trimmed; and the exact field match it is, if it is one (`tags:PII`). */
  readonly input: string;
  readonly exact: Criterion | undefined;
  /** The index fields the query may name: the registry's, with the query's extra fields. */
  readonly fields: ReadonlyMap<string, SearchField>;
  /** Whether hits rank by their full-text score (the query has words to look for). */
  readonly text: boolean;
  /** Whether the search is within a list of URNs (`$urns`). */
  readonly within: boolean;
  /**
   * The start of every statement of the search: yields its matches as `d`, each with a `score`. With
   * `params` it is also the key of the cached counts.
   */
  readonly match: string;
  readonly params: Readonly<Record<string, unknown>>;
  /** The parameters of a page statement: the match's, one row more than the page, the sort's fields. */
  readonly pageParams: Readonly<Record<string, unknown>>;
  readonly start: number;
  readonly count: number;
  /** The facet fields to count over the matches (none: only their total is counted). */
  readonly facets: readonly string[];
  /**
   * The entity types (none: all) when the search matches every live document of them (no text, filter,
   * URN list or soft-deleted ones): its facets and total can be read from the kept counts.
   */
  readonly matchAll: readonly string[] | undefined;
  /**
   * The filter, when the search matches every live document of its types that holds one value of one
   * counted text or URN field (no text, URN list, other criterion or soft-deleted ones): the filter's
   * view can answer its facets and total (`facet-views.ts`). `types` are the search's.
   */
  readonly single: (ViewFilter & { readonly types: readonly string[] }) | undefined;
  /** How the page is read. */
  readonly page: PagePlan;
}

/**
 * - `withinUrns`: a search within a list of URNs without text, sort or facets (a lineage level), its total
 *   and page in one statement (`searchWithinUrns`); `whole` documents are read for an exact match (the
 *   values it matched are reported).
 * - `paged`: the page and the counts in statements of their own. `ranked` is the page by sort or score,
 *   which does not depend on the total; otherwise the page is in URN order, read over the match
 *   (`byUrn`) or, for a large match set, straight off the URN index (`scan`; not within URNs).
 */
export type PagePlan =
  | { readonly kind: 'withinUrns'; readonly whole: boolean }
  | {
      readonly kind: 'paged';
      readonly ranked: string | undefined;
      readonly byUrn: string;
      readonly scan: string | undefined;
    };

/** The plan of a search: no I/O, the same query and context giving the same plan. */
export function planSearch(q: SearchQuery, ctx: PlanContext): SearchPlan {
  const params: Record<string, unknown> = {
    types: q.types,
    includeRemoved: q.includeRemoved === true,
    start: q.start,
  };
  const input = q.input.trim();
  const exact = exactMatch(input, ctx.fields);
  const groups = exact ? (q.filters.length ? q.filters.map((g) => [...g, exact]) : [[exact]]) : q.filters;
  const fields = withExtra(ctx.fields, q.extraFields);
  let where = matchPredicate(q.types, groups, params, q.includeRemoved === true, fields);
  const searched = exact || input === '' || input === '*' ? undefined : ctx.textFields(q.types);
  const text = searched && textQuery(input, searched.props, searched.boosted);
  const narrowing = keyClauses(groups, fields);
  const lucene = [text, narrowing].filter(Boolean).join(' AND ') || undefined;
  const within = q.urns !== undefined;
  if (within) params.urns = q.urns;
  let match: string;
  if (lucene && !(within && !text)) {
    params.index = ctx.fullTextIndex;
    params.lucene = lucene;
    if (within) where = `d.urn IN $urns AND ${where}`;
    match = `CALL db.index.fulltext.queryNodes($index, $lucene) YIELD node AS d, score WHERE d:SearchDocument AND ${where}`;
  } else if (within) {
    match = `UNWIND $urns AS u MATCH (d:SearchDocument {urn: u}) WHERE ${where} WITH d, 1.0 AS score`;
  } else {
    match = `MATCH (d:SearchDocument) WHERE ${where} WITH d, 1.0 AS score`;
  }
  // Sort parameters go to the page alone: the cache keys of totals and facets stay those of the match.
  // The page reads one row more than it returns: whether more matches follow, whatever the total says.
  const pageParams: Record<string, unknown> = { ...params, count: q.count + 1 };
  const order = sortOrder(q.sort ?? [], pageParams, fields);
  const facets = q.facets ?? [];
  const matchAll = !lucene && !within && !groups.length && q.includeRemoved !== true ? q.types : undefined;
  const filter = !text && !within && q.includeRemoved !== true ? singleFilter(groups, fields) : undefined;
  const single = filter && { ...filter, types: q.types };
  const base = {
    ...{ input, exact, fields, text: !!text, within, match, params, pageParams, facets },
    ...{ matchAll, single },
  };
  const at = { start: q.start, count: q.count };
  if (within && !text && !order && !facets.length)
    return { ...base, ...at, page: { kind: 'withinUrns', whole: exact !== undefined } };
  const page = (orderBy: string): string =>
    `${match} RETURN properties(d) AS props, score ORDER BY ${orderBy} SKIP $start LIMIT $count`;
  // A sort whose first field is the URN (unique: the rest never breaks a tie) over a match that scores
  // every document 1.0 is a page in URN order, one way or the other, read like the unsorted one: as a
  // sorted page, it read and sorted every match (a label scan and a sort of 1,000,000 documents, 20 s).
  const urnSort = !lucene && !within ? urnDirection(q.sort ?? []) : undefined;
  const urnOrder = urnSort === 'DESC' ? 'd.urn DESC' : 'd.urn';
  return {
    ...base,
    ...at,
    page: {
      kind: 'paged',
      ranked: order && !urnSort ? page(`${order}, d.urn`) : text ? page('score DESC, d.urn') : undefined,
      byUrn: page(urnOrder),
      // Without text, a large match set is paged straight off the URN index (read in its order, either
      // way, it stops at the page); both plans answer the same.
      scan: within
        ? undefined
        : `MATCH (d:SearchDocument) USING INDEX d:SearchDocument(urn) WHERE d.urn >= '' AND ${where}
           RETURN properties(d) AS props, 1.0 AS score ORDER BY ${urnOrder} SKIP $start LIMIT $count`,
    },
  };
}

/** The direction of a sort whose first field is the URN; undefined for any other sort, or none. */
function urnDirection(sort: readonly SortCriterion[]): 'ASC' | 'DESC' | undefined {
  const first = sort[0];
  if (!first || first.field.replace(/\.keyword$/, '') !== 'urn') return undefined;
  return first.order === 'DESCENDING' ? 'DESC' : 'ASC';
}

const NUMERIC = new Set(['COUNT', 'DATETIME', 'DOUBLE']);

/**
 * The filter of a view when the groups are one criterion, EQUAL to one value, of a counted (filterable)
 * text or URN field of the index; undefined otherwise.
 */
export function singleFilter(
  groups: readonly (readonly Criterion[])[],
  fields: ReadonlyMap<string, SearchField>,
): ViewFilter | undefined {
  const only = groups.length === 1 && groups[0]?.length === 1 ? groups[0][0] : undefined;
  if (!only || only.negated) return undefined;
  const condition = only.condition ?? 'EQUAL';
  const name = only.field.replace(/\.keyword$/, '');
  const field = fields.get(name);
  const values = criterionValues(only);
  if ((condition !== 'EQUAL' && condition !== 'IN') || values.length !== 1) return undefined;
  if (!field?.filterable || name.startsWith(SP_FIELD) || NUMERIC.has(field.type) || field.type === 'BOOLEAN')
    return undefined;
  const value = String(values[0]);
  // Narrowed through the full-text index (`keyClauses`), a match holds the value itself: the whole URN
  // of a bare id of a URN field. Otherwise the filter alone decides (a bare id also matches the end of
  // any URN).
  if (!keyClauses([[only]], fields)) return { prop: listProp(name), value, urn: field.type === 'URN' };
  const whole =
    field.type === 'URN' && !value.startsWith('urn:') ? `urn:li:${field.urnEntityType}:${value}` : value;
  return { prop: listProp(name), value: whole, urn: false };
}

/** The page statement in URN order for a match set of `total` matches. */
export function urnOrderPage(page: PagePlan & { kind: 'paged' }, total: number): string {
  return total > SCAN_IN_URN_ORDER && page.scan ? page.scan : page.byUrn;
}

/**
 * Whether the page's statement can be chosen from a total counted earlier (of any index version): a
 * page in URN order over the whole index, whose plan only needs to know whether the match set is large.
 */
export function asksKnownTotal(p: SearchPlan): boolean {
  return p.page.kind === 'paged' && p.page.ranked === undefined && !p.within;
}

/**
 * The page statement that can be read beside the counts, before the total is known: a sorted or ranked
 * page, or one in URN order within URNs or when a total of the match is `known`; none for an empty page.
 */
export function earlyPage(p: SearchPlan, known: number | undefined): string | undefined {
  if (p.count === 0 || p.page.kind !== 'paged') return undefined;
  if (p.page.ranked) return p.page.ranked;
  return p.within || known !== undefined ? urnOrderPage(p.page, known ?? 0) : undefined;
}

/**
 * The predicate every query shares: entity types, no soft-deleted entities, the filters. The types are
 * `$types` (set from `types`), or `typesExpr` when a statement names them per row.
 */
export function matchPredicate(
  types: readonly string[],
  groups: SearchQuery['filters'],
  params: Record<string, unknown>,
  includeRemoved: boolean,
  fields: ReadonlyMap<string, SearchField>,
  typesExpr = '$types',
): string {
  if (typesExpr === '$types') params.types = types;
  params.includeRemoved = includeRemoved;
  // Known types and live documents are written as plain conditions (the parameters stay set): put as a
  // condition on the parameters (`size($types) = 0 OR …`), Neo4j's plan, made once for every value,
  // could not seek the (entityType, removed) index and scanned every document (1,000,000 for a page of
  // 500 users).
  const typed =
    typesExpr !== '$types'
      ? `(size(${typesExpr}) = 0 OR d.entityType IN ${typesExpr})`
      : types.length
        ? 'd.entityType IN $types'
        : 'true';
  const live = includeRemoved ? 'true' : 'd.removed = false';
  return `${typed} AND ${live} AND ${filterPredicate(groups, fields, params)}`;
}

/** ORDER BY terms of a sort (fields checked against the index fields; names are parameters). */
export function sortOrder(
  sort: readonly SortCriterion[],
  params: Record<string, unknown>,
  fields: ReadonlyMap<string, SearchField>,
): string | undefined {
  if (!sort.length) return undefined;
  return sort
    .map((s, i) => {
      const name = s.field.replace(/\.keyword$/, '');
      const dir = s.order === 'DESCENDING' ? 'DESC' : 'ASC';
      if (name === 'urn' || name === 'entityType' || name === '_entityType')
        return `d.${name === 'urn' ? 'urn' : 'entityType'} ${dir}`;
      if (!fields.has(name)) throw new BadRequestError(`Unknown sort field "${s.field}"`);
      params[`sp${i}`] = listProp(name);
      return `d[$sp${i}][0] ${dir}`;
    })
    .join(', ');
}

const boostedOf = (fields: readonly SearchField[]): { prop: string; boost: number }[] =>
  fields
    .filter((f) => f.queryByDefault && TEXT_TYPES.has(f.type) && f.boost > 1)
    .map((f) => ({ prop: textProp(f.name), boost: f.boost }));

/**
 * A plan context over the index's fields: `textProps` are the full-text index's text properties, and
 * `kindFields` the index fields each kind can hold. The text fields of each set of kinds are worked out
 * once (a search of every kind computed them per call).
 */
export function planContext(
  fields: ReadonlyMap<string, SearchField>,
  fullText: { readonly name: string; readonly textProps: readonly string[] },
  kindFields: ReadonlyMap<string, ReadonlySet<string>>,
): PlanContext {
  const all: TextFields = { props: fullText.textProps, boosted: boostedOf([...fields.values()]) };
  const known = new Map<string, TextFields>();
  return {
    fields,
    fullTextIndex: fullText.name,
    textFields(types: readonly string[]): TextFields {
      const key = types.join(',');
      const seen = known.get(key);
      if (seen) return seen;
      const sets = types.map((t) => kindFields.get(t));
      let found = all;
      if (types.length && !sets.some((x) => x === undefined)) {
        const wanted = [...fields.values()].filter((f) => sets.some((x) => x?.has(f.name)));
        const props = new Set(wanted.filter(isDefaultText).map((f) => textProp(f.name)));
        found = { props: fullText.textProps.filter((p) => props.has(p)), boosted: boostedOf(wanted) };
      }
      // Kinds come from the registry: the sets are few, but the map is bounded all the same.
      if (known.size >= 256) known.clear();
      known.set(key, found);
      return found;
    },
  };
}

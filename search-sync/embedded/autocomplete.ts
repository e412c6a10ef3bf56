import { cypherName, type Executor } from '../../src/store/index.js';
import {
  autocompleteCandidates,
  type AutocompleteQuery,
  type AutocompleteResult,
  suggestions,
} from '../model/index.js';
import { listProp } from './fields.js';
import { escapeLucene, MAX_WORD } from './lucene.js';

/** Every word of the query as a prefix in one of the (full-text indexed) autocomplete fields. */
export function prefixQuery(needle: string, props: readonly string[]): string | undefined {
  const words = needle
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8)
    .map((w) => w.slice(0, MAX_WORD));
  if (!words.length) return undefined;
  return words.map((w) => `(${props.map((p) => `${p}:${escapeLucene(w)}*`).join(' OR ')})`).join(' AND ');
}

/**
 * Suggestions: values of the autocomplete fields in which some word starts with the query (or which
 * contain it), over the documents that match `where`. Exact prefixes rank first.
 */
export async function autocomplete(
  exec: Executor,
  q: AutocompleteQuery,
  where: string,
  params: Record<string, unknown>,
  fullText?: { index: string; fields: string[] },
): Promise<AutocompleteResult> {
  const needle = q.query.trim().toLowerCase();
  const lucene = fullText && fullText.fields.length ? prefixQuery(needle, fullText.fields) : undefined;
  const source = lucene
    ? `CALL db.index.fulltext.queryNodes($index, $lucene) YIELD node AS d WHERE d:SearchDocument AND ${where} WITH d LIMIT $candidates`
    : `MATCH (d:SearchDocument) WHERE ${where}`;
  // Each candidate's values are read in one pass (a map projection), not a property walk per field. The
  // statement is kept short: with its parameters it goes to Neo4j in one network write (the driver writes
  // 1,400 bytes at a time) when the fields are those of a kind or two (see SearchService.autocomplete).
  // The ranked values come back as one record of three lists, in rank order (collect keeps the order of
  // the sorted rows): one record instead of fifty costs the driver less than half as much to read.
  const props = [...new Set(q.fields.map((f) => cypherName(listProp(f))))];
  const rows = await exec.read(async (tx) => {
    const res = await tx.run<{ urns: string[]; types: string[]; values: string[] }>(
      `${source} WITH d {.urn, .entityType${props.map((p) => `, .${p}`).join('')}} AS m ` +
        `UNWIND [${props.map((p) => `m.${p}`).join(', ')}] AS vals UNWIND coalesce(vals, []) AS v ` +
        `WITH m, toString(v) AS value, toLower(toString(v)) AS low WHERE $needle = '' OR low CONTAINS $needle ` +
        `WITH m, value, CASE WHEN low STARTS WITH $needle THEN 0 WHEN low CONTAINS ' ' + $needle THEN 1 ELSE 2 END AS rank ` +
        `ORDER BY rank, size(value), value LIMIT $scan ` +
        `RETURN collect(m.urn) AS urns, collect(m.entityType) AS types, collect(value) AS values`,
      {
        ...params,
        needle,
        scan: q.limit * 5,
        index: fullText?.index,
        lucene,
        candidates: autocompleteCandidates(q.limit),
      },
    );
    const r = res.records[0]?.toObject() ?? { urns: [], types: [], values: [] };
    return r.values.map((value, i) => ({
      urn: r.urns[i] as string,
      entityType: r.types[i] as string,
      value,
    }));
  });
  return suggestions(rows, q.limit);
}

/** One scope of `autocompleteEach`: its kinds, the properties completed on, and their full-text query. */
export interface ScopeStatement {
  readonly types: readonly string[];
  readonly props: readonly string[];
  readonly lucene: string;
}

/**
 * `autocomplete` for several scopes in one statement (one plan, one transaction, one round trip instead of
 * one per scope): each scope is a row that a subquery completes on its own, with its own kinds, properties
 * and full-text query, as `autocomplete` would. `where` names the kinds as `s.types`.
 */
export async function autocompleteEach(
  exec: Executor,
  needle: string,
  limit: number,
  scopes: readonly ScopeStatement[],
  where: string,
  params: Record<string, unknown>,
  index: string,
): Promise<AutocompleteResult[]> {
  const records = await exec.read(async (tx) => {
    const res = await tx.run<{ i: number; urns: string[]; types: string[]; values: string[] }>(
      `UNWIND $scopes AS s CALL { WITH s ` +
        `CALL db.index.fulltext.queryNodes($index, s.lucene) YIELD node AS d WHERE d:SearchDocument AND ${where} ` +
        `WITH s, d LIMIT $candidates ` +
        `WITH d {.urn, .entityType} AS m, [p IN s.props | d[p]] AS lists ` +
        `UNWIND lists AS vals UNWIND coalesce(vals, []) AS v ` +
        `WITH m, toString(v) AS value, toLower(toString(v)) AS low WHERE low CONTAINS $needle ` +
        `WITH m, value, CASE WHEN low STARTS WITH $needle THEN 0 WHEN low CONTAINS ' ' + $needle THEN 1 ELSE 2 END AS rank ` +
        `ORDER BY rank, size(value), value LIMIT $scan ` +
        `RETURN collect(m.urn) AS urns, collect(m.entityType) AS types, collect(value) AS values } ` +
        `RETURN s.i AS i, urns, types, values`,
      {
        ...params,
        scopes: scopes.map((s, i) => ({ i, types: [...s.types], props: [...s.props], lucene: s.lucene })),
        needle,
        scan: limit * 5,
        index,
        candidates: autocompleteCandidates(limit),
      },
    );
    const byScope = new Array<{ urns: string[]; types: string[]; values: string[] }>(scopes.length);
    for (const r of res.records) byScope[Number(r.get('i'))] = r.toObject();
    return byScope;
  });
  return records.map((r = { urns: [], types: [], values: [] }) =>
    suggestions(
      r.values.map((value, i) => ({ urn: r.urns[i] as string, entityType: r.types[i] as string, value })),
      limit,
    ),
  );
}

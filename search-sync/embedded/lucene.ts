import { wordsOf } from '../model/index.js';

/** The clauses a free-text query may use, of Lucene's 1,024 (the rest is left to filters). */
const CLAUSE_BUDGET = 900;

/** Longest word of a free-text query (longer ones are cut). */
export const MAX_WORD = 256;

/** Escapes every Lucene query metacharacter of user input, so it is matched as plain text. */
export function escapeLucene(s: string): string {
  return s.replace(/[+\-&|!(){}[\]^"~*?:\\/]/g, '\\$&');
}

/**
 * A Lucene query for free text: every word must match some searched field (as a prefix), and matches
 * in boosted fields (names, ids) rank higher. A prefix query scores its boost whatever it matches
 * (Lucene rewrites it to a constant score), so a boosted field is asked once, with 1 + its boost: the
 * score of asking it twice (plain and boosted) for half the work. A prefix such as `table*` over a name
 * field expands to every name of the catalog, and that expansion is most of a search's time.
 */
export function textQuery(
  input: string,
  props: readonly string[],
  boosted: readonly { prop: string; boost: number }[],
): string | undefined {
  // Words split as the indexed text is (see search-sync/words.ts): `logging_events` asks for both.
  // Each word costs one clause per searched field, and Lucene refuses a query of over 1,024 clauses:
  // the words beyond that budget (with room left for filters) are not searched.
  const boosts = new Map(boosted.map((b) => [b.prop, b.boost]));
  const fields = [
    ...props.map((p) => ({ prop: p, boost: 1 + (boosts.get(p) ?? 0) })),
    ...boosted.filter((b) => !props.includes(b.prop)).map((b) => ({ prop: b.prop, boost: b.boost })),
  ];
  const perWord = fields.length;
  const words = wordsOf(input.toLowerCase())
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter(Boolean)
    .slice(0, Math.max(1, Math.min(16, Math.floor(CLAUSE_BUDGET / Math.max(1, perWord)))))
    // Lucene refuses prefix terms of over 1,000 characters: a longer word is matched by its start.
    .map((w) => w.slice(0, MAX_WORD));
  if (!words.length) return undefined;
  return words
    .map((w) => {
      const t = escapeLucene(w);
      return `(${fields.map((f) => `${f.prop}:${t}*${f.boost === 1 ? '' : `^${f.boost}`}`).join(' OR ')})`;
    })
    .join(' AND ');
}

/** A Lucene phrase for an exact value (candidates only: the exact match is checked in Cypher). */
export const phrase = (value: string): string => `"${value.replace(/["\\]/g, '\\$&')}"`;

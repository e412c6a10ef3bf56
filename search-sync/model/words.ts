import type { SearchFieldType } from '../../src/registry/index.js';

/** The word delimiters of DataHub's analyzers: `_`, `.`, `-`, `/`, `:`, whitespace and punctuation (and wildcards). */
const DELIMITERS = /[\s_.\-/:,;()[\]{}"'`|\\*?]+/u;

/**
 * The words of a value, split as DataHub's word delimiter filter splits them: on `_ . - / :` and
 * whitespace, and at camelCase boundaries (`trial.logging_events` gives `trial`, `logging`, `events`;
 * `userEvents2024` gives `user`, `Events2024`). Letters and digits stay together: ids such as `a3f9c2`
 * stay one word, which the same split of a query finds whole or by its prefix.
 */
export function wordsOf(value: string): string[] {
  const out: string[] = [];
  for (const part of value.split(DELIMITERS)) {
    if (!part) continue;
    // Only a part with an upper-case letter after a letter can have a camelCase boundary.
    if (!CAMEL_CANDIDATE.test(part)) out.push(part);
    else for (const w of part.split(CAMEL)) if (w) out.push(w);
  }
  return out;
}

/** Adds the parts of `value` between delimiters to `out`, and the camelCase words of those that have some. */
function addParts(value: string, out: Set<string>): void {
  for (const part of value.split(DELIMITERS)) {
    if (!part) continue;
    out.add(part);
    if (CAMEL_CANDIDATE.test(part)) for (const w of part.split(CAMEL)) if (w) out.add(w);
  }
}

const CAMEL = /(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u;
const CAMEL_CANDIDATE = /\p{L}\p{Lu}/u;

/** The name a URN shows: its id, or the parts of a tuple id that are not URNs (`urn:li:tag:Legacy` is `Legacy`). */
export function urnName(urn: string): string {
  const id = urn.replace(/^urn:li:[^:]+:/, '');
  if (!id.startsWith('(')) return id;
  return id
    .slice(1, -1)
    .split(',')
    .filter((p) => !p.startsWith('urn:') && !/\)$/.test(p))
    .join(' ');
}

const URN_TYPES = new Set<SearchFieldType>(['URN', 'URN_PARTIAL']);

/**
 * What a text field is also found by, beyond its values: the words of each value, and for URN values
 * the words of the name they show. Both search indexes index these alongside the values, so that
 * `logging` finds `trial.logging_events` and `Legacy` finds a dataset tagged `urn:li:tag:Legacy`.
 */
export function searchWords(type: SearchFieldType, values: readonly unknown[]): string[] {
  const out = new Set<string>();
  for (const v of values) {
    const s = String(v);
    const source = URN_TYPES.has(type) && s.startsWith('urn:li:') ? urnName(s) : s;
    for (const w of wordsOf(source)) out.add(w);
  }
  return [...out];
}

/**
 * The terms a full-text index holds for a text field: the words of `searchWords`, and each value's parts
 * between delimiters kept whole (`userEvents2024`, so that the query `userevents` finds it), but not the
 * whole values. A query's words never hold a delimiter, so a whole value such as `table_77` finds nothing
 * its words do not; held beside them, it made the prefix `table*` expand over every table name of the
 * catalog (a term each), most of the time of a search for `table_77`.
 */
export function indexTerms(type: SearchFieldType, values: readonly unknown[]): string[] {
  const out = new Set<string>();
  const urns = URN_TYPES.has(type);
  for (const v of values) {
    const s = String(v);
    addParts(s, out);
    if (urns && s.startsWith('urn:li:')) addParts(urnName(s), out);
  }
  return [...out];
}

import type { AutocompleteResult } from './search-index.js';

export interface SuggestionRow {
  readonly urn: string;
  readonly entityType: string;
  readonly value: string;
}

/** Autocomplete's answer from ranked candidate values: distinct suggestions and distinct entities. */
export function suggestions(rows: readonly SuggestionRow[], limit: number): AutocompleteResult {
  const out: string[] = [];
  const entities: { urn: string; entityType: string }[] = [];
  for (const r of rows) {
    if (out.length < limit && !out.includes(r.value)) out.push(r.value);
    if (entities.length < limit && !entities.some((e) => e.urn === r.urn))
      entities.push({ urn: r.urn, entityType: r.entityType });
  }
  return { suggestions: out, entities };
}

import type { Criterion } from './filter.js';
import type { SearchDocument, SearchField } from './document.js';
import { wordsOf } from './words.js';

/** `field:value` input is an exact match on that field, when the field is an index field. */
export function exactMatch(input: string, fields: ReadonlyMap<string, SearchField>): Criterion | undefined {
  const m = /^([A-Za-z_][A-Za-z0-9_.]*):(.+)$/.exec(input);
  if (!m || m[1] === 'urn' || !fields.has(m[1] as string)) return undefined;
  return { field: m[1] as string, values: [(m[2] as string).replace(/^"(.*)"$/, '$1')], condition: 'EQUAL' };
}

/** Which fields of a hit matched the query, as DataHub reports them: `{name, value}` pairs. */
export function matchedFields(
  doc: SearchDocument,
  input: string,
  exact: Criterion | undefined,
  fields: ReadonlyMap<string, SearchField>,
): { name: string; value: string }[] {
  if (exact) {
    const want = exact.values ?? [];
    return (doc.fields[exact.field] ?? [])
      .map(String)
      .filter((v) => want.some((w) => v === w || v.endsWith(`:${w}`)))
      .map((value) => ({ name: exact.field, value }));
  }
  const words = wordsOf(input.toLowerCase()).filter((w) => w && w !== '*');
  if (!words.length) return [];
  const out: { name: string; value: string }[] = [];
  for (const [name, values] of Object.entries(doc.fields)) {
    if (!fields.get(name)?.queryByDefault) continue;
    for (const v of values) {
      const s = String(v);
      const low = s.toLowerCase();
      if (words.some((w) => low.includes(w))) out.push({ name, value: s });
    }
  }
  return out.slice(0, 10);
}

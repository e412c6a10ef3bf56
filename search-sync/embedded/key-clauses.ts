import { criterionValues, type Criterion, type SearchField } from '../model/index.js';
import { isKeyed, keyProp } from './fields.js';
import { phrase } from './lucene.js';

/**
 * Lucene clauses that narrow a single conjunction of filters to candidates through the full-text index:
 * every positive EQUAL/IN criterion on a filterable field becomes a required phrase. The exact filter
 * still runs in Cypher on the candidates, so this only makes selective filters fast.
 */
export function keyClauses(
  groups: readonly (readonly Criterion[])[],
  fields: ReadonlyMap<string, SearchField>,
): string | undefined {
  if (groups.length !== 1) return undefined;
  const clauses: string[] = [];
  for (const c of groups[0] ?? []) {
    const cond = c.condition ?? 'EQUAL';
    const field = fields.get(c.field.replace(/\.keyword$/, ''));
    const values = criterionValues(c);
    if (c.negated || (cond !== 'EQUAL' && cond !== 'IN') || !field || !isKeyed(field) || !values.length)
      continue;
    if (values.some((v) => !/[\p{L}\p{N}]/u.test(String(v)))) continue;
    // `tags:PII` matches `urn:li:tag:PII` by its id. The analyzer keeps a URN as one token, so a bare id
    // becomes a phrase only when the field's entity type is known.
    const full = values.map((v) =>
      field.type !== 'URN' || String(v).startsWith('urn:')
        ? String(v)
        : field.urnEntityType
          ? `urn:li:${field.urnEntityType}:${String(v)}`
          : undefined,
    );
    if (full.some((v) => v === undefined)) continue;
    clauses.push(`(${full.map((v) => `${keyProp(field.name)}:${phrase(v as string)}`).join(' OR ')})`);
  }
  return clauses.length ? clauses.join(' AND ') : undefined;
}

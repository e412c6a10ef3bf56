import { createHash } from 'node:crypto';
import type { Registry } from '../../src/registry/index.js';
import type { SearchField } from '../../src/search-model/index.js';

/** Neo4j property names of index fields: `f_<name>` holds the list of values, `t_<name>` the joined text. */
export const listProp = (field: string): string => `f_${field.replace(/[^A-Za-z0-9_]/g, '_')}`;
export const textProp = (field: string): string => `t_${field.replace(/[^A-Za-z0-9_]/g, '_')}`;
/** `k_<name>`: the joined values of a filterable field, in the full-text index to narrow filtered queries. */
export const keyProp = (field: string): string => `k_${field.replace(/[^A-Za-z0-9_]/g, '_')}`;
/** `a_<name>`: an autocomplete field's whole values and their words, which autocomplete asks by prefix. */
export const completionProp = (field: string): string => `a_${field.replace(/[^A-Za-z0-9_]/g, '_')}`;

export const TEXT_TYPES = new Set(['TEXT', 'TEXT_PARTIAL', 'WORD_GRAM', 'URN', 'URN_PARTIAL', 'KEYWORD']);

export const isDefaultText = (f: SearchField): boolean => f.queryByDefault && TEXT_TYPES.has(f.type);
export const isKeyed = (f: SearchField): boolean => f.filterable && TEXT_TYPES.has(f.type);
export const isCompleted = (f: SearchField): boolean => f.autocomplete && TEXT_TYPES.has(f.type);

/**
 * The full-text index covers the fields searched by default (`t_`), the autocomplete fields (`a_`) and
 * the filterable fields (`k_`); its name changes when they do.
 */
export function fullTextIndex(fields: ReadonlyMap<string, SearchField>): {
  name: string;
  props: string[];
  textProps: string[];
} {
  const textProps = [...fields.values()]
    .filter(isDefaultText)
    .map((f) => textProp(f.name))
    .sort();
  const keyProps = [...fields.values()]
    .filter(isKeyed)
    .map((f) => keyProp(f.name))
    .sort();
  const completionProps = [...fields.values()]
    .filter(isCompleted)
    .map((f) => completionProp(f.name))
    .sort();
  const props = [...textProps, ...completionProps, ...keyProps];
  // The version of what the text holds: a new one rebuilds every document (words of values, issue 15;
  // the parts of values without the whole values, decision 0036).
  const hash = createHash('sha1')
    .update(`words-v3;${props.join(',')}`)
    .digest('hex')
    .slice(0, 8);
  return { name: `search_text_${hash}`, props, textProps };
}

/**
 * The index fields each entity kind can hold (those of its aspects' searchable annotations, with their
 * has-values and count companions), so that a search of some kinds asks only for their fields: over
 * DataHub's whole model a word searched in every field costs about a hundred clauses.
 */
export function fieldsByKind(registry: Registry): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const e of registry.allEntities()) {
    const names = new Set<string>();
    for (const a of e.aspects)
      for (const s of registry.findAspect(a)?.searchable ?? [])
        for (const n of [s.fieldName, s.hasValuesFieldName, s.numValuesFieldName]) if (n) names.add(n);
    out.set(e.name, names);
  }
  return out;
}

import { createHash } from 'node:crypto';
import type { Registry } from '../../src/registry/index.js';
import type { SearchField } from '../model/index.js';

/** A Neo4j property name of index fields: `prefix` and the field's name with other characters as `_`. */
const named =
  (prefix: string) =>
  (field: string): string =>
    `${prefix}${field.replace(/[^A-Za-z0-9_]/g, '_')}`;
/** Neo4j property names of index fields: `f_<name>` holds the list of values, `t_<name>` the joined text. */
export const listProp = named('f_');
export const textProp = named('t_');
/** `k_<name>`: the joined values of a filterable field, in the full-text index to narrow filtered queries. */
export const keyProp = named('k_');
/** `a_<name>`: an autocomplete field's whole values and their words, which autocomplete asks by prefix. */
export const completionProp = named('a_');

export const TEXT_TYPES = new Set(['TEXT', 'TEXT_PARTIAL', 'WORD_GRAM', 'URN', 'URN_PARTIAL', 'KEYWORD']);

export const isDefaultText = (f: SearchField): boolean => f.queryByDefault && TEXT_TYPES.has(f.type);
export const isKeyed = (f: SearchField): boolean => f.filterable && TEXT_TYPES.has(f.type);
export const isCompleted = (f: SearchField): boolean => f.autocomplete && TEXT_TYPES.has(f.type);

/** The node property of browseV2's path (`␟a␟b`), under an index range of its own. */
export const BROWSE_V2_PROP = 'browseV2';

/**
 * The full-text index covers the fields searched by default (`t_`), the autocomplete fields (`a_`) and
 * the filterable fields (`k_`); its name changes when they do.
 */
export function fullTextIndex(fields: ReadonlyMap<string, SearchField>): {
  name: string;
  props: string[];
  textProps: string[];
} {
  const propsOf = (holds: (f: SearchField) => boolean, prop: (name: string) => string): string[] =>
    [...fields.values()]
      .filter(holds)
      .map((f) => prop(f.name))
      .sort();
  const textProps = propsOf(isDefaultText, textProp);
  const props = [...textProps, ...propsOf(isCompleted, completionProp), ...propsOf(isKeyed, keyProp)];
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

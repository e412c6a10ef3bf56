import { createHash } from 'node:crypto';
import type { SearchField } from '../document.js';

/** Neo4j property names of index fields: `f_<name>` holds the list of values, `t_<name>` the joined text. */
export const listProp = (field: string): string => `f_${field.replace(/[^A-Za-z0-9_]/g, '_')}`;
export const textProp = (field: string): string => `t_${field.replace(/[^A-Za-z0-9_]/g, '_')}`;

export const TEXT_TYPES = new Set(['TEXT', 'TEXT_PARTIAL', 'WORD_GRAM', 'URN', 'URN_PARTIAL', 'KEYWORD']);

/** The full-text index covers the fields searched by default; its name changes when they do. */
export function fullTextIndex(fields: ReadonlyMap<string, SearchField>): { name: string; props: string[] } {
  const props = [...fields.values()]
    .filter((f) => f.queryByDefault && TEXT_TYPES.has(f.type))
    .map((f) => textProp(f.name))
    .sort();
  const hash = createHash('sha1').update(props.join(',')).digest('hex').slice(0, 8);
  return { name: `search_text_${hash}`, props };
}

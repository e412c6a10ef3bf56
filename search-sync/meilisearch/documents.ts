import { createHash } from 'node:crypto';
import {
  type FieldValue,
  type SearchDocument,
  type SearchField,
  foldersOf,
  BROWSE_V2_LEVELS,
  BROWSE_V2_SEP,
  browseV2Path,
  searchWords,
  structuredType,
} from '../model/index.js';

/** Meilisearch attribute of an index field: `f_<name>` (dots would read as nested objects). */
export const attr = (field: string): string => `f_${field.replace(/[^A-Za-z0-9_]/g, '_')}`;

/**
 * The companion attribute of a text field holding its values reversed (`r_f_<name>`), so that END_WITH
 * is a STARTS WITH on it: Meilisearch has no suffix operator.
 */
export const reversedAttr = (field: string): string => `r_${attr(field)}`;
export const reversed = (v: string): string => [...v].reverse().join('');

/** The words a text field is also found by (`w_f_<name>`: see search-sync/words.ts), searchable only. */
export const wordsAttr = (field: string): string => `w_${attr(field)}`;

/** Document ids allow only `[A-Za-z0-9_-]`: the id is a hash of the URN, which is kept as `urn`. */
export const docId = (urn: string): string => createHash('sha256').update(urn).digest('hex').slice(0, 40);

/**
 * Text as Meilisearch takes it: well-formed Unicode. A lone surrogate (which JSON can carry and the store
 * keeps verbatim) fails the whole Meilisearch task, so it becomes U+FFFD in the index only.
 */
const text = (v: unknown): string => String(v).replace(/\p{Surrogate}/gu, '\uFFFD');

export type MeiliDocument = Record<string, unknown> & { id: string; urn: string };

const NUMERIC = new Set(['COUNT', 'DATETIME', 'DOUBLE']);

export function toMeili(d: SearchDocument, fields: ReadonlyMap<string, SearchField>): MeiliDocument {
  const out: MeiliDocument = {
    id: docId(d.urn),
    urn: d.urn,
    entityType: d.entityType,
    removed: d.removed,
    fieldNames: Object.keys(d.fields),
  };
  for (const [name, values] of Object.entries(d.fields)) {
    const type = fields.get(name)?.type ?? structuredType(name, values);
    if (type === 'BOOLEAN') out[attr(name)] = values.map((v) => v === true || v === 'true');
    else if (NUMERIC.has(type)) out[attr(name)] = values.map(Number).filter((n) => !Number.isNaN(n));
    else {
      out[attr(name)] = values.map(text);
      out[reversedAttr(name)] = values.map((v) => reversed(text(v)));
      const field = fields.get(name);
      if (field?.queryByDefault) out[wordsAttr(name)] = searchWords(field.type, values.map(text));
    }
  }
  out.browseFolders = foldersOf((d.fields.browsePaths ?? []).map(text));
  Object.assign(out, browseV2Attrs(text(d.fields.browsePathV2?.[0] ?? '')));
  return out;
}

/** The attribute of browseV2's path prefix of `level` entries (`␟a␟b` at level 2): the facet of groups. */
export const browseV2LevelAttr = (level: number): string => `bv2_${level}`;
/** The same prefix, held only when the path goes on past the entry after it: groups with groups. */
export const browseV2DeepAttr = (level: number): string => `bv2d_${level}`;

/** A path's prefixes, one attribute per level (Meilisearch facets count values, not prefixes of them). */
function browseV2Attrs(path: string): Record<string, string> {
  const ids = path.split(BROWSE_V2_SEP).slice(1);
  const out: Record<string, string> = {};
  const levels = Math.min(ids.length, BROWSE_V2_LEVELS);
  for (let level = 1; level <= levels; level++) {
    const prefix = browseV2Path(ids.slice(0, level));
    out[browseV2LevelAttr(level)] = prefix;
    if (ids.length > level) out[browseV2DeepAttr(level)] = prefix;
  }
  return out;
}

export function fromMeili(m: Record<string, unknown>): SearchDocument {
  const names = Array.isArray(m.fieldNames) ? (m.fieldNames as string[]) : [];
  const fields: Record<string, FieldValue[]> = {};
  for (const n of names) fields[n] = (m[attr(n)] as FieldValue[] | undefined) ?? [];
  return { urn: String(m.urn), entityType: String(m.entityType), removed: m.removed === true, fields };
}

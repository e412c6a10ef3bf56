// Flattening an aspect's field annotations into neohub's path form (`tags/*/tag`), with Pegasus'
// override rules: an annotation keyed by a path on an ancestor field (`{"/tags/*/tag": {...}}`) wins over
// the one the leaf field carries; `*` is an array's items or a map's values, `$key` a map's keys, and a
// union member is addressed by its key.
import type { ModelAspect, ModelRelationship, ModelSearchable } from '../model-types.js';
import { SEARCH_FIELD_TYPES, type SearchFieldType } from '../types.js';
import { clean, fullName, isObject, lookup, namespaceOf, PRIMITIVES } from './avro.js';
import type { Avro, AvroObject } from './avro.js';

/** The annotations that may be keyed by paths and are resolved with overrides. */
const PATHED = ['Relationship', 'Searchable', 'SearchableRef'] as const;
type Pathed = (typeof PATHED)[number];
type Overrides = Partial<Record<Pathed, Map<string, Record<string, unknown>>>>;
interface FieldCtx {
  readonly name: string;
  readonly direct: Partial<Record<Pathed, Record<string, unknown>>>;
}

const RELATIONSHIP_KEYS = new Set([
  'name',
  'entityTypes',
  'isLineage',
  'isUpstream',
  'createdOn',
  'createdActor',
  'updatedOn',
  'updatedActor',
  'properties',
  'via',
]);
/** Searchable properties kept, in output order (`v3`, DataHub's newer index configuration, is dropped). */
const SEARCHABLE_KEYS = [
  'enableAutocomplete',
  'addToFilters',
  'addHasValuesToFilters',
  'filterNameOverride',
  'boostScore',
  'hasValuesFieldName',
  'numValuesFieldName',
  'fieldNameAliases',
  'weightsPerFieldValue',
  'sanitizeRichText',
  'includeSystemModifiedAt',
  'systemModifiedAtFieldName',
] as const;
const SEARCHABLE_ALL = new Set<string>([
  ...SEARCHABLE_KEYS,
  'fieldName',
  'fieldType',
  'queryByDefault',
  'v3',
]);
/** Field types searched by default when the annotation does not say (DataHub's rule). */
const QUERIED_BY_DEFAULT = new Set(['TEXT', 'TEXT_PARTIAL', 'URN', 'URN_PARTIAL', 'WORD_GRAM']);

const isPathed = (v: unknown): v is Record<string, Record<string, unknown>> =>
  isObject(v) && Object.keys(v).length > 0 && Object.keys(v).every((k) => k.startsWith('/'));

/** The key a union member is written under. */
function memberKey(t: Avro, ns: string): string {
  if (typeof t === 'string') return PRIMITIVES.has(t) ? t : clean(t.includes('.') ? t : `${ns}.${t}`);
  if (Array.isArray(t)) throw new Error(`nested union in ${ns}`);
  const o = t as AvroObject;
  if (o.type === 'record' || o.type === 'enum') return clean(fullName(o, ns));
  if (o.type === 'array' || o.type === 'map') return o.type;
  return memberKey(o.type, ns);
}

/** The overrides below `prefix` (e.g. `/*`, `/tags`), re-rooted there. */
function under(overrides: Overrides, prefix: string): Overrides {
  const out: Overrides = {};
  for (const a of PATHED) {
    const o = overrides[a];
    if (!o) continue;
    const sub = new Map<string, Record<string, unknown>>();
    for (const [p, v] of o)
      if (p === prefix || p.startsWith(`${prefix}/`)) sub.set(p.slice(prefix.length), v);
    if (sub.size) out[a] = sub;
  }
  return out;
}

export function relationship(path: string, v: Record<string, unknown>, where: string): ModelRelationship {
  for (const k of Object.keys(v))
    if (!RELATIONSHIP_KEYS.has(k)) throw new Error(`${where}: unknown Relationship property "${k}"`);
  return { path, ...v } as unknown as ModelRelationship;
}

export function searchable(
  path: string,
  v: Record<string, unknown>,
  fieldName: string,
  leafType: string,
  where: string,
): ModelSearchable {
  for (const k of Object.keys(v))
    if (!SEARCHABLE_ALL.has(k)) throw new Error(`${where}: unknown Searchable property "${k}"`);
  const fieldType =
    (v['fieldType'] as SearchFieldType | undefined) ??
    (leafType === 'int' || leafType === 'float' ? 'COUNT' : leafType === 'map' ? 'KEYWORD' : 'TEXT');
  if (!SEARCH_FIELD_TYPES.includes(fieldType))
    throw new Error(`${where}: unknown search field type ${fieldType}`);
  const out: Record<string, unknown> = {
    path,
    fieldName: (v['fieldName'] as string | undefined) ?? fieldName,
    fieldType,
    queryByDefault: (v['queryByDefault'] as boolean | undefined) ?? QUERIED_BY_DEFAULT.has(fieldType),
  };
  for (const k of SEARCHABLE_KEYS) if (v[k] !== undefined) out[k] = v[k];
  return out as unknown as ModelSearchable;
}

type Annotations = Omit<ModelAspect, 'record' | 'timeseries'>;

/** Every annotation of one aspect's record, flattened to paths. */
export function flattenAnnotations(
  root: AvroObject,
  names: ReadonlyMap<string, AvroObject>,
  aspect: string,
): Annotations {
  const relationships: ModelRelationship[] = [];
  const searchables: ModelSearchable[] = [];
  const refs: (Record<string, unknown> & { path: string })[] = [];
  const urnValidation: { path: string; entityTypes: string[]; exist: boolean; strict: boolean }[] = [];
  const tsFields: string[] = [];
  const tsCollections: { path: string; key: string }[] = [];

  const emit = (
    a: Pathed,
    path: readonly string[],
    v: Record<string, unknown>,
    field: FieldCtx | undefined,
    leaf: string,
  ): void => {
    const p = path.join('/');
    const where = `${aspect}: ${p}`;
    if (a === 'Relationship') relationships.push(relationship(p, v, where));
    else if (a === 'Searchable') searchables.push(searchable(p, v, field?.name ?? '', leaf, where));
    else refs.push({ path: p, ...v });
  };
  const leaf = (
    path: readonly string[],
    overrides: Overrides,
    field: FieldCtx | undefined,
    type: string,
  ): void => {
    for (const a of PATHED) {
      const v = overrides[a]?.get('') ?? field?.direct[a];
      if (v !== undefined) emit(a, path, v, field, type);
    }
  };

  const walk = (
    t: Avro,
    ns: string,
    path: readonly string[],
    overrides: Overrides,
    field: FieldCtx | undefined,
  ): void => {
    if (path.length > 40) throw new Error(`${aspect}: a recursive type (teach the generator)`);
    if (typeof t === 'string') {
      if (PRIMITIVES.has(t)) return leaf(path, overrides, field, t);
      const [named, fqn] = lookup(names, t, ns);
      return walk(named, namespaceOf(fqn), path, overrides, field);
    }
    if (Array.isArray(t)) {
      const members = (t as readonly Avro[]).filter((m) => m !== 'null');
      if (members.length === 1 && t.length === 2) return walk(members[0] as Avro, ns, path, overrides, field);
      for (const m of members) {
        const k = memberKey(m, ns);
        walk(m, ns, [...path, k], under(overrides, `/${k}`), field);
      }
      return;
    }
    const o = t as AvroObject;
    if (typeof o.type !== 'string') return walk(o.type, ns, path, overrides, field);
    if (o.type === 'record') {
      const fqn = fullName(o, ns);
      for (const fd of o['fields'] as readonly AvroObject[]) {
        const name = fd['name'] as string;
        const fpath = [...path, name];
        const sub = under(overrides, `/${name}`);
        const direct: FieldCtx['direct'] = {};
        for (const a of PATHED) {
          const own = fd[a] as Record<string, unknown> | undefined;
          if (own === undefined) continue;
          if (!isPathed(own)) {
            direct[a] = own;
            continue;
          }
          const merged = sub[a] ?? new Map<string, Record<string, unknown>>();
          for (const [p, v] of Object.entries(own)) {
            // A Searchable override that only carries `v3` does not replace the nested field's own.
            if (a === 'Searchable' && Object.keys(v).every((k) => k === 'v3')) continue;
            if (!merged.has(p)) merged.set(p, v); // the ancestor's override wins
          }
          if (merged.size) sub[a] = merged;
        }
        const at = fpath.join('/');
        const uv = fd['UrnValidation'] as
          { entityTypes: string[]; exist: boolean; strict: boolean } | undefined;
        if (uv)
          urnValidation.push({ path: at, entityTypes: uv.entityTypes, exist: uv.exist, strict: uv.strict });
        if (fd['TimeseriesField'] !== undefined) tsFields.push(at);
        const coll = fd['TimeseriesFieldCollection'] as { key: string } | undefined;
        if (coll) tsCollections.push({ path: at, key: coll.key });
        walk(fd.type, namespaceOf(fqn), fpath, sub, { name, direct });
      }
      return;
    }
    if (o.type === 'enum') return leaf(path, overrides, field, 'enum');
    if (o.type === 'array' || o.type === 'map') {
      for (const a of PATHED) {
        const here = overrides[a];
        if (o.type === 'map' && here?.has('/$key'))
          emit(a, [...path, '$key'], here.get('/$key') as Record<string, unknown>, field, 'string');
        if (here?.has('')) emit(a, path, here.get('') as Record<string, unknown>, field, o.type);
      }
      const inner = o.type === 'array' ? o['items'] : o['values'];
      return walk(inner as Avro, ns, [...path, '*'], under(overrides, '/*'), field);
    }
    if (PRIMITIVES.has(o.type)) return leaf(path, overrides, field, o.type);
    throw new Error(`${aspect}: unknown Avro type ${o.type}`);
  };
  walk(root, '', [], {}, undefined);

  return {
    ...(relationships.length ? { relationships } : {}),
    ...(searchables.length ? { searchable: searchables } : {}),
    ...(refs.length ? { searchableRefs: refs } : {}),
    ...(urnValidation.length ? { urnValidation } : {}),
    ...(tsFields.length ? { timeseriesFields: tsFields } : {}),
    ...(tsCollections.length ? { timeseriesCollections: tsCollections } : {}),
  };
}

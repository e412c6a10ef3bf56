import { type Registry, valuesAtPath, type SearchableSpec } from '../../src/registry/index.js';
import { browsePathV2Ids, browseV2Path, defaultBrowsePathV2 } from './browse-v2.js';

export type FieldValue = string | number | boolean;

const isFieldValue = (v: unknown): v is FieldValue =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

/** The search document of one entity: its latest state, flattened into index fields. */
export interface SearchDocument {
  readonly urn: string;
  readonly entityType: string;
  readonly removed: boolean;
  /** Index field name -> values (always a list; booleans and numbers stay typed). */
  readonly fields: Readonly<Record<string, readonly FieldValue[]>>;
}

export interface SearchField {
  readonly name: string;
  readonly type: SearchableSpec['fieldType'];
  readonly queryByDefault: boolean;
  readonly boost: number;
  readonly autocomplete: boolean;
  readonly filterable: boolean;
  /** For URN fields fed by a relationship to one entity type: that type (so `tags:PII` means `urn:li:tag:PII`). */
  readonly urnEntityType?: string | undefined;
}

const DEFAULT_QUERY_TYPES = new Set(['TEXT', 'TEXT_PARTIAL', 'URN', 'URN_PARTIAL', 'WORD_GRAM']);

/** Every index field the registry declares, merged by name (a field is queryable if any source says so). */
export function searchFields(registry: Registry): Map<string, SearchField> {
  const out = new Map<string, SearchField>();
  const add = (f: SearchField): void => {
    const prev = out.get(f.name);
    out.set(
      f.name,
      prev
        ? {
            ...prev,
            queryByDefault: prev.queryByDefault || f.queryByDefault,
            boost: Math.max(prev.boost, f.boost),
            autocomplete: prev.autocomplete || f.autocomplete,
            filterable: prev.filterable || f.filterable,
            urnEntityType: prev.urnEntityType === f.urnEntityType ? prev.urnEntityType : undefined,
          }
        : f,
    );
  };
  for (const aspect of registry.allAspects()) {
    for (const s of aspect.searchable ?? []) {
      if (s.fieldType === 'MAP_ARRAY' || s.fieldName.startsWith('$')) continue;
      const targets = (aspect.relationships ?? [])
        .filter((r) => r.path === s.path)
        .flatMap((r) => r.entityTypes);
      add({
        urnEntityType: s.fieldType === 'URN' && targets.length === 1 ? targets[0] : undefined,
        name: s.fieldName,
        type: s.fieldType,
        queryByDefault: s.queryByDefault ?? DEFAULT_QUERY_TYPES.has(s.fieldType),
        boost: s.boostScore ?? 1,
        autocomplete: s.enableAutocomplete ?? false,
        filterable: s.addToFilters ?? false,
      });
      for (const extra of [s.hasValuesFieldName, s.numValuesFieldName]) {
        if (extra)
          add({
            name: extra,
            type: extra === s.hasValuesFieldName ? 'BOOLEAN' : 'COUNT',
            queryByDefault: false,
            boost: 1,
            autocomplete: false,
            filterable: false,
          });
      }
    }
  }
  add({ name: 'urn', type: 'URN', queryByDefault: true, boost: 1, autocomplete: false, filterable: false });
  add({
    name: 'browsePaths',
    type: 'BROWSE_PATH',
    queryByDefault: false,
    boost: 1,
    autocomplete: false,
    filterable: false,
  });
  return out;
}

/** A default browse path when an entity has none: `/<env>/<platform>/<name parts>` for datasets and the like. */
export function defaultBrowsePath(entityType: string, key: Record<string, unknown>): string {
  const platform =
    typeof key.platform === 'string' ? key.platform.replace(/^urn:li:dataPlatform:/, '') : undefined;
  const tool = key.dashboardTool;
  const env = typeof key.origin === 'string' ? key.origin.toLowerCase() : undefined;
  const name = [key.name, key.chartId, key.dashboardId, key.id, key.username].find(
    (v) => typeof v === 'string',
  ) as string | undefined;
  const parts = [
    env,
    platform ?? (typeof tool === 'string' ? tool : undefined),
    ...(name ? name.split('.') : [entityType]),
  ];
  return `/${parts.filter((p): p is string => !!p).join('/')}`;
}

/** The one document builder: incremental sync and full restore both call it. */
export function buildDocument(
  registry: Registry,
  urn: string,
  entityType: string,
  aspects: readonly { readonly name: string; readonly value: Record<string, unknown> }[],
  /** Fields the registry does not declare (structured-property values), already computed. */
  extra: Readonly<Record<string, readonly FieldValue[]>> = {},
  /** What DataHub's default browsePathsV2 is made of, looked up in the store by the caller. */
  pathDefaults: { readonly containers?: readonly string[]; readonly instance?: string | undefined } = {},
): SearchDocument {
  const fields: Record<string, FieldValue[]> = {};
  const push = (name: string, values: readonly FieldValue[]): void => {
    if (!values.length) return;
    const list = (fields[name] ??= []);
    for (const v of values) if (!list.includes(v)) list.push(v);
  };
  let removed = false;
  let keyValue: Record<string, unknown> = {};
  let pathV2: string[] | undefined;
  const entity = registry.findEntity(entityType);
  for (const a of aspects) {
    const spec = registry.findAspect(a.name);
    if (!spec || spec.timeseries) continue;
    if (a.name === 'status') removed = a.value.removed === true;
    if (entity && a.name === entity.keyAspect) keyValue = a.value;
    if (a.name === 'browsePathsV2') pathV2 = browsePathV2Ids(a.value);
    for (const s of spec.searchable ?? []) {
      if (s.fieldType === 'MAP_ARRAY' || s.fieldName.startsWith('$')) continue;
      const values = valuesAtPath(a.value, s.path, { mapEntries: true }).filter(isFieldValue);
      push(s.fieldName, values);
      if (s.hasValuesFieldName)
        fields[s.hasValuesFieldName] = [values.length > 0 || fields[s.hasValuesFieldName]?.[0] === true];
      if (s.numValuesFieldName) fields[s.numValuesFieldName] = [values.length];
    }
  }
  for (const [name, values] of Object.entries(extra)) push(name, values);
  if (!fields.browsePaths?.length) fields.browsePaths = [defaultBrowsePath(entityType, keyValue)];
  // One string, as DataHub's index holds it (`␟a␟b`): browseV2 groups by the entry after a prefix of it.
  pathV2 ??= defaultBrowsePathV2(entityType, keyValue, pathDefaults.containers, pathDefaults.instance);
  fields.browsePathV2 = [browseV2Path(pathV2)];
  fields.removed = [removed];
  return { urn, entityType, removed, fields };
}

import { BadRequestError } from '../../errors/index.js';
import { getOwn } from '../../json/index.js';
import type { AspectSpec, schema as s } from '../../registry/index.js';

/**
 * One of DataHub's time-series documents: the aspect-level one (the common fields, `isExploded: false`,
 * the aspect's `@TimeseriesField`s by name), or one per element of a `@TimeseriesFieldCollection`
 * (the common fields, `isExploded: true`, `{<collection>: {<key>, <its fields>}}`). Filters and
 * aggregations name fields of these documents by dotted paths (`userCounts.count`).
 */
export type TimeseriesDoc = Readonly<Record<string, unknown>> & { readonly timestampMillis: number };

/** Where an aspect's time-series fields are, and their types, as DataHub's aggregations name them. */
export interface TimeseriesLayout {
  /** Field paths aggregations and groupings may name, each with its type name (`int`, `string`...). */
  readonly types: ReadonlyMap<string, string>;
  /** The aspect-level fields: name in the document, path in the value. */
  readonly fields: readonly { readonly name: string; readonly path: readonly string[] }[];
  /** The collections: name, path in the value, key field, and the element fields kept. */
  readonly collections: readonly {
    readonly name: string;
    readonly path: readonly string[];
    readonly key: string;
    readonly fields: readonly string[];
  }[];
}

/** The fields every document has, with the types DataHub gives them. */
const COMMON_TYPES: readonly [string, string][] = [
  ['timestampMillis', 'long'],
  ['urn', 'string'],
  ['eventGranularity', 'record'],
  ['partitionSpec.partition', 'string'],
  ['partitionSpec.timePartition', 'string'],
];

function deref(x: s.Schema): s.Schema {
  return x.kind === 'ref' ? deref(x.get()) : x;
}

/** The schema at a path of field names (`*` steps into an array's items). */
function schemaAt(record: s.RecordSchema, path: readonly string[]): s.Schema | undefined {
  let cur: s.Schema | undefined = record;
  for (const part of path) {
    const here: s.Schema | undefined = cur && deref(cur);
    if (!here) return undefined;
    if (part === '*')
      cur = here.kind === 'array' ? here.items : here.kind === 'map' ? here.values : undefined;
    else cur = here.kind === 'record' ? here.fields.find((f) => f.name === part)?.schema : undefined;
  }
  return cur && deref(cur);
}

/** A schema's type as DataHub's Pegasus types are named (a URN is a string). */
function typeName(x: s.Schema | undefined): string {
  if (!x) return 'string';
  switch (x.kind) {
    case 'urn':
      return 'string';
    case 'ref':
      return typeName(deref(x));
    default:
      return x.kind;
  }
}

/** The layout of a time-series aspect, from the registry's `@TimeseriesField` annotations. */
export function layoutOf(spec: AspectSpec): TimeseriesLayout {
  const collections = (spec.timeseriesCollections ?? []).map((c) => {
    const path = c.path.split('/');
    return { name: path[path.length - 1] as string, path, key: c.key, prefix: `${c.path}/*/` };
  });
  const types = new Map<string, string>(COMMON_TYPES);
  const fields: { name: string; path: string[] }[] = [];
  const collectionFields = new Map<string, string[]>(collections.map((c) => [c.name, []]));
  for (const p of spec.timeseriesFields ?? []) {
    if (p === 'partitionSpec/partition') continue; // a common field
    const path = p.split('/');
    const type = typeName(schemaAt(spec.schema, path));
    const coll = collections.find((c) => p.startsWith(c.prefix));
    if (coll) {
      const name = path[path.length - 1] as string;
      collectionFields.get(coll.name)?.push(name);
      types.set(`${coll.name}.${name}`, type);
      continue;
    }
    const name = path[path.length - 1] as string;
    fields.push({ name, path });
    types.set(name, type);
  }
  for (const c of collections) {
    types.set(c.name, 'array');
    types.set(`${c.name}.${c.key}`, 'string');
  }
  return {
    types,
    fields,
    collections: collections.map((c) => ({
      name: c.name,
      path: c.path,
      key: c.key,
      fields: collectionFields.get(c.name) ?? [],
    })),
  };
}

function at(value: unknown, path: readonly string[]): unknown {
  let cur = value;
  for (const part of path) {
    if (!cur || typeof cur !== 'object' || Array.isArray(cur)) return undefined;
    cur = getOwn(cur, part);
  }
  return cur;
}

/** A document's value at a dotted field path (undefined where it has none). */
export function fieldOf(doc: TimeseriesDoc, field: string): unknown {
  const v = at(doc, field.split('.'));
  return v === null ? undefined : v;
}

/** The documents DataHub indexes for one stored value of a time-series aspect. */
export function documentsOf(
  layout: TimeseriesLayout,
  urn: string,
  value: Record<string, unknown>,
  runId: string | undefined,
): TimeseriesDoc[] {
  const ts = value.timestampMillis;
  if (typeof ts !== 'number') return [];
  const common: Record<string, unknown> & { timestampMillis: number } = { urn, timestampMillis: ts };
  if (runId) common.runId = runId;
  if (value.eventGranularity !== undefined) common.eventGranularity = JSON.stringify(value.eventGranularity);
  const part = value.partitionSpec as Record<string, unknown> | undefined;
  if (part && typeof part === 'object') {
    if (typeof part.partition === 'string') common.partitionSpec = { partition: part.partition };
    else if (part.timePartition !== undefined)
      common.partitionSpec = { timePartition: JSON.stringify(part.timePartition) };
  }
  if (typeof value.messageId === 'string') common.messageId = value.messageId;
  const main: Record<string, unknown> & { timestampMillis: number } = { ...common, isExploded: false };
  for (const f of layout.fields) {
    const v = at(value, f.path);
    if (v !== undefined && v !== null) main[f.name] = v;
  }
  const docs: TimeseriesDoc[] = [main];
  for (const c of layout.collections) {
    const items = at(value, c.path);
    if (!Array.isArray(items)) continue;
    for (const item of items) {
      const key = at(item, [c.key]);
      if (key === undefined || key === null) continue;
      const element: Record<string, unknown> = { [c.key]: String(key) };
      for (const f of c.fields) {
        const v = at(item, [f]);
        if (v !== undefined && v !== null) element[f] = v;
      }
      docs.push({ ...common, isExploded: true, [c.name]: element });
    }
  }
  return docs;
}

/** A field's type, or DataHub's 400 for a field that is not one of the aspect's time-series fields. */
export function fieldType(layout: TimeseriesLayout, field: string): string {
  const t = layout.types.get(field);
  if (t === undefined)
    throw new BadRequestError(
      `Unknown TimeseriesField or TimeseriesFieldCollection: ${field} (one of: ${[...layout.types.keys()].join(', ')})`,
    );
  return t;
}

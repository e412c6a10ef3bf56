// Reading DataHub's Avro schemas: named types, full names, and the checks that make a pin bump fail
// loudly instead of silently losing information.

export type Avro = string | readonly Avro[] | AvroObject;
export interface AvroObject {
  readonly type: Avro;
  readonly [key: string]: unknown;
}

export const PRIMITIVES = new Set(['null', 'boolean', 'int', 'long', 'float', 'double', 'bytes', 'string']);

/** Pegasus names as DataHub writes them on the wire: the Avro converter's `.pegasus2avro.` removed. */
export const clean = (fqn: string): string => fqn.replace('.pegasus2avro.', '.');

/** The full name of a named type declared in `ns`. */
export function fullName(t: AvroObject, ns: string): string {
  const name = t['name'] as string;
  if (name.includes('.')) return name;
  const own = t['namespace'] as string | undefined;
  return `${own ?? ns}.${name}`;
}

export const namespaceOf = (fqn: string): string => fqn.slice(0, fqn.lastIndexOf('.'));

export const isObject = (t: unknown): t is AvroObject =>
  typeof t === 'object' && t !== null && !Array.isArray(t);

/** The keys each construct may carry; anything else is a model change the generator must learn. */
const KNOWN_KEYS: Record<string, ReadonlySet<string>> = {
  record: new Set([
    'type',
    'name',
    'namespace',
    'doc',
    'fields',
    'Aspect',
    'Deprecated',
    'deprecated',
    'Entity',
    'Event',
  ]),
  enum: new Set(['type', 'name', 'namespace', 'doc', 'symbols', 'symbolDocs', 'deprecatedSymbols']),
  array: new Set(['type', 'items']),
  map: new Set(['type', 'values']),
  field: new Set([
    'type',
    'name',
    'doc',
    'default',
    'Searchable',
    'SearchableRef',
    'Relationship',
    'Urn',
    'java',
    'urn_is_array',
    'entityTypes',
    'deprecated',
    'Deprecated',
    'TimeseriesField',
    'TimeseriesFieldCollection',
    'UrnValidation',
    'compliance',
    'validate',
  ]),
};

export function checkKeys(kind: keyof typeof KNOWN_KEYS, node: object, where: string): void {
  const known = KNOWN_KEYS[kind] as ReadonlySet<string>;
  for (const k of Object.keys(node))
    if (!known.has(k)) throw new Error(`${where}: unknown ${kind} property "${k}" (teach the generator)`);
}

/** Every named type defined in one file, by full name, with the namespace it was declared in. */
export function namedTypes(root: Avro): Map<string, AvroObject> {
  const out = new Map<string, AvroObject>();
  const visit = (t: Avro, ns: string): void => {
    if (typeof t === 'string') return;
    if (Array.isArray(t)) {
      for (const m of t as readonly Avro[]) visit(m, ns);
      return;
    }
    const o = t as AvroObject;
    const kind = o.type;
    if (typeof kind !== 'string') return visit(kind, ns);
    if (kind === 'record' || kind === 'enum' || kind === 'fixed') {
      const fqn = fullName(o, ns);
      if (!out.has(fqn)) out.set(fqn, o);
      if (kind === 'record')
        for (const f of o['fields'] as readonly AvroObject[]) visit(f.type, namespaceOf(fqn));
      return;
    }
    if (kind === 'array') return visit(o['items'] as Avro, ns);
    if (kind === 'map') return visit(o['values'] as Avro, ns);
    if (o['logicalType'] !== undefined) throw new Error(`logical type in ${ns} (teach the generator)`);
  };
  visit(root, '');
  return out;
}

/** Resolves a type name used in namespace `ns` against a file's named types. */
export function lookup(
  names: ReadonlyMap<string, AvroObject>,
  name: string,
  ns: string,
): [AvroObject, string] {
  const fqn = name.includes('.') ? name : `${ns}.${name}`;
  const t = names.get(fqn) ?? names.get(name);
  if (!t) throw new Error(`unresolved type name ${name} in ${ns} (a cross-file reference?)`);
  return [t, fqn];
}

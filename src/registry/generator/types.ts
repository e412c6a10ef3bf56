// Avro types to the model's type expressions: named types collected once by FQN (every copy must be
// equal), optional fields, defaults, aliased unions, and the URN and time rules for what Avro erased.
import type { FieldDef, NamedType, TypeExpr } from '../model-types.js';
import { checkKeys, clean, fullName, isObject, lookup, namespaceOf, PRIMITIVES } from './avro.js';
import type { Avro, AvroObject } from './avro.js';

/** DataHub's typed URN classes: the entity kind each one holds. */
const URN_CLASSES: Readonly<Record<string, string>> = {
  TagUrn: 'tag',
  GlossaryTermUrn: 'glossaryTerm',
  GlossaryNodeUrn: 'glossaryNode',
  DatasetUrn: 'dataset',
  CorpuserUrn: 'corpuser',
  CorpGroupUrn: 'corpGroup',
  DataPlatformUrn: 'dataPlatform',
  BusinessAttributeUrn: 'businessAttribute',
  ChartUrn: 'chart',
  DataFlowUrn: 'dataFlow',
  DataJobUrn: 'dataJob',
  DatasetFieldUrn: 'schemaField',
  MLFeatureUrn: 'mlFeature',
};

/**
 * Pegasus' `Time` typeref is a plain long in Avro: a long field holds epoch milliseconds when its name
 * says so (durations and offsets excepted).
 */
const TIME_NAME =
  /^(time|date|created|lastModified|lastRefreshed|lastObserved|decommissionTime)$|(Millis|Ms|At|Time|Timestamp)$/;
const NOT_TIME = /^(duration|windowStartOffset)/;

export const isTimeField = (name: string): boolean => TIME_NAME.test(name) && !NOT_TIME.test(name);

/** What a URN-typed string field says of itself, or undefined for a plain string. */
function urnOf(field: AvroObject | undefined): TypeExpr | undefined {
  if (!field) return undefined;
  const javaClass = (field['java'] as { class?: string } | undefined)?.class ?? '';
  const marker = field['Urn'] as string | undefined;
  if (marker === undefined && !/\.urn\.\w*Urn$/.test(javaClass)) return undefined;
  const declared = field['entityTypes'] as readonly string[] | undefined;
  const typed = URN_CLASSES[marker ?? javaClass.slice(javaClass.lastIndexOf('.') + 1)];
  const types = declared ?? (typed ? [typed] : undefined);
  return types ? { urn: [...types] } : 'urn';
}

/** Removes null members of object defaults (Avro lists them; Rest.li's defaults omit them). */
function stripNulls(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(stripNulls);
  if (!isObject(v)) return v;
  return Object.fromEntries(
    Object.entries(v)
      .filter(([, x]) => x !== null)
      .map(([k, x]) => [k, stripNulls(x)]),
  );
}

export class TypeTable {
  readonly types = new Map<string, NamedType>();
  /** The named types of the file being converted (each file is self-contained). */
  names: ReadonlyMap<string, AvroObject> = new Map();

  private define(fqn: string, t: NamedType): string {
    const name = clean(fqn);
    const before = this.types.get(name);
    if (before && JSON.stringify(before) !== JSON.stringify(t))
      throw new Error(`two different definitions of ${name}`);
    this.types.set(name, t);
    return name;
  }

  /** The type expression of `t` declared in namespace `ns`; `field` is the field whose type it is. */
  convert(t: Avro, ns: string, field?: AvroObject): TypeExpr {
    if (typeof t === 'string') {
      if (PRIMITIVES.has(t)) {
        if (t === 'string') return urnOf(field) ?? 'string';
        if (t === 'long' && field && isTimeField(field['name'] as string)) return 'time';
        if (t === 'null') throw new Error(`a null type outside a union in ${ns}`);
        return t;
      }
      const [named, fqn] = lookup(this.names, t, ns);
      return this.convert(named, namespaceOf(fqn), field);
    }
    if (Array.isArray(t)) {
      const members = (t as readonly Avro[]).filter((m) => m !== 'null');
      if (members.length === 1 && t.length === 2) return this.convert(members[0] as Avro, ns, field);
      return { union: members.map((m) => this.convert(m, ns)) };
    }
    const o = t as AvroObject;
    if (typeof o.type !== 'string') return this.convert(o.type, ns, field);
    switch (o.type) {
      case 'record':
        return this.record(o, fullName(o, ns));
      case 'enum':
        checkKeys('enum', o, fullName(o, ns));
        return this.define(fullName(o, ns), { enum: [...(o['symbols'] as string[])] });
      case 'array': {
        checkKeys('array', o, ns);
        const itemField = field?.['urn_is_array'] === true ? field : undefined;
        return { array: this.convert(o['items'] as Avro, ns, itemField) };
      }
      case 'map':
        checkKeys('map', o, ns);
        return { map: this.convert(o['values'] as Avro, ns) };
      default:
        if (PRIMITIVES.has(o.type)) return this.convert(o.type, ns, field);
        throw new Error(`unknown Avro type ${o.type} in ${ns}`);
    }
  }

  private record(o: AvroObject, fqn: string): string {
    checkKeys('record', o, fqn);
    const ns = namespaceOf(fqn);
    const fields = o['fields'] as readonly AvroObject[];
    const deprecated = o['deprecated'] !== undefined || o['Deprecated'] === true;
    // Pegasus' aliased unions become records with a discriminator in Avro; on the wire they are unions
    // keyed by alias, and DataHub's client strips the discriminator before sending.
    if (fields.some((f) => f['name'] === 'fieldDiscriminator')) {
      const members: Record<string, TypeExpr> = {};
      for (const f of fields)
        if (f['name'] !== 'fieldDiscriminator') members[f['name'] as string] = this.convert(f.type, ns, f);
      return this.define(fqn, { aliasedUnion: members });
    }
    const defs = fields.map((f) => this.field(f, `${fqn}.${f['name'] as string}`, ns));
    return this.define(fqn, deprecated ? { record: defs, deprecated: true } : { record: defs });
  }

  private field(f: AvroObject, where: string, ns: string): FieldDef {
    checkKeys('field', f, where);
    const nullable = Array.isArray(f.type) && (f.type as readonly Avro[]).includes('null');
    const dflt = f['default'] === undefined || f['default'] === null ? undefined : stripNulls(f['default']);
    const strlen = (f['validate'] as { strlen?: { min?: number; max?: number } } | undefined)?.strlen;
    if (f['validate'] !== undefined && (!strlen || Object.keys(f['validate'] as object).length !== 1))
      throw new Error(`${where}: unknown validate rule (teach the generator)`);
    return {
      name: f['name'] as string,
      type: this.convert(f.type, ns, f),
      ...(nullable || dflt !== undefined ? { optional: true as const } : {}),
      ...(dflt !== undefined ? { default: dflt } : {}),
      ...(f['deprecated'] !== undefined || f['Deprecated'] === true ? { deprecated: true as const } : {}),
      ...(strlen ? { strlen } : {}),
    };
  }
}

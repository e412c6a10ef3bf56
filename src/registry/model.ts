// The registry's declarations, built from the generated model (DataHub's, read from the pinned client's
// schemas by `generator/`) and the small hand-made overlay. Every named type is built once and shared.
import MODEL from './generated/datahub-model.json' with { type: 'json' };
import type { DataHubModel, FieldDef, NamedType, TypeExpr } from './model-types.js';
import { OVERLAY, type RegistryOverlay } from './overlay.js';
import * as s from './schema.js';
import type { AspectSpec, EntitySpec, RelationshipSpec } from './types.js';

const PRIMITIVES: Readonly<Record<string, s.Schema>> = {
  string: s.string,
  int: s.int,
  long: s.long,
  float: s.float,
  double: s.double,
  boolean: s.boolean,
  bytes: s.bytes,
  urn: s.urn(),
  time: s.time,
};

export interface Declarations {
  readonly aspects: readonly AspectSpec[];
  readonly entities: readonly EntitySpec[];
  /** Named types (records, enums, aliased unions) by Pegasus FQN. */
  readonly named: ReadonlyMap<string, s.Schema>;
  readonly version: string;
}

const upperFirst = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1);

class Builder {
  readonly named = new Map<string, s.Schema>();
  constructor(private readonly types: DataHubModel['types']) {}

  type(t: TypeExpr): s.Schema {
    if (typeof t === 'string') {
      const prim = PRIMITIVES[t];
      if (prim) return prim;
      return this.namedType(t);
    }
    if ('array' in t) return s.array(this.type(t.array));
    if ('map' in t) return s.map(this.type(t.map));
    if ('union' in t) return s.union(...t.union.map((m) => this.type(m)));
    return s.urn(...t.urn);
  }

  namedType(fqn: string): s.Schema {
    const built = this.named.get(fqn);
    if (built) return built;
    const def: NamedType | undefined = this.types[fqn];
    if (!def) throw new Error(`model: unknown type ${fqn}`);
    let out: s.Schema;
    if ('enum' in def) out = s.enumOf(fqn, def.enum);
    else if ('aliasedUnion' in def)
      out = s.aliasedUnion(
        Object.fromEntries(Object.entries(def.aliasedUnion).map(([k, v]) => [k, this.type(v)])),
      );
    else out = { kind: 'record', name: fqn, fields: def.record.map((f) => this.field(f)) };
    this.named.set(fqn, out);
    return out;
  }

  private field(f: FieldDef): s.Field {
    return {
      name: f.name,
      schema: this.type(f.type),
      optional: f.optional === true,
      ...(f.default !== undefined ? { default: f.default } : {}),
      ...(f.deprecated ? { deprecated: true as const } : {}),
    };
  }
}

/** Checks that an overlay entry names something the model has, and is not already in it. */
function checkOverlay(model: DataHubModel, overlay: RegistryOverlay): void {
  const fail = (msg: string): never => {
    throw new Error(`registry overlay: ${msg}`);
  };
  for (const [kind, label] of Object.entries(overlay.labels)) {
    if (!model.entities[kind]) fail(`label for unknown kind ${kind}`);
    if (label === upperFirst(kind)) fail(`label ${label} is the default: remove it`);
  }
  for (const kind of overlay.adminOnlyKinds)
    if (!model.entities[kind]) fail(`unknown admin-only kind ${kind}`);
  for (const kind of overlay.hiddenKinds)
    if (!overlay.adminOnlyKinds.includes(kind)) fail(`hidden kind ${kind} is not admin-only`);
  for (const [aspect, rels] of Object.entries(overlay.relationships)) {
    const known = model.aspects[aspect]?.relationships ?? fail(`relationships for unknown aspect ${aspect}`);
    for (const r of rels)
      if (known.some((k) => k.path === r.path && k.name === r.name))
        fail(`${aspect} ${r.path} ${r.name} is in the model now: remove it`);
  }
  for (const [aspect, paths] of Object.entries(overlay.secretFields)) {
    const a = model.aspects[aspect] ?? fail(`secret fields of unknown aspect ${aspect}`);
    for (const path of paths)
      if (!hasPath(model.types, a.record, path.split('/'))) fail(`${aspect} has no field ${path}`);
  }
}

/** Whether a record type has a field at a path of field names. */
function hasPath(types: DataHubModel['types'], fqn: string, path: readonly string[]): boolean {
  const [head, ...rest] = path;
  const def = types[fqn];
  if (head === undefined) return true;
  if (!def || !('record' in def)) return false;
  const field = def.record.find((f) => f.name === head);
  if (!field) return false;
  return rest.length === 0 || (typeof field.type === 'string' && hasPath(types, field.type, rest));
}

/** The registry's declarations from a model and an overlay (by default, the committed ones). */
export function declarations(
  model: DataHubModel = MODEL as unknown as DataHubModel,
  overlay: RegistryOverlay = OVERLAY,
): Declarations {
  checkOverlay(model, overlay);
  const b = new Builder(model.types);
  const aspects: AspectSpec[] = Object.entries(model.aspects).map(([name, a]) => {
    const relationships: RelationshipSpec[] = [
      ...(a.relationships ?? []),
      ...(overlay.relationships[name] ?? []),
    ];
    const secretPaths = overlay.secretFields[name] ?? [];
    // A secret is never indexed, whatever a future model annotates.
    const searchable = (a.searchable ?? []).filter(
      (x) => !secretPaths.some((p) => x.path === p || x.path.startsWith(`${p}/`)),
    );
    const urnKinds = (a.relationships ?? [])
      .filter((r) => r.entityTypes.length > 0)
      .map((r) => ({ path: r.path, entityTypes: r.entityTypes }));
    return {
      name,
      schema: b.namedType(a.record) as s.RecordSchema,
      ...(a.timeseries ? { timeseries: true } : {}),
      ...(relationships.length ? { relationships } : {}),
      ...(searchable.length ? { searchable } : {}),
      ...(secretPaths.length ? { secretPaths } : {}),
      ...(urnKinds.length ? { urnKinds } : {}),
      ...(a.timeseriesFields ? { timeseriesFields: a.timeseriesFields } : {}),
      ...(a.timeseriesCollections ? { timeseriesCollections: a.timeseriesCollections } : {}),
    };
  });
  const admin = new Set(overlay.adminOnlyKinds);
  const hidden = new Set(overlay.hiddenKinds);
  const entities: EntitySpec[] = Object.entries(model.entities).map(([name, e]) => ({
    name,
    label: overlay.labels[name] ?? upperFirst(name),
    keyAspect: e.key,
    keyFields: e.keyFields,
    aspects: [e.key, ...e.aspects],
    category: e.category,
    ...(e.snapshot ? { snapshot: e.snapshot } : {}),
    ...(admin.has(name) ? { adminOnly: true } : {}),
    ...(hidden.has(name) ? { hidden: true } : {}),
  }));
  return { aspects, entities, named: b.named, version: model.model.version };
}

import {
  getArgumentValues,
  getNamedType,
  isInterfaceType,
  isObjectType,
  Kind,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { selectsField } from './selection.js';

/**
 * What a field costs, told by the API that serves it. `size` is how many times the field's selection is
 * resolved (the page size of a list it returns: its `count`, `limit` or `first`, or the default the
 * resolver uses); `weight` is the work of the field itself (1 for a plain field; more for one that
 * searches, scrolls or walks lineage). Both see the field's argument values, variables included; the
 * weight also sees what the field's selection selects (work a field skips when a part of its answer is
 * not asked for is not counted).
 */
export interface CostModel {
  size(
    parent: string,
    field: GraphQLField<unknown, unknown>,
    args: Readonly<Record<string, unknown>>,
  ): number;
  weight(
    parent: string,
    field: GraphQLField<unknown, unknown>,
    args: Readonly<Record<string, unknown>>,
    /** Whether the field's selection selects a field of this name (a search's `facets`, say). */
    selects: (name: string) => boolean,
  ): number;
  /**
   * Work a field does once per request however often it resolves (its resolvers batch every resolution
   * of it with the same `key` into one query): counted once per key in the operation, not multiplied by
   * the page sizes above it. Absent: none.
   */
  batched?(
    parent: string,
    field: GraphQLField<unknown, unknown>,
    args: Readonly<Record<string, unknown>>,
    selects: (name: string) => boolean,
  ): { readonly key: string; readonly weight: number } | undefined;
  /**
   * Whether a field of a page object is resolved once per page rather than once per item (a
   * connection's `totalCount`, `aggregate`, `pageInfo`): the page size of the field above does not
   * multiply it. Absent: every field is multiplied.
   */
  once?(parent: string, field: GraphQLField<unknown, unknown>): boolean;
  /**
   * The object types a field of an abstract type (an interface or a union) can return here, when fewer
   * than the schema allows (the kinds a lineage walk can reach): what the selection selects `on` other
   * types is not counted. Absent: every type.
   */
  types?(parent: string, field: GraphQLField<unknown, unknown>): ReadonlySet<string> | undefined;
}

export interface Size {
  /** Deepest field nesting; a root field is at depth 1. */
  readonly depth: number;
  /**
   * Estimated work: each field's weight plus its size times the cost of its selection (the fields of
   * that selection resolved once per page counted once, and the work batched per request once).
   */
  readonly cost: number;
}

/**
 * A selection's size: its cost but for its batched work, the part of that cost resolved once per page
 * (`CostModel.once`), and its batched work by key (`CostModel.batched`), counted once per operation.
 */
interface Part extends Size {
  readonly once: number;
  readonly batched: ReadonlyMap<string, number>;
}

const NO_BATCH: ReadonlyMap<string, number> = new Map();
const NONE: Part = { depth: 0, cost: 0, once: 0, batched: NO_BATCH };

/** Batched work of two selections: each key once, at its larger weight. */
function union(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): ReadonlyMap<string, number> {
  if (!b.size) return a;
  if (!a.size) return b;
  const out = new Map(a);
  for (const [k, w] of b) out.set(k, Math.max(w, out.get(k) ?? 0));
  return out;
}
/** A set of type names as a key (worked out once per set: a request spreads fragments many times). */
const keys = new WeakMap<ReadonlySet<string>, string>();
const typesKey = (types: ReadonlySet<string>): string => {
  let key = keys.get(types);
  if (key === undefined) keys.set(types, (key = [...types].sort().join(',')));
  return key;
};

const add = (a: Part, b: Part): Part => ({
  depth: Math.max(a.depth, b.depth),
  cost: a.cost + b.cost,
  once: a.once + b.once,
  batched: union(a.batched, b.batched),
});

/**
 * The depth and cost of one operation, fragments expanded, with its variables. Each fragment is measured
 * once (its size does not depend on where it is spread), so a document whose fragments spread each other
 * many times over is measured in time linear in its length, however large its expansion; a cycle
 * (refused by the standard rules anyway) counts as nothing.
 *
 * `__Type.ofType` adds no depth: it follows the wrappers (list, non-null) of one type, a chain that
 * cannot fan out, and the standard introspection query nests it nine times. It costs like any field.
 */
export function measureOperation(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Readonly<Record<string, unknown>>,
  model: CostModel,
): Size {
  const { depth, cost, batched } = new Measure(schema, document, variables, model).of(
    operation.selectionSet,
    schema.getRootType(operation.operation) ?? undefined,
  );
  let total = cost;
  for (const w of batched.values()) total += w;
  return { depth, cost: total };
}

class Measure {
  private readonly fragments = new Map<string, FragmentDefinitionNode>();
  private readonly sizes = new Map<string, Part>();
  private readonly measuring = new Set<string>();

  constructor(
    private readonly schema: GraphQLSchema,
    document: DocumentNode,
    private readonly variables: Readonly<Record<string, unknown>>,
    private readonly model: CostModel,
  ) {
    for (const def of document.definitions)
      if (def.kind === Kind.FRAGMENT_DEFINITION) this.fragments.set(def.name.value, def);
  }

  /**
   * A selection set's size. Under an abstract type (an interface or a union), what is selected `on` one
   * object type resolves only for the objects of that type: the cost is that of the fields every object
   * resolves plus the costliest object type's own, not the sum over all types (an entity preview that
   * selects on thirty kinds costs what the costliest kind costs).
   */
  of(set: SelectionSetNode, parent: GraphQLNamedType | undefined, types?: ReadonlySet<string>): Part {
    let depth = 0;
    let common: Part = NONE;
    const byType = new Map<string, Part>();
    const abstract = parent !== undefined && !isObjectType(parent);
    for (const sel of set.selections) {
      let size: Part;
      let on: GraphQLNamedType | undefined;
      if (sel.kind === Kind.FIELD) size = this.field(sel, parent);
      else if (sel.kind === Kind.INLINE_FRAGMENT) {
        on = sel.typeCondition ? (this.schema.getType(sel.typeCondition.name.value) ?? undefined) : parent;
        size = this.of(sel.selectionSet, on, on && !isObjectType(on) ? types : undefined);
      } else {
        size = this.fragment(sel.name.value, types);
        const def = this.fragments.get(sel.name.value);
        on = def ? (this.schema.getType(def.typeCondition.name.value) ?? undefined) : undefined;
      }
      depth = Math.max(depth, size.depth);
      if (abstract && on && isObjectType(on)) {
        if (!types || types.has(on.name)) byType.set(on.name, add(byType.get(on.name) ?? NONE, size));
      } else common = add(common, size);
    }
    let costliest = NONE;
    let batched = NO_BATCH;
    for (const part of byType.values()) {
      if (part.cost > costliest.cost) costliest = part;
      batched = union(batched, part.batched);
    }
    return { ...add(common, { ...costliest, batched }), depth };
  }

  private field(node: FieldNode, parent: GraphQLNamedType | undefined): Part {
    const name = node.name.value;
    const def = this.fieldDef(parent, name);
    const types = def && parent ? this.model.types?.(parent.name, def) : undefined;
    const child = node.selectionSet
      ? this.of(node.selectionSet, def ? getNamedType(def.type) : this.introspectionType(name), types)
      : NONE;
    const adds = parent?.name === '__Type' && name === 'ofType' ? 0 : 1;
    if (!def || !parent || name.startsWith('__') || parent.name.startsWith('__'))
      return { depth: adds + child.depth, cost: 1 + child.cost, once: 0, batched: child.batched };
    const args = this.args(def, node);
    const size = Math.max(1, this.model.size(parent.name, def, args));
    const selects = (field: string): boolean =>
      selectsField(node.selectionSet, field, (f) => this.fragments.get(f));
    const weight = Math.max(1, this.model.weight(parent.name, def, args, selects));
    const cost = weight + child.once + size * (child.cost - child.once);
    const own = this.model.batched?.(parent.name, def, args, selects);
    return {
      depth: adds + child.depth,
      cost,
      once: this.model.once?.(parent.name, def) === true ? cost : 0,
      batched: own ? union(child.batched, new Map([[own.key, own.weight]])) : child.batched,
    };
  }

  /** The field's argument values; {} when they do not coerce (execution will refuse them anyway). */
  private args(def: GraphQLField<unknown, unknown>, node: FieldNode): Record<string, unknown> {
    try {
      return getArgumentValues(def, node, this.variables as Record<string, unknown>);
    } catch {
      return {};
    }
  }

  /** A fragment's size where the types it may apply to are `types` (measured once for each). */
  private fragment(name: string, types?: ReadonlySet<string>): Part {
    const key = types ? `${name} ${typesKey(types)}` : name;
    const known = this.sizes.get(key);
    if (known) return known;
    const def = this.fragments.get(name);
    if (!def || this.measuring.has(name)) return NONE;
    this.measuring.add(name);
    const on = this.schema.getType(def.typeCondition.name.value) ?? undefined;
    // The narrowing holds where the fragment is on an abstract type; on an object type it has no say.
    const size = this.of(def.selectionSet, on, on && !isObjectType(on) ? types : undefined);
    this.measuring.delete(name);
    this.sizes.set(key, size);
    return size;
  }

  private introspectionType(name: string): GraphQLNamedType | undefined {
    if (name === '__schema') return this.schema.getType('__Schema') ?? undefined;
    if (name === '__type') return this.schema.getType('__Type') ?? undefined;
    return undefined;
  }

  /** A field of `parent` (introspection types included); undefined if none. */
  private fieldDef(
    parent: GraphQLNamedType | undefined,
    name: string,
  ): GraphQLField<unknown, unknown> | undefined {
    if (!parent || !(isObjectType(parent) || isInterfaceType(parent))) return undefined;
    return Object.hasOwn(parent.getFields(), name) ? parent.getFields()[name] : undefined;
  }
}

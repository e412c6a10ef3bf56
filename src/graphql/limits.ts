import {
  GraphQLError,
  isInterfaceType,
  isObjectType,
  getNamedType,
  Kind,
  type FragmentDefinitionNode,
  type GraphQLNamedType,
  type GraphQLSchema,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';

/** The limits of one GraphQL request; 0 turns a limit off. */
export interface GraphqlLimits {
  /** Deepest field nesting: a top-level field is at depth 1 (NEOHUB_GRAPHQL_MAX_DEPTH). */
  readonly maxDepth: number;
  /** Most field selections of one operation, every fragment counted where it is spread (NEOHUB_GRAPHQL_MAX_COST). */
  readonly maxCost: number;
}

interface Size {
  readonly depth: number;
  readonly cost: number;
}

const NONE: Size = { depth: 0, cost: 0 };

/**
 * The depth and cost of selection sets, fragments expanded. Each fragment is measured once (its size does
 * not depend on where it is spread), so a document whose fragments spread each other many times over is
 * measured in time linear in its length, however large its expansion; a cycle (refused by the standard
 * rules anyway) counts as nothing.
 *
 * `__Type.ofType` adds no depth: it follows the wrappers (list, non-null) of one type, a chain that
 * cannot fan out, and the standard introspection query nests it nine times. It costs like any field.
 */
class Measure {
  private readonly fragments = new Map<string, FragmentDefinitionNode>();
  private readonly sizes = new Map<string, Size>();
  private readonly measuring = new Set<string>();

  constructor(
    private readonly schema: GraphQLSchema,
    context: ValidationContext,
  ) {
    for (const def of context.getDocument().definitions)
      if (def.kind === Kind.FRAGMENT_DEFINITION) this.fragments.set(def.name.value, def);
  }

  of(set: SelectionSetNode, parent: GraphQLNamedType | undefined): Size {
    let depth = 0;
    let cost = 0;
    for (const sel of set.selections) {
      let size: Size;
      if (sel.kind === Kind.FIELD) {
        const name = sel.name.value;
        const child = sel.selectionSet ? this.of(sel.selectionSet, this.fieldType(parent, name)) : NONE;
        const adds = parent?.name === '__Type' && name === 'ofType' ? 0 : 1;
        size = { depth: adds + child.depth, cost: 1 + child.cost };
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        const on = sel.typeCondition ? this.schema.getType(sel.typeCondition.name.value) : parent;
        size = this.of(sel.selectionSet, on);
      } else {
        size = this.fragment(sel.name.value);
      }
      depth = Math.max(depth, size.depth);
      cost += size.cost;
    }
    return { depth, cost };
  }

  private fragment(name: string): Size {
    const known = this.sizes.get(name);
    if (known) return known;
    const def = this.fragments.get(name);
    if (!def || this.measuring.has(name)) return NONE;
    this.measuring.add(name);
    const size = this.of(def.selectionSet, this.schema.getType(def.typeCondition.name.value));
    this.measuring.delete(name);
    this.sizes.set(name, size);
    return size;
  }

  /** The named type of a field of `parent` (the introspection entry points included); undefined if none. */
  private fieldType(parent: GraphQLNamedType | undefined, name: string): GraphQLNamedType | undefined {
    if (name === '__schema') return this.schema.getType('__Schema');
    if (name === '__type') return this.schema.getType('__Type');
    if (!parent || !(isObjectType(parent) || isInterfaceType(parent))) return undefined;
    const field = parent.getFields()[name];
    return field ? getNamedType(field.type) : undefined;
  }
}

/**
 * Validation rules that refuse, before anything runs, an operation nested deeper than `maxDepth` or
 * selecting more than `maxCost` fields. Their errors are validation errors: DataHub's
 * `{code: 400, type: BAD_REQUEST}`, naming the limit and its value.
 */
export function limitRules(limits: GraphqlLimits): ValidationRule[] {
  if (!limits.maxDepth && !limits.maxCost) return [];
  const rule: ValidationRule = (context) => {
    const measure = new Measure(context.getSchema(), context);
    return {
      OperationDefinition(op) {
        const root =
          op.operation === 'query'
            ? context.getSchema().getQueryType()
            : op.operation === 'mutation'
              ? context.getSchema().getMutationType()
              : context.getSchema().getSubscriptionType();
        const { depth, cost } = measure.of(op.selectionSet, root ?? undefined);
        const what = op.name ? `The operation ${op.name.value}` : 'The operation';
        if (limits.maxDepth && depth > limits.maxDepth)
          context.reportError(
            new GraphQLError(
              `${what} is nested ${depth} fields deep; the GraphQL depth limit (NEOHUB_GRAPHQL_MAX_DEPTH) is ${limits.maxDepth}.`,
              { nodes: op },
            ),
          );
        if (limits.maxCost && cost > limits.maxCost)
          context.reportError(
            new GraphQLError(
              `${what} selects ${cost} fields, fragments expanded; the GraphQL cost limit (NEOHUB_GRAPHQL_MAX_COST) is ${limits.maxCost}.`,
              { nodes: op },
            ),
          );
        return false;
      },
    };
  };
  return [rule];
}

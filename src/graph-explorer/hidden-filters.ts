import {
  GraphQLError,
  getNullableType,
  isInputObjectType,
  isListType,
  Kind,
  TypeInfo,
  valueFromAST,
  visit,
  visitWithTypeInfo,
  type ArgumentNode,
  type ASTNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLArgument,
  type GraphQLFieldResolver,
  type GraphQLInputObjectType,
  type GraphQLInputType,
  type GraphQLResolveInfo,
  type GraphQLSchema,
} from 'graphql';

/** The where input of `AnyEntity`, the one type whose nodes may be of a hidden kind. */
const ANY_WHERE = 'AnyEntityWhere';
const QUANTIFIERS = ['some', 'none', 'single', 'all'] as const;
/** The prefix of the variables that carry the rewritten filters. */
const VARIABLE = '__neohubVisible';

type Where = Record<string, unknown>;

/**
 * What a filter over edges is rewritten with: `node` when its quantifiers hold connection wheres (an
 * `edge` and a `node`), `self` when they hold AnyEntity wheres; undefined for any other input type.
 */
function quantifiedTarget(type: GraphQLInputObjectType): 'self' | 'node' | undefined {
  const fields = type.getFields();
  const target = fields.some ? getNullableType(fields.some.type) : undefined;
  if (!target || !isInputObjectType(target)) return undefined;
  if (target.name === ANY_WHERE) return 'self';
  const node = target.getFields().node;
  return node && getNullableType(node.type).toString() === ANY_WHERE ? 'node' : undefined;
}

/**
 * Filters of the explorer as a non-Admin may ask them: every filter over edges towards `AnyEntity`
 * (`ownedBy: { some: ... }`, `ownedByConnection: { all: ... }`, in any where, at any depth) only looks at
 * the nodes the caller may see, so that a filter cannot tell whether a hidden node is there: `some`,
 * `none` and `single` match visible nodes only, `all` lets hidden nodes pass. Filters on the aggregates
 * of such edges (their counts) would count hidden nodes: they are refused.
 */
export class HiddenKindsFilter {
  private readonly hidden: Where;
  private readonly visible: Where;

  constructor(hiddenKinds: readonly string[]) {
    this.hidden = { entityType: { in: [...hiddenKinds] } };
    this.visible = { NOT: this.hidden };
  }

  /**
   * The value of type `type`, with its filters over edges to AnyEntity rewritten; the same value
   * (by reference) when it has none.
   */
  rewrite(value: unknown, type: GraphQLInputType): unknown {
    if (value === null || value === undefined) return value;
    const t = getNullableType(type);
    if (isListType(t)) {
      if (!Array.isArray(value)) return this.rewrite(value, t.ofType);
      const items = value.map((v: unknown) => this.rewrite(v, t.ofType));
      return items.some((v, i) => v !== value[i]) ? items : value;
    }
    if (!isInputObjectType(t) || typeof value !== 'object') return value;
    const fields = t.getFields();
    const target = quantifiedTarget(t);
    if (target === 'node' && 'aggregate' in value && (value as Where).aggregate != null)
      throw new GraphQLError(
        'Filters on the aggregates of edges towards AnyEntity need the Admin role (they would count hidden entities).',
        { extensions: { code: 'FORBIDDEN' } },
      );
    let changed = false;
    const out: Where = {};
    for (const [key, v] of Object.entries(value as Where)) {
      const field = fields[key];
      let next = field ? this.rewrite(v, field.type) : v;
      if (target && next != null && (QUANTIFIERS as readonly string[]).includes(key))
        next = this.quantified(key, next as Where, target);
      if (next !== v) changed = true;
      out[key] = next;
    }
    return changed ? out : value;
  }

  private quantified(quantifier: string, where: Where, target: 'self' | 'node'): Where {
    const wrap = (w: Where): Where => (target === 'self' ? w : { node: w });
    return quantifier === 'all' ? { OR: [where, wrap(this.hidden)] } : { AND: [where, wrap(this.visible)] };
  }

  /**
   * A root field's resolver that, for a non-Admin, resolves the query with its filters rewritten: its
   * arguments, and those of every field below it (the library reads them from the resolve info: each is
   * replaced with a variable holding its rewritten value).
   */
  wrap<TSource, TContext extends { jwt?: unknown }>(
    resolve: GraphQLFieldResolver<TSource, TContext>,
  ): GraphQLFieldResolver<TSource, TContext> {
    return (source, args: Record<string, unknown>, context, info) => {
      if (isAdmin(context.jwt)) return resolve(source, args, context, info);
      const field = info.parentType.getFields()[info.fieldName];
      return resolve(source, this.rewriteArgs(args, field?.args ?? []), context, this.rewriteInfo(info));
    };
  }

  private rewriteArgs(
    args: Record<string, unknown>,
    defs: readonly GraphQLArgument[],
  ): Record<string, unknown> {
    const out: Record<string, unknown> = { ...args };
    for (const def of defs) if (def.name in out) out[def.name] = this.rewrite(out[def.name], def.type);
    return out;
  }

  private rewriteInfo(info: GraphQLResolveInfo): GraphQLResolveInfo {
    const variableValues: Record<string, unknown> = { ...info.variableValues };
    let count = 0;
    const rewriteNode = <T extends ASTNode>(node: T, typeInfo: TypeInfo): T =>
      visit(
        node,
        visitWithTypeInfo(typeInfo, {
          Argument: (arg: ArgumentNode): ArgumentNode | undefined => {
            const def = typeInfo.getArgument();
            if (!def) return undefined;
            const value = valueFromAST(arg.value, def.type, info.variableValues);
            const rewritten = this.rewrite(value, def.type);
            if (rewritten === value) return undefined;
            const name = `${VARIABLE}${count++}`;
            variableValues[name] = rewritten;
            return { ...arg, value: { kind: Kind.VARIABLE, name: { kind: Kind.NAME, value: name } } };
          },
        }),
      );
    const fieldNodes: FieldNode[] = info.fieldNodes.map((f) =>
      rewriteNode(f, new TypeInfo(info.schema, info.parentType)),
    );
    const fragments: Record<string, FragmentDefinitionNode> = {};
    for (const [name, fragment] of Object.entries(info.fragments))
      fragments[name] = rewriteNode(fragment, new TypeInfo(info.schema));
    return { ...info, fieldNodes, fragments, variableValues };
  }

  /** Wraps the resolver of every root query field of `schema` (in place), and returns the schema. */
  applyTo(schema: GraphQLSchema): GraphQLSchema {
    for (const field of Object.values(schema.getQueryType()?.getFields() ?? {}))
      if (field.resolve) field.resolve = this.wrap(field.resolve);
    return schema;
  }
}

const isAdmin = (jwt: unknown): boolean =>
  typeof jwt === 'object' && jwt !== null && (jwt as { admin?: unknown }).admin === true;

import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, type DocumentNode, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import { measureOperation, type CostModel } from './measure.js';

/** The limits of one GraphQL request; 0 turns a limit off. */
export interface GraphqlLimits {
  /** Deepest field nesting: a root field is at depth 1 (NEOHUB_GRAPHQL_MAX_DEPTH). */
  readonly maxDepth: number;
  /** Largest estimated cost of one operation (NEOHUB_GRAPHQL_MAX_COST). */
  readonly maxCost: number;
}

/** Told the measured cost of every operation, refused or not (the service's metrics). */
export type CostObserver = (operationType: string, cost: number) => void;

/**
 * Throws when an operation, with its variables, is nested deeper than `maxDepth` or costs more than
 * `maxCost`: a request error (`extensions.code` BAD_REQUEST, HTTP 400 where the endpoint answers with
 * statuses) naming the limit, its setting and the operation's figure.
 */
export function checkLimits(
  request: {
    readonly schema: GraphQLSchema;
    readonly document: DocumentNode;
    readonly operation: OperationDefinitionNode;
    readonly variables: Readonly<Record<string, unknown>>;
  },
  limits: GraphqlLimits,
  model: CostModel,
  observe?: CostObserver,
): void {
  if (!limits.maxDepth && !limits.maxCost && !observe) return;
  const { schema, document, operation, variables } = request;
  const { depth, cost } = measureOperation(schema, document, operation, variables, model);
  observe?.(operation.operation, cost);
  const what = operation.name ? `The operation ${operation.name.value}` : 'The operation';
  const refuse = (message: string): never => {
    throw new GraphQLError(message, {
      nodes: operation,
      extensions: { code: 'BAD_REQUEST', http: { status: 400 } },
    });
  };
  if (limits.maxDepth && depth > limits.maxDepth)
    refuse(
      `${what} is nested ${depth} fields deep; the GraphQL depth limit (NEOHUB_GRAPHQL_MAX_DEPTH) is ${limits.maxDepth}.`,
    );
  if (limits.maxCost && cost > limits.maxCost)
    refuse(
      `${what} costs ${costText(cost)} (each field 1, times the page sizes of the lists above it; searches, scrolls and lineage walks weigh more); the GraphQL cost limit (NEOHUB_GRAPHQL_MAX_COST) is ${limits.maxCost}. Ask for smaller pages (count, limit, first) or fewer nested lists.`,
    );
}

const costText = (cost: number): string => (cost < 1e15 ? String(Math.round(cost)) : 'more than 10^15');

/**
 * Applies `checkLimits` to every operation once its variables are known and before any resolver runs,
 * so before any database work.
 */
export function queryLimits<C extends object>(
  limits: GraphqlLimits,
  model: CostModel,
  observe?: CostObserver,
): ApolloServerPlugin<C> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ schema, document, operation, request }) {
          if (!operation) return;
          checkLimits(
            { schema, document, operation, variables: request.variables ?? {} },
            limits,
            model,
            observe,
          );
        },
      };
    },
  };
}

import { GraphQLError, type ASTVisitor, type ValidationContext } from 'graphql';

/**
 * A validation rule: an operation whose root type the schema lacks (a mutation or subscription on the
 * read-only explorer) is refused before execution, as a 400 with GRAPHQL_VALIDATION_FAILED, instead of
 * graphql-js failing it at execution time.
 */
export function knownOperationTypes(context: ValidationContext): ASTVisitor {
  const schema = context.getSchema();
  return {
    OperationDefinition(node) {
      if (schema.getRootType(node.operation)) return;
      context.reportError(
        new GraphQLError(`The graph explorer is read-only: it has no ${node.operation} operations.`, {
          nodes: node,
        }),
      );
    },
  };
}

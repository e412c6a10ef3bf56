import type { GraphQLFormattedError } from 'graphql';
import type { Logger } from '../logger.js';

/**
 * Errors of the explorer on the wire: GraphQL's own errors (validation, coercion) and the library's
 * keep their message; anything else (a driver or Cypher failure) is logged and answered without its
 * details, as on /api/graphql.
 */
export function explorerErrorFormatter(log: Logger) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const code = formatted.extensions?.code;
    if (code !== 'INTERNAL_SERVER_ERROR' && code !== undefined) return formatted;
    const original = (error as { originalError?: unknown }).originalError ?? error;
    if (isGraphQLError(original)) return { ...formatted, extensions: { code: 'BAD_REQUEST' } };
    log.error({ err: original, path: formatted.path }, 'graph explorer query failed');
    return { ...formatted, message: 'An unknown error occurred.', extensions: { code: 'SERVER_ERROR' } };
  };
}

/** graphql-js errors and @neo4j/graphql's (`Neo4jGraphQL...Error`, subclasses of GraphQLError). */
function isGraphQLError(err: unknown): boolean {
  const name = (err as { name?: unknown })?.name;
  return typeof name === 'string' && (name === 'GraphQLError' || name.startsWith('Neo4jGraphQL'));
}

import { ApolloServer } from '@apollo/server';
import { stringifyWithRaw } from '../json/index.js';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { nonNegativePages } from './page-arguments.js';
import fastifyApollo, { fastifyApolloDrainPlugin } from '@as-integrations/fastify';
import type { Neo4jGraphQLContext } from '@neo4j/graphql';
import type { FastifyInstance } from 'fastify';
import type { Driver } from 'neo4j-driver';
import type { Logger } from '../logger.js';
import { explorerErrorFormatter } from './errors.js';
import { queryLimits, type GraphqlLimits } from '../graphql-limits/index.js';
import { explorerCostModel } from './cost-model.js';
import { knownOperationTypes } from './read-only-rule.js';
import { explorerSchema } from './schema.js';

/** What the explorer needs from the runtime: the store's driver and database, and a logger. */
export interface GraphExplorerOptions {
  readonly driver: Driver;
  readonly database: string | undefined;
  readonly log: Logger;
  /** Depth and cost limits of a query (the same settings as /api/graphql). */
  readonly limits: GraphqlLimits;
  /**
   * Whether the current request's caller is an Admin (asked once per request, inside its scope): only
   * Admins see the entities of the registry's hidden kinds.
   */
  readonly isAdmin: () => boolean;
}

/** The claims AnyEntity's @authorization filter reads (the `JWT` type of graph-schema/explorer.graphql). */
export interface ExplorerJwt {
  readonly admin: boolean;
  readonly [claim: string]: unknown;
}

/**
 * Serves the read-only graph explorer at `POST /api/graph` (and GET for queries): its own Apollo Server
 * over the schema @neo4j/graphql generates, the library translating each query to Cypher and running
 * it on the runtime's driver (a read transaction per query), once the query's depth and cost are within
 * the limits. No landing page: GraphiQL is at /api/graphiql. Entities of hidden kinds are left out for
 * callers who are not Admins (the `admin` claim of each request's `jwt`).
 */
export async function registerExplorerEndpoint(
  app: FastifyInstance,
  opts: GraphExplorerOptions,
): Promise<void> {
  const apollo = new ApolloServer<Neo4jGraphQLContext>({
    schema: await explorerSchema(),
    formatError: explorerErrorFormatter(opts.log),
    includeStacktraceInErrorResponses: false,
    introspection: true,
    // Floats as neohub's GraphQL writes them (graphql-js's Float is one instance: src/graphql/float-wire.ts).
    stringifyResult: stringifyWithRaw,
    validationRules: [knownOperationTypes],
    plugins: [
      fastifyApolloDrainPlugin(app),
      ApolloServerPluginLandingPageDisabled(),
      nonNegativePages(),
      queryLimits(opts.limits, explorerCostModel),
    ],
  });
  await apollo.start();
  const sessionConfig = opts.database ? { database: opts.database } : {};
  await app.register(fastifyApollo(apollo), {
    path: '/api/graph',
    // The decoded `jwt` the library's authorization rules read: set here for every request, never
    // taken from the client (a request without it would be treated as unauthenticated: hidden kinds
    // left out).
    context: async () => ({ executionContext: opts.driver, sessionConfig, jwt: explorerJwt(opts) }),
  });
}

const explorerJwt = (opts: GraphExplorerOptions): ExplorerJwt => ({ admin: opts.isAdmin() });

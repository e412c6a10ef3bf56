import 'reflect-metadata';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import fastifyApollo, { fastifyApolloDrainPlugin } from '@as-integrations/fastify';
import type { FastifyInstance } from 'fastify';
import { NeohubError } from '../errors/index.js';
import { lineageKinds, type Services } from '../services/index.js';
import { createContext, type GraphQLContext } from './context.js';
import { formatError } from './errors.js';
import type { Config } from '../config.js';
import {
  queryLimits,
  type CostModel,
  type CostObserver,
  type GraphqlLimits,
} from '../graphql-limits/index.js';
import type { Registry } from '../registry/index.js';
import { datahubCostModel } from './cost-model.js';
import { LINEAGE_FIELD_HOPS } from './types/entity.js';
import { typeNameOf } from './types/kind-types.js';
import { operationPrivileges } from './operation-privileges.js';
import { graphqlSchema } from './schema.js';
import { floatsWithFraction } from './float-wire.js';
import { stringifyWithRaw } from '../json/index.js';

/**
 * DataHub answers every GraphQL request it could read with HTTP 200, errors included (its clients read
 * `errors`, and the Python client raises GraphError from it); unexpected errors are logged here.
 */
function datahubResponses(services: Services): ApolloServerPlugin<GraphQLContext> {
  return {
    async requestDidStart() {
      return {
        async didEncounterErrors({ errors }) {
          for (const e of errors) {
            const original = e.originalError ?? e;
            if (!(original instanceof NeohubError) && !e.extensions?.code)
              services.log.error({ err: original }, 'GraphQL request failed');
          }
        },
        async willSendResponse({ response }) {
          response.http.status = 200;
          // What Apollo's cache-control plugin said of every answer (neohub gives no cache hints); the
          // plugin itself is off, as it ran a hook for every field resolved (a tenth of a large page's time).
          response.http.headers.set('cache-control', 'no-store');
        },
      };
    },
  };
}

/** The depth and cost limits of both GraphQL endpoints. */
export const graphqlLimits = (config: Config): GraphqlLimits => ({
  maxDepth: config.graphqlMaxDepth,
  maxCost: config.graphqlMaxCost,
});

/** The cost model DataHub's GraphQL is measured with: lineage results are of the kinds lineage reaches. */
export const graphqlCostModel = (config: Config, registry: Registry): CostModel =>
  datahubCostModel({
    lineageHops: LINEAGE_FIELD_HOPS,
    maxHops: config.lineageMaxHops,
    lineageTypes: new Set([...lineageKinds(registry)].map(typeNameOf)),
  });

/**
 * neohub's Apollo server on the services, started; `transportPlugins` are those of the HTTP integration
 * that mounts it (its drain plugin). One definition for every mount, so that measures of the HTTP layer
 * (bench/http-layer.ts) run the same GraphQL.
 */
export async function apolloServer(
  services: Services,
  transportPlugins: ApolloServerPlugin<GraphQLContext>[] = [],
  observeCost?: CostObserver,
): Promise<ApolloServer<GraphQLContext>> {
  const schema = await graphqlSchema();
  floatsWithFraction(schema);
  const apollo = new ApolloServer<GraphQLContext>({
    schema,
    stringifyResult: stringifyWithRaw,
    formatError,
    introspection: true,
    includeStacktraceInErrorResponses: false,
    plugins: [
      ...transportPlugins,
      ApolloServerPluginCacheControlDisabled(),
      datahubResponses(services),
      queryLimits(
        graphqlLimits(services.config),
        graphqlCostModel(services.config, services.registry),
        observeCost,
      ),
      operationPrivileges(),
    ],
  });
  await apollo.start();
  return apollo;
}

/**
 * Serves DataHub's GraphQL API at `POST /api/graphql` (and GET for queries), on the same services;
 * `observeCost` is told each operation's cost (the metrics).
 */
export async function registerGraphql(
  app: FastifyInstance,
  services: Services,
  observeCost?: CostObserver,
): Promise<void> {
  const apollo = await apolloServer(services, [fastifyApolloDrainPlugin(app)], observeCost);
  await app.register(fastifyApollo(apollo), {
    path: '/api/graphql',
    context: async (request) => createContext(services, request),
  });
}

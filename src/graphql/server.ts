import 'reflect-metadata';
import { ApolloServer } from '@apollo/server';
import fastifyApollo, { fastifyApolloDrainPlugin } from '@as-integrations/fastify';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services/index.js';
import { createContext, type GraphQLContext } from './context.js';
import { formatError } from './errors.js';
import { graphqlSchema } from './schema.js';

/** Serves DataHub's GraphQL API at `POST /api/graphql` (and GET for queries), on the same services. */
export async function registerGraphql(app: FastifyInstance, services: Services): Promise<void> {
  const apollo = new ApolloServer<GraphQLContext>({
    schema: await graphqlSchema(),
    formatError,
    introspection: true,
    plugins: [fastifyApolloDrainPlugin(app)],
  });
  await apollo.start();
  await app.register(fastifyApollo(apollo), {
    path: '/api/graphql',
    context: async () => createContext(services),
  });
}

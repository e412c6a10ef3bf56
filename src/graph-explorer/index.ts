import type { FastifyInstance } from 'fastify';
import { registerGraphiql } from './graphiql.js';
import { registerExplorerEndpoint, type GraphExplorerOptions } from './server.js';

export { explorerSchema, printedExplorerSchema } from './schema.js';
export { explorerTypeDefs } from './type-defs.js';
export type { GraphExplorerOptions } from './server.js';

/** The graph explorer at `/api/graph`, and GraphiQL (for it and for /api/graphql) at `/api/graphiql`. */
export async function registerGraphExplorer(app: FastifyInstance, opts: GraphExplorerOptions): Promise<void> {
  await registerExplorerEndpoint(app, opts);
  await registerGraphiql(app);
}

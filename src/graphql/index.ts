export { apolloServer, graphqlCostModel, graphqlLimits, registerGraphql } from './server.js';
export { createContext } from './context.js';
export { sendGraphqlError } from './errors.js';

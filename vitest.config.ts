import { defineConfig } from 'vitest/config';

// The GraphQL stack goes through the test runner's resolver, so that all of it shares one graphql module.
const server = {
  deps: { inline: ['type-graphql', '@apollo/server', '@as-integrations/fastify'] },
};
// Everything the runner transforms uses graphql's main (CommonJS) entry, the one Node gives Apollo and
// the one @neo4j/graphql (CommonJS only) requires. Set on each project: projects do not inherit it.
const resolve = { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] };

/** Tests against Neo4j: a server start in a hook, walks over many entities in a test. */
const slow = { testTimeout: 60_000, hookTimeout: 120_000 };

export default defineConfig({
  resolve,
  test: {
    fileParallelism: false,
    projects: [
      { resolve, test: { name: 'unit', include: ['test/unit/**/*.test.ts'], server } },
      // Store, services, the sync worker and the search adapters against a real Neo4j (and Meilisearch).
      { resolve, test: { name: 'int', include: ['test/integration/**/*.test.ts'], ...slow, server } },
      // End to end over HTTP: every transport, auth, the wire shapes of DataHub's clients.
      { resolve, test: { name: 'e2e', include: ['test/http/**/*.test.ts'], ...slow, server } },
    ],
  },
});

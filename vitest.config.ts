import { defineConfig } from 'vitest/config';

// The GraphQL stack goes through the test runner's resolver, so that all of it shares one graphql module.
const server = {
  deps: { inline: ['type-graphql', '@apollo/server', '@as-integrations/fastify'] },
};
// Everything the runner transforms uses graphql's main (CommonJS) entry, the one Node gives Apollo and
// the one @neo4j/graphql (CommonJS only) requires. Set on each project: projects do not inherit it.
const resolve = { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] };

export default defineConfig({
  resolve,
  test: {
    fileParallelism: false,
    projects: [
      { resolve, test: { name: 'unit', include: ['test/unit/**/*.test.ts'], server } },
      {
        resolve,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts', 'test/http/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          server,
        },
      },
    ],
  },
});

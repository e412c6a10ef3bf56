import { defineConfig } from 'vitest/config';

// The GraphQL stack goes through the test runner's resolver, so that all of it shares one graphql module.
const server = {
  deps: { inline: ['type-graphql', 'graphql-scalars', '@apollo/server', '@as-integrations/fastify'] },
};

export default defineConfig({
  // Everything the runner transforms uses graphql's main (CommonJS) entry, the one Node gives Apollo.
  resolve: { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] },
  test: {
    fileParallelism: false,
    projects: [
      { test: { name: 'unit', include: ['test/unit/**/*.test.ts'], server } },
      {
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

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

/**
 * The files of a project share one worker's modules (`isolate: false`): neohub and its dependencies load
 * and warm up once per tier, not once per file (a third of the tiers' time went there). Each file still
 * starts its own servers and isolates its data by unique URNs; no test mocks a module or changes the
 * environment, which a shared module graph would carry to the next file.
 */
const shared = { isolate: false };

/**
 * The fault tests kill and restart processes of their own (a neohub, a local-mode Neo4j, Meilisearch):
 * slow, and apart from the rest, so `npm test` runs them beside the other tiers.
 */
const FAULT = ['test/integration/fault-*.test.ts', 'test/integration/local-mode.test.ts'];

export default defineConfig({
  resolve,
  test: {
    ...shared,
    // Against one database, one file at a time: files share the change log, its followers and their
    // leases. The unit tier has no database: `npm test` runs its files in parallel (--fileParallelism).
    fileParallelism: false,
    projects: [
      { resolve, test: { name: 'unit', include: ['test/unit/**/*.test.ts'], ...shared, server } },
      // Store, services, the sync worker and the search adapters against a real Neo4j (and Meilisearch).
      {
        resolve,
        test: {
          name: 'int',
          include: ['test/integration/**/*.test.ts'],
          exclude: FAULT,
          ...slow,
          ...shared,
          server,
        },
      },
      { resolve, test: { name: 'fault', include: FAULT, ...slow, ...shared, server } },
      // End to end over HTTP: every transport, auth, the wire shapes of DataHub's clients.
      {
        resolve,
        test: { name: 'e2e', include: ['test/http/**/*.test.ts'], ...slow, ...shared, server },
      },
    ],
  },
});

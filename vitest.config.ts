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
 * environment, which a shared module graph would carry to the next file. Set at the root (the pool reads
 * it there: one worker for all files) and on each project (its worker reads it there: no module reset).
 */
const shared = { isolate: false };

/** A project of this config: projects inherit nothing from the root, so each gets the common parts. */
const project = (name: string, include: string[], extra: object = {}) => ({
  resolve,
  test: { name, include, ...shared, server, ...extra },
});

/**
 * The fault tests kill and restart processes of their own (a neohub, a local-mode Neo4j, Meilisearch):
 * slow, and apart from the rest, so `npm test` runs them beside the other tiers.
 */
const FAULT = ['test/integration/fault-*.test.ts', 'test/integration/local-mode.test.ts'];

/**
 * The Kafka tests need the real Apache Kafka broker that `npm test` starts for them alone (test/support/kafka;
 * NEOHUB_TEST_KAFKA_BOOTSTRAP), so they are a project of their own.
 */
const KAFKA = ['test/integration/kafka-*.test.ts', 'test/http/kafka-*.test.ts'];

export default defineConfig({
  resolve,
  test: {
    ...shared,
    // Against one database, one file at a time: files share the change log, its followers and their
    // leases. The unit tier has no database: `npm test` runs its files in parallel (--fileParallelism).
    fileParallelism: false,
    projects: [
      project('unit', ['test/unit/**/*.test.ts']),
      // Store, services, the sync worker and the search adapters against a real Neo4j (and Meilisearch).
      project('int', ['test/integration/**/*.test.ts'], { exclude: [...FAULT, ...KAFKA], ...slow }),
      project('fault', FAULT, slow),
      project('kafka', KAFKA, slow),
      // End to end over HTTP: every transport, auth, the wire shapes of DataHub's clients.
      project('e2e', ['test/http/**/*.test.ts'], { exclude: KAFKA, ...slow }),
      // The web app in a real Chromium (Debian's package), against a server on the tier's database.
      project('browser', ['test/browser/**/*.test.ts'], slow),
    ],
  },
});

import { redactionOf } from './auth/index.js';
import { systemUpdate } from './services/index.js';
import { loadConfig, localNeo4jOptions } from './config.js';
import { startLocalNeo4j, type LocalNeo4j } from './local-neo4j/index.js';
import { createLogger } from './logger.js';
import { defaultRegistry } from './registry/index.js';
import { openSearchIndex } from '../search-sync/index.js';
import { createDriver, Executor, Neo4jStore } from './store/index.js';

/**
 * `npm run system-update`: applies the graph schema, prepares the search index, and (with DataHub's two
 * flags set) removes the mappings of structured-property fields no longer holding values. Runs against
 * NEO4J_URI, or in local mode against `.neohub/` (stop the local service first: one process owns it).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  let local: LocalNeo4j | undefined;
  const graph = config.neo4jUri
    ? { uri: config.neo4jUri, user: config.neo4jUser, password: config.neo4jPassword }
    : (local = await startLocalNeo4j({ ...localNeo4jOptions(config), log: (msg: string) => log.info(msg) }));
  const driver = createDriver(graph.uri, graph.user, graph.password);
  const registry = defaultRegistry();
  const exec = new Executor(
    driver,
    log.child({ module: 'store' }),
    config.neo4jDatabase,
    undefined,
    (params) => redactionOf(registry).params(params),
  );
  try {
    await new Neo4jStore(exec).migrate(registry.allEntities());
    const index = await openSearchIndex(config, exec, registry, log);
    const result = await systemUpdate(index, process.env, log);
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    await exec.close();
    await local?.stop();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`system update failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});

import { loadConfig, localNeo4jOptions } from './config.js';
import { FolderInUseError, JavaMissingError, startLocalNeo4j, type LocalNeo4j } from './local-neo4j/index.js';
import { createLogger } from './logger.js';
import { startRuntime, type GraphTarget } from './runtime.js';

/** `npm start`: local mode (a provisioned Neo4j under .neohub/) unless NEO4J_URI points elsewhere. */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  let local: LocalNeo4j | undefined;
  let graph: GraphTarget;
  if (config.neo4jUri) {
    graph = { uri: config.neo4jUri, user: config.neo4jUser, password: config.neo4jPassword };
  } else {
    log.info({ home: config.home }, 'local mode: starting an embedded Neo4j 5.26 server');
    local = await startLocalNeo4j({ ...localNeo4jOptions(config), log: (msg: string) => log.info(msg) });
    graph = local;
  }
  const runtime = await startRuntime(config, graph, log).catch(async (err: unknown) => {
    await local?.stop();
    throw err;
  });
  log.info({ url: runtime.url, neo4j: graph.uri }, 'neohub is listening');
  let stopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping');
    await runtime.stop().catch((err: unknown) => log.error({ err }, 'error while stopping the server'));
    await local?.stop().catch((err: unknown) => log.error({ err }, 'error while stopping Neo4j'));
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err: unknown) => {
  if (err instanceof JavaMissingError || err instanceof FolderInUseError) {
    process.stderr.write(`${err.message}\n`);
  } else {
    process.stderr.write(
      `neohub failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
  }
  process.exit(1);
});

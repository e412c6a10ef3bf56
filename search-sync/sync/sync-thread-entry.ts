import { parentPort, workerData } from 'node:worker_threads';
import { redactionOf } from '../../src/auth/index.js';
import { createLogger } from '../../src/logger.js';
import { defaultRegistry } from '../../src/registry/index.js';
import { searchIndexOf } from '../index.js';
import { SearchSyncWorker } from './worker.js';
import { SearchDocuments } from '../../src/services/index.js';
import { createDriver, Executor, Neo4jStore, SyncStateStore } from '../../src/store/index.js';
import type { FromThread, SyncThreadData, ToThread } from './sync-thread.js';

/**
 * The search sync's thread (see `SyncThread`): opens its own connection and index, runs the worker, tells
 * the other side when it holds the lease, and stops on request.
 */
async function main(port: NonNullable<typeof parentPort>): Promise<void> {
  const { config, graph } = workerData as SyncThreadData;
  const log = createLogger(config.logLevel).child({ module: 'search-sync' });
  const registry = defaultRegistry();
  const exec = new Executor(
    createDriver(graph.uri, graph.user, graph.password),
    log.child({ module: 'store' }),
    config.neo4jDatabase,
    undefined,
    (params) => redactionOf(registry).params(params),
  );
  // The request thread prepared the index before it started this thread.
  const index = searchIndexOf(config, exec, registry, log);
  // The follower's progress goes to the other side, whose metrics count it.
  const progress = {
    applied: (follower: string, entries: number) =>
      port.postMessage({ type: 'applied', follower, entries } satisfies FromThread),
  };
  const worker = new SearchSyncWorker(
    new SyncStateStore(exec, progress),
    new SearchDocuments(registry, new Neo4jStore(exec)),
    index,
    log,
  );
  worker.start();
  let active = false;
  const watch = setInterval(() => {
    if (worker.active === active) return;
    active = worker.active;
    port.postMessage({ type: 'active', value: active } satisfies FromThread);
  }, 200);
  port.on('message', (m: ToThread) => {
    if (m.type === 'want') worker.want(m.seq);
    else if (m.type === 'stop') {
      clearInterval(watch);
      void worker
        .stop()
        .then(() => exec.close())
        .finally(() => port.close());
    }
  });
}

if (parentPort) {
  const port = parentPort;
  main(port).catch((err: unknown) => {
    process.stderr.write(`search sync thread: ${String((err as Error)?.stack ?? err)}\n`);
    process.exit(1);
  });
}

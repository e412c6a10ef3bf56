import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import neo4j from 'neo4j-driver';
import { writeConf } from './conf.js';
import { findJava } from './java.js';
import { provisionNeo4jJars } from './provision.js';

export interface LocalNeo4j {
  readonly uri: string;
  readonly user: string;
  readonly password: string;
  stop(): Promise<void>;
}

export interface LocalNeo4jOptions {
  /** Folder for the server's data, logs and config, e.g. `<project>/.neohub/neo4j`; reused across starts. */
  readonly dataDir: string;
  readonly log: (msg: string) => void;
  readonly heap?: string;
  readonly pageCache?: string;
  readonly startTimeoutMs?: number;
}

const JVM_FLAGS = [
  '-XX:+UseG1GC',
  '-XX:-OmitStackTraceInFastThrow',
  '-XX:+DisableExplicitGC',
  '-Djdk.nio.maxCachedBufferSize=1024',
  '-Dlog4j2.disable.jmx=true',
  '--add-opens=java.base/java.nio=ALL-UNNAMED',
  '--add-opens=java.base/java.lang=ALL-UNNAMED',
  '--add-opens=java.base/sun.nio.ch=ALL-UNNAMED',
  '--add-opens=java.base/java.io=ALL-UNNAMED',
  '--add-opens=java.base/java.util=ALL-UNNAMED',
  '--add-opens=java.base/java.util.concurrent=ALL-UNNAMED',
  '--add-exports=java.base/sun.nio.ch=ALL-UNNAMED',
];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

function logTail(dataDir: string): string {
  const file = path.join(dataDir, 'logs', 'neo4j.log');
  if (!existsSync(file)) return '(no neo4j.log)';
  return readFileSync(file, 'utf8').split('\n').slice(-40).join('\n');
}

/**
 * Starts a Neo4j 5.26 Community server (with APOC core) as a child process on a free loopback port,
 * with its data under `dataDir`, and resolves once Bolt answers. `stop()` shuts it down gracefully.
 */
export async function startLocalNeo4j(opts: LocalNeo4jOptions): Promise<LocalNeo4j> {
  const java = findJava();
  const jars = provisionNeo4jJars(opts.log);
  const boltPort = await freePort();
  const dataDir = path.resolve(opts.dataDir);
  const confDir = writeConf({
    dataDir,
    boltPort,
    pageCache: opts.pageCache ?? '512m',
    pluginsDir: jars.pluginsDir,
  });
  const heap = opts.heap ?? '1g';
  const classpath = `${jars.classpath}${path.delimiter}${path.join(jars.pluginsDir, '*')}`;
  const started = Date.now();
  const child: ChildProcess = spawn(
    java,
    [
      `-Xms${heap}`,
      `-Xmx${heap}`,
      ...JVM_FLAGS,
      '-cp',
      classpath,
      'org.neo4j.server.CommunityEntryPoint',
      `--home-dir=${dataDir}`,
      `--config-dir=${confDir}`,
    ],
    { cwd: dataDir, stdio: ['ignore', 'ignore', 'pipe'], detached: false },
  );
  let exited = false;
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exitPromise = new Promise<void>((resolve) => child.once('exit', () => ((exited = true), resolve())));
  const killOnExit = (): void => {
    if (!exited) child.kill('SIGKILL');
  };
  process.once('exit', killOnExit);

  const uri = `bolt://127.0.0.1:${boltPort}`;
  const driver = neo4j.driver(uri, undefined, { connectionTimeout: 2000 });
  try {
    const deadline = started + (opts.startTimeoutMs ?? 120_000);
    for (;;) {
      if (exited) throw new Error(`Neo4j exited during start-up.\n${stderr}\n${logTail(dataDir)}`);
      try {
        await driver.verifyConnectivity();
        break;
      } catch {
        if (Date.now() > deadline)
          throw new Error(`Neo4j did not answer on ${uri} within the time limit.\n${logTail(dataDir)}`);
        await new Promise((r) => setTimeout(r, 300));
      }
    }
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  } finally {
    await driver.close();
  }
  let stopping = false;
  opts.log(`Neo4j is up on ${uri} after ${((Date.now() - started) / 1000).toFixed(1)}s (data in ${dataDir})`);
  child.once('exit', (code, signal) => {
    if (!stopping)
      opts.log(`Neo4j exited unexpectedly (code ${code}, signal ${signal}).\n${logTail(dataDir)}`);
  });
  return {
    uri,
    user: 'neo4j',
    password: '',
    async stop() {
      if (exited) return;
      stopping = true;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exitPromise;
      clearTimeout(timer);
      process.removeListener('exit', killOnExit);
    },
  };
}

import { randomBytes } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

/** Where a local server keeps its things, all under one folder (e.g. <project>/.neohub/neo4j). */
export interface Layout {
  readonly home: string;
  readonly conf: string;
  readonly data: string;
  readonly logs: string;
  readonly plugins: string;
  readonly import: string;
  readonly run: string;
  /** The password neohub set for the `neo4j` user (created on the first start, mode 0600). */
  readonly passwordFile: string;
  /** The JVM's own stdout and stderr (Neo4j's logs are neo4j.log and debug.log beside it). */
  readonly consoleLog: string;
  /** The pid of the server neohub started last from this folder, while it runs. */
  readonly pidFile: string;
}

export function layoutOf(home: string): Layout {
  const h = path.resolve(home);
  return {
    home: h,
    conf: path.join(h, 'conf'),
    data: path.join(h, 'data'),
    logs: path.join(h, 'logs'),
    plugins: path.join(h, 'plugins'),
    import: path.join(h, 'import'),
    run: path.join(h, 'run'),
    passwordFile: path.join(h, 'conf', 'neohub-password'),
    consoleLog: path.join(h, 'logs', 'console.log'),
    pidFile: path.join(h, 'run', 'neohub-neo4j.pid'),
  };
}

/**
 * Creates the folders and puts exactly this APOC release into plugins/ (other jars there are left alone).
 * Returns every jar in plugins/: like Neo4j's own launcher, the server gets them on its classpath too,
 * since a plugin's extensions (APOC's configuration, for one) are found there, not in the plugins folder.
 */
export function prepareHome(l: Layout, pluginJars: readonly string[]): string[] {
  for (const dir of [l.conf, l.data, l.logs, l.plugins, l.import, l.run]) mkdirSync(dir, { recursive: true });
  const wanted = new Set(pluginJars.map((j) => path.basename(j)));
  for (const f of readdirSync(l.plugins)) {
    if (f.startsWith('apoc-') && f.endsWith('.jar') && !wanted.has(f)) rmSync(path.join(l.plugins, f));
  }
  for (const jar of pluginJars) {
    const target = path.join(l.plugins, path.basename(jar));
    if (!existsSync(target) || statSync(target).size !== statSync(jar).size) copyFileSync(jar, target);
  }
  return readdirSync(l.plugins)
    .filter((f) => f.endsWith('.jar'))
    .sort()
    .map((f) => path.join(l.plugins, f));
}

/** neohub's password for the `neo4j` user of this server: the one kept in the folder, or a new random one. */
export function serverPassword(l: Layout): string {
  if (existsSync(l.passwordFile)) {
    const kept = readFileSync(l.passwordFile, 'utf8').trim();
    if (kept !== '') return kept;
  }
  const fresh = randomBytes(18).toString('base64url');
  writeFileSync(l.passwordFile, `${fresh}\n`, { mode: 0o600 });
  return fresh;
}

export interface ConfOptions {
  readonly boltPort: number;
  readonly heap: string;
  readonly pageCache: string;
  /** Settings after neohub's own: the same name replaces neohub's value. */
  readonly settings?: Readonly<Record<string, string>>;
}

/**
 * Writes conf/neo4j.conf (at every start, so the Bolt port can change). Only loopback is listened on:
 * Bolt on the given port, no HTTP(S) connector. Authentication stays on, with a random password that
 * neohub keeps in conf/neohub-password: loopback alone does not keep out other local users, nor web pages
 * in a local browser, which can reach Bolt through its WebSocket support.
 */
export function writeConf(l: Layout, o: ConfOptions): string {
  const settings: Record<string, string> = {
    'server.directories.data': l.data,
    'server.directories.logs': l.logs,
    'server.directories.plugins': l.plugins,
    'server.directories.import': l.import,
    'server.directories.run': l.run,
    'server.default_listen_address': '127.0.0.1',
    'server.default_advertised_address': '127.0.0.1',
    'server.bolt.enabled': 'true',
    'server.bolt.listen_address': `127.0.0.1:${o.boltPort}`,
    'server.bolt.advertised_address': `127.0.0.1:${o.boltPort}`,
    'server.bolt.tls_level': 'DISABLED',
    'server.http.enabled': 'false',
    'server.https.enabled': 'false',
    'dbms.security.auth_enabled': 'true',
    // Informational for Neo4j (the JVM flags set the heap), but its memory checks read them.
    'server.memory.heap.initial_size': o.heap,
    'server.memory.heap.max_size': o.heap,
    'server.memory.pagecache.size': o.pageCache,
    'dbms.security.procedures.unrestricted': 'apoc.*',
    'db.tx_log.rotation.retention_policy': '2 files',
    'dbms.usage_report.enabled': 'false',
    // Bolt's shutdown waits 5 s for its threads and 5 s for its connections by default; a local server
    // is only stopped after its clients have gone, so 1 s each keeps `stop()` quick.
    'internal.server.bolt.thread_pool_shutdown_wait_time': '1s',
    'internal.server.bolt.connection_shutdown_wait_time': '1s',
    ...o.settings,
  };
  const text = [
    '# Written by neohub (src/local-neo4j/conf.ts) at every start of its local Neo4j: edits are lost.',
    ...Object.entries(settings).map(([k, v]) => `${k}=${v}`),
    '',
  ].join('\n');
  const file = path.join(l.conf, 'neo4j.conf');
  writeFileSync(file, text);
  return file;
}

import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface ConfOptions {
  readonly dataDir: string;
  readonly boltPort: number;
  readonly pageCache: string;
  /** APOC's folder in the jar cache, used as the plugins folder as it is. */
  readonly pluginsDir: string;
}

/**
 * Writes neo4j.conf for a local server: data, logs and plugins under `dataDir`, Bolt on a loopback port
 * only, no HTTP connector, and authentication off (nothing but this machine can reach the port).
 */
export function writeConf(o: ConfOptions): string {
  const confDir = path.join(o.dataDir, 'conf');
  for (const d of ['conf', 'data', 'logs', 'run', 'import'])
    mkdirSync(path.join(o.dataDir, d), { recursive: true });
  const lines = [
    `server.directories.data=${path.join(o.dataDir, 'data')}`,
    `server.directories.logs=${path.join(o.dataDir, 'logs')}`,
    `server.directories.run=${path.join(o.dataDir, 'run')}`,
    `server.directories.import=${path.join(o.dataDir, 'import')}`,
    `server.directories.plugins=${o.pluginsDir}`,
    'server.default_listen_address=127.0.0.1',
    `server.bolt.listen_address=127.0.0.1:${o.boltPort}`,
    `server.bolt.advertised_address=127.0.0.1:${o.boltPort}`,
    'server.http.enabled=false',
    'server.https.enabled=false',
    'dbms.security.auth_enabled=false',
    `server.memory.pagecache.size=${o.pageCache}`,
    'dbms.security.procedures.unrestricted=apoc.*',
    'db.tx_log.rotation.retention_policy=2 files',
    'dbms.usage_report.enabled=false',
  ];
  writeFileSync(path.join(confDir, 'neo4j.conf'), `${lines.join('\n')}\n`);
  return confDir;
}

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { JavaMissingError } from './java.js';

export const NEO4J_VERSION = '5.26.30';
export const APOC_VERSION = '5.26.19';

/** Where this module's Maven projects live (the source folder, also when running from dist/). */
function pomDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const fromDist = path.resolve(here, '..', '..', '..', 'src', 'local-neo4j');
  return existsSync(path.join(here, 'pom.xml')) ? here : fromDist;
}

export interface Neo4jJars {
  /** The server's classpath (jars in the local Maven repository). */
  readonly classpath: string;
  /** APOC core and its own libraries, for the plugins folder. */
  readonly pluginsDir: string;
}

/**
 * Resolves Neo4j 5.26 Community and APOC core through Maven once; the result is cached under
 * ~/.cache/neohub (the jars themselves stay in ~/.m2), so later starts do not run Maven.
 */
export function provisionNeo4jJars(
  log: (msg: string) => void,
  cacheRoot = path.join(os.homedir(), '.cache', 'neohub'),
): Neo4jJars {
  const cache = path.join(cacheRoot, `neo4j-${NEO4J_VERSION}-apoc-${APOC_VERSION}`);
  const cpFile = path.join(cache, 'classpath.txt');
  const pluginsDir = path.join(cache, 'plugins');
  if (cacheValid(cpFile, pluginsDir)) return { classpath: readFileSync(cpFile, 'utf8').trim(), pluginsDir };
  mkdirSync(cache, { recursive: true });
  log(`provisioning Neo4j ${NEO4J_VERSION} and APOC ${APOC_VERSION} through Maven (first run only)...`);
  const dir = pomDir();
  mvn(['-q', '-f', path.join(dir, 'pom.xml'), 'dependency:build-classpath', `-Dmdep.outputFile=${cpFile}`]);
  mvn([
    '-q',
    '-f',
    path.join(dir, 'apoc-pom.xml'),
    'dependency:copy-dependencies',
    `-DoutputDirectory=${pluginsDir}`,
    '-DincludeScope=runtime',
  ]);
  if (!cacheValid(cpFile, pluginsDir))
    throw new Error(`Maven did not produce the Neo4j classpath in ${cache}`);
  writeFileSync(path.join(cache, 'READY'), new Date().toISOString());
  return { classpath: readFileSync(cpFile, 'utf8').trim(), pluginsDir };
}

function cacheValid(cpFile: string, pluginsDir: string): boolean {
  if (!existsSync(cpFile) || !existsSync(pluginsDir)) return false;
  if (!readdirSync(pluginsDir).some((f) => f.startsWith('apoc-core'))) return false;
  return readFileSync(cpFile, 'utf8')
    .trim()
    .split(path.delimiter)
    .every((jar) => jar !== '' && existsSync(jar));
}

function mvn(args: string[]): void {
  const res = spawnSync('mvn', ['-B', ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (res.error) {
    throw new JavaMissingError('Maven (`mvn`), which fetches the Neo4j jars on first start, was not found');
  }
  if (res.status !== 0)
    throw new Error(`Maven failed (mvn ${args.join(' ')}):\n${res.stdout}\n${res.stderr}`.trim());
}

import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runMaven } from './maven.js';

/** The jars of one Neo4j + APOC release, as resolved by pom.xml and kept in the cache. */
export interface Neo4jJars {
  /** The cache folder: classpath.txt, plugins/ and READY. */
  readonly dir: string;
  /** The server's classpath (jars in the local Maven repository), joined with path.delimiter. */
  readonly classpath: string;
  /** APOC's jars, to be copied into a server's plugins folder. */
  readonly plugins: readonly string[];
  readonly neo4jVersion: string;
  readonly apocVersion: string;
}

/** pom.xml: beside this module in src/, or in src/ when running from dist/ or from the project root. */
export function findPom(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    path.join(here, 'pom.xml'),
    path.resolve(here, '..', '..', '..', 'src', 'local-neo4j', 'pom.xml'),
    path.resolve('src', 'local-neo4j', 'pom.xml'),
  ];
  const found = candidates.find((c) => existsSync(c));
  if (!found) throw new Error(`neohub's Neo4j pom.xml was not found (looked at ${candidates.join(', ')})`);
  return found;
}

function pomProperty(pom: string, name: string): string {
  const m = new RegExp(`<${name.replace('.', '\\.')}>([^<]+)</`).exec(pom);
  if (!m?.[1]) throw new Error(`pom.xml has no <${name}> property`);
  return m[1].trim();
}

/** $NEOHUB_CACHE_DIR, else $XDG_CACHE_HOME/neohub, else ~/.cache/neohub. */
export function cacheRoot(env: NodeJS.ProcessEnv = process.env): string {
  if (env.NEOHUB_CACHE_DIR) return path.resolve(env.NEOHUB_CACHE_DIR);
  return path.join(env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'neohub');
}

/** The cached jars in `dir`, if they are complete and every jar of the classpath is still on disk. */
function loadCached(dir: string, neo4jVersion: string, apocVersion: string): Neo4jJars | undefined {
  const cpFile = path.join(dir, 'classpath.txt');
  const pluginsDir = path.join(dir, 'plugins');
  if (!existsSync(path.join(dir, 'READY')) || !existsSync(cpFile) || !existsSync(pluginsDir))
    return undefined;
  const classpath = readFileSync(cpFile, 'utf8').trim();
  const jars = classpath.split(path.delimiter);
  if (jars.length < 50 || !jars.every((j) => j.endsWith('.jar') && existsSync(j))) return undefined;
  const plugins = readdirSync(pluginsDir)
    .filter((f) => f.endsWith('.jar'))
    .map((f) => path.join(pluginsDir, f));
  const names = plugins.map((p) => path.basename(p));
  const wanted = [`apoc-core-${apocVersion}.jar`, `apoc-common-${apocVersion}.jar`];
  if (!wanted.every((w) => names.includes(w))) return undefined;
  return { dir, classpath, plugins, neo4jVersion, apocVersion };
}

async function provision(pomFile: string, dir: string, neo4jV: string, apocV: string): Promise<Neo4jJars> {
  const tmp = `${dir}.tmp-${process.pid}-${Date.now()}`;
  await mkdir(tmp, { recursive: true });
  try {
    await runMaven([
      '-f',
      pomFile,
      `-Dneohub.out=${tmp}`,
      'dependency:build-classpath@server',
      'dependency:copy-dependencies@apoc',
    ]);
    await writeFile(path.join(tmp, 'READY'), `${JSON.stringify({ neo4jV, apocV, at: new Date() })}\n`);
    // The classpath names the jars in ~/.m2, so the folder can be moved into place as it is.
    if (!loadCached(tmp, neo4jV, apocV)) throw new Error(`Maven ran but left no complete jar set in ${tmp}`);
    try {
      await rename(tmp, dir);
    } catch {
      // Another process got there first (or an older, broken copy is in the way).
      const other = loadCached(dir, neo4jV, apocV);
      if (other) return other;
      await rm(dir, { recursive: true, force: true });
      await rename(tmp, dir);
    }
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
  const jars = loadCached(dir, neo4jV, apocV);
  if (!jars) throw new Error(`the Neo4j jar cache in ${dir} is incomplete after provisioning`);
  return jars;
}

const inFlight = new Map<string, Promise<Neo4jJars>>();

/**
 * The jars of Neo4j Community and APOC core as pinned in pom.xml. The first call runs Maven (jars land in
 * ~/.m2; the classpath and APOC's jars in <cacheRoot>/neo4j-<v>-apoc-<v>-<pom hash>/); later calls, in
 * this process or any other, only check that cache and do not run Maven.
 */
export function resolveNeo4jJars(log: (msg: string) => void): Promise<Neo4jJars> {
  const pomFile = findPom();
  const pom = readFileSync(pomFile, 'utf8');
  const neo4jV = pomProperty(pom, 'neo4j.version');
  const apocV = pomProperty(pom, 'apoc.version');
  const hash = createHash('sha256').update(pom).digest('hex').slice(0, 10);
  const dir = path.join(cacheRoot(), `neo4j-${neo4jV}-apoc-${apocV}-${hash}`);
  const cached = loadCached(dir, neo4jV, apocV);
  if (cached) return Promise.resolve(cached);
  let pending = inFlight.get(dir);
  if (!pending) {
    const started = Date.now();
    log(`fetching Neo4j ${neo4jV} Community and APOC ${apocV} through Maven (first start only)...`);
    pending = provision(pomFile, dir, neo4jV, apocV)
      .then((jars) => {
        log(`Neo4j jars ready in ${((Date.now() - started) / 1000).toFixed(1)}s (cached in ${dir})`);
        return jars;
      })
      .finally(() => inFlight.delete(dir));
    inFlight.set(dir, pending);
  }
  return pending;
}

/**
 * Makes sure the Neo4j and APOC jars are fetched and cached (e.g. as a CI step before the tests), and
 * returns the cache folder: `classpath.txt` (the server's classpath) and `plugins/` (APOC's jars).
 */
export async function provisionNeo4jJars(log: (msg: string) => void): Promise<string> {
  return (await resolveNeo4jJars(log)).dir;
}

import { claimServer, freeLoopbackPort, inspectServer, waitForBolt, type ServerFacts } from './bolt.js';
import path from 'node:path';
import { layoutOf, prepareHome, serverPassword, writeConf, type Layout } from './conf.js';
import { resolveNeo4jJars, type Neo4jJars } from './jars.js';
import { findJava, SUPPORTED_JAVA, type JavaRuntime } from './java.js';
import { logMark, logTail, portWasTaken } from './logs.js';
import { spawnNeo4j, stopLeftover, type Neo4jProcess } from './process.js';
import { Neo4jSupervisor } from './supervisor.js';
import { lockFolder } from './folder-lock.js';

/** A running local Neo4j server: where to connect, and how to stop it. */
export interface LocalNeo4j {
  readonly uri: string;
  readonly user: string;
  readonly password: string;
  /** True while the server runs; false while it is being started again after an unexpected exit. */
  available(): boolean;
  /** Seconds a client should wait before trying again while the server is down (0 while it runs). */
  retryAfterSeconds(): number;
  /** The JVM's pid while it runs (a restart gives a new one). */
  pid(): number | undefined;
  /** Shuts the server down cleanly (SIGKILL after 60 s); resolves once it has exited. Safe to repeat. */
  stop(): Promise<void>;
}

export interface LocalNeo4jOptions {
  /** The server's folder (data, logs, plugins, conf), e.g. `<project>/.neohub/neo4j`; reused across starts. */
  readonly dataDir: string;
  readonly log: (msg: string) => void;
  /** JVM heap, e.g. '1g' (the default). */
  readonly heap?: string;
  /** Neo4j page cache, e.g. '512m' (the default). */
  readonly pageCache?: string;
  /** JVM options after neohub's own (a later option wins), e.g. `-XX:TieredStopAtLevel=1`. */
  readonly jvmFlags?: readonly string[];
  /** How long to wait for Bolt to answer; 120 s by default. */
  readonly startTimeoutMs?: number;
  /** neo4j.conf settings after neohub's own (the same name replaces neohub's value), e.g. for tests. */
  readonly settings?: Readonly<Record<string, string>>;
}

const STOP_GRACE_MS = 60_000;
const PORT_ATTEMPTS = 3;

class PortTakenError extends Error {}

interface Launch {
  readonly java: JavaRuntime;
  readonly jars: Neo4jJars;
  readonly layout: Layout;
  /** plugins/ first, then the server's jars: the order of a packaged Neo4j's classpath. */
  readonly classpath: string;
  readonly password: string;
  readonly heap: string;
  readonly pageCache: string;
  readonly jvmFlags: readonly string[];
  readonly settings: Readonly<Record<string, string>>;
  readonly deadline: number;
}

/**
 * One try: a port (a new free one, or the given one on a restart, so that connections find it again), a
 * fresh neo4j.conf, the JVM, and the wait until Bolt answers with our password.
 */
async function launch(
  o: Launch,
  fixedPort?: number,
): Promise<{ proc: Neo4jProcess; uri: string; port: number; facts: ServerFacts }> {
  const l = o.layout;
  const port = fixedPort ?? (await freeLoopbackPort());
  writeConf(l, { boltPort: port, heap: o.heap, pageCache: o.pageCache, settings: o.settings });
  const mark = logMark(l);
  const proc = spawnNeo4j({
    java: o.java.bin,
    heap: o.heap,
    flags: o.jvmFlags,
    classpath: o.classpath,
    layout: l,
  });
  const uri = `bolt://127.0.0.1:${port}`;
  try {
    const state = await waitForBolt({
      uri,
      password: o.password,
      deadline: o.deadline,
      alive: proc.isRunning,
    });
    if (state === 'died') {
      const exit = await proc.exited;
      if (portWasTaken(l, mark)) throw new PortTakenError(`Bolt port ${port} was taken.\n${logTail(l)}`);
      throw new Error(
        `Neo4j exited while starting (code ${exit.code}, signal ${exit.signal}).\n${logTail(l)}`,
      );
    }
    if (state === 'timeout') throw new Error(`Neo4j did not answer on ${uri} in time.\n${logTail(l)}`);
    if (state === 'unclaimed') await claimServer(uri, o.password, l.passwordFile);
    return { proc, uri, port, facts: await inspectServer(uri, o.password) };
  } catch (err) {
    await proc.stop(10_000);
    throw err;
  }
}

function checkFacts(f: ServerFacts, jars: Neo4jJars): void {
  const problems: string[] = [];
  if (f.version !== jars.neo4jVersion) problems.push(`Neo4j ${f.version}, not ${jars.neo4jVersion}`);
  if (f.edition !== 'community') problems.push(`the ${f.edition} edition, not community`);
  if (f.apocVersion !== jars.apocVersion) problems.push(`APOC ${f.apocVersion}, not ${jars.apocVersion}`);
  if (problems.length > 0) throw new Error(`the local Neo4j runs ${problems.join(', ')}`);
}

/** A size both the JVM (-Xmx) and neo4j.conf understand: digits and an optional k, m or g. */
function memorySize(name: string, value: string): string {
  const v = value.trim();
  if (!/^\d+[kmg]?$/i.test(v))
    throw new Error(`local Neo4j ${name} '${value}' is not a size like 512m or 2g`);
  return v;
}

/**
 * Starts neohub's local graph store: a Neo4j 5.26 Community server with APOC core, as a child process
 * listening on a free loopback port, with everything under `opts.dataDir` (data survives restarts).
 * The jars are fetched through Maven on the first start only. Resolves once Bolt answers and the server
 * was checked to be the expected Neo4j and APOC; from then on, a server that exits unexpectedly is
 * started again (same folder and port, with backoff) until `stop()`. Throws JavaMissingError without
 * Java 17+ (or Maven, when the jars are not cached yet), and FolderInUseError when another live process
 * runs a server on the same folder.
 */
export async function startLocalNeo4j(opts: LocalNeo4jOptions): Promise<LocalNeo4j> {
  memorySize('heap', opts.heap ?? '1g');
  memorySize('pageCache', opts.pageCache ?? '512m');
  const layout = layoutOf(opts.dataDir);
  // One neohub per server folder: a second one would stop the first one's server as a leftover.
  const unlock = lockFolder(layout.home, layout.run);
  try {
    return await startLocked(opts, layout, unlock);
  } catch (err) {
    unlock();
    throw err;
  }
}

/** The start itself, under the folder's lock; `unlock` runs when the server is stopped. */
async function startLocked(opts: LocalNeo4jOptions, layout: Layout, unlock: () => void): Promise<LocalNeo4j> {
  const log = opts.log;
  const heap = memorySize('heap', opts.heap ?? '1g');
  const pageCache = memorySize('pageCache', opts.pageCache ?? '512m');
  const java = await findJava();
  if (!(SUPPORTED_JAVA as readonly number[]).includes(java.major))
    log(
      `Java ${java.major} (${java.bin}) is not one Neo4j 5.26 supports (${SUPPORTED_JAVA.join(', ')}); trying`,
    );
  const jars = await resolveNeo4jJars(log);
  const plugins = prepareHome(layout, jars.plugins);
  await stopLeftover(layout, log);
  const password = serverPassword(layout);
  const started = Date.now();
  const base = {
    java,
    jars,
    layout,
    classpath: [...plugins, jars.classpath].join(path.delimiter),
    password,
    heap,
    pageCache,
    jvmFlags: opts.jvmFlags ?? [],
    settings: opts.settings ?? {},
    deadline: started + (opts.startTimeoutMs ?? 120_000),
  };
  let running: Awaited<ReturnType<typeof launch>> | undefined;
  for (let attempt = 1; !running; attempt++) {
    try {
      running = await launch(base);
    } catch (err) {
      if (!(err instanceof PortTakenError) || attempt >= PORT_ATTEMPTS) throw err;
      log('the Bolt port picked for Neo4j was taken before Neo4j could bind it; trying another');
    }
  }
  const { proc, uri, port, facts } = running;
  try {
    checkFacts(facts, jars);
  } catch (err) {
    await proc.stop(STOP_GRACE_MS);
    throw err;
  }
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  log(
    `Neo4j ${facts.version} ${facts.edition} with APOC ${facts.apocVersion} is up on ${uri} after ${secs}s ` +
      `(pid ${proc.pid}, data in ${layout.home})`,
  );
  // An unexpected exit is followed by a start on the same port, for as long as it takes.
  const supervisor = new Neo4jSupervisor(proc, {
    log,
    describeExit: () => logTail(layout),
    relaunch: async () => {
      const again = await launch({ ...base, deadline: Date.now() + (opts.startTimeoutMs ?? 120_000) }, port);
      return again.proc;
    },
  });
  return {
    uri,
    user: 'neo4j',
    password,
    available: () => supervisor.available(),
    retryAfterSeconds: () => supervisor.retryAfterSeconds(),
    pid: () => supervisor.pid(),
    stop: () => supervisor.stop(STOP_GRACE_MS).finally(unlock),
  };
}

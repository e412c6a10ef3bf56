import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Layout } from './conf.js';

export interface JvmOptions {
  readonly java: string;
  readonly heap: string;
  /** Options after neohub's own: for the same option, the JVM takes the last one. */
  readonly flags?: readonly string[];
  readonly classpath: string;
  readonly layout: Layout;
}

export interface Exit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/** A Neo4j server running as a child process of this Node process. */
export interface Neo4jProcess {
  readonly pid: number;
  /** Resolves when the JVM has exited, whoever ended it. */
  readonly exited: Promise<Exit>;
  isRunning(): boolean;
  /** SIGTERM (Neo4j shuts down cleanly), SIGKILL after `graceMs`; resolves once the JVM has exited. */
  stop(graceMs: number): Promise<void>;
}

const MAIN_CLASS = 'org.neo4j.server.CommunityEntryPoint';

// What Neo4j's own launcher would pass on Java 17/21, short of the flags for production tuning
// (no -XX:+AlwaysPreTouch: the heap is committed as it is used, which keeps a local server small).
const JVM_FLAGS = [
  '-XX:+UseG1GC',
  '-XX:-OmitStackTraceInFastThrow',
  '-XX:+UnlockExperimentalVMOptions',
  '-XX:+TrustFinalNonStaticFields',
  '-XX:+DisableExplicitGC',
  '-XX:+ExitOnOutOfMemoryError',
  '-Djdk.nio.maxCachedBufferSize=1024',
  '-Dio.netty.tryReflectionSetAccessible=true',
  '-Dlog4j2.disable.jmx=true',
  '-Dfile.encoding=UTF-8',
  '--add-opens=java.base/java.nio=ALL-UNNAMED',
  '--add-opens=java.base/java.io=ALL-UNNAMED',
  '--add-opens=java.base/java.lang=ALL-UNNAMED',
  '--add-opens=java.base/sun.nio.ch=ALL-UNNAMED',
];

/** The JVM's arguments go into an @argfile: a short, recognisable command line for a 200-jar classpath. */
function writeArgFile(o: JvmOptions): string {
  const l = o.layout;
  const args = [
    `-Xms${o.heap}`,
    `-Xmx${o.heap}`,
    ...JVM_FLAGS,
    ...(o.flags ?? []),
    '-cp',
    o.classpath,
    MAIN_CLASS,
    `--home-dir=${l.home}`,
    `--config-dir=${l.conf}`,
  ];
  const quote = (a: string): string => `"${a.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  const file = path.join(l.conf, 'jvm.args');
  writeFileSync(file, `${args.map(quote).join('\n')}\n`);
  return file;
}

/**
 * A `sh` that waits for end-of-file on a pipe from this process, then sends SIGTERM to the JVM: so the
 * server also stops when Node dies without running its exit handlers (SIGKILL, an unhandled signal).
 */
function watchdog(pid: number): ChildProcess | undefined {
  if (process.platform === 'win32') return undefined;
  const dog = spawn('/bin/sh', ['-c', `trap '' INT HUP; read _; kill -TERM ${pid} 2>/dev/null`], {
    stdio: ['pipe', 'ignore', 'ignore'],
    detached: true,
  });
  dog.on('error', () => undefined);
  dog.unref();
  if (dog.stdin instanceof net.Socket) dog.stdin.unref();
  return dog;
}

/** Starts Neo4j in its own process group (a Ctrl-C at the terminal reaches Node, which stops it in order). */
export function spawnNeo4j(o: JvmOptions): Neo4jProcess {
  const l = o.layout;
  const argFile = writeArgFile(o);
  const out = openSync(l.consoleLog, 'w');
  let child: ChildProcess;
  try {
    child = spawn(o.java, [`@${argFile}`], {
      cwd: l.home,
      env: { ...process.env, NEO4J_HOME: l.home, NEO4J_CONF: l.conf },
      stdio: ['ignore', out, out],
      detached: true,
    });
  } finally {
    closeSync(out);
  }
  // A failure to spawn shows as a missing pid; later errors (failed signals) change nothing here.
  child.on('error', () => undefined);
  const pid = child.pid;
  if (pid === undefined) throw new Error(`could not start ${o.java}`);
  writeFileSync(l.pidFile, `${pid}\n`);
  const dog = watchdog(pid);
  let running = true;
  const onNodeExit = (): void => {
    if (running) child.kill('SIGTERM');
  };
  process.on('exit', onNodeExit);
  const exited = new Promise<Exit>((resolve) => {
    child.once('exit', (code, signal) => {
      running = false;
      dog?.kill('SIGKILL');
      process.removeListener('exit', onNodeExit);
      rmSync(l.pidFile, { force: true });
      resolve({ code, signal });
    });
  });
  // Neither the JVM nor its watchdog keeps Node alive: Node's own work decides, and its exit stops them.
  child.unref();
  return {
    pid,
    exited,
    isRunning: () => running,
    async stop(graceMs: number): Promise<void> {
      if (!running) return;
      child.ref();
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Whether a process of this pid exists (one of another user's counts). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function commandLine(pid: number): string {
  const proc = `/proc/${pid}/cmdline`;
  if (existsSync(proc)) return readFileSync(proc, 'utf8').replace(/\0/g, ' ');
  try {
    return execFileSync('ps', ['-o', 'command=', '-p', String(pid)], { encoding: 'utf8' });
  } catch {
    return '';
  }
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/**
 * A server that neohub started from this folder earlier and that is still running (its Node process was
 * killed outright) holds the store's lock; it is stopped first. Lock files alone are harmless: Neo4j
 * uses OS file locks, which die with their process.
 */
export async function stopLeftover(l: Layout, log: (msg: string) => void): Promise<void> {
  if (!existsSync(l.pidFile)) return;
  const pid = Number(readFileSync(l.pidFile, 'utf8').trim());
  const argFile = path.join(l.conf, 'jvm.args');
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid) && commandLine(pid).includes(argFile)) {
    log(`a Neo4j left running by an earlier neohub (pid ${pid}) holds ${l.home}; stopping it`);
    process.kill(pid, 'SIGTERM');
    const deadline = Date.now() + 60_000;
    while (isAlive(pid) && Date.now() < deadline) await sleep(200);
    if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    for (let i = 0; i < 50 && isAlive(pid); i++) await sleep(100);
  }
  rmSync(l.pidFile, { force: true });
}

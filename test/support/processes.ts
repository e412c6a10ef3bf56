import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

/**
 * neohub as a process of its own (`node dist/src/main.js`, as `npm start` runs it), for the suites that
 * kill things: local mode, the fault tests.
 * - `freePort()`: a free loopback port.
 * - `startNeohub(env, opts)`: spawns neohub and resolves once `GET /health` answers 200.
 * - `NeohubProcess.kill9()`: the process dies at once, as under `kill -9`.
 */

export const MAIN = path.resolve('dist/src/main.js');

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });

export interface NeohubProcess {
  readonly child: ChildProcess;
  readonly base: string;
  readonly port: number;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code (null after a signal) once the process has exited. */
  readonly exited: Promise<number | null>;
  /** SIGKILL: no exit hooks, no clean stop. */
  kill9(): Promise<void>;
  /** SIGTERM, then the wait for the exit. */
  stop(): Promise<void>;
}

export interface StartOptions {
  /** The port to listen on (a free one by default). */
  readonly port?: number;
  /** How long to wait for `/health` (ms); 240 s by default (a local Neo4j may be provisioned first). */
  readonly timeoutMs?: number;
  /** Local mode: NEO4J_URI is removed from the environment. */
  readonly local?: boolean;
}

/** Spawns neohub with the test environment plus `env`, and waits until `/health` answers 200. */
export async function startNeohub(
  env: Record<string, string>,
  opts: StartOptions = {},
): Promise<NeohubProcess> {
  const port = opts.port ?? (await freePort());
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    ...env,
  };
  if (opts.local) {
    delete childEnv.NEO4J_URI;
    delete childEnv.NEO4J_USER;
    delete childEnv.NEO4J_PASSWORD;
  }
  const child = spawn(process.execPath, [MAIN], { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  const proc: NeohubProcess = {
    child,
    base,
    port,
    output: () => out,
    exited,
    async kill9() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
  const deadline = Date.now() + (opts.timeoutMs ?? 240_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`neohub exited (${child.exitCode}): ${out}`);
    try {
      if ((await fetch(`${base}/health`)).ok) return proc;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await proc.kill9();
  throw new Error(`neohub did not answer /health in time: ${out}`);
}

/** Waits until `check` resolves true, polling every `everyMs`; false if `timeoutMs` passed first. */
export async function eventually(
  check: () => Promise<boolean>,
  timeoutMs: number,
  everyMs = 250,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, openSync, readFileSync, closeSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Admin } from '@platformatic/kafka';
import { cacheRoot, findJava, runMaven } from '../../../src/local-neo4j/index.js';
import { freePort } from '../processes.js';

/**
 * A real Apache Kafka broker for the tests that need one: a single KRaft node (broker and controller in one
 * JVM) from Maven Central's jars (pom.xml beside this file), on free loopback ports, its data in a temporary
 * folder that `stop()` removes. The test command starts one for the Kafka step and passes `bootstrap` on.
 */
export interface KafkaBroker {
  /** `127.0.0.1:<port>`: the PLAINTEXT listener. */
  readonly bootstrap: string;
  /** The temporary folder: server.properties, data/, broker.log. */
  readonly dir: string;
  stop(): Promise<void>;
}

export interface KafkaBrokerOptions {
  readonly log?: (msg: string) => void;
  /** The broker's heap (`-Xmx`), 512m by default. */
  readonly heap?: string;
  /** How long to wait for the broker to answer (ms), 120 s by default (the first start runs Maven). */
  readonly timeoutMs?: number;
}

const HERE = path.dirname(fileURLToPath(import.meta.url));

/** pom.xml: beside this module in test/, or in test/ when running from dist/. */
function findPom(): string {
  const candidates = [
    path.join(HERE, 'pom.xml'),
    path.resolve(HERE, '..', '..', '..', '..', 'test', 'support', 'kafka', 'pom.xml'),
  ];
  const found = candidates.find((c) => existsSync(c));
  if (!found)
    throw new Error(`the Kafka broker's pom.xml was not found (looked at ${candidates.join(', ')})`);
  return found;
}

/** The broker's classpath, resolved by Maven once per pom and cached under neohub's cache folder. */
export async function kafkaClasspath(log: (msg: string) => void = () => {}): Promise<string> {
  const pomFile = findPom();
  const pom = readFileSync(pomFile, 'utf8');
  const version = /<kafka\.version>([^<]+)</.exec(pom)?.[1] ?? 'unknown';
  const hash = createHash('sha256').update(pom).digest('hex').slice(0, 10);
  const dir = path.join(cacheRoot(), `kafka-${version}-${hash}`);
  const cached = (): string | undefined => {
    const file = path.join(dir, 'classpath.txt');
    if (!existsSync(file)) return undefined;
    const cp = readFileSync(file, 'utf8').trim();
    return cp.split(path.delimiter).every((j) => existsSync(j)) ? cp : undefined;
  };
  const hit = cached();
  if (hit) return hit;
  log(`fetching Apache Kafka ${version} through Maven (first start only)...`);
  const tmp = `${dir}.tmp-${process.pid}-${Date.now()}`;
  await mkdir(tmp, { recursive: true });
  try {
    await runMaven(
      ['-f', pomFile, `-Dneohub.out=${tmp}`, 'dependency:build-classpath@broker'],
      "Kafka's jars",
    );
    await rm(dir, { recursive: true, force: true });
    await rename(tmp, dir).catch(() => undefined); // another process got there first: its copy is the same
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
  const cp = cached();
  if (!cp) throw new Error(`Maven ran but left no complete Kafka classpath in ${dir}`);
  return cp;
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

const tail = (file: string): string => {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-30).join('\n');
  } catch {
    return '';
  }
};

/** Whether the broker answers a metadata request (a fresh Admin each time: no state left between tries). */
async function answers(bootstrap: string): Promise<boolean> {
  const admin = new Admin({
    clientId: 'neohub-test-wait',
    bootstrapBrokers: [bootstrap],
    timeout: 2000,
    retries: false,
  });
  try {
    await admin.listTopics();
    return true;
  } catch {
    return false;
  } finally {
    await admin.close().catch(() => undefined);
  }
}

/** Formats a fresh log folder and starts the broker; resolves once it answers on its listener. */
export async function startKafkaBroker(opts: KafkaBrokerOptions = {}): Promise<KafkaBroker> {
  const log = opts.log ?? (() => {});
  const [java, classpath] = await Promise.all([findJava(), kafkaClasspath(log)]);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'neohub-kafka-'));
  const [port, controllerPort] = [await freePort(), await freePort()];
  const bootstrap = `127.0.0.1:${port}`;
  const props = path.join(dir, 'server.properties');
  await writeFile(
    props,
    [
      'process.roles=broker,controller',
      'node.id=1',
      `listeners=PLAINTEXT://${bootstrap},CONTROLLER://127.0.0.1:${controllerPort}`,
      `advertised.listeners=PLAINTEXT://${bootstrap}`,
      'controller.listener.names=CONTROLLER',
      'listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT',
      `controller.quorum.bootstrap.servers=127.0.0.1:${controllerPort}`,
      `log.dirs=${path.join(dir, 'data')}`,
      'num.partitions=1',
      'offsets.topic.replication.factor=1',
      'offsets.topic.num.partitions=3',
      'transaction.state.log.replication.factor=1',
      'transaction.state.log.min.isr=1',
      'share.coordinator.state.topic.replication.factor=1',
      'share.coordinator.state.topic.min.isr=1',
      'group.initial.rebalance.delay.ms=0',
      '',
    ].join('\n'),
  );
  const logFile = path.join(dir, 'broker.log');
  const jvm = [
    `-Xmx${opts.heap ?? '512m'}`,
    '-Dorg.slf4j.simpleLogger.defaultLogLevel=warn',
    '-cp',
    classpath,
  ];
  const run = (args: string[]): ChildProcess => {
    const fd = openSync(logFile, 'a');
    const child = spawn(java.bin, [...jvm, ...args], { cwd: dir, stdio: ['ignore', fd, fd] });
    closeSync(fd);
    return child;
  };
  // A cluster id is 16 random bytes in base64url, as `kafka-storage.sh random-uuid` makes one.
  const clusterId = randomBytes(16).toString('base64url');
  // `--cluster-id=<id>` in one word: an id that starts with `-` would read as an option after `-t`.
  const format = run([
    'kafka.tools.StorageTool',
    'format',
    '--standalone',
    `--cluster-id=${clusterId}`,
    '-c',
    props,
  ]);
  if ((await exited(format)) !== 0) {
    const why = tail(logFile);
    await rm(dir, { recursive: true, force: true });
    throw new Error(`Kafka's StorageTool could not format ${dir}:\n${why}`);
  }
  const broker = run(['kafka.Kafka', props]);
  const kill = (): void => void broker.kill('SIGKILL');
  process.once('exit', kill);
  const stop = async (): Promise<void> => {
    process.removeListener('exit', kill);
    if (broker.exitCode === null && broker.signalCode === null) {
      const timer = setTimeout(kill, 30_000);
      broker.kill('SIGTERM');
      await exited(broker);
      clearTimeout(timer);
    }
    await rm(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + (opts.timeoutMs ?? 120_000);
  while (!(await answers(bootstrap))) {
    if (broker.exitCode !== null || broker.signalCode !== null || Date.now() > deadline) {
      const why = tail(logFile);
      await stop();
      throw new Error(`the Kafka broker did not start on ${bootstrap}:\n${why}`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  log(`Kafka broker up on ${bootstrap} (data in ${dir})`);
  return { bootstrap, dir, stop };
}

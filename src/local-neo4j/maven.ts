import { spawn } from 'node:child_process';
import { JavaMissingError } from './java.js';

/**
 * Maven is needed once, to fetch the Neo4j jars. A JavaMissingError too, so that callers which print
 * that error's message as it is (the ways out apply alike) need no second case.
 */
export class MavenMissingError extends JavaMissingError {
  constructor() {
    super('Maven (`mvn`), which fetches the Neo4j jars on the first start, is not on the PATH');
    this.name = 'MavenMissingError';
  }
}

const KEEP_OUTPUT = 64 * 1024;
/** Maven 3.8 still colours some lines in batch mode; those escapes are dropped from error messages. */
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/**
 * Runs `mvn -q -B <args>` quietly: its output is kept (the last 64 KiB) and shown only if it fails, under
 * `what` it was fetching (the Neo4j jars by default; the test suite fetches Kafka's jars with it too).
 * MAVEN_OPTS, settings.xml and ~/.m2 apply as usual.
 */
export function runMaven(args: readonly string[], what = 'the Neo4j jars'): Promise<void> {
  const bin = process.platform === 'win32' ? 'mvn.cmd' : 'mvn';
  const full = ['-q', '-B', '-Dstyle.color=never', ...args];
  return new Promise((resolve, reject) => {
    const child = spawn(bin, full, {
      stdio: ['ignore', 'pipe', 'pipe'],
      shell: process.platform === 'win32',
    });
    let output = '';
    const keep = (chunk: Buffer): void => {
      output = (output + chunk.toString('utf8')).slice(-KEEP_OUTPUT);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('error', (err: NodeJS.ErrnoException) => {
      reject(err.code === 'ENOENT' ? new MavenMissingError() : err);
    });
    child.once('close', (code, signal) => {
      if (code === 0) return resolve();
      const tail = output.replace(ANSI, '').trim().split('\n').slice(-40).join('\n');
      reject(
        new Error(
          `Maven failed to fetch ${what} (mvn ${full.join(' ')}: ` +
            `${signal ? `killed by ${signal}` : `exit code ${code}`}):\n${tail}`,
        ),
      );
    });
  });
}

/** A Meilisearch server for the bench: `MEILI_HOST` (+ `MEILI_MASTER_KEY`), or the build for tests beside the project. */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export interface Meili {
  readonly host: string;
  readonly key: string | undefined;
  stop(): Promise<void>;
}

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

/**
 * The Meilisearch the bench measures: the configured one, or the test build at
 * `../shared/tools/meilisearch/meilisearch` started on a free loopback port with a fresh database under
 * `dir`; undefined (with the reason logged) when there is neither.
 */
export async function benchMeili(root: string, dir: string): Promise<Meili | undefined> {
  if (process.env.MEILI_HOST)
    return { host: process.env.MEILI_HOST, key: process.env.MEILI_MASTER_KEY, stop: async () => undefined };
  const bin = path.resolve(root, '..', 'shared', 'tools', 'meilisearch', 'meilisearch');
  if (!existsSync(bin)) {
    console.log(`Meilisearch phase skipped: no MEILI_HOST and no Meilisearch build at ${bin}`);
    return undefined;
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const key = randomBytes(24).toString('base64url');
  const child = spawn(
    bin,
    [
      '--db-path',
      path.join(dir, 'db'),
      '--http-addr',
      `127.0.0.1:${port}`,
      '--master-key',
      key,
      '--log-level',
      'WARN',
    ],
    {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const host = `http://127.0.0.1:${port}`;
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  };
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${host}/health`)).ok) return { host, key, stop };
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  await stop();
  throw new Error(`Meilisearch did not start at ${host}`);
}
